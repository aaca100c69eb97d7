import type { ReactNode } from 'react';
import { Button } from './Button';

/** A full-width submit button that shows progress and cannot be pressed twice while it runs. */
export function SubmitButton({ busy, children, busyLabel, className = 'w-full' }: { busy: boolean; children: ReactNode; busyLabel?: string; className?: string }) {
  return (
    <Button type="submit" variant="primary" busy={busy} className={`py-2.5 ${className}`}>
      {busy && busyLabel ? busyLabel : children}
    </Button>
  );
}
