import type { ColumnDef } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import type { Fileset, FilesetDetail } from '../../../contract/files';
import type { RunGroupRecord } from '../../../contract/records';
import { ROUTES, viewRoute } from '../../app/routes';
import { formatDateTime } from '../../lib/format';
import { useRequest } from '../../lib/use-request';
import { Card } from '../../ui/Card';
import { DataTable } from '../../ui/data-table/DataTable';

/**
 * What the two results pages share: the list of filesets holding the files they score, and the
 * loading of one fileset's tables (read through signed links, parsed in the page) with a retry.
 */

export function ResultFilesetsList({ route, fileTypes, description, what }: { route: string; fileTypes: string[]; description: string; what: string }) {
  const columns = useMemo<Array<ColumnDef<Fileset, unknown>>>(
    () => [
      {
        id: 'name',
        header: 'Fileset',
        cell: ({ row }) => (
          <a className="font-medium text-emerald-800 hover:underline" href={viewRoute(route, row.original.id)}>
            {row.original.name}
          </a>
        ),
      },
      { id: 'project', header: 'Project', cell: ({ row }) => row.original.projectName ?? <span className="text-stone-400">—</span> },
      { id: 'files', header: 'Files', cell: ({ row }) => `${row.original.fileCount} (${row.original.fileTypes.join(', ')})` },
      { id: 'updatedAt', header: 'Updated', cell: ({ row }) => formatDateTime(row.original.updatedAt) },
    ],
    [route],
  );
  return (
    <Card description={description}>
      <DataTable<Fileset>
        path="filesets"
        what="result filesets"
        columns={columns}
        sortable={['name', 'updatedAt']}
        defaultSort="updatedAt"
        defaultOrder="desc"
        searchPlaceholder="Search fileset names"
        fixedFilters={{ fileTypes: fileTypes.join(',') }}
        emptyHint={
          <>
            No fileset holds {what} yet.{' '}
            <a className="text-emerald-800 hover:underline" href={ROUTES.uploadGdipResults}>
              Upload them
            </a>{' '}
            as one fileset.
          </>
        }
        urlState
      />
    </Card>
  );
}

/** One fileset and the tables `load` makes of its files; a failure of either is kept, with a retry of both. */
export function useFilesetTables<T>(id: string, load: (detail: FilesetDetail) => Promise<T>) {
  const fileset = useRequest<FilesetDetail>(`filesets/${id}`);
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const [attempt, setAttempt] = useState(0);
  const detail = fileset.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the retry trigger; load is the page's own reader
  useEffect(() => {
    if (!detail) return;
    let current = true;
    setError(null);
    setData(null);
    load(detail).then(
      (loaded) => current && setData(loaded),
      (failure: Error) => current && setError(failure),
    );
    return () => {
      current = false;
    };
  }, [detail, attempt]);
  return {
    detail,
    data,
    error: fileset.error ?? error,
    what: fileset.error ? 'the fileset' : 'the results',
    retry: () => {
      fileset.reload();
      setAttempt((value) => value + 1);
    },
  };
}

/** The benchmarks (run groups of a kind) the page scores, newest first, each opening `route?group=`. */
export function BenchmarkList({ route, kind, launchRoute, description }: { route: string; kind: 'discovery-benchmark' | 'prediction-benchmark'; launchRoute: string; description: string }) {
  const columns = useMemo<Array<ColumnDef<RunGroupRecord, unknown>>>(
    () => [
      {
        id: 'name',
        header: 'Benchmark',
        cell: ({ row }) => (
          <a className="font-medium text-emerald-800 hover:underline" href={`${route}?group=${row.original.id}`}>
            {row.original.name}
          </a>
        ),
      },
      { id: 'description', header: 'What it compares', cell: ({ row }) => <span className="text-xs text-stone-600">{row.original.description}</span> },
      { id: 'createdAt', header: 'Launched', cell: ({ row }) => formatDateTime(row.original.createdAt) },
    ],
    [route],
  );
  return (
    <Card title="Benchmarks" description={description}>
      <DataTable<RunGroupRecord>
        path="run-groups"
        what="benchmarks"
        columns={columns}
        sortable={['name', 'createdAt']}
        defaultSort="createdAt"
        defaultOrder="desc"
        searchPlaceholder="Search benchmark names"
        fixedFilters={{ kind }}
        emptyHint={
          <>
            No benchmark yet:{' '}
            <a className="text-emerald-800 hover:underline" href={launchRoute}>
              launch one
            </a>
            .
          </>
        }
        urlState={false}
      />
    </Card>
  );
}
