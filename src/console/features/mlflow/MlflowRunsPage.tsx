import type { ColumnDef } from '@tanstack/react-table';
import { lazy, Suspense, useMemo, useState } from 'react';
import type { MlflowRefreshAll, TrackedMlflowRun } from '../../../contract/mlflow';
import { LISTS } from '../../../contract/list-definitions';
import { ConsoleShell } from '../../app/ConsoleShell';
import { notify } from '../../app/notify';
import { compareRoute, ROUTES } from '../../app/routes';
import { request } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { RECORD_ID, useQueryParam } from '../../lib/use-query-param';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { LazyDataTable } from '../../ui/data-table/LazyDataTable';
import { listColumns } from '../../ui/data-table/list-columns';
import { KeyMetrics, MlflowStatusBadge } from './mlflow-ui';
import { ViewLink } from '../../ui/ViewLink';

const TrackMlflowForm = lazy(() => import('./TrackMlflowForm'));

const column = listColumns<TrackedMlflowRun, (typeof LISTS)['mlflow-runs']>(LISTS['mlflow-runs']);

/**
 * `/upload/mlflow-run`: track an MLflow run, and the runs tracked so far — refresh one or all,
 * pick two or more to compare. `?run=<id>` ties the new one to that Seedbed run.
 */
export default function MlflowRunsPage() {
  const runParam = useQueryParam('run', RECORD_ID);
  const [selected, setSelected] = useState<number[]>([]);
  const [version, setVersion] = useState(0);
  const [refreshing, setRefreshing] = useState<'all' | number | null>(null);

  const columns = useMemo<Array<ColumnDef<TrackedMlflowRun, unknown>>>(() => {
    const toggle = (id: number) => setSelected((current) => (current.includes(id) ? current.filter((value) => value !== id) : [...current, id]));
    const refreshOne = async (row: TrackedMlflowRun) => {
      setRefreshing(row.id);
      try {
        await request(`mlflow-runs/${row.id}/refresh`, 'POST');
        notify.success(`Refreshed ${row.name}`);
      } catch (error) {
        notify.error(error);
      } finally {
        setRefreshing(null);
        setVersion((value) => value + 1);
      }
    };
    return [
      {
        id: 'select',
        header: () => <span className="sr-only">Select to compare</span>,
        cell: ({ row }) => (
          <input
            type="checkbox"
            className="size-4 accent-emerald-700"
            checked={selected.includes(row.original.id)}
            onChange={() => toggle(row.original.id)}
            aria-label={`Select ${row.original.name} to compare`}
          />
        ),
      },
      column('name', {
        cell: ({ row }) => (
          <ViewLink route={ROUTES.mlflowRunView} id={row.original.id} className="font-medium">
            {row.original.name}
          </ViewLink>
        ),
      }),
      column('status', { cell: ({ row }) => <MlflowStatusBadge status={row.original.status} deleted={row.original.deletedInMlflowAt !== null} /> }),
      column('metrics', { cell: ({ row }) => <KeyMetrics metrics={row.original.latestMetrics} /> }),
      column('run', {
        cell: ({ row }) =>
          row.original.runId ? (
            <ViewLink route={ROUTES.runView} id={row.original.runId}>
              {row.original.runName}
            </ViewLink>
          ) : (
            <span className="text-stone-400">—</span>
          ),
      }),
      column('startTime', { cell: ({ row }) => formatDateTime(row.original.startTime) }),
      column('refreshedAt', {
        cell: ({ row }) => (
          <span className={row.original.refreshError ? 'text-amber-800' : undefined} title={row.original.refreshError ?? undefined}>
            {formatDateTime(row.original.refreshedAt)}
            {row.original.refreshError && ' ⚠'}
          </span>
        ),
      }),
      {
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        cell: ({ row }) => (
          <Button size="sm" busy={refreshing === row.original.id} onClick={() => void refreshOne(row.original)} aria-label={`Refresh ${row.original.name}`}>
            Refresh
          </Button>
        ),
      },
    ];
  }, [selected, refreshing]);

  const refreshAll = async () => {
    setRefreshing('all');
    try {
      const result = await request<MlflowRefreshAll>('mlflow-runs/refresh', 'POST');
      if (result.failed.length === 0) notify.success(`Refreshed ${result.refreshed} MLflow run${result.refreshed === 1 ? '' : 's'}`);
      else notify.error(`Refreshed ${result.refreshed}; ${result.failed.length} failed: ${result.failed.map((failure) => `${failure.name}: ${failure.message}`).join(' ')}`);
    } catch (error) {
      notify.error(error);
    } finally {
      setRefreshing(null);
      setVersion((value) => value + 1);
    }
  };

  return (
    <ConsoleShell title="Track MLflow Run" route={ROUTES.trackMlflowRun}>
      <div className="grid gap-6">
        <Card title="Track an MLflow run" description="Seedbed reads the run through MLflow’s REST API and keeps a snapshot: status, parameters, tags and every point of every metric.">
          {runParam !== undefined && (
            <Suspense fallback={<p className="text-sm text-stone-500">Loading the form…</p>}>
              <TrackMlflowForm initialRunId={runParam === null ? null : Number(runParam)} />
            </Suspense>
          )}
        </Card>
        <section aria-label="Tracked MLflow runs" className="grid gap-3">
          <div className="flex flex-wrap items-center gap-3">
            <h2 className="text-lg font-semibold text-stone-900">Tracked runs</h2>
            <span className="text-sm text-stone-500">{selected.length > 0 ? `${selected.length} selected` : 'Select two or more to compare them'}</span>
            <div className="ml-auto flex gap-2">
              <a
                href={selected.length >= 2 ? compareRoute(ROUTES.mlflowCompare, selected) : undefined}
                aria-disabled={selected.length < 2}
                className={`rounded-md px-4 py-2 text-sm font-semibold ring-1 ${selected.length >= 2 ? 'text-stone-700 ring-stone-300 hover:bg-stone-50' : 'pointer-events-none text-stone-400 ring-stone-200'}`}
              >
                Compare selected
              </a>
              <Button busy={refreshing === 'all'} onClick={() => void refreshAll()}>
                Refresh all
              </Button>
            </div>
          </div>
          <LazyDataTable<TrackedMlflowRun>
            urlState
            list={LISTS['mlflow-runs']}
            // Newest first here; the API's default order is oldest first.
            defaultOrder="desc"
            what="tracked MLflow runs"
            columns={columns}
            searchPlaceholder="Search name, run id, tracking URI or Seedbed run"
            emptyHint="No MLflow runs tracked yet. Paste a run’s address from MLflow’s UI above to keep its metrics beside your Seedbed runs."
            refreshKey={version}
          />
        </section>
      </div>
    </ConsoleShell>
  );
}
