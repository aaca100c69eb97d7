import { SimpleTable } from '../../ui/SimpleTable';
import { relaunchRoute, ROUTES, viewRoute } from '../../app/routes';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { TERMINAL_RUN_STATUSES } from '../../../contract/run-codes';
import type { LogEvent } from '../../../contract/events';
import type { ProcessProgress, RunDetail, RunLog, RunMetrics, RunOutputs as Outputs, RunSummary, RunTimeline } from '../../../contract/runs';
import { ConsoleShell } from '../../app/ConsoleShell';
import { notify, notifyAfterNavigation } from '../../app/notify';
import { RequestError, request } from '../../lib/api';
import { downloadStoredFile, saveBlob } from '../../lib/download';
import { formatBytes, formatDateTime, formatDuration } from '../../lib/format';
import { useQueryParam } from '../../lib/use-query-param';
import { useRecordId } from '../../lib/use-record-id';
import { useLiveRefresh } from '../../lib/live-events';
import { readEventStream } from '../../lib/sse';
import { useRequest } from '../../lib/use-request';
import { LiveStatus } from '../../ui/LiveStatus';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Facts } from '../../ui/Facts';
import { CopyButton } from '../../ui/CopyButton';
import { LoadError } from '../../ui/LoadError';
import { LoadingOverlay } from '../../ui/LoadingOverlay';
import { ProgressBar, StatusBadge } from './status';
import { TasksTable } from './TasksTable';
import { type RunChange, RunChangeDialogs } from './run-changes';
import { RunMlflowRuns } from '../mlflow/RunMlflowRuns';

/** How often the log is read while the run goes and its stream cannot be had. */
const POLL_MS = 2000;
const RUNS_LIST = ROUTES.runs;
const TABS = ['overview', 'tasks', 'logs', 'parameters', 'outputs'] as const;
type Tab = (typeof TABS)[number];
const TAB_PATTERN = new RegExp(`^(${TABS.join('|')})$`);
const TAB_LABELS: Record<Tab, string> = { overview: 'Overview', tasks: 'Tasks', logs: 'Logs', parameters: 'Parameters', outputs: 'Outputs' };
const TimelineChart = lazy(() => import('./RunCharts').then((module) => ({ default: module.TimelineChart })));
const ResourceCharts = lazy(() => import('./RunCharts').then((module) => ({ default: module.ResourceCharts })));
const chartFallback = <p className="h-40 text-sm text-stone-500">Drawing…</p>;

/**
 * The run's log. While the run goes, its new lines arrive over the log stream as they are written
 * (and the stream says when the run has ended); should the stream fail, the log is read from
 * where it stopped every 2 s instead, and on each change the run stream pushes.
 */
function Log({ runId, live, changed }: { runId: number; live: boolean; changed: unknown }) {
  const [text, setText] = useState('');
  const [failure, setFailure] = useState<Error | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [streaming, setStreaming] = useState(false);
  const offset = useRef(0);
  const box = useRef<HTMLPreElement>(null);
  const append = (chunk: string) => {
    setText((previous) => (previous + chunk).slice(-200_000));
    requestAnimationFrame(() => {
      if (box.current) box.current.scrollTop = box.current.scrollHeight;
    });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the trigger of a retry
  useEffect(() => {
    if (!live) return;
    const abort = new AbortController();
    setStreaming(true);
    readEventStream(
      `runs/${runId}/log/stream?offset=${offset.current}`,
      (data) => {
        const event = data as LogEvent;
        if (event.type !== 'log') return;
        offset.current = event.nextOffset;
        setFailure(null);
        append(event.text);
      },
      abort.signal,
    ).then(
      () => setStreaming(false),
      () => !abort.signal.aborted && setStreaming(false),
    );
    return () => abort.abort();
  }, [runId, live, attempt]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt (a retry) and changed (a pushed change) are triggers
  useEffect(() => {
    if (streaming) return;
    let stopped = false;
    const read = async () => {
      try {
        const chunk = await request<RunLog>(`runs/${runId}/log?offset=${offset.current}`);
        if (stopped) return;
        setFailure(null);
        if (!chunk.text) return;
        offset.current = chunk.nextOffset;
        append(chunk.text);
      } catch (error) {
        // Said, not swallowed: a log that cannot be read is not an empty log. A live log tries again.
        if (!stopped) setFailure(error instanceof Error ? error : new Error(String(error)));
      }
    };
    void read();
    const timer = live ? setInterval(read, POLL_MS) : undefined;
    return () => {
      stopped = true;
      if (timer) clearInterval(timer);
    };
  }, [runId, live, attempt, changed, streaming]);
  if (failure && !text) return <LoadError what="the run’s log" error={failure} onRetry={() => setAttempt((value) => value + 1)} />;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling log must take focus so that keyboard users can scroll it
    <pre ref={box} className="max-h-80 overflow-auto rounded-lg bg-stone-900 p-4 font-mono text-xs leading-relaxed text-stone-100" role="log" aria-label="Run log" tabIndex={0}>
      {text || 'No log output yet.'}
    </pre>
  );
}

/** The whole log, read chunk by chunk, saved as a file. */
async function downloadLog(run: RunDetail) {
  let text = '';
  let offset = 0;
  for (;;) {
    const chunk = await request<RunLog>(`runs/${run.id}/log?offset=${offset}`);
    text += chunk.text;
    if (!chunk.text || chunk.nextOffset >= chunk.size) break;
    offset = chunk.nextOffset;
  }
  saveBlob(new Blob([text], { type: 'text/plain' }), `${run.name}.log`);
}

/** Tasks per process in their five states, as bars. */
function Processes({ processes, ended }: { processes: ProcessProgress[]; ended: boolean }) {
  if (processes.length === 0) return <p className="text-sm text-stone-500">{ended ? 'The run reported no tasks.' : 'No task has been reported yet.'}</p>;
  const STATES = [
    ['succeeded', 'bg-emerald-600', 'succeeded'],
    ['cached', 'bg-emerald-300', 'cached'],
    ['running', 'bg-blue-500', 'running'],
    ['failed', 'bg-red-500', 'failed'],
    ['pending', 'bg-stone-300', 'pending'],
  ] as const;
  return (
    <ul className="grid gap-3" aria-label="Processes">
      {processes.map((process) => {
        const total = process.pending + process.running + process.succeeded + process.failed + process.cached;
        return (
          <li key={process.process} className="grid items-center gap-2 text-sm sm:grid-cols-[16rem_1fr]">
            <span className="truncate font-mono text-stone-800" title={process.process}>
              {process.process}
            </span>
            <span className="grid gap-1">
              <span
                className="flex h-2.5 w-full max-w-xl overflow-hidden rounded-full bg-stone-100"
                role="progressbar"
                aria-label={`${process.process} tasks done`}
                aria-valuemin={0}
                aria-valuemax={total}
                aria-valuenow={process.succeeded + process.cached}
              >
                {STATES.map(([key, tone]) => (process[key] > 0 ? <span key={key} className={tone} style={{ width: `${(process[key] / total) * 100}%` }} /> : null))}
              </span>
              <span className="text-xs text-stone-500">
                {STATES.filter(([key]) => process[key] > 0)
                  .map(([key, , word]) => `${process[key]} ${word}`)
                  .join(' · ')}{' '}
                of {total}
              </span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function Overview({ run, facts, ended, changed }: { run: RunDetail; facts: Array<[string, React.ReactNode]>; ended: boolean; changed: unknown }) {
  // The charts follow a going run at most every few seconds: they read every task.
  const [slow, setSlow] = useState(changed);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(changed), ended ? 0 : 3000);
    return () => clearTimeout(timer);
  }, [changed, ended]);
  const timeline = useRequest<RunTimeline>(`runs/${run.id}/timeline`, slow);
  const metrics = useRequest<RunMetrics>(`runs/${run.id}/metrics`, slow);
  return (
    <div className="grid gap-6">
      <Card title="Details">
        <Facts items={facts} />
      </Card>
      <Card title="Processes" description="Tasks per process: succeeded, cached, running, failed and pending">
        <Processes processes={run.processes} ended={ended} />
      </Card>
      <Card title="Timeline" description="Each task from submit (grey, waiting) through start to complete (the colour of its process)">
        {timeline.error ? (
          <LoadError what="the timeline" error={timeline.error} onRetry={timeline.reload} />
        ) : !timeline.data ? (
          chartFallback
        ) : timeline.data.tasks.length === 0 ? (
          <p className="text-sm text-stone-500">No task has been submitted yet.</p>
        ) : (
          <Suspense fallback={chartFallback}>
            <TimelineChart timeline={timeline.data} />
          </Suspense>
        )}
      </Card>
      <Card
        title="Resources"
        description="Per process: the spread of its tasks' duration, %CPU and peak memory (box from the first to the third quartile, line at the median, whiskers to the extremes)"
      >
        {metrics.error ? (
          <LoadError what="the resources" error={metrics.error} onRetry={metrics.reload} />
        ) : !metrics.data ? (
          chartFallback
        ) : metrics.data.processes.length === 0 ? (
          <p className="text-sm text-stone-500">No task has reported its resources yet.</p>
        ) : (
          <Suspense fallback={chartFallback}>
            <ResourceCharts processes={metrics.data.processes} />
          </Suspense>
        )}
      </Card>
      <RunMlflowRuns runId={run.id} />
    </div>
  );
}

function Parameters({ run }: { run: RunDetail }) {
  const json = JSON.stringify(run.params, null, 2);
  const yaml = async () => (await import('yaml')).stringify(run.params);
  return (
    <Card
      title="Parameters"
      description="As submitted"
      actions={
        <>
          <CopyButton text={json} label="Copy JSON" />
          <CopyButton text={yaml} label="Copy YAML" />
          <Button size="sm" onClick={() => saveBlob(new Blob([json], { type: 'application/json' }), `${run.name}-params.json`)}>
            Download JSON
          </Button>
          <Button
            size="sm"
            onClick={() =>
              void yaml().then(
                (text) => saveBlob(new Blob([text], { type: 'application/yaml' }), `${run.name}-params.yaml`),
                (error) => notify.error(error),
              )
            }
          >
            Download YAML
          </Button>
        </>
      }
    >
      <pre className="overflow-auto rounded-lg bg-stone-50 p-4 font-mono text-xs text-stone-800 ring-1 ring-stone-200">{json}</pre>
      <p className="mt-2 text-xs text-stone-500">The YAML file is what Nextflow's -params-file reads.</p>
    </Card>
  );
}

function OutputsTab({ outputs, ended }: { outputs: ReturnType<typeof useRequest<Outputs>>; ended: boolean }) {
  return (
    <Card title="Outputs" description={outputs.data ? (outputs.data.local ? `In ${outputs.data.location}` : `Written to ${outputs.data.location}, outside this server`) : undefined}>
      {outputs.error ? (
        <LoadError what="the outputs" error={outputs.error} onRetry={outputs.reload} />
      ) : !outputs.data ? (
        <p className="text-sm text-stone-500">Loading…</p>
      ) : outputs.data.outputs.length === 0 ? (
        <p className="text-sm text-stone-500">{outputs.data.local ? (ended ? 'The run wrote no files.' : 'No files yet.') : 'Seedbed cannot list a bucket; open it with your storage tools.'}</p>
      ) : (
        <SimpleTable
          label="Outputs"
          dense
          rows={outputs.data.outputs}
          rowKey={(output) => output.path}
          columns={[
            { header: 'File', className: 'font-mono text-xs text-stone-800', cell: (output) => output.path },
            { header: 'Type', className: 'text-stone-700', cell: (output) => output.fileType ?? <span className="text-stone-400">untyped</span> },
            { header: 'Size', align: 'right', className: 'tabular-nums text-stone-700', cell: (output) => formatBytes(output.sizeBytes) },
            {
              header: 'Download',
              srOnly: true,
              align: 'right',
              cell: (output) =>
                output.fileId !== null ? (
                  <Button size="sm" onClick={() => void downloadStoredFile(output.fileId!, output.path)}>
                    Download
                  </Button>
                ) : (
                  <span className="text-xs text-stone-400">{ended ? 'Not registered' : 'Registered when the run succeeds'}</span>
                ),
            },
          ]}
        />
      )}
    </Card>
  );
}

/** The tab in the address (`&tab=tasks`), kept there as the reader moves between tabs. */
function useTab(): [Tab, (tab: Tab) => void] {
  const fromAddress = useQueryParam('tab', TAB_PATTERN);
  const [tab, setTab] = useState<Tab | null>(null);
  const shown = tab ?? ((fromAddress as Tab | null | undefined) || 'overview');
  const choose = (next: Tab) => {
    setTab(next);
    const url = new URL(window.location.href);
    if (next === 'overview') url.searchParams.delete('tab');
    else url.searchParams.set('tab', next);
    window.history.replaceState(null, '', url);
  };
  return [shown, choose];
}

function RunView() {
  const id = useRecordId();
  const [tick, setTick] = useState(0);
  const runId = id ? Number(id) : null;
  // Every change of this run the stream pushes (status, task counts) reads the run again.
  const live = useLiveRefresh((event) => (event.type === 'run' ? event.run.id === runId : event.type !== 'ready' && event.id === runId));
  const [change, setChange] = useState<RunChange | null>(null);
  const [resuming, setResuming] = useState(false);
  const [tab, setTab] = useTab();
  const { data: run, error, reload } = useRequest<RunDetail>(id ? `runs/${id}` : null, `${tick}/${live.key}`);
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
  if (error && !run) {
    // An id no run has: said plainly, with the way back, not as a failure to retry.
    if (error instanceof RequestError && error.status === 404) {
      return (
        <Card title={`No run ${id}`}>
          <p className="text-sm text-stone-600" data-testid="run-not-found">
            There is no run with id {id}: it may have been deleted, or the link is wrong.{' '}
            <a className="text-emerald-800 hover:underline" href={RUNS_LIST}>
              See all runs
            </a>
            .
          </p>
        </Card>
      );
    }
    return <LoadError what="run" error={error} onRetry={reload} />;
  }
  if (!run) return <LoadingOverlay />;

  const resume = async () => {
    setResuming(true);
    try {
      const resumed = await request<RunSummary>(`runs/${run.id}/resume`, 'POST', {});
      notifyAfterNavigation('success', `Resumed as ${resumed.name}`);
      window.location.assign(viewRoute(ROUTES.runView, resumed.id));
    } catch (failure) {
      notify.error(failure);
      setResuming(false);
    }
  };

  const elapsed = run.startedAt ? (run.completedAt ? Date.parse(run.completedAt) : Date.now()) - Date.parse(run.startedAt) : null;
  const facts: Array<[string, React.ReactNode]> = [
    ['Pipeline', `${run.pipelineId} @ ${run.revision}`],
    ['Engine', run.engine],
    ['Launched by', run.launchedBy ? run.launchedBy.name || run.launchedBy.email : '—'],
    ['Submitted', formatDateTime(run.submittedAt)],
    ['Started', formatDateTime(run.startedAt)],
    ['Completed', formatDateTime(run.completedAt)],
    ['Duration', formatDuration(elapsed)],
    ['Run group', run.groupName ?? '—'],
    [
      'Project',
      run.projectId ? (
        <a key="project" className="text-emerald-800 hover:underline" href={viewRoute(ROUTES.projectView, run.projectId)}>
          {run.projectName}
        </a>
      ) : (
        '—'
      ),
    ],
    ['Labels', run.labels.length ? run.labels.join(', ') : '—'],
    ...(run.relatedRunId
      ? ([
          [
            run.relation === 'resume' ? 'Resumes' : 'Relaunch of',
            <a key="related" className="text-emerald-800 hover:underline" href={viewRoute(ROUTES.runView, run.relatedRunId)}>
              run {run.relatedRunId}
            </a>,
          ],
        ] as Array<[string, React.ReactNode]>)
      : []),
    [
      'Work directory',
      <code key="workdir" className="break-all text-xs">
        {run.workDir}
      </code>,
    ],
  ];

  return (
    <div className="grid gap-6">
      <Card
        title={run.name}
        description={
          <span className="flex flex-wrap items-center gap-3">
            <StatusBadge status={run.status} />
            <ProgressBar done={run.progress.done} total={run.progress.total} failed={run.progress.failed} label="Tasks done" />
            <span className="text-xs text-stone-600">
              {run.pipelineId} @ {run.revision} · {formatDuration(elapsed)}
            </span>
            {run.queuePosition !== null && <span className="text-xs text-stone-600">Waiting for a free slot: number {run.queuePosition} in the queue</span>}
          </span>
        }
        actions={
          <>
            <a className="rounded-md px-4 py-2 text-sm font-semibold text-stone-700 ring-1 ring-stone-300 hover:bg-stone-50" href={relaunchRoute(run.pipelineId, run.id)}>
              Relaunch
            </a>
            {run.canResume && (
              <Button busy={resuming} onClick={() => void resume()} title="Nextflow -resume: finished tasks are taken from this run's cache">
                Resume
              </Button>
            )}
            <Button onClick={() => setChange({ kind: 'group', runs: [run] })}>Run group…</Button>
            <Button onClick={() => setChange({ kind: 'labels', runs: [run] })}>Labels…</Button>
            <a className="rounded-md px-4 py-2 text-sm font-semibold text-stone-700 ring-1 ring-stone-300 hover:bg-stone-50" href={`${ROUTES.trackMlflowRun}?run=${run.id}`}>
              Track an MLflow run
            </a>
            {!ended && <Button onClick={() => setChange({ kind: 'cancel', runs: [run] })}>Cancel run…</Button>}
          </>
        }
      >
        {run.statusReason ? (
          <p
            className={`whitespace-pre-line rounded-md p-3 text-sm ring-1 ${run.status === 'FAILED' ? 'bg-red-50 text-red-900 ring-red-200' : 'bg-stone-50 text-stone-700 ring-stone-200'}`}
            data-testid="status-reason"
          >
            {run.statusReason}
          </p>
        ) : null}
      </Card>

      <div role="tablist" aria-label="Run" className="flex flex-wrap gap-x-1 border-b border-stone-200">
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`run-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`run-panel-${name}`}
            onClick={() => setTab(name)}
            className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium sm:px-4 ${tab === name ? 'border-emerald-700 text-emerald-900' : 'border-transparent text-stone-600 hover:text-stone-900'}`}
          >
            {TAB_LABELS[name]}
            {name === 'tasks' && run.progress.total > 0 && <span className="ml-1.5 text-xs text-stone-500">{run.progress.total}</span>}
          </button>
        ))}
      </div>

      <div role="tabpanel" id={`run-panel-${tab}`} aria-labelledby={`run-tab-${tab}`}>
        {tab === 'overview' && <Overview run={run} facts={facts} ended={ended} changed={`${tick}/${live.key}`} />}
        {tab === 'tasks' && <TasksTable runId={run.id} refreshKey={`${tick}/${live.key}`} processes={run.processes.map((process) => process.process)} />}
        {tab === 'logs' && (
          <Card
            title="Log"
            description={ended ? 'The whole log of the run' : 'Live: new lines appear as the run writes them'}
            actions={
              <Button size="sm" onClick={() => void downloadLog(run).catch((failure) => notify.error(failure))}>
                Download log
              </Button>
            }
          >
            <Log runId={run.id} live={!ended} changed={live.key} />
          </Card>
        )}
        {tab === 'parameters' && <Parameters run={run} />}
        {tab === 'outputs' && <OutputsTab outputs={outputs} ended={ended} />}
      </div>

      <RunChangeDialogs change={change} onClose={() => setChange(null)} onDone={() => setTick((value) => value + 1)} />
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
