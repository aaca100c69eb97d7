import { and, asc, desc, eq, ilike, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { AnyColumn } from 'drizzle-orm';
import { type ListQuery, pagination } from '../../contract/list';

export type { ListQuery };
import type { Page } from '../../contract/paging';
import { escapeLike } from '../db/like';

/**
 * The one way the server reads a page of any list: the sort fields the list's definition
 * (src/contract/list-definitions.ts) declares, each on its column; its search, any case, over
 * the columns it names; its filters; a total beside the page. Each list says which columns and
 * how it selects its rows; everything else about paging is here.
 */

type Sortable = AnyColumn | SQLWrapper;

export interface ListOrder<Sort extends string> {
  /** The column (or expression) of each sort field the definition declares. */
  columns: Record<Sort, Sortable>;
  /** Breaks ties, so that a row is never on two pages or none: the id. */
  tieBreaker: AnyColumn;
  /** The tie-breaker's own direction when it is not the order's ('asc': task ids in their order whatever the sort). */
  tieBreakerOrder?: 'asc' | 'desc';
  /** Columns whose values are unique, which need no tie-breaker (a name, the id). */
  unique?: readonly Sortable[];
  /** Rows without the value go last in either order (tasks still waiting). */
  nullsLast?: boolean;
}

/** The ORDER BY of a list query. */
export function orderOf<Sort extends string>(order: ListOrder<Sort>, query: Pick<ListQuery<Sort>, 'sort' | 'order'>): SQL[] {
  const direction = query.order === 'desc' ? desc : asc;
  const column = order.columns[query.sort];
  const byColumn = order.nullsLast ? [sql`${column} IS NULL`, direction(column)] : [direction(column)];
  if (column === order.tieBreaker || order.unique?.includes(column)) return byColumn;
  const tieDirection = order.tieBreakerOrder === undefined ? direction : order.tieBreakerOrder === 'desc' ? desc : asc;
  return [...byColumn, tieDirection(order.tieBreaker)];
}

/** Rows whose text in any of `columns` holds `q`, any case; no condition without a search. */
export function searchCondition(columns: readonly AnyColumn[], q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = `%${escapeLike(q)}%`;
  return or(...columns.map((column) => ilike(column, pattern)));
}

/** `column = value` for each filter of the query that has a value (null, as an absent optional id reads, is none). */
export function equalityFilters<Filter extends string>(columns: Record<Filter, AnyColumn>, query: NoInfer<Partial<Record<Filter, unknown>>>): Array<SQL | undefined> {
  return (Object.keys(columns) as Filter[]).map((name) => {
    const value = query[name];
    return value === undefined || value === null ? undefined : eq(columns[name], value);
  });
}

export interface ListSource<Row> {
  /** The rows of one page, in the order given. */
  rows: (where: SQL | undefined, orderBy: SQL[], limit: number, offset: number) => Promise<Row[]>;
  /** How many rows match in all. */
  count: (where: SQL | undefined) => Promise<number>;
}

/** A select of a list's columns and joins, to which a page adds its where, order and range. */
interface PageSelect<Row> {
  where(where: SQL | undefined): { orderBy(...orderBy: SQL[]): { limit(limit: number): { offset(offset: number): PromiseLike<Row[]> } } };
}

/** A count over the same tables, to which the page adds its where. */
interface CountSelect {
  where(where: SQL | undefined): PromiseLike<Array<{ value: number }>>;
}

/**
 * The source of most lists: `select` makes the select of its columns and joins, `countSelect` the
 * `count()` over the same tables (without joins that cannot change the count).
 */
export function selectSource<Row>(select: () => PageSelect<Row>, countSelect: () => CountSelect): ListSource<Row> {
  return {
    rows: async (where, orderBy, limit, offset) =>
      await select()
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    count: async (where) => (await countSelect().where(where))[0]?.value ?? 0,
  };
}

/** A page of a list and its total, read at once. */
export async function readPage<Sort extends string, Row>(
  query: ListQuery<Sort>,
  spec: { order: ListOrder<Sort>; search?: readonly AnyColumn[]; filters?: Array<SQL | undefined> },
  source: ListSource<Row>,
): Promise<Page<Row>> {
  const where = and(...(spec.filters ?? []), searchCondition(spec.search ?? [], query.q));
  const [rows, total] = await Promise.all([source.rows(where, orderOf(spec.order, query), query.pageSize, query.page * query.pageSize), source.count(where)]);
  return { data: rows, pagination: pagination(query.page, query.pageSize, total) };
}
