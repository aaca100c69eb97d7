import type { ColumnDef } from '@tanstack/react-table';
import { useCallback, useMemo, useRef, useState } from 'react';
import { TERMINAL_RUN_STATUSES } from '../../../contract/run-codes';
import type { Page } from '../../../contract/paging';
import type { PipelineList } from '../../../contract/pipelines';
import type { RunGroup, RunSummary } from '../../../contract/runs';
import { compareRoute, relaunchRoute, ROUTES, viewRoute } from '../../app/routes';
import { formatDateTime, formatDuration } from '../../lib/format';
import { useLiveRefresh } from '../../lib/live-events';
import { useRequest } from '../../lib/use-request';
import { Button } from '../../ui/Button';
import { displayColumn, LazyDataTable } from '../../ui/data-table/LazyDataTable';
import { listColumns } from '../../ui/data-table/list-columns';
import { ViewLink } from '../../ui/ViewLink';
import { LISTS } from '../../../contract/list-definitions';
import { RowMenu } from '../../ui/RowMenu';
import { LazyRunChangeDialogs } from './LazyRunChangeDialogs';
import type { RunChange } from './run-changes';
import { ProgressBar, StatusBadge } from './status';

/** A row of the runs table: the API's run summary. */
export type RunRow = RunSummary;

export const RUN_VIEW_ROUTE = ROUTES.runView;
const listColumn = listColumns<RunRow, typeof LISTS.runs>(LISTS.runs);
/** Start to end, or to now while it runs; null before it starts. */
const durationOf = (run: RunRow) => (run.startedAt ? (run.completedAt ? Date.parse(run.completedAt) : Date.now()) - Date.parse(run.startedAt) : null);
const isOpen = (run: RunRow) => !TERMINAL_RUN_STATUSES.has(run.status);

interface ColumnContext {
  pipelineLabels: ReadonlyMap<string, string>;
  selected: ReadonlyMap<number, RunRow>;
  toggle: (runs: RunRow[], on: boolean) => void;
  act: (change: RunChange) => void;
}

function columns({ pipelineLabels, selected, toggle, act }: ColumnContext): Array<ColumnDef<RunRow, unknown>> {
  return [
    displayColumn<RunRow>({
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
    listColumn('name', {
      cell: ({ row }) => (
        <>
          <ViewLink route={RUN_VIEW_ROUTE} id={row.original.id} className="font-medium">
            {row.original.name}
          </ViewLink>
          {/* On a phone the Status column is off to the right: the status goes under the name too. */}
          <StatusBadge status={row.original.status} phoneOnly />
        </>
      ),
    }),
    listColumn('pipelineId', {
      cell: ({ row }) => (
        <span className="whitespace-nowrap" title={row.original.pipelineId}>
          {pipelineLabels.get(row.original.pipelineId) ?? row.original.pipelineId}
        </span>
      ),
    }),
    listColumn('status', { cell: ({ row }) => <StatusBadge status={row.original.status} /> }),
    listColumn('progress', {
      cell: ({ row }) => (
        <ProgressBar
          done={row.original.progress.done}
          total={row.original.progress.total}
          failed={row.original.progress.failed}
          label={`${row.original.name} tasks done`}
          status={row.original.status}
        />
      ),
    }),
    listColumn('group', { cell: ({ row }) => row.original.groupName ?? <span className="text-stone-400">—</span> }),
    listColumn('launchedBy', { value: (row) => row.launchedBy?.name || row.launchedBy?.email || '—' }),
    listColumn('submittedAt', { cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.submittedAt)}</span> }),
    listColumn('duration', { value: durationOf, cell: ({ row }) => formatDuration(durationOf(row.original)) }),
    displayColumn<RunRow>({
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
  // Runs the stream pushed (progress), each with when it arrived: newer than a page asked for before.
  const [latest, setLatest] = useState<ReadonlyMap<number, { run: RunRow; at: number }>>(new Map());
  const shown = useRef(new Set<number>());
  // When an event last came about each run not on the page: a page asked for before that shows it
  // as it was before the event (a run that ended while the list loaded), so it is read again.
  const unseen = useRef(new Map<number, number>());
  const { key, refresh: readAgain } = useLiveRefresh((event) => {
    if (event.type === 'ready') return true;
    if (event.type === 'run' && event.created) return true;
    const id = event.type === 'run' ? event.run.id : event.id;
    if (!shown.current.has(id)) {
      unseen.current.set(id, Date.now());
      return false;
    }
    if (event.type !== 'run') return true;
    const at = Date.now();
    setLatest((previous) => new Map(previous).set(id, { run: event.run, at }));
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
  const onData = useCallback(
    (rows: RunRow[], requestedAt: number) => {
      shown.current = new Set(rows.map((row) => row.id));
      // An event that arrived by the time the page was asked for is in it (the server had sent it,
      // so its change came first); one that arrived after may be newer than the page.
      setLatest((previous) => {
        const kept = [...previous].filter(([id, pushed]) => shown.current.has(id) && pushed.at > requestedAt);
        return kept.length === previous.size ? previous : new Map(kept);
      });
      const stale = rows.some((row) => (unseen.current.get(row.id) ?? Number.NEGATIVE_INFINITY) > requestedAt);
      for (const [id, at] of unseen.current) if (at <= requestedAt) unseen.current.delete(id);
      if (stale) readAgain();
    },
    [readAgain],
  );
  const rowOverride = useCallback((row: RunRow) => latest.get(row.id)?.run ?? row, [latest]);

  const pipelines = useRequest<PipelineList>('pipelines');
  const groups = useRequest<Page<RunGroup>>(withFilters ? 'run-groups?pageSize=1000&sort=name' : null);
  const pipelineLabels = useMemo(() => new Map((pipelines.data?.data ?? []).map((pipeline) => [pipeline.id, pipeline.label])), [pipelines.data]);
  const tableColumns = useMemo(() => columns({ pipelineLabels, selected, toggle, act: setChange }), [pipelineLabels, selected, toggle]);
  const filterOptions = {
    pipelineId: (pipelines.data?.data ?? []).map((pipeline) => ({ value: pipeline.id, label: pipeline.label })),
    groupId: (groups.data?.data ?? []).map((group) => ({ value: String(group.id), label: group.name })),
  };
  const chosen = [...selected.values()].map((run) => latest.get(run.id)?.run ?? run);
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
              href={compareRoute(
                ROUTES.runCompare,
                chosen.map((run) => run.id),
              )}
            >
              Compare
            </a>
          )}
          <Button size="sm" variant="ghost" onClick={() => setSelected(new Map())}>
            Clear
          </Button>
        </div>
      )}
      <LazyDataTable<RunRow>
        list={LISTS.runs}
        what="runs"
        columns={tableColumns}
        withFilters={withFilters}
        filterOptions={filterOptions}
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
      <LazyRunChangeDialogs
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
