import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { ListDefinition, ListOption } from '../../../contract/list-definitions';
import type { Page } from '../../../contract/paging';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useRequest } from '../../lib/use-request';
import { Button } from '../Button';
import { LoadError } from '../LoadError';
import { type TableFilter, toolbarFilters } from './list-columns';
import { Pager } from './Pager';
import { apiQuery, useTableState } from './table-state';

/**
 * What a box shows as the reader types, passed to `onSettle` once typing pauses for 300 ms. A new
 * `value` from elsewhere (the filters cleared, the address changed) replaces what was typed.
 */
function useTypedValue(value: string, onSettle: (typed: string) => void, trim: boolean) {
  const [typed, setTyped] = useState(value);
  const [lastValue, setLastValue] = useState(value);
  const asSent = (text: string) => (trim ? text.trim() : text);
  if (value !== lastValue) {
    setLastValue(value);
    if (asSent(typed) !== value) setTyped(value);
  }
  const settled = useDebouncedValue(typed, 300);
  const toSend = settled === typed && asSent(settled) !== value ? asSent(settled) : null;
  // Sent once each time typing settles on something new, however often the caller's callback changes.
  const latestOnSettle = useRef(onSettle);
  useEffect(() => {
    latestOnSettle.current = onSettle;
  });
  useEffect(() => {
    if (toSend !== null) latestOnSettle.current(toSend);
  }, [toSend]);
  return [typed, setTyped] as const;
}

/** A typed filter, sent 300 ms after the last key like the search box. */
function TextFilter({ id, value, placeholder, onChange }: { id: string; value: string; placeholder?: string | undefined; onChange: (value: string) => void }) {
  const [text, setText] = useTypedValue(value, onChange, true);
  return (
    <input
      id={id}
      type="text"
      value={text}
      placeholder={placeholder}
      onChange={(event) => setText(event.target.value)}
      className="mt-1 block w-28 rounded-md border border-stone-300 bg-white px-2 py-1.5 text-sm text-stone-800"
    />
  );
}

/** One filter of the toolbar, as its definition's variant says: typed text, a date or a choice. */
function FilterInput({ id, filter, value, onChange }: { id: string; filter: TableFilter; value: string; onChange: (value: string) => void }) {
  return (
    <label htmlFor={id} className="max-w-full min-w-0 text-xs font-medium text-stone-600">
      {filter.label}
      {filter.variant === 'text' ? (
        <TextFilter id={id} value={value} placeholder={filter.placeholder} onChange={onChange} />
      ) : filter.variant === 'date' ? (
        <input
          id={id}
          type="date"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className="mt-1 block rounded-md border border-stone-300 bg-white px-2 py-1.5 text-sm text-stone-800"
        />
      ) : (
        <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className="mt-1 block rounded-md border border-stone-300 bg-white px-2 py-2 text-sm text-stone-800">
          <option value="">All</option>
          {(filter.options ?? []).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </label>
  );
}

/** The list a table shows, from its definition (src/contract/list-definitions.ts). */
interface ListSource<Sort extends string, Filter extends string> {
  /** The list: its path, sort fields, default order and filters. */
  list: ListDefinition<Sort, Filter>;
  /** Its path when the definition's has a placeholder (a run's tasks: runs/7/tasks). */
  path?: string;
  /** The sort a first view shows, when it is not the API's default (benchmarks: by launch). */
  defaultSort?: NoInfer<Sort>;
  /** The order a first view shows, when it is not the API's default (tracked MLflow runs: newest first). */
  defaultOrder?: 'asc' | 'desc';
  /** Whether the toolbar offers the definition's filters (a list embedded in another page may leave them out). */
  withFilters?: boolean;
  /** The choices of filters whose options are other records (pipelines, run groups), by filter name. */
  filterOptions?: Partial<Record<Filter, readonly ListOption[]>>;
}

export type DataTableProps<Row, Filter extends string = string, Sort extends string = string> = ListSource<Sort, Filter> & {
  /** What a row is, plural, for messages: 'accessions'. */
  what: string;
  /** The list's columns, made with `listColumns(definition)`, and display columns. */
  columns: Array<ColumnDef<Row, unknown>>;
  searchPlaceholder: string;
  /** Shown when there are no rows at all: what to do next. */
  emptyHint: ReactNode;
  /** Changing it reloads the current page (after a create, edit or delete). */
  refreshKey?: unknown;
  /** Filters the reader cannot change (a project's experiments). */
  fixedFilters?: Record<string, string>;
  /** Whether search, sort, filters and page live in the address (a page's own list) or stay with the table (one embedded in another page). */
  urlState: boolean;
  /** Called with each page loaded and when it was asked for (e.g. to learn which runs it shows, and what it may not show yet). */
  onData?: (rows: Row[], requestedAt: number) => void;
  /** A newer version of a row than the page loaded (a run pushed by the live stream), or the row itself. */
  rowOverride?: (row: Row) => Row;
};

/** Path, sort fields, default order and toolbar filters, from the definition unless the table says otherwise. */
function sourceOf<Sort extends string, Filter extends string>({ list, path, defaultSort, defaultOrder, withFilters, filterOptions }: ListSource<Sort, Filter>) {
  return {
    path: path ?? list.path,
    sortable: list.sortable,
    defaultSort: defaultSort ?? list.defaultSort,
    defaultOrder: defaultOrder ?? list.defaultOrder,
    filters: withFilters === false ? [] : toolbarFilters(list, filterOptions ?? {}),
  };
}

function recordKey(row: unknown, index: number): string {
  const id = typeof row === 'object' && row !== null && 'id' in row ? row.id : undefined;
  return typeof id === 'number' || typeof id === 'string' ? String(id) : `#${index}`;
}

/** The one table of the console: server-side search, sort, filters and paging, state in the URL. */
export function DataTable<Row, Filter extends string = string, Sort extends string = string>(props: DataTableProps<Row, Filter, Sort>) {
  const { what, columns, searchPlaceholder, emptyHint, refreshKey, fixedFilters, urlState, onData, rowOverride } = props;
  const { path, sortable, defaultSort, defaultOrder, filters } = sourceOf(props);
  const [state, update, ready] = useTableState({ sort: defaultSort, order: defaultOrder, sortable, filterNames: filters.map((filter) => filter.name) }, urlState);
  const [search, setSearch] = useTypedValue(state.q, (q) => update({ q, page: 0 }), false);
  const [showFilters, setShowFilters] = useState(false);

  const { data: lastData, requestedAt, error, loading, reload } = useRequest<Page<Row>>(ready ? `${path}?${apiQuery({ ...state, filters: { ...state.filters, ...fixedFilters } })}` : null, refreshKey);
  // A failed load shows its error alone: the rows of an earlier search are not the answer to this one.
  const data = error ? undefined : lastData;
  useEffect(() => {
    if (data) onData?.(data.data, requestedAt ?? 0);
  }, [data, requestedAt, onData]);
  const rows = useMemo(() => (rowOverride ? (data?.data ?? []).map(rowOverride) : (data?.data ?? [])), [data, rowOverride]);
  // Rows keep their React state (an open menu) by their record's id, not their place: a live
  // re-read that puts a new run first must not move an open menu onto another run.
  const table = useReactTable({ data: rows, columns, getRowId: recordKey, getCoreRowModel: getCoreRowModel(), manualPagination: true, manualSorting: true });
  const pagination = data?.pagination;
  const filtered = Boolean(state.q || Object.values(state.filters).some(Boolean));
  const filtersSet = Object.values(state.filters).filter(Boolean).length;

  const toggleSort = (id: string) => update(state.sort === id ? { order: state.order === 'asc' ? 'desc' : 'asc', page: 0 } : { sort: id, order: 'asc', page: 0 });

  // A list embedded in a record's page with nothing in it at all shows only what to do next: a
  // search box and column heads over no rows read as if a search had found nothing. A page's own
  // list keeps its toolbar where it is, under the reader's cursor while the first answer comes.
  if (!urlState && data && data.pagination.totalCount === 0 && !filtered) {
    return (
      <div className="min-w-0 rounded-xl bg-white px-4 py-10 text-center text-sm text-stone-600 shadow-sm ring-1 ring-stone-200" role="status">
        {emptyHint}
      </div>
    );
  }

  return (
    // min-w-0: the table scrolls in its own box below; the page keeps the screen's width.
    <div className="min-w-0 rounded-xl bg-white shadow-sm ring-1 ring-stone-200">
      <div className="flex flex-wrap items-end gap-3 border-b border-stone-100 p-4">
        <label className="min-w-48 flex-1">
          <span className="sr-only">Search {what}</span>
          <input
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={searchPlaceholder}
            className="w-full rounded-md border border-stone-300 px-3 py-2 text-sm outline-none focus:border-emerald-600 focus:ring-2 focus:ring-emerald-100"
          />
        </label>
        {/* On a phone, more than one filter folds behind a button, so that the first screen shows rows and not only filters. */}
        {filters.length > 1 && (
          <Button size="sm" className="sm:hidden" aria-expanded={showFilters} aria-controls={`${path}-filters`} onClick={() => setShowFilters((shown) => !shown)}>
            {showFilters ? 'Hide filters' : 'Filters'}
            {filtersSet > 0 && ` · ${filtersSet} set`}
          </Button>
        )}
        <div id={`${path}-filters`} className={filters.length > 1 && !showFilters ? 'hidden sm:contents' : 'contents'}>
          {filters.map((filter) => (
            <FilterInput
              key={filter.name}
              id={`${path}-filter-${filter.name}`}
              filter={filter}
              value={state.filters[filter.name] ?? ''}
              onChange={(value) => update({ filters: { ...state.filters, [filter.name]: value }, page: 0 })}
            />
          ))}
        </div>
      </div>

      {error && (
        <div className="grid gap-2 p-4">
          <LoadError what={what} error={error} onRetry={reload} />
          {filtered && (
            <button type="button" className="justify-self-start text-sm font-medium text-emerald-700 hover:underline" onClick={() => update({ q: '', filters: {}, page: 0 })}>
              Clear the search and filters
            </button>
          )}
        </div>
      )}

      <div className="scroll-hint overflow-x-auto">
        <table className="w-full text-left text-sm" aria-busy={loading}>
          <thead className="bg-stone-50 text-xs uppercase tracking-wide text-stone-500">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const canSort = sortable.some((field) => field === header.column.id);
                  const active = state.sort === header.column.id;
                  const label = flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th key={header.id} scope="col" className="px-4 py-2.5 font-medium whitespace-nowrap" aria-sort={active ? (state.order === 'asc' ? 'ascending' : 'descending') : undefined}>
                      {canSort ? (
                        <button type="button" onClick={() => toggleSort(header.column.id)} className="inline-flex items-center gap-1 uppercase hover:text-stone-900">
                          {label}
                          <span aria-hidden="true" className={active ? 'text-emerald-700' : 'text-stone-300'}>
                            {active && state.order === 'desc' ? '▼' : '▲'}
                          </span>
                        </button>
                      ) : (
                        label
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody className="divide-y divide-stone-100">
            {loading && !data
              ? Array.from({ length: 5 }, (_, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing but their place
                  <tr key={index} data-testid="skeleton-row">
                    {columns.map((_, cell) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells likewise
                      <td key={cell} className="px-4 py-3">
                        <div className="h-3.5 animate-pulse rounded bg-stone-200" />
                      </td>
                    ))}
                  </tr>
                ))
              : table.getRowModel().rows.map((row) => (
                  <tr key={row.id} className="hover:bg-stone-50">
                    {row.getVisibleCells().map((cell) => (
                      <td key={cell.id} className="px-4 py-2.5 text-stone-700">
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </td>
                    ))}
                  </tr>
                ))}
          </tbody>
        </table>
      </div>

      {data && data.data.length === 0 && (
        <div className="px-4 py-10 text-center text-sm text-stone-600" role="status">
          {filtered ? (
            <>
              No {what} match these filters.{' '}
              <button type="button" className="font-medium text-emerald-700 hover:underline" onClick={() => update({ q: '', filters: {}, page: 0 })}>
                Clear the search and filters
              </button>
            </>
          ) : (
            emptyHint
          )}
        </div>
      )}

      {pagination && pagination.totalCount > 0 && (
        <Pager
          label={`Pages of ${what}`}
          pagination={pagination}
          page={state.page}
          onPage={(page) => update({ page })}
          pageSizeChoice={{ pageSize: state.pageSize, onPageSize: (pageSize) => update({ pageSize, page: 0 }) }}
        />
      )}
    </div>
  );
}
