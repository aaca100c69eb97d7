import { useCallback, useEffect, useRef, useState } from 'react';
import type { FilePreview } from '../../../contract/previews';
import { request } from '../../lib/api';

type Paged = Extract<FilePreview, { nextCursor: string | null }>;

export interface PreviewPages<T extends FilePreview> {
  pages: T[];
  error: Error | undefined;
  loading: boolean;
  /** The next page, from the last page's cursor. */
  loadMore: () => void;
  /** The load that failed, again. */
  retry: () => void;
}

/**
 * The pages of a file's preview for one query (a search, a window of columns), loaded one after
 * another from each page's cursor; a new query starts again from the first page. `initial` is a
 * first page already loaded for the query ''.
 */
export function usePreviewPages<T extends FilePreview>(fileId: number, query: string, initial?: T): PreviewPages<T> {
  const [state, setState] = useState<{ pages: T[]; error: Error | undefined; loading: boolean }>({ pages: query === '' && initial ? [initial] : [], error: undefined, loading: false });
  const failed = useRef<string | null>(null);
  const current = useRef(query);

  const load = useCallback(
    (cursor: string | null) => {
      const wanted = query;
      const parameters = [query, cursor ? `cursor=${encodeURIComponent(cursor)}` : ''].filter(Boolean).join('&');
      setState((previous) => ({ ...previous, loading: true, error: undefined }));
      request<T>(`files/${fileId}/preview${parameters ? `?${parameters}` : ''}`).then(
        (page) => {
          if (current.current !== wanted) return;
          failed.current = null;
          setState((previous) => ({ pages: cursor ? [...previous.pages, page] : [page], error: undefined, loading: false }));
        },
        (error: Error) => {
          if (current.current !== wanted) return;
          failed.current = cursor ?? '';
          setState((previous) => ({ ...previous, error, loading: false }));
        },
      );
    },
    [fileId, query],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: initial is read once, for the query it was loaded with
  useEffect(() => {
    current.current = query;
    if (query === '' && initial) {
      setState({ pages: [initial], error: undefined, loading: false });
      return;
    }
    setState({ pages: [], error: undefined, loading: true });
    load(null);
  }, [load, query]);

  const last = state.pages.at(-1) as Paged | undefined;
  const loadMore = useCallback(() => {
    if (last?.nextCursor) load(last.nextCursor);
  }, [last, load]);
  const retry = useCallback(() => load(failed.current || null), [load]);
  return { ...state, loadMore, retry };
}
