import type { ReactNode } from 'react';
import type { FilesetDetail } from '../../../contract/files';
import { useRequest } from '../../lib/use-request';
import { LoadError } from '../../ui/LoadError';
import { LoadingOverlay } from '../../ui/LoadingOverlay';

/**
 * A result opened from its fileset (`?id=`): the fileset, then the tables `load` makes of its
 * files (read through signed links, parsed in the page), with one retry for both.
 */

/** One fileset and the tables `load` makes of its files; a failure of either is kept, with a retry of both. */
function useFilesetTables<T>(id: string, load: (detail: FilesetDetail) => Promise<T>) {
  const fileset = useRequest<FilesetDetail>(`filesets/${id}`);
  const detail = fileset.data;
  const tables = useRequest(detail ? () => load(detail) : null, detail);
  return {
    detail,
    data: tables.data,
    error: fileset.error ?? tables.error,
    what: fileset.error ? 'the fileset' : 'the results',
    retry: () => {
      fileset.reload();
      tables.reload();
    },
  };
}

/** A fileset's tables drawn by `children` once loaded; until then the loading, or the failure with its retry. */
export function FilesetResults<T>({ id, load, children }: { id: string; load: (detail: FilesetDetail) => Promise<T>; children: (data: T, fileset: FilesetDetail) => ReactNode }) {
  const tables = useFilesetTables(id, load);
  if (tables.error) return <LoadError what={tables.what} error={tables.error} onRetry={tables.retry} />;
  if (!tables.detail || !tables.data) return <LoadingOverlay />;
  return children(tables.data, tables.detail);
}
