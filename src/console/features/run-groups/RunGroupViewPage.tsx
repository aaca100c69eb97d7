import { ROUTES } from '../../app/routes';
import { lazy, Suspense } from 'react';
import { ConsoleShell } from '../../app/ConsoleShell';
import { formatDateTime } from '../../lib/format';
import { useRecordId } from '../../lib/use-record-id';
import { useLiveRefresh } from '../../lib/live-events';
import { useRequest } from '../../lib/use-request';
import { LiveStatus } from '../../ui/LiveStatus';
import { Card } from '../../ui/Card';
import { EditDeleteActions } from '../../ui/EditDeleteActions';
import { DeleteAndLeaveDialog } from '../../ui/DeleteAndLeaveDialog';
import { LoadError } from '../../ui/LoadError';
import { LoadingOverlay } from '../../ui/LoadingOverlay';
import { useDeleteAndLeave } from '../../ui/use-delete-and-leave';
import { useEditDialog } from '../../ui/use-edit-dialog';
import { StatusBadge } from '../runs/status';
import { RunsTable } from '../runs/RunsTable';
import type { RunGroup, RunStatusCounts } from '../../../contract/runs';

const RunGroupDialog = lazy(() => import('./RunGroupDialog'));
/** The group's results (numbers side by side, a chart) load after the page. */
const GroupResults = lazy(() => import('../results/ResultsComparison').then((module) => ({ default: module.GroupResults })));
const LIST = ROUTES.runGroups;

/** How many of the group's runs stand where: its combined status (one request, one GROUP BY). */
function CombinedStatus({ groupId, refreshKey }: { groupId: number; refreshKey: unknown }) {
  // Counted again when one of the group's runs changes (at most once a second) or a run is deleted.
  const live = useLiveRefresh((event) => (event.type === 'run' && event.run.groupId === groupId) || event.type === 'deleted', 1000);
  const { data: counts, error, reload } = useRequest<RunStatusCounts>(`runs/status-counts?groupId=${groupId}`, `${refreshKey}/${live.key}`);
  if (error) return <LoadError what="the group’s run counts" error={error} onRetry={reload} />;
  if (!counts) return <span className="text-sm text-stone-500">Counting runs…</span>;
  const present = counts.byStatus.filter((entry) => entry.count > 0);
  if (present.length === 0) return <span className="text-sm text-stone-500">No runs yet: choose this group when you launch.</span>;
  return (
    <ul className="flex flex-wrap items-center gap-3" aria-label="Combined status">
      {present.map(({ status, count }) => (
        <li key={status} className="flex items-center gap-1.5 text-sm text-stone-700">
          <StatusBadge status={status} /> {count}
        </li>
      ))}
    </ul>
  );
}

function RunGroupView() {
  const id = useRecordId();
  const edit = useEditDialog();
  const deletion = useDeleteAndLeave(LIST);
  const { data: group, error, reload } = useRequest<RunGroup>(id ? `run-groups/${id}` : null, edit.version);

  if (id === undefined) return null;
  if (id === null) return <LoadError what="run group" error={new Error('this page needs ?id= with the group’s number')} onRetry={() => window.location.assign(LIST)} />;
  if (error) return <LoadError what="run group" error={error} onRetry={reload} />;
  if (!group) return <LoadingOverlay />;

  return (
    <div className="grid gap-6">
      <Card title={group.name} description={`Run group · created ${formatDateTime(group.createdAt)}`} actions={<EditDeleteActions onEdit={edit.open} onDelete={deletion.ask} />}>
        {group.description && <p className="mb-4 whitespace-pre-line text-sm text-stone-700">{group.description}</p>}
        <CombinedStatus groupId={group.id} refreshKey={edit.version} />
      </Card>
      <section aria-label="Runs">
        <h2 className="mb-2 text-lg font-semibold text-stone-900">Runs</h2>
        <RunsTable fixedFilters={{ groupId: String(group.id) }} />
      </section>
      <Suspense fallback={null}>
        <GroupResults groupId={group.id} refreshKey={edit.version} />
      </Suspense>
      {edit.editing && (
        <Suspense fallback={null}>
          <RunGroupDialog group={group} onClose={edit.close} onSaved={edit.saved} />
        </Suspense>
      )}
      <DeleteAndLeaveDialog deletion={deletion} title="Delete this run group?" path={`run-groups/${group.id}`} done={`Deleted run group ${group.name}; its runs are kept`}>
        {group.name} will be deleted. Its runs are kept, without a group.
      </DeleteAndLeaveDialog>
    </div>
  );
}

/** `/pipeline-group/view?id=`: one group, its runs and their combined status. */
export default function RunGroupViewPage() {
  return (
    <ConsoleShell title="Run group" route={ROUTES.runGroupView} backHref={LIST} backLabel="Run Groups" actions={<LiveStatus />}>
      <RunGroupView />
    </ConsoleShell>
  );
}
