import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { TASK_SORT_FIELDS, TASK_STATUSES } from '../../../contract/run-codes';
import type { RunTask, RunTaskDetail } from '../../../contract/runs';
import { formatBytes, formatDuration } from '../../lib/format';
import { useRequest } from '../../lib/use-request';
import { LoadError } from '../../ui/LoadError';
import { Button } from '../../ui/Button';
import { DataTable } from '../../ui/data-table/DataTable';
import { Dialog } from '../../ui/Dialog';
import { Facts } from '../../ui/Facts';

const STATUS_TONE: Record<string, string> = { COMPLETED: 'text-emerald-700', FAILED: 'text-red-700', ABORTED: 'text-red-700', RUNNING: 'text-blue-700', CACHED: 'text-stone-600' };
const column = createColumnHelper<RunTask>();
const dash = <span className="text-stone-400">—</span>;
const moment = (epochMs: number | null) => (epochMs === null ? '—' : new Date(epochMs).toLocaleString());

function columns(open: (task: RunTask) => void) {
  return [
    column.accessor('taskId', { id: 'taskId', header: '#' }),
    column.accessor('process', { id: 'process', header: 'Process', cell: (info) => <span className="whitespace-nowrap font-mono text-xs">{info.getValue()}</span> }),
    column.accessor('name', {
      id: 'name',
      header: 'Task',
      cell: (info) => (
        <button type="button" className="whitespace-nowrap text-left font-mono text-xs text-emerald-800 hover:underline" onClick={() => open(info.row.original)}>
          {info.getValue()}
        </button>
      ),
    }),
    column.accessor('status', {
      id: 'status',
      header: 'Status',
      cell: (info) => <span className={`text-xs font-semibold ${STATUS_TONE[info.getValue()] ?? 'text-stone-700'}`}>{info.getValue()}</span>,
    }),
    column.accessor('exit', { id: 'exit', header: 'Exit', enableSorting: false, cell: (info) => info.getValue() ?? dash }),
    column.accessor('duration', { id: 'duration', header: 'Duration', cell: (info) => formatDuration(info.getValue()) }),
    column.accessor('realtime', { id: 'realtime', header: 'Realtime', cell: (info) => formatDuration(info.getValue()) }),
    column.accessor('cpuPercent', { id: 'cpuPercent', header: '% CPU', cell: (info) => (info.getValue() === null ? dash : `${info.getValue()} %`) }),
    column.accessor('peakRss', { id: 'peakRss', header: 'Peak memory', cell: (info) => (info.getValue() === null ? dash : formatBytes(info.getValue()!)) }),
  ] as Array<ColumnDef<RunTask, unknown>>;
}

const DETAIL_LABELS: Array<[string, string, (value: unknown) => string]> = [
  ['tag', 'Tag', String],
  ['attempt', 'Attempt', String],
  ['container', 'Container', String],
  ['native_id', 'Executor job id', String],
  ['queue', 'Queue', String],
  ['cpus', 'CPUs asked', String],
  ['memory', 'Memory asked', (value) => formatBytes(Number(value))],
  ['time', 'Time asked', (value) => formatDuration(Number(value))],
  ['%mem', '%Memory', (value) => `${value} %`],
  ['rchar', 'Read', (value) => formatBytes(Number(value))],
  ['wchar', 'Written', (value) => formatBytes(Number(value))],
  ['error_action', 'On error', String],
];

/** Everything the weblog said of one task: its columns at once, the rest (script, container, resources asked) as it loads. */
function TaskDetail({ runId, task, onClose }: { runId: number; task: RunTask; onClose: () => void }) {
  const detail = useRequest<RunTaskDetail>(`runs/${runId}/tasks/${task.taskId}`);
  const details = detail.data?.details ?? {};
  return (
    <Dialog title={<span className="font-mono text-base">{task.name}</span>} label={`Task ${task.name}`} maxWidth="2xl" onClose={onClose} footer={<Button onClick={onClose}>Close</Button>}>
      <Facts
        items={[
          ['Task', `#${task.taskId} of process ${task.process}`],
          ['Status', task.status],
          ['Exit', task.exit ?? '—'],
          ['Hash', task.hash ?? '—'],
          ['Submitted', moment(task.submit)],
          ['Started', moment(task.start)],
          ['Completed', moment(task.complete)],
          ['Duration', `${formatDuration(task.duration)} (submit to complete)`],
          ['Realtime', `${formatDuration(task.realtime)} (start to complete)`],
          ['%CPU', task.cpuPercent === null ? '—' : `${task.cpuPercent} %`],
          ['Peak memory', task.peakRss === null ? '—' : formatBytes(task.peakRss)],
          [
            'Work directory',
            task.workdir ? (
              <code key="workdir" className="break-all text-xs">
                {task.workdir}
              </code>
            ) : (
              '—'
            ),
          ],
        ]}
      />
      {detail.error ? (
        <LoadError what="the rest of the task" error={detail.error} onRetry={detail.reload} />
      ) : (
        <>
          <Facts items={DETAIL_LABELS.filter(([key]) => details[key] !== undefined).map(([key, label, format]) => [label, format(details[key])])} />
          {typeof details.script === 'string' && (
            <div className="grid gap-1">
              <span className="text-xs font-medium uppercase tracking-wide text-stone-500">Script</span>
              <pre className="max-h-64 overflow-auto rounded-lg bg-stone-900 p-3 font-mono text-xs text-stone-100">{details.script}</pre>
            </div>
          )}
        </>
      )}
    </Dialog>
  );
}

/** Every task the weblog reported: searched, filtered by status and process, sorted and paged on the server; a task's name opens its detail. */
export function TasksTable({ runId, refreshKey, processes }: { runId: number; refreshKey: unknown; processes: string[] }) {
  const [shown, setShown] = useState<RunTask | null>(null);
  const [tableColumns] = useState(() => columns(setShown));
  return (
    <>
      <DataTable<RunTask>
        path={`runs/${runId}/tasks`}
        what="tasks"
        columns={tableColumns}
        sortable={TASK_SORT_FIELDS}
        defaultSort="taskId"
        filters={[
          { name: 'status', label: 'Status', options: TASK_STATUSES.map((status) => ({ value: status, label: status.charAt(0) + status.slice(1).toLowerCase() })) },
          { name: 'process', label: 'Process', options: processes.map((process) => ({ value: process, label: process })) },
        ]}
        searchPlaceholder="Search tasks by name or process"
        emptyHint="No task has been reported yet."
        urlState={false}
        refreshKey={refreshKey}
      />
      {shown && <TaskDetail runId={runId} task={shown} onClose={() => setShown(null)} />}
    </>
  );
}
