import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { LISTS } from '../../../contract/list-definitions';
import type { RunTask, RunTaskDetail } from '../../../contract/runs';
import { formatBytes, formatDuration } from '../../lib/format';
import { useRequest } from '../../lib/use-request';
import { LoadError } from '../../ui/LoadError';
import { Button } from '../../ui/Button';
import { DataTable } from '../../ui/data-table/DataTable';
import { listColumns } from '../../ui/data-table/list-columns';
import { Dialog } from '../../ui/Dialog';
import { Facts } from '../../ui/Facts';

const STATUS_TONE: Record<string, string> = { COMPLETED: 'text-emerald-700', FAILED: 'text-red-700', ABORTED: 'text-red-700', RUNNING: 'text-blue-700', CACHED: 'text-stone-600' };
const dash = <span className="text-stone-400">—</span>;
const moment = (epochMs: number | null) => (epochMs === null ? '—' : new Date(epochMs).toLocaleString());

const column = listColumns<RunTask, typeof LISTS.tasks>(LISTS.tasks);

function columns(open: (task: RunTask) => void): Array<ColumnDef<RunTask, unknown>> {
  return [
    column('taskId'),
    column('process', { cell: (info) => <span className="whitespace-nowrap font-mono text-xs">{String(info.getValue())}</span> }),
    column('name', {
      cell: (info) => (
        <button type="button" className="whitespace-nowrap text-left font-mono text-xs text-emerald-800 hover:underline" onClick={() => open(info.row.original)}>
          {info.row.original.name}
        </button>
      ),
    }),
    column('status', { cell: (info) => <span className={`text-xs font-semibold ${STATUS_TONE[info.row.original.status] ?? 'text-stone-700'}`}>{info.row.original.status}</span> }),
    column('exit', { cell: (info) => info.row.original.exit ?? dash }),
    column('duration', { cell: (info) => formatDuration(info.row.original.duration) }),
    column('realtime', { cell: (info) => formatDuration(info.row.original.realtime) }),
    column('cpuPercent', { cell: (info) => (info.row.original.cpuPercent === null ? dash : `${info.row.original.cpuPercent} %`) }),
    column('peakRss', { cell: (info) => (info.row.original.peakRss === null ? dash : formatBytes(info.row.original.peakRss)) }),
  ];
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
        list={LISTS.tasks}
        path={`runs/${runId}/tasks`}
        filterOptions={{ process: processes.map((process) => ({ value: process, label: process })) }}
        what="tasks"
        columns={tableColumns}
        searchPlaceholder="Search tasks by name or process"
        emptyHint="No task has been reported yet."
        urlState={false}
        refreshKey={refreshKey}
      />
      {shown && <TaskDetail runId={runId} task={shown} onClose={() => setShown(null)} />}
    </>
  );
}
