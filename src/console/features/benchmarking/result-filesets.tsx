import type { ColumnDef } from '@tanstack/react-table';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import type { Fileset, FilesetDetail, FilesetKind } from '../../../contract/files';
import { labelValue } from '../../../contract/benchmark-labels';
import type { Page } from '../../../contract/paging';
import type { RunGroupRecord } from '../../../contract/records';
import { type BenchmarkGroupKind, TERMINAL_RUN_STATUSES } from '../../../contract/run-codes';
import type { RunSummary } from '../../../contract/runs';
import { ROUTES, viewRoute } from '../../app/routes';
import { formatDateTime } from '../../lib/format';
import { useRequest } from '../../lib/use-request';
import { Card } from '../../ui/Card';
import { DataTable } from '../../ui/data-table/DataTable';
import { ViewLink } from '../../ui/ViewLink';
import { benchmarkResultsRoute } from './result-links';

/**
 * What the two results pages share: the lists of benchmarks and of filesets they score, and the
 * loading of a fileset's or a benchmark's tables (read through signed links, parsed in the page)
 * with one retry for all of it.
 */

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
        cell: ({ row }) => (
          <a className="font-medium text-emerald-800 hover:underline" href={linkTo ? linkTo(row.original.id) : viewRoute(route, row.original.id)}>
            {row.original.name}
          </a>
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
        path="filesets"
        what="result filesets"
        columns={columns}
        sortable={['name', 'updatedAt']}
        defaultSort="updatedAt"
        defaultOrder="desc"
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

/** One fileset and the tables `load` makes of its files; a failure of either is kept, with a retry of both. */
export function useFilesetTables<T>(id: string, load: (detail: FilesetDetail) => Promise<T>) {
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

/** How far a benchmark's runs have got. */
export interface BenchmarkProgressCounts {
  total: number;
  ended: number;
  failed: number;
}

/**
 * A benchmark (a run group) followed until its runs have ended, then `load` given its succeeded
 * runs by dataset (their `dataset:` label). A failure anywhere is kept, with one retry for all.
 */
export function useBenchmark<T>(groupId: string, load: (byDataset: Map<string, RunSummary[]>) => Promise<T>) {
  const group = useRequest<RunGroupRecord>(`run-groups/${groupId}`);
  const [poll, setPoll] = useState(0);
  const runs = useRequest<Page<RunSummary>>(`runs?groupId=${groupId}&pageSize=200&sort=name`, poll);
  const all = runs.data?.data ?? [];
  const unfinished = all.filter((run) => !TERMINAL_RUN_STATUSES.has(run.status)).length;
  const succeeded = all.filter((run) => run.status === 'SUCCEEDED');
  const ready = runs.data !== undefined && unfinished === 0 && succeeded.length > 0;
  useEffect(() => {
    if (!runs.data || unfinished === 0) return;
    const timer = setTimeout(() => setPoll((value) => value + 1), 3000);
    return () => clearTimeout(timer);
  }, [runs.data, unfinished]);
  // The succeeded runs by dataset (their `dataset:` label), read once all have ended.
  const scores = useRequest(
    ready
      ? () => {
          const byDataset = new Map<string, RunSummary[]>();
          for (const run of succeeded) {
            const dataset = labelValue(run.labels, 'dataset');
            if (dataset) byDataset.set(dataset, [...(byDataset.get(dataset) ?? []), run]);
          }
          return load(byDataset);
        }
      : null,
    ready,
  );
  return {
    group: group.data,
    ready,
    data: scores.data,
    progress: { total: all.length, ended: all.length - unfinished, failed: all.length - unfinished - succeeded.length } satisfies BenchmarkProgressCounts,
    failure: group.error ?? runs.error ?? scores.error,
    retry: () => {
      group.reload();
      runs.reload();
      scores.reload();
    },
  };
}

/** A benchmark whose runs are still going (or all failed): how many have ended, and a way to them. */
export function BenchmarkProgress({ group, progress }: { group: RunGroupRecord; progress: BenchmarkProgressCounts }) {
  const going = progress.total - progress.ended;
  return (
    <Card title={group.name} description={group.description ?? undefined}>
      <div role="status" className="grid gap-2 text-sm text-stone-700">
        <progress max={Math.max(progress.total, 1)} value={progress.ended} className="h-2 w-full accent-emerald-700" aria-label="Benchmark runs finished" />
        <span>
          {progress.ended} of {progress.total} runs finished
          {going > 0 ? '; the scores appear when all have ended.' : '; none succeeded, so there is nothing to score.'}{' '}
          <ViewLink route={ROUTES.runGroupView} id={group.id}>
            See the runs
          </ViewLink>
        </span>
      </div>
    </Card>
  );
}

/** Runs of a benchmark that did not succeed, counted above its scores. */
export function FailedRunsNote({ group, progress }: { group: RunGroupRecord; progress: BenchmarkProgressCounts }) {
  if (progress.failed === 0) return null;
  return (
    <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
      {progress.failed} of {progress.total} runs did not succeed and are left out.{' '}
      <ViewLink route={ROUTES.runGroupView} id={group.id}>
        See the runs
      </ViewLink>
    </p>
  );
}
