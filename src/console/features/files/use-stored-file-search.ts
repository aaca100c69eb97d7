import { useEffect, useRef, useState } from 'react';
import type { StoredFile } from '../../../contract/files';
import type { Page } from '../../../contract/paging';
import { request } from '../../lib/api';
import { useDebouncedValue } from '../../lib/use-debounced-value';

/** Results one search shows; the search runs on the server, so any number of stored files is fine. */
const RESULTS = 20;

/** How long typing pauses before the server is asked. */
const TYPING_PAUSE_MS = 250;

/**
 * The stored files a search finds, asked of the server a moment after typing stops and only while
 * the list is open: files of the given types (or, without types, of a MIME type), then the caller's
 * own rule. `results` is null until the first answer.
 */
export function useStoredFileSearch({
  open,
  query,
  fileTypes,
  mimeType,
  accept,
}: {
  open: boolean;
  query: string;
  fileTypes: string[];
  mimeType: string | undefined;
  accept: (file: StoredFile) => boolean;
}) {
  const [results, setResults] = useState<StoredFile[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const searched = useDebouncedValue(query.trim(), TYPING_PAUSE_MS);
  // While the person is still typing, the settled text is an old one: not worth asking for.
  const typing = searched !== query.trim();

  // The caller's rule and types are read through a ref and a key, so a new array or function on
  // each render does not start another search.
  const acceptRef = useRef(accept);
  acceptRef.current = accept;
  const typesKey = fileTypes.join(',');

  useEffect(() => {
    if (!open || typing) return;
    let current = true;
    // Twice as many as shown: the caller's rule is checked here, after the server's filters.
    const search = new URLSearchParams({ pageSize: String(RESULTS * 2) });
    if (searched) search.set('q', searched);
    if (typesKey) search.set('fileType', typesKey);
    else if (mimeType) search.set('mimeType', mimeType);
    request<Page<StoredFile>>(`files?${search}`).then(
      (page) => {
        if (!current) return;
        setResults(page.data.filter((file) => acceptRef.current(file)).slice(0, RESULTS));
        setFailure(null);
      },
      (error: Error) => current && setFailure(error.message),
    );
    return () => {
      current = false;
    };
  }, [open, typing, searched, mimeType, typesKey]);

  return { results, failure };
}
