import { Fragment, useMemo } from 'react';
import { RUN_STATUSES, type RunStatus } from '../../../contract/run-codes';
import type { Page } from '../../../contract/paging';
import type { RunDailyCounts, RunStatusCounts, RunSummary } from '../../../contract/runs';
import { ROUTES } from '../../app/routes';
import { formatDateTime } from '../../lib/format';
import { useLiveRefresh } from '../../lib/live-events';
import { useRequest } from '../../lib/use-request';
import { Card } from '../../ui/Card';
import { BarChart } from '../../ui/charts/BarChart';
import { LiveStatus } from '../../ui/LiveStatus';
import { LoadError } from '../../ui/LoadError';
import { SimpleTable } from '../../ui/SimpleTable';
import { ViewLink } from '../../ui/ViewLink';
import { ProgressBar, StatusBadge } from '../runs/status';

/**
 * The home page's view of the runs: how the last 30 days went, runs per day by status, and the
 * ten newest runs, all following the live stream. With no run at all, a first-run welcome instead.
 */

const DAYS = 30;
const STATUS_COLORS: Record<RunStatus, string> = {
  SUBMITTED: '#38bdf8',
  RUNNING: '#2563eb',
  SUCCEEDED: '#059669',
  FAILED: '#dc2626',
  CANCELLED: '#a8a29e',
  UNKNOWN: '#d97706',
};
const label = (status: RunStatus) => status.charAt(0) + status.slice(1).toLowerCase();
const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

function since(days: number): string {
  const day = new Date();
  day.setDate(day.getDate() - (days - 1));
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

/** A run name that may break after its _ and - (a line break opportunity each), before it breaks anywhere. */
const breakableAfterSeparators = (name: string) =>
  name.split(/(?<=[_-])/).map((part, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one name, in order, never reordered
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));

export function RunsDashboard({ firstRun }: { firstRun: React.ReactNode }) {
  // Counts change with a new run or a status; the newest runs also with their progress.
  const counted = useLiveRefresh((event) => event.type === 'status' || event.type === 'deleted', 1000);
  const recent = useLiveRefresh((event) => event.type !== 'ready', 1000);
  const from = useMemo(() => since(DAYS), []);
  const counts = useRequest<RunStatusCounts>(`runs/status-counts?after=${from}`, counted.key);
  const daily = useRequest<RunDailyCounts>(`runs/daily-counts?days=${DAYS}&timeZone=${encodeURIComponent(timeZone)}`, counted.key);
  const newest = useRequest<Page<RunSummary>>('runs?pageSize=10', recent.key);

  const series = useMemo(
    () =>
      (daily.data?.byStatus ?? [])
        .filter((entry) => entry.counts.some((count) => count > 0))
        .map((entry) => ({ label: label(entry.status), color: STATUS_COLORS[entry.status], values: entry.counts })),
    [daily.data],
  );
  const days = useMemo(() => (daily.data?.days ?? []).map((day) => new Date(`${day}T12:00:00`).toLocaleDateString(undefined, { month: 'short', day: 'numeric' })), [daily.data]);

  const failure = newest.error ?? counts.error ?? daily.error;
  if (failure) {
    return (
      <LoadError
        what="the runs overview"
        error={failure}
        onRetry={() => {
          newest.reload();
          counts.reload();
          daily.reload();
        }}
      />
    );
  }
  if (!newest.data || !counts.data) return <p className="h-40 animate-pulse rounded-xl bg-stone-100 p-4 text-sm text-stone-500">Loading the runs overview…</p>;
  // No run at all, ever: a welcome, not empty charts.
  if (newest.data.pagination.totalCount === 0) return <>{firstRun}</>;

  return (
    <section aria-labelledby="runs-overview-heading" className="grid gap-4">
      <div className="flex items-center gap-3">
        <h2 id="runs-overview-heading" className="text-lg font-semibold text-stone-900">
          Runs in the last {DAYS} days
        </h2>
        <LiveStatus />
      </div>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" aria-label={`Runs by status, last ${DAYS} days`}>
        {RUN_STATUSES.map((status) => {
          const count = counts.data!.byStatus.find((entry) => entry.status === status)?.count ?? 0;
          return (
            <li key={status}>
              <a
                href={`${ROUTES.runs}?status=${status}&q=${encodeURIComponent(`after:${from}`)}`}
                className="flex h-full flex-col rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 hover:ring-emerald-300"
                data-status-count={status}
              >
                <span className="text-xs font-medium uppercase tracking-wide text-stone-500">{label(status)}</span>
                <span className="mt-1 text-2xl font-semibold tabular-nums" style={{ color: count > 0 ? STATUS_COLORS[status] : '#a8a29e' }}>
                  {count}
                </span>
              </a>
            </li>
          );
        })}
      </ul>
      <div className="grid gap-4 xl:grid-cols-[3fr_2fr]">
        <Card title="Runs per day" description={`Submitted each day, coloured by their status now (${timeZone} days)`}>
          {counts.data.total === 0 ? (
            <p className="text-sm text-stone-500">No run was submitted in the last {DAYS} days.</p>
          ) : (
            <BarChart labels={days} series={series} yLabel="Runs" stacked height="h-64" ariaLabel={`Runs submitted per day over the last ${DAYS} days, stacked by status`} />
          )}
        </Card>
        <Card
          title="Newest runs"
          actions={
            <a className="text-sm text-emerald-800 hover:underline" href={ROUTES.runs}>
              All runs
            </a>
          }
        >
          <SimpleTable<RunSummary>
            label="Newest runs"
            dense
            rows={newest.data.data}
            rowKey={(run) => String(run.id)}
            columns={[
              // The name wraps and its tasks' bar sits under it, so that a long name leaves Status and Submitted in the card.
              {
                header: 'Run',
                cell: (run) => (
                  <div className="grid min-w-44 gap-1">
                    <ViewLink route={ROUTES.runView} id={run.id} className="font-medium [overflow-wrap:anywhere]">
                      {breakableAfterSeparators(run.name)}
                    </ViewLink>
                    <ProgressBar done={run.progress.done} total={run.progress.total} failed={run.progress.failed} label={`${run.name} tasks done`} status={run.status} />
                  </div>
                ),
              },
              { header: 'Status', cell: (run) => <StatusBadge status={run.status} /> },
              { header: 'Submitted', className: 'whitespace-nowrap text-xs text-stone-600', cell: (run) => formatDateTime(run.submittedAt) },
            ]}
          />
        </Card>
      </div>
    </section>
  );
}
