import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import type { RunDetail, RunMetrics, RunTimeline } from '../../../contract/runs';
import { ROUTES } from '../../app/routes';
import { formatDateTime, formatDuration } from '../../lib/format';
import { useRequest } from '../../lib/use-request';
import { Card } from '../../ui/Card';
import { Facts } from '../../ui/Facts';
import { LoadError } from '../../ui/LoadError';
import { ViewLink } from '../../ui/ViewLink';
import { RunMlflowRuns } from '../mlflow/RunMlflowRuns';
import { ProcessBars } from './ProcessBars';

const TimelineChart = lazy(() => import('./RunCharts').then((module) => ({ default: module.TimelineChart })));
const ResourceCharts = lazy(() => import('./RunCharts').then((module) => ({ default: module.ResourceCharts })));
const chartFallback = <p className="h-40 text-sm text-stone-500">Drawing…</p>;

/** The run's facts: pipeline, engine, who launched it, when, its group, project, labels, the run it follows, and its work directory. */
function runFacts(run: RunDetail, elapsed: number | null): Array<[string, ReactNode]> {
  return [
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
        <ViewLink key="project" route={ROUTES.projectView} id={run.projectId}>
          {run.projectName}
        </ViewLink>
      ) : (
        '—'
      ),
    ],
    ['Labels', run.labels.length ? run.labels.join(', ') : '—'],
    ...(run.relatedRunId
      ? ([
          [
            run.relation === 'resume' ? 'Resumes' : 'Relaunch of',
            <ViewLink key="related" route={ROUTES.runView} id={run.relatedRunId}>
              {run.relatedRunName ?? `run ${run.relatedRunId}`}
            </ViewLink>,
          ],
        ] satisfies Array<[string, ReactNode]>)
      : []),
    [
      'Work directory',
      <code key="workdir" className="break-all text-xs">
        {run.workDir}
      </code>,
    ],
  ];
}

/** The Overview tab: the run's facts, its processes, the timeline and resource charts, and its MLflow runs. */
export function RunOverview({ run, elapsed, ended, changed }: { run: RunDetail; elapsed: number | null; ended: boolean; changed: unknown }) {
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
        <Facts items={runFacts(run, elapsed)} />
      </Card>
      <Card title="Processes" description="Tasks per process: succeeded, cached, running, failed and pending">
        <ProcessBars processes={run.processes} ended={ended} />
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
