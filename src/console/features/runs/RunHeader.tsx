import { useState } from 'react';
import type { RunDetail, RunSummary } from '../../../contract/runs';
import { notify, notifyAfterNavigation } from '../../app/notify';
import { relaunchRoute, ROUTES, viewRoute } from '../../app/routes';
import { request } from '../../lib/api';
import { formatDuration } from '../../lib/format';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { RelaunchExactlyButton } from '../lineage/RelaunchExactlyButton';
import type { RunChange } from './run-changes';
import { ProgressBar, StatusBadge } from './status';

const linkButtonClass = 'rounded-md px-4 py-2 text-sm font-semibold text-stone-700 ring-1 ring-stone-300 hover:bg-stone-50';

/** Starts the run again with Nextflow's -resume, then opens the new run. */
function useResume(run: RunDetail) {
  const [resuming, setResuming] = useState(false);
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
  return { resuming, resume };
}

/**
 * The run's name, status, progress and place in the queue, with what can be done with it:
 * relaunch, resume, its group and labels, an MLflow run to track, and cancelling while it goes.
 * The reason a run stopped (or waits) is said under them.
 */
export function RunHeader({ run, ended, elapsed, onChange }: { run: RunDetail; ended: boolean; elapsed: number | null; onChange: (change: RunChange) => void }) {
  const { resuming, resume } = useResume(run);
  return (
    <Card
      title={run.name}
      description={
        <span className="flex flex-wrap items-center gap-3">
          <StatusBadge status={run.status} />
          <ProgressBar done={run.progress.done} total={run.progress.total} failed={run.progress.failed} label="Tasks done" status={run.status} />
          <span className="text-xs text-stone-600">
            {run.pipelineId} @ {run.revision} · {formatDuration(elapsed)}
          </span>
          {run.queuePosition !== null && <span className="text-xs text-stone-600">Waiting for a free slot: number {run.queuePosition} in the queue</span>}
        </span>
      }
      actions={
        <>
          <a className={linkButtonClass} href={relaunchRoute(run.pipelineId, run.id)}>
            Relaunch
          </a>
          <RelaunchExactlyButton runId={run.id} runName={run.name} />
          {run.canResume && (
            <Button busy={resuming} onClick={() => void resume()} title="Nextflow -resume: finished tasks are taken from this run's cache">
              Resume
            </Button>
          )}
          <Button onClick={() => onChange({ kind: 'group', runs: [run] })}>Run group…</Button>
          <Button onClick={() => onChange({ kind: 'labels', runs: [run] })}>Labels…</Button>
          <a className={linkButtonClass} href={`${ROUTES.trackMlflowRun}?run=${run.id}`}>
            Track an MLflow run
          </a>
          {!ended && <Button onClick={() => onChange({ kind: 'cancel', runs: [run] })}>Cancel run…</Button>}
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
  );
}
