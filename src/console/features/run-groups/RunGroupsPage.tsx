import { RECORD_LISTS } from '../../../contract/record-lists';
import { ROUTES } from '../../app/routes';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { lazy, Suspense, useState } from 'react';
import { ConsoleShell } from '../../app/ConsoleShell';
import { formatDateTime } from '../../lib/format';
import { Button } from '../../ui/Button';
import { DataTable } from '../../ui/data-table/DataTable';
import type { RunGroup } from '../../../contract/runs';

const RunGroupDialog = lazy(() => import('./RunGroupDialog'));
export const RUN_GROUP_VIEW = ROUTES.runGroupView;
const column = createColumnHelper<RunGroup>();
const columns = [
  column.accessor('name', {
    id: 'name',
    header: 'Name',
    cell: (info) => (
      <a href={`${RUN_GROUP_VIEW}?id=${info.row.original.id}`} className="font-medium text-emerald-800 hover:underline">
        {info.getValue()}
      </a>
    ),
  }),
  column.accessor('description', { id: 'description', header: 'Description', enableSorting: false, cell: (info) => info.getValue() ?? <span className="text-stone-400">—</span> }),
  column.accessor('createdAt', { id: 'createdAt', header: 'Created', cell: (info) => formatDateTime(info.getValue()) }),
] as Array<ColumnDef<RunGroup, unknown>>;

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
      <DataTable<RunGroup>
        urlState
        path="run-groups"
        what="run groups"
        columns={columns}
        sortable={RECORD_LISTS['run-groups'].sortable}
        defaultSort={RECORD_LISTS['run-groups'].defaultSort}
        searchPlaceholder="Search name or description"
        emptyHint="No run groups yet. Create one here or from a launch form, then add runs to it when you launch them."
      />
      {creating && (
        <Suspense fallback={null}>
          <RunGroupDialog group={null} onClose={() => setCreating(false)} onSaved={(group) => window.location.assign(`${RUN_GROUP_VIEW}?id=${group.id}`)} />
        </Suspense>
      )}
    </ConsoleShell>
  );
}
