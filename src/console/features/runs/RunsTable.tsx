import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { useCallback, useMemo, useRef, useState } from 'react';
import { RUN_STATUSES, TERMINAL_RUN_STATUSES } from '../../../contract/run-codes';
import type { Page } from '../../../contract/paging';
import type { PipelineList } from '../../../contract/pipelines';
import type { RunGroup, RunSummary } from '../../../contract/runs';
import { relaunchRoute, ROUTES, viewRoute } from '../../app/routes';
import { formatDateTime, formatDuration } from '../../lib/format';
import { useLiveRefresh } from '../../lib/live-events';
import { useRequest } from '../../lib/use-request';
import { Button } from '../../ui/Button';
import { DataTable, type TableFilter } from '../../ui/data-table/DataTable';
import { RowMenu } from '../../ui/RowMenu';
import { type RunChange, RunChangeDialogs } from './run-changes';
import { ProgressBar, StatusBadge } from './status';

/** A row of the runs table: the API's run summary. */
export type RunRow = RunSummary;

export const RUN_VIEW_ROUTE = ROUTES.runView;
const column = createColumnHelper<RunRow>();
const isOpen = (run: RunRow) => !TERMINAL_RUN_STATUSES.has(run.status);

interface ColumnContext {
  pipelineLabels: ReadonlyMap<string, string>;
  selected: ReadonlyMap<number, RunRow>;
  toggle: (runs: RunRow[], on: boolean) => void;
  act: (change: RunChange) => void;
}

function columns({ pipelineLabels, selected, toggle, act }: ColumnContext): Array<ColumnDef<RunRow, unknown>> {
  return [
    column.display({
      id: 'select',
      header: ({ table }) => {
        const rows = table.getRowModel().rows.map((row) => row.original);
        const all = rows.length > 0 && rows.every((run) => selected.has(run.id));
        return <input type="checkbox" aria-label="Select every run on this page" checked={all} onChange={(event) => toggle(rows, event.target.checked)} className="accent-emerald-700" />;
      },
      cell: (info) => (
        <input
          type="checkbox"
          aria-label={`Select ${info.row.original.name}`}
          checked={selected.has(info.row.original.id)}
          onChange={(event) => toggle([info.row.original], event.target.checked)}
          className="accent-emerald-700"
        />
      ),
    }),
    column.accessor('name', {
      id: 'name',
      header: 'Name',
      cell: (info) => (
        <a href={viewRoute(RUN_VIEW_ROUTE, info.row.original.id)} className="font-medium text-emerald-800 hover:underline">
          {info.getValue()}
        </a>
      ),
    }),
    column.accessor('pipelineId', {
      id: 'pipelineId',
      header: 'Pipeline',
      cell: (info) => (
        <span className="whitespace-nowrap" title={info.getValue()}>
          {pipelineLabels.get(info.getValue()) ?? info.getValue()}
        </span>
      ),
    }),
    column.accessor('status', { id: 'status', header: 'Status', cell: (info) => <StatusBadge status={info.getValue()} /> }),
    column.accessor('progress', {
      id: 'progress',
      header: 'Progress',
      enableSorting: false,
      cell: (info) => <ProgressBar done={info.getValue().done} total={info.getValue().total} failed={info.getValue().failed} label={`${info.row.original.name} tasks done`} />,
    }),
    column.accessor('groupName', { id: 'group', header: 'Run group', enableSorting: false, cell: (info) => info.getValue() ?? <span className="text-stone-400">—</span> }),
    column.accessor((row) => row.launchedBy?.name || row.launchedBy?.email || '—', { id: 'launchedBy', header: 'Launched by', enableSorting: false }),
    column.accessor('submittedAt', { id: 'submittedAt', header: 'Submitted', cell: (info) => <span className="whitespace-nowrap">{formatDateTime(info.getValue())}</span> }),
    column.accessor((row) => (row.startedAt ? (row.completedAt ? Date.parse(row.completedAt) : Date.now()) - Date.parse(row.startedAt) : null), {
      id: 'duration',
      header: 'Duration',
      enableSorting: false,
      cell: (info) => formatDuration(info.getValue()),
    }),
    column.display({
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      cell: (info) => {
        const run = info.row.original;
        return (
          <RowMenu
            label={`Actions for ${run.name}`}
            items={[
              { label: 'Open', href: viewRoute(RUN_VIEW_ROUTE, run.id) },
              { label: 'Relaunch', href: relaunchRoute(run.pipelineId, run.id) },
              { label: 'Run group…', onSelect: () => act({ kind: 'group', runs: [run] }) },
              { label: 'Labels…', onSelect: () => act({ kind: 'labels', runs: [run] }) },
              ...(isOpen(run) ? [{ label: 'Cancel run…', tone: 'danger' as const, onSelect: () => act({ kind: 'cancel', runs: [run] }) }] : []),
            ]}
          />
        );
      },
    }),
  ] as Array<ColumnDef<RunRow, unknown>>;
}

/**
 * Runs in the console's table, following the live stream: a run on the page is replaced by the
 * version the stream pushes (progress), and a new or deleted run, or a status change, reads the
 * page again (at most twice a second). Rows can be selected, across pages, to cancel them or put
 * them into a run group at once; each row's other actions are in its menu.
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
  const [selected, setSelected] = useState<ReadonlyMap<number, RunRow>>(new Map());
  const [change, setChange] = useState<RunChange | null>(null);
  const toggle = useCallback((rows: RunRow[], on: boolean) => {
    setSelected((previous) => {
      const next = new Map(previous);
      for (const run of rows) on ? next.set(run.id, run) : next.delete(run.id);
      return next;
    });
  }, []);
  const onData = useCallback((rows: RunRow[]) => {
    shown.current = new Set(rows.map((row) => row.id));
    // The page just read is newer than anything pushed before it.
    setLatest(new Map());
  }, []);
  const rowOverride = useCallback((row: RunRow) => latest.get(row.id) ?? row, [latest]);

  const pipelines = useRequest<PipelineList>('pipelines');
  const groups = useRequest<Page<RunGroup>>(withFilters ? 'run-groups?pageSize=1000&sort=name' : null);
  const pipelineLabels = useMemo(() => new Map((pipelines.data?.data ?? []).map((pipeline) => [pipeline.id, pipeline.label])), [pipelines.data]);
  const tableColumns = useMemo(() => columns({ pipelineLabels, selected, toggle, act: setChange }), [pipelineLabels, selected, toggle]);
  const filters: TableFilter[] = withFilters
    ? [
        { name: 'status', label: 'Status', options: RUN_STATUSES.map((status) => ({ value: status, label: status.charAt(0) + status.slice(1).toLowerCase() })) },
        { name: 'pipelineId', label: 'Pipeline', options: (pipelines.data?.data ?? []).map((pipeline) => ({ value: pipeline.id, label: pipeline.label })) },
        { name: 'groupId', label: 'Run group', options: (groups.data?.data ?? []).map((group) => ({ value: String(group.id), label: group.name })) },
        { name: 'mine', label: 'Launched by', options: [{ value: 'true', label: 'Me' }] },
        { name: 'after', label: 'Submitted from', type: 'date' },
        { name: 'before', label: 'Before', type: 'date' },
      ]
    : [];
  const chosen = [...selected.values()].map((run) => latest.get(run.id) ?? run);
  const cancellable = chosen.filter(isOpen);
  return (
    <div className="grid gap-3">
      {chosen.length > 0 && (
        <div role="toolbar" aria-label="Selected runs" className="flex flex-wrap items-center gap-2 rounded-lg bg-emerald-50 px-4 py-2 text-sm text-emerald-950 ring-1 ring-emerald-200">
          <span className="font-medium">{chosen.length === 1 ? '1 run selected' : `${chosen.length} runs selected`}</span>
          <Button size="sm" onClick={() => setChange({ kind: 'group', runs: chosen })}>
            Run group…
          </Button>
          <Button
            size="sm"
            disabled={cancellable.length === 0}
            title={cancellable.length === 0 ? 'None of them is still going' : undefined}
            onClick={() => setChange({ kind: 'cancel', runs: cancellable })}
          >
            {cancellable.length === chosen.length || cancellable.length === 0 ? 'Cancel…' : `Cancel the ${cancellable.length} still going…`}
          </Button>
          {chosen.length >= 2 && (
            <a
              className="rounded-md px-2.5 py-1.5 text-xs font-semibold text-stone-700 ring-1 ring-stone-300 hover:bg-white"
              href={`${ROUTES.runCompare}?ids=${chosen.map((run) => run.id).join(',')}`}
            >
              Compare
            </a>
          )}
          <Button size="sm" variant="ghost" onClick={() => setSelected(new Map())}>
            Clear
          </Button>
        </div>
      )}
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
      <RunChangeDialogs
        change={change}
        onClose={() => setChange(null)}
        onDone={() => {
          setSelected(new Map());
          setRefresh((value) => value + 1);
        }}
      />
    </div>
  );
}
