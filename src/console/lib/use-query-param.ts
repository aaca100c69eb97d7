import { useEffect, useState } from 'react';

/** A record's id in an address (`?id=42`, `?from=7`). */
export const RECORD_ID = /^\d+$/;

/**
 * A query parameter of the page's address that matches `pattern`: undefined until the address has
 * been read (pages are prerendered without it), null when it is missing or does not match.
 */
export function useQueryParam(name: string, pattern: RegExp): string | null | undefined {
  const [value, setValue] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    const text = new URLSearchParams(window.location.search).get(name);
    setValue(text && pattern.test(text) ? text : null);
  }, [name, pattern]);
  return value;
}
