import { relaunchRoute, ROUTES } from '../../app/routes';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { useCallback, useMemo, useRef, useState } from 'react';
import { RUN_STATUSES, TERMINAL_RUN_STATUSES } from '../../../contract/run-codes';
import type { Page } from '../../../contract/paging';
import type { PipelineList } from '../../../contract/pipelines';
import type { RunGroup, RunSummary } from '../../../contract/runs';
import { notify } from '../../app/notify';
import { request } from '../../lib/api';
import { formatDateTime, formatDuration } from '../../lib/format';
import { useLiveRefresh } from '../../lib/live-events';
import { useRequest } from '../../lib/use-request';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DataTable, type TableFilter } from '../../ui/data-table/DataTable';
import { ProgressBar, StatusBadge } from './status';

/** A row of the runs table: the API's run summary. */
export type RunRow = RunSummary;

export const RUN_VIEW_ROUTE = ROUTES.runView;
const column = createColumnHelper<RunRow>();

function Actions({ run, onChange }: { run: RunRow; onChange: () => void }) {
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const cancel = async () => {
    setBusy(true);
    try {
      await request(`runs/${run.id}/cancel`, 'POST');
      notify.success(`Cancelled ${run.name}`);
      onChange();
    } catch (error) {
      notify.error(error);
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  return (
    <span className="flex justify-end gap-2">
      <a className="rounded-md px-2.5 py-1.5 text-xs font-semibold text-stone-700 ring-1 ring-stone-300 hover:bg-stone-50" href={relaunchRoute(run.pipelineId, run.id)}>
        Relaunch
      </a>
      {!TERMINAL_RUN_STATUSES.has(run.status) && (
        <Button size="sm" variant="danger" onClick={() => setConfirming(true)}>
          Cancel
        </Button>
      )}
      <ConfirmDialog open={confirming} title="Cancel this run?" confirmLabel="Cancel run" busy={busy} onCancel={() => setConfirming(false)} onConfirm={() => void cancel()}>
        {run.name} will be stopped; tasks running now are ended.
      </ConfirmDialog>
    </span>
  );
}

function columns(onChange: () => void): Array<ColumnDef<RunRow, unknown>> {
  return [
    column.accessor('name', {
      id: 'name',
      header: 'Name',
      cell: (info) => (
        <a href={`${RUN_VIEW_ROUTE}?id=${info.row.original.id}`} className="font-medium text-emerald-800 hover:underline">
          {info.getValue()}
        </a>
      ),
    }),
    column.accessor('pipelineId', { id: 'pipelineId', header: 'Pipeline', cell: (info) => <span className="whitespace-nowrap font-mono text-xs">{info.getValue()}</span> }),
    column.accessor('status', { id: 'status', header: 'Status', cell: (info) => <StatusBadge status={info.getValue()} /> }),
    column.accessor('progress', {
      id: 'progress',
      header: 'Progress',
      enableSorting: false,
      cell: (info) => <ProgressBar done={info.getValue().done} total={info.getValue().total} failed={info.getValue().failed} label={`${info.row.original.name} tasks done`} />,
    }),
    column.accessor('groupName', { id: 'group', header: 'Run group', enableSorting: false, cell: (info) => info.getValue() ?? <span className="text-stone-400">—</span> }),
    column.accessor((row) => row.launchedBy?.name || row.launchedBy?.email || '—', { id: 'launchedBy', header: 'Launched by', enableSorting: false }),
    column.accessor('submittedAt', { id: 'submittedAt', header: 'Submitted', cell: (info) => formatDateTime(info.getValue()) }),
    column.accessor((row) => (row.startedAt ? (row.completedAt ? Date.parse(row.completedAt) : Date.now()) - Date.parse(row.startedAt) : null), {
      id: 'duration',
      header: 'Duration',
      enableSorting: false,
      cell: (info) => formatDuration(info.getValue()),
    }),
    column.display({ id: 'actions', header: () => <span className="sr-only">Actions</span>, cell: (info) => <Actions run={info.row.original} onChange={onChange} /> }),
  ] as Array<ColumnDef<RunRow, unknown>>;
}

/**
 * Runs in the console's table, following the live stream: a run on the page is replaced by the
 * version the stream pushes (progress), and a new or deleted run, or a status change, reads the
 * page again (at most twice a second).
 */
export function RunsTable({ fixedFilters, withFilters = false }: { fixedFilters?: Record<string, string>; withFilters?: boolean }) {
  const [latest, setLatest] = useState<ReadonlyMap<number, RunRow>>(new Map());
  const shown = useRef(new Set<number>());
  const { key } = useLiveRefresh((event) => {
    if (event.type === 'deleted') return shown.current.has(event.id);
    // A new status may move the run out of a filter or to another place in the order.
    if (event.type === 'status') return shown.current.has(event.id);
    if (event.type !== 'run') return false;
    if (event.created) return true;
    if (shown.current.has(event.run.id)) setLatest((previous) => new Map(previous).set(event.run.id, event.run));
    return false;
  });
  const [refresh, setRefresh] = useState(0);
  const reload = useCallback(() => setRefresh((value) => value + 1), []);
  const tableColumns = useMemo(() => columns(reload), [reload]);
  const onData = useCallback((rows: RunRow[]) => {
    shown.current = new Set(rows.map((row) => row.id));
    // The page just read is newer than anything pushed before it.
    setLatest(new Map());
  }, []);
  const rowOverride = useCallback((row: RunRow) => latest.get(row.id) ?? row, [latest]);
  const pipelines = useRequest<PipelineList>(withFilters ? 'pipelines' : null);
  const groups = useRequest<Page<RunGroup>>(withFilters ? 'run-groups?pageSize=1000&sort=name' : null);
  const filters: TableFilter[] = withFilters
    ? [
        { name: 'status', label: 'Status', options: RUN_STATUSES.map((status) => ({ value: status, label: status.charAt(0) + status.slice(1).toLowerCase() })) },
        { name: 'pipelineId', label: 'Pipeline', options: (pipelines.data?.data ?? []).map((pipeline) => ({ value: pipeline.id, label: pipeline.label })) },
        { name: 'groupId', label: 'Run group', options: (groups.data?.data ?? []).map((group) => ({ value: String(group.id), label: group.name })) },
        { name: 'mine', label: 'Launched by', options: [{ value: 'true', label: 'Me' }] },
      ]
    : [];
  return (
    <DataTable<RunRow>
      path="runs"
      what="runs"
      columns={tableColumns}
      sortable={['name', 'pipelineId', 'status', 'submittedAt']}
      defaultSort="submittedAt"
      defaultOrder="desc"
      filters={filters}
      searchPlaceholder="Search runs, or status:running pipeline:nf-gdip label:… after:2026-01-01"
      emptyHint={
        <>
          No runs yet. Start one from the <strong>Launch</strong> menu.
        </>
      }
      refreshKey={`${refresh}/${key}`}
      rowOverride={rowOverride}
      {...(fixedFilters ? { fixedFilters } : {})}
      // The runs list keeps its state in the address; the runs of a project or group stay with their table.
      urlState={!fixedFilters}
      onData={onData}
    />
  );
}
