import { useEffect, useState } from 'react';

/**
 * The `?id=` of a detail page (`/project/view?id=42`): undefined until the address has been read
 * (pages are prerendered without it), null when it is missing or not a record number.
 */
export function useRecordId(): string | null | undefined {
  const [id, setId] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    const value = new URLSearchParams(window.location.search).get('id');
    setId(value && /^\d+$/.test(value) ? value : null);
  }, []);
  return id;
}
