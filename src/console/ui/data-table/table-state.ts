import { useCallback, useEffect, useState } from 'react';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../../contract/paging';

export interface TableState {
  page: number;
  pageSize: number;
  sort: string;
  order: 'asc' | 'desc';
  q: string;
  filters: Record<string, string>;
}

const PAGE_SIZES = [25, 50, 100, 250] as const;
export { PAGE_SIZES };

/** A whole number within bounds, or the fallback (the URL is typed by people and other sites). */
function wholeNumber(value: string | null, min: number, max: number, fallback: number): number {
  if (value === null || !/^\d+$/.test(value)) return fallback;
  const number = Number(value);
  return number >= min && number <= max ? number : fallback;
}

function oneOf<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

/** Reads the table state from the query string; a bad value falls back to its default. */
export interface TableDefaults {
  sort: string;
  /** 'asc' unless the table says otherwise (runs: newest first). */
  order?: 'asc' | 'desc';
  filterNames: readonly string[];
  sortable: readonly string[];
}

export function parseTableState(search: string, defaults: TableDefaults): TableState {
  const params = new URLSearchParams(search);
  const filters: Record<string, string> = {};
  for (const name of defaults.filterNames) {
    const value = params.get(name);
    if (value) filters[name] = value.slice(0, 200);
  }
  return {
    page: wholeNumber(params.get('page'), 0, Number.MAX_SAFE_INTEGER, 0),
    pageSize: wholeNumber(params.get('pageSize'), 1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
    sort: oneOf(params.get('sort'), defaults.sortable, defaults.sort),
    order: oneOf(params.get('order'), ['asc', 'desc'] as const, defaults.order ?? 'asc'),
    q: (params.get('q') ?? '').slice(0, 200),
    filters,
  };
}

/** The query string for a state, leaving defaults out so shared links stay short. */
export function tableStateQuery(state: TableState, defaultSort: string, defaultOrder: 'asc' | 'desc' = 'asc'): string {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  for (const [name, value] of Object.entries(state.filters)) if (value) params.set(name, value);
  if (state.sort !== defaultSort) params.set('sort', state.sort);
  if (state.order !== defaultOrder) params.set('order', state.order);
  if (state.page > 0) params.set('page', String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(state.pageSize));
  return params.toString();
}

/** The API query for a state: always explicit. */
export function apiQuery(state: TableState): string {
  const params = new URLSearchParams({ page: String(state.page), pageSize: String(state.pageSize), sort: state.sort, order: state.order });
  if (state.q) params.set('q', state.q);
  for (const [name, value] of Object.entries(state.filters)) if (value) params.set(name, value);
  return params.toString();
}

/**
 * Table state kept in the URL, so a view can be bookmarked, shared and restored with Back.
 * A table embedded in another page (`syncUrl` false) keeps its state to itself.
 */
export function useTableState(defaults: TableDefaults, syncUrl = true) {
  const [state, setState] = useState<TableState>(() => parseTableState('', defaults));
  // The page is prerendered without its query string: nothing loads until the URL has been read.
  const [ready, setReady] = useState(!syncUrl);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once on mount; the defaults and syncUrl are constants of the page
  useEffect(() => {
    if (!syncUrl) return;
    const read = () => {
      setState(parseTableState(window.location.search, defaults));
      setReady(true);
    };
    read();
    window.addEventListener('popstate', read);
    return () => window.removeEventListener('popstate', read);
  }, []);
  const update = useCallback(
    (change: Partial<TableState>) => {
      setState((current) => {
        const next = { ...current, ...change };
        if (syncUrl) {
          const query = tableStateQuery(next, defaults.sort, defaults.order);
          window.history.replaceState(null, '', `${window.location.pathname}${query ? `?${query}` : ''}`);
        }
        return next;
      });
    },
    [defaults.sort, defaults.order, syncUrl],
  );
  return [state, update, ready] as const;
}
