import { useCallback, useEffect, useRef, useState } from 'react';
import { request } from './api';

export interface RequestState<T> {
  data: T | undefined;
  /** When the request that `data` answers was sent (Date.now()): what changed after it may be missing from it. */
  requestedAt: number | undefined;
  error: Error | undefined;
  loading: boolean;
  reload: () => void;
}

/** What to load: an API path to GET, any other loading (files read through a link, several requests), or nothing yet. */
export type RequestSource<T> = string | (() => Promise<T>) | null;

/**
 * Loads `source` and keeps the answer, or the failure to be shown with a retry (`reload`). A path
 * is loaded again when it or `refreshKey` changes; a loader function is loaded again when
 * `refreshKey` changes (its closure is new on each render, so it is read through a ref and is not
 * itself a trigger); null loads nothing and keeps what was loaded. While a new load runs, the
 * last answer stays shown (`loading` says it is being replaced), so a table does not flash empty.
 */
export function useRequest<T>(source: RequestSource<T>, refreshKey: unknown = null): RequestState<T> {
  const [state, setState] = useState<Omit<RequestState<T>, 'reload'>>({ data: undefined, requestedAt: undefined, error: undefined, loading: source !== null });
  const [generation, setGeneration] = useState(0);
  const latest = useRef(source);
  latest.current = source;
  const path = typeof source === 'string' ? source : null;
  const hasLoader = typeof source === 'function';

  // biome-ignore lint/correctness/useExhaustiveDependencies: generation (reload) and refreshKey are triggers; a loader is read through its ref
  useEffect(() => {
    const current = latest.current;
    if (current === null) return;
    let wanted = true;
    const requestedAt = Date.now();
    setState((previous) => ({ ...previous, loading: true, error: undefined }));
    (typeof current === 'string' ? request<T>(current) : current()).then(
      (data) => wanted && setState({ data, requestedAt, error: undefined, loading: false }),
      (error: Error) => wanted && setState((previous) => ({ ...previous, error, loading: false })),
    );
    return () => {
      wanted = false;
    };
  }, [path, hasLoader, generation, refreshKey]);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return { ...state, reload };
}
