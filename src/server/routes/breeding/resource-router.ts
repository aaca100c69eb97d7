import { createRoute, z } from '@hono/zod-openapi';
import { RECORD_LIST_FILTERS } from '../../../contract/record-list-filters';
import { RECORD_LISTS, type FilterFieldOf, type RecordList, type RecordListKey, type SortFieldOf } from '../../../contract/record-lists';
import { and, asc, count, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { idParamsSchema as idParams, listQuerySchema, pageOf, pagination } from '../../../contract/list';
import { deletionImpactSchema } from '../../../contract/records';
import { createRouter } from '../../http/context';
import type { Database } from '../../db/client';
import { errorResponses, jsonBody, jsonContent } from '../../http/openapi';
import { escapeLike } from '../../db/like';
import { csvLine } from '../../../contract/csv-cells';
import { IMPORT_TEMPLATES, templateColumns } from '../../../contract/imports';
import { DomainError } from '../../domain-errors';
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

export interface ResourceDefinition<List extends RecordListKey, Input extends z.ZodType, Item extends z.ZodType> {
  /** Which list: its path, name field, sort fields and filters are declared in the contract (record-lists.ts). */
  list: List;
  tag: string;
  /** Singular, lower case: 'file type'. */
  noun: string;
  table: PgTable;
  idColumn: AnyPgColumn;
  /** The column of the unique, case-insensitive name. */
  nameColumn: AnyPgColumn;
  input: Input;
  /** What the API answers for one row: derived from the table (src/contract/records.ts). */
  record: Item;
  /** The column of each sort field the contract declares. */
  sortable: Record<SortFieldOf<List>, AnyPgColumn>;
  /** The column of each filter the contract declares (its query schema is the contract's too). */
  filters: Record<FilterFieldOf<List>, AnyPgColumn>;
  searchColumns: AnyPgColumn[];
  references?: Reference[];
  /** Other tables whose rows are deleted with a row of this one (its experiment entries, its planned crosses). */
  dependents?: Reference[];
  foreignKeys?: ForeignKey[];
  /**
   * The import template whose columns the CSV export writes, so that an export imports back
   * unchanged; `rows` turns a page of records into template rows (ids into names, a plan into
   * its crosses). Without `rows`, a record's fields are the template's columns.
   */
  exportAs?: { template: string; rows?: (db: Database, records: Array<Record<string, unknown>>) => Promise<Array<Record<string, unknown>>> };
}

/** The export reads the table this many rows at a time, writing each page as it comes. */
const EXPORT_PAGE = 5000;

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
/** "2 experiment entries", "3 planned crosses (as female parent)": the noun before any bracket is made plural. */
export function plural(noun: string, amount: number): string {
  const bracket = noun.indexOf(' (');
  const [word, rest] = bracket < 0 ? [noun, ''] : [noun.slice(0, bracket), noun.slice(bracket)];
  const many = /[^aeiou]y$/.test(word) ? `${word.slice(0, -1)}ies` : /(s|x|ch|sh)$/.test(word) ? `${word}es` : `${word}s`;
  return `${amount} ${amount === 1 ? word : many}${rest}`;
}

/**
 * The five routes of a breeding-data resource — list (paged, sorted, filtered, searched), get,
 * create, replace, delete — with the same validation, conflict and reference rules for all.
 */
export function resourceRouter<List extends RecordListKey, Input extends z.ZodType<Record<string, unknown>>, Item extends z.ZodType>(definition: ResourceDefinition<List, Input, Item>) {
  const { tag, noun, table, idColumn, nameColumn } = definition;
  const { path, nameField, sortable: sortFields, defaultSort } = RECORD_LISTS[definition.list] as RecordList;
  const sortColumns: Record<string, AnyPgColumn> = definition.sortable;
  const filterColumns: Record<string, AnyPgColumn> = definition.filters;
  const filterSchemas: Record<string, z.ZodType> = RECORD_LIST_FILTERS[definition.list];
  const filterShape: Record<string, z.ZodType> = Object.fromEntries(Object.entries(filterSchemas).map(([name, schema]) => [name, schema.optional()]));
  const listQuery = listQuerySchema<string>(sortFields, defaultSort).extend(filterShape);
  const exportQuery = listQuery.omit({ page: true, pageSize: true });
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
    export: createRoute({
      method: 'get',
      path: `/${path}/export`,
      tags,
      summary: `Export the ${noun}s that match the list's search and filters, as a CSV the import reads back`,
      description: `The columns are the ${definition.exportAs?.template ?? path} import template's, other records named rather than numbered; cells a spreadsheet would run as formulas start with a quote, which the import takes off.`,
      request: { query: exportQuery },
      responses: { 200: { description: 'The CSV file', content: { 'text/csv': { schema: z.string() } } }, ...errorResponses(400, 401) },
    }),
    deletion: createRoute({
      method: 'get',
      path: `/${path}/{id}/deletion`,
      tags,
      summary: `What deleting ${article(noun)} ${noun} would delete with it, counted, for its confirmation`,
      request: { params: idParams },
      responses: { 200: jsonContent(deletionImpactSchema, 'The rows that go with it'), ...errorResponses(400, 401, 404) },
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
    if (!row) throw new DomainError('not-found', `No ${noun} has id ${rowId}.`);
    return row as Record<string, unknown>;
  }

  async function checkBeforeWrite(db: Database, values: Record<string, unknown>, exceptId?: number) {
    const name = String(values[nameField]);
    const clash = await db
      .select({ id: idColumn })
      .from(table)
      .where(and(sql`lower(${nameColumn}) = lower(${name})`, exceptId === undefined ? undefined : ne(idColumn, exceptId)))
      .limit(1);
    if (clash.length > 0)
      throw new DomainError('conflict', `${capitalize(article(noun))} ${noun} named '${name}' already exists; names must be unique.`, { [nameField]: `Another ${noun} is named '${name}'` });
    for (const foreignKey of definition.foreignKeys ?? []) {
      const value = values[foreignKey.field];
      if (value === null || value === undefined) continue;
      const found = await db
        .select({ id: foreignKey.idColumn })
        .from(foreignKey.table)
        .where(eq(foreignKey.idColumn, Number(value)))
        .limit(1);
      if (found.length === 0) throw new DomainError('invalid', `No ${foreignKey.noun} has id ${String(value)}.`, { [foreignKey.field]: `No ${foreignKey.noun} has id ${String(value)}` });
    }
  }

  /** Turns a race the checks above could not see into the same 409. */
  function conflictFrom(error: unknown, values: Record<string, unknown>): never {
    if (sqlState(error) === UNIQUE_VIOLATION) {
      throw new DomainError('conflict', `${capitalize(article(noun))} ${noun} named '${String(values[nameField])}' already exists; names must be unique.`, { [nameField]: 'This name is taken' });
    }
    if (sqlState(error) === FOREIGN_KEY_VIOLATION) throw new DomainError('conflict', `This ${noun} refers to a record that no longer exists, or is still in use.`);
    throw error;
  }

  function whereOf(query: ListQuery) {
    const conditions: Array<SQL | undefined> = Object.entries(filterColumns).map(([name, column]) => {
      const value = query[name];
      return value === undefined ? undefined : eq(column, value);
    });
    if (query.q) conditions.push(or(...definition.searchColumns.map((column) => ilike(column, `%${escapeLike(query.q!)}%`))));
    return and(...conditions);
  }
  function orderOf(query: Pick<ListQuery, 'sort' | 'order'>) {
    const direction = query.order === 'desc' ? desc : asc;
    // Names are unique, so they need no tie-breaker, and their index alone serves the order.
    return sortColumns[query.sort] === nameColumn ? [direction(nameColumn)] : [direction(sortColumns[query.sort]!), direction(idColumn)];
  }

  const router = createRouter()
    .openapi(routes.list, async (c) => {
      const query = valid<ListQuery>(c, 'query');
      const { db } = c.get('deps');
      const where = whereOf(query);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(table)
          .where(where)
          .orderBy(...orderOf(query))
          .limit(query.pageSize)
          .offset(query.page * query.pageSize),
        db.select({ value: count() }).from(table).where(where),
      ]);
      return c.json({ data: rows.map(toRecord), pagination: pagination(query.page, query.pageSize, total?.value ?? 0) }, 200);
    })
    // Before {id}, so that 'export' is not read as an id.
    .openapi(routes.export, async (c) => {
      const query = valid<ListQuery>(c, 'query');
      const { db } = c.get('deps');
      const exportAs = definition.exportAs;
      if (!exportAs) throw new DomainError('not-found', `${capitalize(noun)}s have no CSV export.`);
      const template = IMPORT_TEMPLATES.find((entry) => entry.key === exportAs.template)!;
      const headers = templateColumns(template).map((column) => column.name);
      const where = whereOf(query);
      const encoder = new TextEncoder();
      let offset = 0;
      // Read and written a page at a time: a million accessions never sit in memory at once.
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode(`${headers.join(',')}\r\n`));
        },
        async pull(controller) {
          const page = await db
            .select()
            .from(table)
            .where(where)
            .orderBy(...orderOf(query))
            .limit(EXPORT_PAGE)
            .offset(offset);
          offset += page.length;
          const rows = exportAs.rows ? await exportAs.rows(db, page) : page;
          if (rows.length > 0) controller.enqueue(encoder.encode(rows.map((row) => `${csvLine(headers.map((header) => row[header]))}\r\n`).join('')));
          if (page.length < EXPORT_PAGE) controller.close();
        },
      });
      const filename = `${path}-${new Date().toISOString().slice(0, 10)}.csv`;
      return c.body(body, 200, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${filename}"` });
    })
    .openapi(routes.get, async (c) => c.json(toRecord(await find(c.get('deps').db, c.req.valid('param').id)), 200))
    .openapi(routes.deletion, async (c) => {
      const { db } = c.get('deps');
      const { id: rowId } = c.req.valid('param');
      const row = await find(db, rowId);
      const deletes = [];
      for (const dependent of definition.dependents ?? []) {
        const [found] = await db.select({ value: count() }).from(dependent.table).where(eq(dependent.column, rowId));
        if (found && found.value > 0) deletes.push({ count: found.value, text: plural(dependent.noun, found.value) });
      }
      return c.json({ name: String(row[nameField]), deletes }, 200);
    })
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
      const { id: rowId } = c.req.valid('param');
      const row = await find(db, rowId);
      const uses: string[] = [];
      for (const reference of definition.references ?? []) {
        const [used] = await db.select({ value: count() }).from(reference.table).where(eq(reference.column, rowId));
        if (used && used.value > 0) uses.push(plural(reference.noun, used.value));
      }
      if (uses.length > 0) {
        throw new DomainError('conflict', `The ${noun} '${String(row[nameField])}' is used by ${uses.join(' and ')}; delete or change those first.`);
      }
      await db
        .delete(table)
        .where(eq(idColumn, rowId))
        .catch((error: unknown) => conflictFrom(error, row));
      return c.body(null, 204);
    });
  return router;
}
