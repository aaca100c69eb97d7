import { useCallback, useEffect, useState } from 'react';
import { request } from './api';

export interface RequestState<T> {
  data: T | undefined;
  error: Error | undefined;
  loading: boolean;
  reload: () => void;
}

/**
 * GETs `path` (again whenever it or `refreshKey` changes, or on reload); a failure is kept to be
 * shown with a retry.
 */
export function useRequest<T>(path: string | null, refreshKey: unknown = null): RequestState<T> {
  const [state, setState] = useState<{ data: T | undefined; error: Error | undefined; loading: boolean }>({ data: undefined, error: undefined, loading: path !== null });
  const [generation, setGeneration] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: generation (reload) and refreshKey are triggers, not inputs
  useEffect(() => {
    if (path === null) return;
    let current = true;
    setState((previous) => ({ ...previous, loading: true, error: undefined }));
    request<T>(path).then(
      (data) => current && setState({ data, error: undefined, loading: false }),
      (error: Error) => current && setState((previous) => ({ ...previous, error, loading: false })),
    );
    return () => {
      current = false;
    };
  }, [path, generation, refreshKey]);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return { ...state, reload };
}
