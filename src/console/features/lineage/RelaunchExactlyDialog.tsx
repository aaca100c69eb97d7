import { useState } from 'react';
import type { RelaunchName, Reproduction } from '../../../contract/lineage';
import type { RunSummary } from '../../../contract/runs';
import { notifyAfterNavigation } from '../../app/notify';
import { ROUTES, viewRoute } from '../../app/routes';
import { request } from '../../lib/api';
import { useRequest } from '../../lib/use-request';
import { Button } from '../../ui/Button';
import { Dialog, DialogActions } from '../../ui/Dialog';
import { LoadError } from '../../ui/LoadError';
import { shortChecksum } from './lineage-node';

/**
 * Relaunch exactly: what the new run repeats (revision, parameters, the input files with the
 * checksums the run read) and, before anything is launched, what differs now; launching then
 * accepts exactly the differences shown. Loaded when the button is pressed.
 */
export default function RelaunchExactlyDialog({ runId, runName, onClose }: { runId: number; runName: string; onClose: () => void }) {
  const check = useRequest<Reproduction>(`runs/${runId}/reproduction`);
  // The name the server gives the new run (the run's, numbered on): said before it is launched.
  const newName = useRequest<RelaunchName>(`runs/${runId}/relaunch-name`);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Error | null>(null);
  const data = check.data;
  const launch = async () => {
    if (!data) return;
    setBusy(true);
    setFailure(null);
    try {
      const run = await request<RunSummary>(`runs/${runId}/relaunch-exactly`, 'POST', { acceptDifferences: data.differences });
      notifyAfterNavigation('success', `Relaunched exactly as ${run.name}`);
      window.location.assign(viewRoute(ROUTES.runView, run.id));
    } catch (error) {
      setFailure(error as Error);
      setBusy(false);
      check.reload();
    }
  };
  const differs = (data?.differences.length ?? 0) > 0;
  return (
    <Dialog
      title={`Relaunch ${runName} exactly?`}
      description="A new run with the same revision, parameters and input files."
      maxWidth="2xl"
      onClose={onClose}
      footer={
        <DialogActions cancelLabel="Close" onCancel={onClose} busy={busy}>
          {data && !data.refusal && (
            <Button variant={differs ? 'danger' : 'primary'} busy={busy} onClick={() => void launch()}>
              {differs ? 'Relaunch anyway' : 'Relaunch exactly'}
            </Button>
          )}
        </DialogActions>
      }
    >
      {check.error && <LoadError what="what the relaunch would repeat" error={check.error} onRetry={check.reload} />}
      {!data && !check.error && <p className="text-sm text-stone-500">Checking the inputs and the revision…</p>}
      {failure && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
          {failure.message}
        </p>
      )}
      {data?.refusal && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200" data-testid="relaunch-refusal">
          {data.refusal}
        </p>
      )}
      {data && differs && (
        <div className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200" data-testid="relaunch-differences">
          <p className="font-semibold">This relaunch would not repeat the run exactly:</p>
          <ul className="mt-1 list-disc pl-5">
            {data.differences.map((difference) => (
              <li key={difference}>{difference}</li>
            ))}
          </ul>
        </div>
      )}
      {data && !differs && !data.refusal && <p className="text-sm text-emerald-800">Nothing has changed: the inputs have the bytes the run read, and the revision is the run’s.</p>}
      {data && (
        <div className="text-sm text-stone-700">
          {newName.data && (
            <p>
              The new run will be named <span className="font-mono">{newName.data.name}</span>.
            </p>
          )}
          <p>Revision {data.relaunchRevision ?? data.revision}</p>
          {data.inputs.length > 0 && (
            <ul className="mt-1 grid gap-0.5">
              {data.inputs.map((input) => (
                <li key={input.parameter} className={input.changed ? 'text-red-800' : ''}>
                  <span className="font-mono text-xs">{input.parameter}</span>: {input.name ?? `file ${input.fileId} (deleted)`} —{' '}
                  <span className="font-mono text-xs">{shortChecksum(input.sha256AtLaunch)}</span>
                  {input.changed && input.sha256Now && (
                    <>
                      {' '}
                      then, <span className="font-mono text-xs">{shortChecksum(input.sha256Now)}</span> now
                    </>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Dialog>
  );
}
