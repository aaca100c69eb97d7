import { useEffect, useState } from 'react';
import { Button } from './Button';

export const COPY_CONFIRMATION_MS = 2000;

/** Copies `text` (or what `text` makes, e.g. YAML from a library loaded on the click) to the clipboard and says so for two seconds. */
export function CopyButton({ text, label = 'Copy' }: { text: string | (() => Promise<string>); label?: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Button
      size="sm"
      aria-live="polite"
      onClick={async () => {
        await navigator.clipboard.writeText(typeof text === 'string' ? text : await text());
        setCopied(true);
      }}
    >
      {copied ? 'Copied' : label}
    </Button>
  );
}
