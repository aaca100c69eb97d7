import { type ReactNode, useEffect, useState } from 'react';
import { labelValue } from '../../../contract/benchmark-labels';
import type { Page } from '../../../contract/paging';
import type { RunGroupRecord } from '../../../contract/records';
import type { RunSummary } from '../../../contract/runs';
import { ROUTES } from '../../app/routes';
import { useRequest } from '../../lib/use-request';
import { Card } from '../../ui/Card';
import { LoadError } from '../../ui/LoadError';
import { LoadingOverlay } from '../../ui/LoadingOverlay';
import { runOutcome } from './run-outcome';
import { ViewLink } from '../../ui/ViewLink';

/**
 * A benchmark opened on a results page (`?group=`): a run group whose runs (method or model ×
 * dataset, by their labels) are followed until they have ended, then scored.
 */

/** How far a benchmark's runs have got. */
interface BenchmarkProgressCounts {
  total: number;
  ended: number;
  failed: number;
}

/**
 * A benchmark (a run group) followed until its runs have ended, then `load` given its succeeded
 * runs by dataset (their `dataset:` label). A failure anywhere is kept, with one retry for all.
 */
function useBenchmark<T>(groupId: string, load: (byDataset: Map<string, RunSummary[]>) => Promise<T>) {
  const group = useRequest<RunGroupRecord>(`run-groups/${groupId}`);
  const [poll, setPoll] = useState(0);
  const runs = useRequest<Page<RunSummary>>(`runs?groupId=${groupId}&pageSize=200&sort=name`, poll);
  const all = runs.data?.data ?? [];
  const unfinished = all.filter((run) => runOutcome(run) === 'running').length;
  const succeeded = all.filter((run) => runOutcome(run) === 'succeeded');
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
function BenchmarkProgress({ group, progress }: { group: RunGroupRecord; progress: BenchmarkProgressCounts }) {
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
function FailedRunsNote({ group, progress }: { group: RunGroupRecord; progress: BenchmarkProgressCounts }) {
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

/** A benchmark's scores drawn by `children` once its runs have ended and their tables are read; until then its progress, or the failure with its retry. */
export function BenchmarkResults<T>({
  groupId,
  load,
  children,
}: {
  groupId: string;
  load: (byDataset: Map<string, RunSummary[]>) => Promise<T>;
  children: (data: T, group: RunGroupRecord) => ReactNode;
}) {
  const benchmark = useBenchmark(groupId, load);
  if (benchmark.failure) return <LoadError what="the benchmark" error={benchmark.failure} onRetry={benchmark.retry} />;
  if (!benchmark.group) return <LoadingOverlay />;
  if (!benchmark.ready) return <BenchmarkProgress group={benchmark.group} progress={benchmark.progress} />;
  if (!benchmark.data) return <LoadingOverlay />;
  return (
    <div className="grid gap-6">
      <FailedRunsNote group={benchmark.group} progress={benchmark.progress} />
      {children(benchmark.data, benchmark.group)}
    </div>
  );
}
