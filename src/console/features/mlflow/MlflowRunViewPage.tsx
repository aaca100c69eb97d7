import { useEffect, useState, type ReactNode } from 'react';
import type { MlflowHistories, TrackedMlflowRunDetail } from '../../../contract/mlflow';
import { isMlflowRunActive } from '../../../contract/mlflow-url';
import { ConsoleShell } from '../../app/ConsoleShell';
import { notify } from '../../app/notify';
import { ROUTES } from '../../app/routes';
import { request } from '../../lib/api';
import { formatDateTime, formatDuration } from '../../lib/format';
import { useRecordId } from '../../lib/use-record-id';
import { useRequest } from '../../lib/use-request';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Facts } from '../../ui/Facts';
import { DeleteAndLeaveDialog } from '../../ui/DeleteAndLeaveDialog';
import { LoadError } from '../../ui/LoadError';
import { LoadingOverlay } from '../../ui/LoadingOverlay';
import { SimpleTable } from '../../ui/SimpleTable';
import { Switch } from '../../ui/Switch';
import { MetricCharts } from './MetricCharts';
import { formatMetric, MlflowStatusBadge } from './mlflow-ui';
import { useDeleteAndLeave } from '../../ui/use-delete-and-leave';
import { ViewLink } from '../../ui/ViewLink';

const LIST = ROUTES.trackMlflowRun;
/** How often an open page re-reads a RUNNING run's snapshot (the server refreshes it from MLflow). */
const FOLLOW_MS = 10_000;

function KeyValueTable({ rows, label, empty = 'None logged.' }: { rows: Array<{ key: string; value: string }>; label: string; empty?: string }) {
  if (rows.length === 0) return <p className="text-sm text-stone-500">{empty}</p>;
  return (
    <SimpleTable
      dense
      alignTop
      label={label}
      rows={rows}
      rowKey={(row) => row.key}
      columns={[
        { header: 'Key', className: 'font-mono text-xs text-stone-600', cell: (row) => row.key },
        { header: 'Value', className: 'font-mono text-xs break-all text-stone-900', cell: (row) => row.value },
      ]}
    />
  );
}

function MlflowRunView() {
  const id = useRecordId();
  const [version, setVersion] = useState(0);
  const [busy, setBusy] = useState<'refresh' | 'switch' | null>(null);
  const stopTracking = useDeleteAndLeave(LIST);
  const [showSystemTags, setShowSystemTags] = useState(false);
  const { data: run, error, reload } = useRequest<TrackedMlflowRunDetail>(id ? `mlflow-runs/${id}` : null, version);
  // Histories are read again only when the snapshot changed.
  const { data: histories, error: historiesError, reload: reloadHistories } = useRequest<MlflowHistories>(id && run ? `mlflow-runs/${id}/metric-histories` : null, run?.refreshedAt);

  const following = Boolean(run && isMlflowRunActive(run.status) && run.refreshWhileRunning && !run.deletedInMlflowAt);
  useEffect(() => {
    if (!following) return;
    const timer = setInterval(() => setVersion((value) => value + 1), FOLLOW_MS);
    return () => clearInterval(timer);
  }, [following]);

  if (id === undefined) return null;
  if (id === null) return <LoadError what="tracked MLflow run" error={new Error('this page needs ?id= with the tracked run’s number')} onRetry={() => window.location.assign(LIST)} />;
  if (error) return <LoadError what="tracked MLflow run" error={error} onRetry={reload} />;
  if (!run) return <LoadingOverlay />;

  const act = async (kind: 'refresh' | 'switch', work: () => Promise<unknown>, done: string) => {
    setBusy(kind);
    try {
      await work();
      notify.success(done);
    } catch (failure) {
      notify.error(failure);
    } finally {
      setBusy(null);
      setVersion((value) => value + 1);
    }
  };
  const duration = run.startTime ? (run.endTime ? Date.parse(run.endTime) : Date.now()) - Date.parse(run.startTime) : null;
  const facts: Array<[string, ReactNode]> = [
    [
      'Tracking server',
      <span key="uri" className="break-all">
        {run.trackingUri}
      </span>,
    ],
    [
      'MLflow run id',
      <code key="id" className="break-all text-xs">
        {run.mlflowRunId}
      </code>,
    ],
    ['Experiment', run.experimentId ?? '—'],
    ['User', run.mlflowUser ?? '—'],
    ['Started', formatDateTime(run.startTime)],
    ['Ended', formatDateTime(run.endTime)],
    ['Duration', formatDuration(duration)],
    [
      'Seedbed run',
      run.runId ? (
        <ViewLink key="run" route={ROUTES.runView} id={run.runId}>
          {run.runName}
        </ViewLink>
      ) : (
        '—'
      ),
    ],
    [
      'Artifacts',
      <code key="artifacts" className="break-all text-xs">
        {run.artifactUri ?? '—'}
      </code>,
    ],
    ['Snapshot taken', formatDateTime(run.refreshedAt)],
  ];
  const tags = showSystemTags ? run.tags : run.tags.filter((tag) => !tag.key.startsWith('mlflow.'));
  const latest = [...run.latestMetrics].sort((a, b) => a.key.localeCompare(b.key));
  const points = new Map(run.histories.map((history) => [history.key, history.points]));

  return (
    <div className="grid gap-6">
      <Card
        title={run.name}
        description={<MlflowStatusBadge status={run.status} deleted={run.deletedInMlflowAt !== null} />}
        actions={
          <>
            <a className="rounded-md px-4 py-2 text-sm font-semibold text-stone-700 ring-1 ring-stone-300 hover:bg-stone-50" href={run.uiUrl} target="_blank" rel="noreferrer noopener">
              Open in MLflow
            </a>
            <Button busy={busy === 'refresh'} onClick={() => void act('refresh', () => request(`mlflow-runs/${run.id}/refresh`, 'POST'), `Refreshed ${run.name}`)}>
              Refresh
            </Button>
            <Button variant="danger" onClick={stopTracking.ask}>
              Stop tracking
            </Button>
          </>
        }
      >
        {run.refreshError && (
          <p
            role="status"
            className={`mb-4 rounded-md p-3 text-sm ring-1 ${run.deletedInMlflowAt ? 'bg-amber-50 text-amber-900 ring-amber-200' : 'bg-red-50 text-red-900 ring-red-200'}`}
            data-testid="refresh-error"
          >
            {run.refreshError}
          </p>
        )}
        <Facts items={facts} />
        <div className="mt-4 flex items-center gap-3 text-sm text-stone-700">
          <Switch
            id="refresh-while-running"
            checked={run.refreshWhileRunning}
            disabled={busy === 'switch'}
            label="Refresh while RUNNING"
            onChange={(checked) =>
              void act('switch', () => request(`mlflow-runs/${run.id}`, 'PATCH', { refreshWhileRunning: checked }), checked ? 'Refreshing while the run is RUNNING' : 'No longer refreshing on its own')
            }
          />
          <label htmlFor="refresh-while-running">Refresh while RUNNING{following ? ' — following: this page updates as the snapshot does' : ''}</label>
        </div>
      </Card>

      <Card title="Metrics" description="Latest values; each chart below holds every logged point (drag across a chart to zoom, Shift + drag to pan)">
        {latest.length === 0 ? (
          <p className="text-sm text-stone-500">No metrics logged.</p>
        ) : (
          <SimpleTable
            dense
            label="Latest metrics"
            rows={latest}
            rowKey={(metric) => metric.key}
            columns={[
              { header: 'Metric', className: 'font-mono text-xs text-stone-700', cell: (metric) => metric.key },
              { header: 'Latest', align: 'right', className: 'tabular-nums font-medium text-stone-900', cell: (metric) => formatMetric(metric.value) },
              { header: 'Step', align: 'right', className: 'tabular-nums text-stone-600', cell: (metric) => metric.step.toLocaleString() },
              { header: 'Points', align: 'right', className: 'tabular-nums text-stone-600', cell: (metric) => (points.get(metric.key) ?? 0).toLocaleString() },
              { header: 'Logged', className: 'text-stone-600', cell: (metric) => formatDateTime(new Date(metric.timestamp).toISOString()) },
            ]}
          />
        )}
        <div className="mt-6">
          {historiesError ? (
            <LoadError what="the metric histories" error={historiesError} onRetry={reloadHistories} />
          ) : histories ? (
            <MetricCharts runs={[{ label: run.name, histories: histories.data.filter((history) => history.steps.length > 1) }]} />
          ) : (
            <p className="text-sm text-stone-500">Loading the histories…</p>
          )}
        </div>
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Parameters" description={`${run.params.length} logged`}>
          <KeyValueTable rows={run.params} label="Parameters" />
        </Card>
        <Card
          title="Tags"
          description={`${run.tags.length} logged`}
          actions={
            <label className="flex items-center gap-2 text-xs text-stone-600">
              <input type="checkbox" className="accent-emerald-700" checked={showSystemTags} onChange={(event) => setShowSystemTags(event.target.checked)} />
              Show mlflow.* tags
            </label>
          }
        >
          <KeyValueTable rows={tags} label="Tags" empty={run.tags.length > 0 ? 'Only MLflow’s own mlflow.* tags: tick the box to show them.' : 'None logged.'} />
        </Card>
      </div>

      <DeleteAndLeaveDialog
        deletion={stopTracking}
        title="Stop tracking this run?"
        confirmLabel="Stop tracking"
        path={`mlflow-runs/${run.id}`}
        done={`No longer tracking ${run.name}; the run in MLflow is untouched`}
      >
        Seedbed forgets its snapshot of {run.name}. The run in MLflow is not touched.
      </DeleteAndLeaveDialog>
    </div>
  );
}

/** `/upload/mlflow-run/view?id=`: one tracked MLflow run, its metrics charted point by point. */
export default function MlflowRunViewPage() {
  return (
    <ConsoleShell title="MLflow run" route={ROUTES.mlflowRunView} backHref={LIST} backLabel="Track MLflow Run">
      <MlflowRunView />
    </ConsoleShell>
  );
}
