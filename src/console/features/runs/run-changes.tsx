import { useState } from 'react';
import { labelProblem, MAX_LABELS } from '../../../contract/run-codes';
import type { Page } from '../../../contract/paging';
import type { RunGroup, RunSummary } from '../../../contract/runs';
import { notify } from '../../app/notify';
import { request } from '../../lib/api';
import { useRequest } from '../../lib/use-request';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { FormDialog } from '../../ui/FormDialog';
import { LoadError } from '../../ui/LoadError';
import { RecordOptions } from '../../ui/RecordOptions';

/**
 * What can be done to runs once launched, from the runs list (one row or every selected row) and
 * the run page: cancel, put into a run group or take out of it, and edit the labels.
 */

export type RunChange = { kind: 'cancel' | 'group' | 'labels'; runs: RunSummary[] };

const names = (runs: RunSummary[]) => (runs.length === 1 ? runs[0]!.name : `${runs.length} runs`);

/** Applies `change` to each run, then says how it went; a partial failure names the runs it missed. */
async function each(runs: RunSummary[], change: (run: RunSummary) => Promise<unknown>, done: string) {
  const results = await Promise.allSettled(runs.map(change));
  const failed = runs.filter((_, index) => results[index]!.status === 'rejected');
  if (failed.length === 0) {
    notify.success(done);
    return true;
  }
  const first = results.find((result): result is PromiseRejectedResult => result.status === 'rejected')!.reason;
  notify.error(new Error(`${failed.map((run) => run.name).join(', ')}: ${first instanceof Error ? first.message : String(first)}`));
  return false;
}

function GroupDialog({ runs, onClose, onDone }: { runs: RunSummary[]; onClose: () => void; onDone: () => void }) {
  const groups = useRequest<Page<RunGroup>>('run-groups?pageSize=1000&sort=name&kind=group');
  const shared = runs.every((run) => run.groupId === runs[0]!.groupId) ? runs[0]!.groupId : null;
  const [choice, setChoice] = useState(shared === null ? '' : String(shared));
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    const groupId = choice ? Number(choice) : null;
    const group = groups.data?.data.find((entry) => entry.id === groupId);
    const ok = await each(runs, (run) => request(`runs/${run.id}`, 'PATCH', { groupId }), group ? `${names(runs)} in run group ${group.name}` : `${names(runs)} in no run group`);
    setBusy(false);
    if (ok) onDone();
  };
  return (
    <FormDialog cancelLabel="Close" title={`Run group of ${names(runs)}`} onClose={onClose} onSubmit={() => void save()} busy={busy} submitLabel="Save">
      {groups.error ? (
        <LoadError what="the run groups" error={groups.error} onRetry={groups.reload} />
      ) : (
        <label className="grid gap-1 text-sm font-medium text-stone-700">
          Run group
          <select value={choice} onChange={(event) => setChoice(event.target.value)} className="rounded-md border border-stone-300 bg-white px-3 py-2 text-sm font-normal">
            <RecordOptions none="No run group" records={groups.data?.data} />
          </select>
        </label>
      )}
      <p className="text-xs text-stone-500">A run is in one group at most; choosing another moves it. Groups are made on the Run Groups page.</p>
    </FormDialog>
  );
}

function LabelsDialog({ run, onClose, onDone }: { run: RunSummary; onClose: () => void; onDone: () => void }) {
  const [text, setText] = useState(run.labels.join(', '));
  const [busy, setBusy] = useState(false);
  const labels = [...new Set(text.split(/[\s,]+/).filter(Boolean))];
  const problem = labels.length > MAX_LABELS ? `At most ${MAX_LABELS} labels` : labels.map((label) => labelProblem(label) && `“${label}”: ${labelProblem(label)}`).find(Boolean);
  const save = async () => {
    if (problem) return;
    setBusy(true);
    const ok = await each([run], () => request(`runs/${run.id}`, 'PATCH', { labels }), `Labels of ${run.name} saved`);
    setBusy(false);
    if (ok) onDone();
  };
  return (
    <FormDialog cancelLabel="Close" title={`Labels of ${run.name}`} onClose={onClose} onSubmit={() => void save()} busy={busy} submitLabel="Save labels">
      <label className="grid gap-1 text-sm font-medium text-stone-700">
        Labels
        <input
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={Boolean(problem)}
          aria-describedby="labels-hint"
          className="rounded-md border border-stone-300 px-3 py-2 text-sm font-normal"
        />
      </label>
      <p id="labels-hint" className={`text-xs ${problem ? 'text-red-700' : 'text-stone-500'}`}>
        {problem ?? 'Separated by commas or spaces; find them again with label:… in the runs search.'}
      </p>
    </FormDialog>
  );
}

/** The dialog of a run change in progress, if any; `onDone` after it took effect. */
export function RunChangeDialogs({ change, onClose, onDone }: { change: RunChange | null; onClose: () => void; onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  if (!change) return null;
  const finish = () => {
    onClose();
    onDone();
  };
  if (change.kind === 'group') return <GroupDialog runs={change.runs} onClose={onClose} onDone={finish} />;
  if (change.kind === 'labels') return <LabelsDialog run={change.runs[0]!} onClose={onClose} onDone={finish} />;
  const many = change.runs.length > 1;
  return (
    <ConfirmDialog
      open
      title={many ? `Cancel ${change.runs.length} runs?` : 'Cancel this run?'}
      confirmLabel={many ? 'Cancel runs' : 'Cancel run'}
      cancelLabel="Keep running"
      busy={busy}
      onCancel={onClose}
      onConfirm={async () => {
        setBusy(true);
        await each(change.runs, (run) => request(`runs/${run.id}/cancel`, 'POST'), `Cancelled ${names(change.runs)}`);
        setBusy(false);
        finish();
      }}
    >
      {many ? `${change.runs.map((run) => run.name).join(', ')} will be stopped` : `${change.runs[0]!.name} will be stopped`}; tasks running now are ended. Finished runs are left as they are.
    </ConfirmDialog>
  );
}
