import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { TERMINAL_RUN_STATUSES } from '../../../contract/run-codes';
import type { RunOutputs as Outputs, RunDetail } from '../../../contract/runs';
import { ConsoleShell } from '../../app/ConsoleShell';
import { ROUTES } from '../../app/routes';
import { useLiveRefresh } from '../../lib/live-events';
import { useRecordId } from '../../lib/use-record-id';
import { useRequest } from '../../lib/use-request';
import { LiveStatus } from '../../ui/LiveStatus';
import { ErrorBoundary } from '../../ui/ErrorBoundary';
import { LoadError } from '../../ui/LoadError';
import { LoadingOverlay } from '../../ui/LoadingOverlay';
import { RunHeader } from './RunHeader';
import { RunOverview } from './RunOverview';
import { LazyRunChangeDialogs } from './LazyRunChangeDialogs';
import type { RunChange } from './run-changes';
import { RunTabList, useRunTab } from './run-tabs';

const RUNS_LIST = ROUTES.runs;
// Every tab but the overview loads its code when it is opened, not with the page.
/** The results tab: its charts and Chart.js. */
const RunResults = lazy(() => import('../results/RunResults'));
/** The tasks tab: its table, and the data table under it. */
const TasksTable = lazy(() => import('./TasksTable').then((module) => ({ default: module.TasksTable })));
/** The resources tab: its charts and table. */
const RunResourcesPanel = lazy(() => import('../resources/RunResourcesPanel'));
/** The lineage tab: its graph. */
const LineagePanel = lazy(() => import('../lineage/LineagePanel'));
const RunLogCard = lazy(() => import('./RunLog').then((module) => ({ default: module.RunLogCard })));
const RunParameters = lazy(() => import('./RunParameters').then((module) => ({ default: module.RunParameters })));
const RunOutputs = lazy(() => import('./RunOutputs').then((module) => ({ default: module.RunOutputs })));

/** A tab whose code is loading: says which. */
function LazyTab({ what, children }: { what: string; children: ReactNode }) {
  // A tab that fails to load its code or to draw says so in its place; the run's header and other tabs stay.
  return (
    <ErrorBoundary what={what}>
      <Suspense fallback={<p className="text-sm text-stone-500">Loading {what}…</p>}>{children}</Suspense>
    </ErrorBoundary>
  );
}

/** How long a run has taken, or has been going: null before it starts. */
const elapsedOf = (run: RunDetail) => (run.startedAt ? (run.completedAt ? Date.parse(run.completedAt) : Date.now()) - Date.parse(run.startedAt) : null);

/**
 * The run of `?id=`, read again on every change of it that the live stream pushes (status, task
 * counts) and after a change made here (group, labels, cancel); its outputs follow its status.
 */
function RunView() {
  const id = useRecordId();
  const [changesMade, setChangesMade] = useState(0);
  const runId = id ? Number(id) : null;
  const live = useLiveRefresh((event) => (event.type === 'run' ? event.run.id === runId : event.type !== 'ready' && event.id === runId));
  const refreshKey = `${changesMade}/${live.key}`;
  const [change, setChange] = useState<RunChange | null>(null);
  const [tab, setTab] = useRunTab();
  const { data: run, error, reload } = useRequest<RunDetail>(id ? `runs/${id}` : null, refreshKey);
  const ended = run ? TERMINAL_RUN_STATUSES.has(run.status) : false;
  // Outputs change with the run's status, and are registered a moment after it succeeds (a change the stream pushes too).
  const outputs = useRequest<Outputs>(id ? `runs/${id}/outputs` : null, ended ? `${run?.status}/${live.key}` : run?.status);

  // Should the stream miss the registration, look again shortly after.
  useEffect(() => {
    if (run?.status === 'SUCCEEDED' && outputs.data?.outputs.some((output) => output.fileId === null)) {
      const timer = setTimeout(outputs.reload, 1000);
      return () => clearTimeout(timer);
    }
  }, [run?.status, outputs.data, outputs.reload]);

  if (id === undefined) return null;
  if (id === null) return <LoadError what="run" error={new Error('this page needs ?id= with the run’s number')} onRetry={() => window.location.assign(RUNS_LIST)} />;
  if (error && !run) return <LoadError what="run" error={error} onRetry={reload} back={{ href: RUNS_LIST, label: 'See all runs' }} />;
  if (!run) return <LoadingOverlay />;

  const elapsed = elapsedOf(run);
  return (
    <div className="grid gap-6">
      <RunHeader run={run} ended={ended} elapsed={elapsed} onChange={setChange} />
      <RunTabList tab={tab} onChoose={setTab} taskCount={run.progress.total} />
      <div role="tabpanel" id={`run-panel-${tab}`} aria-labelledby={`run-tab-${tab}`}>
        {tab === 'overview' && <RunOverview run={run} elapsed={elapsed} ended={ended} changed={refreshKey} />}
        {tab === 'results' && (
          <LazyTab what="the results">
            <RunResults runId={run.id} ended={ended} refreshKey={`${run.status}/${run.outputsRegistered}`} />
          </LazyTab>
        )}
        {tab === 'tasks' && (
          <LazyTab what="tasks">
            <TasksTable runId={run.id} refreshKey={refreshKey} processes={run.processes.map((process) => process.process)} />
          </LazyTab>
        )}
        {tab === 'resources' && (
          <LazyTab what="resources">
            <RunResourcesPanel runId={run.id} refreshKey={refreshKey} />
          </LazyTab>
        )}
        {tab === 'logs' && (
          <LazyTab what="the log">
            <RunLogCard run={run} ended={ended} changed={live.key} />
          </LazyTab>
        )}
        {tab === 'parameters' && (
          <LazyTab what="the parameters">
            <RunParameters run={run} />
          </LazyTab>
        )}
        {tab === 'outputs' && (
          <LazyTab what="the outputs">
            <RunOutputs outputs={outputs} ended={ended} />
          </LazyTab>
        )}
        {tab === 'lineage' && (
          <LazyTab what="the lineage">
            <LineagePanel key={`${run.id}/${run.outputsRegistered}`} node={`run:${run.id}`} />
          </LazyTab>
        )}
      </div>
      <LazyRunChangeDialogs change={change} onClose={() => setChange(null)} onDone={() => setChangesMade((value) => value + 1)} />
    </div>
  );
}

/** `/tools/pipeline/monitor/pipeline-run/view?id=`: one run, followed live until it ends. */
export default function RunViewPage() {
  return (
    <ConsoleShell title="Run" route={ROUTES.runView} backHref={RUNS_LIST} backLabel="Runs" actions={<LiveStatus />}>
      <RunView />
    </ConsoleShell>
  );
}
