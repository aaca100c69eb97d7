import { LISTS } from '../../../contract/list-definitions';
import { ROUTES, viewRoute } from '../../app/routes';
import { lazy, Suspense, useState } from 'react';
import { ConsoleShell } from '../../app/ConsoleShell';
import { formatDateTime } from '../../lib/format';
import { Button } from '../../ui/Button';
import { LazyDataTable } from '../../ui/data-table/LazyDataTable';
import { listColumns } from '../../ui/data-table/list-columns';
import { ViewLink } from '../../ui/ViewLink';
import type { RunGroup } from '../../../contract/runs';

const RunGroupDialog = lazy(() => import('./RunGroupDialog'));
export const RUN_GROUP_VIEW = ROUTES.runGroupView;
const column = listColumns<RunGroup, (typeof LISTS)['run-groups']>(LISTS['run-groups']);
const columns = [
  column('name', {
    cell: ({ row }) => (
      <ViewLink route={RUN_GROUP_VIEW} id={row.original.id} className="font-medium">
        {row.original.name}
      </ViewLink>
    ),
  }),
  column('description', { cell: ({ row }) => row.original.description ?? <span className="text-stone-400">—</span> }),
  column('createdAt', { cell: ({ row }) => formatDateTime(row.original.createdAt) }),
];

/** `/pipeline-group/list`: named groups of runs (a breeding cycle, a benchmark campaign). */
export default function RunGroupsPage() {
  const [creating, setCreating] = useState(false);
  return (
    <ConsoleShell
      title="Run Groups"
      route={ROUTES.runGroups}
      actions={
        <Button variant="primary" onClick={() => setCreating(true)}>
          New run group
        </Button>
      }
    >
      <LazyDataTable<RunGroup>
        urlState
        list={LISTS['run-groups']}
        what="run groups"
        columns={columns}
        searchPlaceholder="Search name or description"
        emptyHint="No run groups yet. Create one here or from a launch form, then add runs to it when you launch them."
      />
      {creating && (
        <Suspense fallback={null}>
          <RunGroupDialog group={null} onClose={() => setCreating(false)} onSaved={(group) => window.location.assign(viewRoute(RUN_GROUP_VIEW, group.id))} />
        </Suspense>
      )}
    </ConsoleShell>
  );
}
