import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import type { RunTask } from '../../../contract/runs';
import { formatBytes, formatDuration } from '../../lib/format';
import { DataTable } from '../../ui/data-table/DataTable';

const STATUS_TONE: Record<string, string> = { COMPLETED: 'text-emerald-700', FAILED: 'text-red-700', ABORTED: 'text-red-700', RUNNING: 'text-blue-700', CACHED: 'text-stone-600' };
const column = createColumnHelper<RunTask>();
const dash = <span className="text-stone-400">—</span>;
const columns = [
  column.accessor('taskId', { id: 'taskId', header: '#', enableSorting: false }),
  column.accessor('hash', { id: 'hash', header: 'Hash', enableSorting: false, cell: (info) => <span className="font-mono text-xs">{info.getValue() ?? '—'}</span> }),
  column.accessor('name', { id: 'name', header: 'Task', enableSorting: false, cell: (info) => <span className="whitespace-nowrap font-mono text-xs">{info.getValue()}</span> }),
  column.accessor('status', {
    id: 'status',
    header: 'Status',
    enableSorting: false,
    cell: (info) => <span className={`text-xs font-semibold ${STATUS_TONE[info.getValue()] ?? 'text-stone-700'}`}>{info.getValue()}</span>,
  }),
  column.accessor('exit', { id: 'exit', header: 'Exit', enableSorting: false, cell: (info) => info.getValue() ?? dash }),
  column.accessor('duration', { id: 'duration', header: 'Duration', enableSorting: false, cell: (info) => formatDuration(info.getValue()) }),
  column.accessor('realtime', { id: 'realtime', header: 'Realtime', enableSorting: false, cell: (info) => formatDuration(info.getValue()) }),
  column.accessor('cpuPercent', { id: 'cpu', header: '% CPU', enableSorting: false, cell: (info) => (info.getValue() === null ? dash : `${info.getValue()} %`) }),
  column.accessor('peakRss', { id: 'peakRss', header: 'Peak memory', enableSorting: false, cell: (info) => (info.getValue() === null ? dash : formatBytes(info.getValue()!)) }),
] as Array<ColumnDef<RunTask, unknown>>;

/** Every task the weblog reported, paged and searched on the server. */
export function TasksTable({ runId, refreshKey }: { runId: number; refreshKey: unknown }) {
  return (
    <DataTable<RunTask>
      path={`runs/${runId}/tasks`}
      what="tasks"
      columns={columns}
      sortable={[]}
      defaultSort="taskId"
      searchPlaceholder="Search tasks by name or process"
      emptyHint="No task has been reported yet."
      urlState={false}
      refreshKey={refreshKey}
    />
  );
}
