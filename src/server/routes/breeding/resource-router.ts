import { createRoute, type z } from '@hono/zod-openapi';
import { and, asc, count, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { idParamsSchema as idParams, listQuerySchema, pageOf, pagination } from '../../../contract/list';
import { createRouter } from '../../http/context';
import type { Database } from '../../db/client';
import { ApiError } from '../../http/errors';
import { errorResponses, jsonBody, jsonContent } from '../../http/openapi';
import { escapeLike } from '../../db/like';
import { FOREIGN_KEY_VIOLATION, sqlState, UNIQUE_VIOLATION } from '../../db/errors';

/** Another table whose rows point at this resource: deleting a row they use is refused with 409. */
export interface Reference {
  table: PgTable;
  column: AnyPgColumn;
  /** "experiment" → "3 experiments". */
  noun: string;
}

/** A field of the input that names a row of another table, checked before writing. */
export interface ForeignKey {
  field: string;
  table: PgTable;
  idColumn: AnyPgColumn;
  noun: string;
}

export interface ResourceDefinition<Input extends z.ZodType, Item extends z.ZodType> {
  /** URL segment, plural kebab-case: 'file-types'. */
  path: string;
  tag: string;
  /** Singular, lower case: 'file type'. */
  noun: string;
  table: PgTable;
  idColumn: AnyPgColumn;
  /** The unique, case-insensitive name and the input field that holds it. */
  nameColumn: AnyPgColumn;
  nameField: string;
  input: Input;
  /** What the API answers for one row: derived from the table (src/contract/records.ts). */
  record: Item;
  sortable: Record<string, AnyPgColumn>;
  defaultSort: string;
  /** Per-field equality filters in the list query. */
  filters: Record<string, { column: AnyPgColumn; schema: z.ZodType }>;
  searchColumns: AnyPgColumn[];
  references?: Reference[];
  foreignKeys?: ForeignKey[];
}

interface ListQuery {
  page: number;
  pageSize: number;
  sort: string;
  order: 'asc' | 'desc';
  q?: string | undefined;
  [filter: string]: unknown;
}

/** The validated request part; the routes here are built at run time, so their types are too. */
function valid<T>(c: { req: { valid: (target: never) => unknown } }, target: 'query' | 'json' | 'param'): T {
  return (c.req.valid as (target: string) => unknown)(target) as T;
}

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const article = (noun: string) => (/^[aeiou]/i.test(noun) ? 'an' : 'a');
const plural = (noun: string, amount: number) => `${amount} ${noun}${amount === 1 ? '' : noun.endsWith('s') ? 'es' : 's'}`;

/**
 * The five routes of a breeding-data resource — list (paged, sorted, filtered, searched), get,
 * create, replace, delete — with the same validation, conflict and reference rules for all.
 */
export function resourceRouter<Input extends z.ZodType<Record<string, unknown>>, Item extends z.ZodType>(definition: ResourceDefinition<Input, Item>) {
  const { path, tag, noun, table, idColumn, nameColumn, nameField } = definition;
  const sortFields = Object.keys(definition.sortable) as [string, ...string[]];
  const filterShape: Record<string, z.ZodType> = Object.fromEntries(Object.entries(definition.filters).map(([name, filter]) => [name, filter.schema.optional()]));
  const listQuery = listQuerySchema<string>(sortFields, definition.defaultSort).extend(filterShape);
  const item = definition.record;
  // A row as JSON (dates as ISO text), checked against the record schema: a row that does not fit
  // its schema fails here, in the tests, not in someone's browser.
  const toRecord = (row: unknown): z.output<Item> => item.parse(JSON.parse(JSON.stringify(row)));
  const tags = [tag];

  const routes = {
    list: createRoute({
      method: 'get',
      path: `/${path}`,
      tags,
      summary: `List ${noun}s`,
      request: { query: listQuery },
      responses: { 200: jsonContent(pageOf(item), `A page of ${noun}s`), ...errorResponses(400, 401) },
    }),
    get: createRoute({
      method: 'get',
      path: `/${path}/{id}`,
      tags,
      summary: `One ${noun}`,
      request: { params: idParams },
      responses: { 200: jsonContent(item, `The ${noun}`), ...errorResponses(400, 401, 404) },
    }),
    create: createRoute({
      method: 'post',
      path: `/${path}`,
      tags,
      summary: `Create ${article(noun)} ${noun}`,
      request: { body: jsonBody(definition.input) },
      responses: { 201: jsonContent(item, `The new ${noun}`), ...errorResponses(400, 401, 409) },
    }),
    replace: createRoute({
      method: 'put',
      path: `/${path}/{id}`,
      tags,
      summary: `Replace ${article(noun)} ${noun}`,
      request: { params: idParams, body: jsonBody(definition.input) },
      responses: { 200: jsonContent(item, `The updated ${noun}`), ...errorResponses(400, 401, 404, 409) },
    }),
    remove: createRoute({
      method: 'delete',
      path: `/${path}/{id}`,
      tags,
      summary: `Delete ${article(noun)} ${noun}; refused while other records use it`,
      request: { params: idParams },
      responses: { 204: { description: 'Deleted' }, ...errorResponses(400, 401, 404, 409) },
    }),
  };

  async function find(db: Database, rowId: number) {
    const [row] = await db.select().from(table).where(eq(idColumn, rowId)).limit(1);
    if (!row) throw new ApiError(404, `No ${noun} has id ${rowId}.`);
    return row as Record<string, unknown>;
  }

  async function checkBeforeWrite(db: Database, values: Record<string, unknown>, exceptId?: number) {
    const name = String(values[nameField]);
    const clash = await db
      .select({ id: idColumn })
      .from(table)
      .where(and(sql`lower(${nameColumn}) = lower(${name})`, exceptId === undefined ? undefined : ne(idColumn, exceptId)))
      .limit(1);
    if (clash.length > 0) throw new ApiError(409, `${capitalize(article(noun))} ${noun} named '${name}' already exists; names must be unique.`, { [nameField]: `Another ${noun} is named '${name}'` });
    for (const foreignKey of definition.foreignKeys ?? []) {
      const value = values[foreignKey.field];
      if (value === null || value === undefined) continue;
      const found = await db
        .select({ id: foreignKey.idColumn })
        .from(foreignKey.table)
        .where(eq(foreignKey.idColumn, Number(value)))
        .limit(1);
      if (found.length === 0) throw new ApiError(400, `No ${foreignKey.noun} has id ${String(value)}.`, { [foreignKey.field]: `No ${foreignKey.noun} has id ${String(value)}` });
    }
  }

  /** Turns a race the checks above could not see into the same 409. */
  function conflictFrom(error: unknown, values: Record<string, unknown>): never {
    if (sqlState(error) === UNIQUE_VIOLATION) {
      throw new ApiError(409, `${capitalize(article(noun))} ${noun} named '${String(values[nameField])}' already exists; names must be unique.`, { [nameField]: 'This name is taken' });
    }
    if (sqlState(error) === FOREIGN_KEY_VIOLATION) throw new ApiError(409, `This ${noun} refers to a record that no longer exists, or is still in use.`);
    throw error;
  }

  const router = createRouter()
    .openapi(routes.list, async (c) => {
      const query = valid<ListQuery>(c, 'query');
      const { db } = c.get('deps');
      const conditions: Array<SQL | undefined> = Object.entries(definition.filters).map(([name, filter]) => {
        const value = query[name];
        return value === undefined ? undefined : eq(filter.column, value);
      });
      if (query.q) conditions.push(or(...definition.searchColumns.map((column) => ilike(column, `%${escapeLike(query.q!)}%`))));
      const where = and(...conditions);
      const direction = query.order === 'desc' ? desc : asc;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(table)
          .where(where)
          // Names are unique, so they need no tie-breaker, and their index alone serves the order.
          .orderBy(...(definition.sortable[query.sort] === nameColumn ? [direction(nameColumn)] : [direction(definition.sortable[query.sort]!), direction(idColumn)]))
          .limit(query.pageSize)
          .offset(query.page * query.pageSize),
        db.select({ value: count() }).from(table).where(where),
      ]);
      return c.json({ data: rows.map(toRecord), pagination: pagination(query.page, query.pageSize, total?.value ?? 0) }, 200);
    })
    .openapi(routes.get, async (c) => c.json(toRecord(await find(c.get('deps').db, valid<{ id: number }>(c, 'param').id)), 200))
    .openapi(routes.create, async (c) => {
      const { db } = c.get('deps');
      const values = valid<Record<string, unknown>>(c, 'json');
      await checkBeforeWrite(db, values);
      const [row] = await db
        .insert(table)
        .values(values)
        .returning()
        .catch((error: unknown) => conflictFrom(error, values));
      return c.json(toRecord(row), 201);
    })
    .openapi(routes.replace, async (c) => {
      const { db } = c.get('deps');
      const { id: rowId } = valid<{ id: number }>(c, 'param');
      const values = valid<Record<string, unknown>>(c, 'json');
      await find(db, rowId);
      await checkBeforeWrite(db, values, rowId);
      const [row] = await db
        .update(table)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(idColumn, rowId))
        .returning()
        .catch((error: unknown) => conflictFrom(error, values));
      return c.json(toRecord(row), 200);
    })
    .openapi(routes.remove, async (c) => {
      const { db } = c.get('deps');
      const { id: rowId } = valid<{ id: number }>(c, 'param');
      const row = await find(db, rowId);
      const uses: string[] = [];
      for (const reference of definition.references ?? []) {
        const [used] = await db.select({ value: count() }).from(reference.table).where(eq(reference.column, rowId));
        if (used && used.value > 0) uses.push(plural(reference.noun, used.value));
      }
      if (uses.length > 0) {
        throw new ApiError(409, `The ${noun} '${String(row[nameField])}' is used by ${uses.join(' and ')}; delete or change those first.`);
      }
      await db
        .delete(table)
        .where(eq(idColumn, rowId))
        .catch((error: unknown) => conflictFrom(error, row));
      return c.body(null, 204);
    });
  return router;
}
