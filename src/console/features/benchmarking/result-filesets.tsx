import type { ColumnDef } from '@tanstack/react-table';
import { type ReactNode, useMemo } from 'react';
import type { Fileset, FilesetKind } from '../../../contract/files';
import { LISTS } from '../../../contract/list-definitions';
import type { RunGroupRecord } from '../../../contract/records';
import type { BenchmarkGroupKind } from '../../../contract/run-codes';
import { ROUTES } from '../../app/routes';
import { formatDateTime } from '../../lib/format';
import { Card } from '../../ui/Card';
import { DataTable } from '../../ui/data-table/DataTable';
import { ViewLink } from '../../ui/ViewLink';
import { benchmarkResultsRoute } from './result-links';

/** What the two results pages list when no result is chosen: the benchmarks and the filesets they score. */

/** Filesets holding a file of every type in `fileTypes` (or of a `kind`), each opening `route?id=`, or where `linkTo` says. */
export function ResultFilesetsList({
  route,
  fileTypes = [],
  kind,
  linkTo,
  title,
  description,
  what,
  emptyHint,
}: {
  route: string;
  fileTypes?: string[];
  kind?: FilesetKind;
  /** The page a fileset opens, when it is not `route?id=`. */
  linkTo?: (filesetId: number) => string;
  title?: string;
  description: string;
  what: string;
  emptyHint?: ReactNode;
}) {
  const columns = useMemo<Array<ColumnDef<Fileset, unknown>>>(
    () => [
      {
        id: 'name',
        header: 'Fileset',
        cell: ({ row }) =>
          linkTo ? (
            <a className="font-medium text-emerald-800 hover:underline" href={linkTo(row.original.id)}>
              {row.original.name}
            </a>
          ) : (
            <ViewLink route={route} id={row.original.id} className="font-medium">
              {row.original.name}
            </ViewLink>
          ),
      },
      { id: 'project', header: 'Project', cell: ({ row }) => row.original.projectName ?? <span className="text-stone-400">—</span> },
      { id: 'files', header: 'Files', cell: ({ row }) => `${row.original.fileCount} (${row.original.fileTypes.join(', ')})` },
      { id: 'updatedAt', header: 'Updated', cell: ({ row }) => formatDateTime(row.original.updatedAt) },
    ],
    [route, linkTo],
  );
  return (
    <Card title={title} description={description}>
      <DataTable<Fileset>
        list={LISTS.filesets}
        what="result filesets"
        columns={columns}
        searchPlaceholder="Search fileset names"
        fixedFilters={{ ...(fileTypes.length > 0 ? { fileTypes: fileTypes.join(',') } : {}), ...(kind ? { kind } : {}) }}
        emptyHint={
          emptyHint ?? (
            <>
              No fileset holds {what} yet.{' '}
              <a className="text-emerald-800 hover:underline" href={ROUTES.uploadGdipResults}>
                Upload them
              </a>{' '}
              as one fileset.
            </>
          )
        }
        urlState
      />
    </Card>
  );
}

/** The benchmarks (run groups of a kind) the page scores, newest first, each opening `route?group=`. */
export function BenchmarkList({ route, kind, launchRoute, description }: { route: string; kind: BenchmarkGroupKind; launchRoute: string; description: string }) {
  const columns = useMemo<Array<ColumnDef<RunGroupRecord, unknown>>>(
    () => [
      {
        id: 'name',
        header: 'Benchmark',
        cell: ({ row }) => (
          <a className="font-medium text-emerald-800 hover:underline" href={benchmarkResultsRoute(route, row.original.id)}>
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
        list={LISTS['run-groups']}
        what="benchmarks"
        columns={columns}
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
