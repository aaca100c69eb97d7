import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { csvLine } from '../../../contract/csv-cells';
import { IMPORT_TEMPLATES, templateColumns } from '../../../contract/imports';
import type { Database } from '../../db/client';
import { FOREIGN_KEY_VIOLATION, sqlState, UNIQUE_VIOLATION } from '../../db/errors';
import { DomainError } from '../../domain-errors';
import { createRouter } from '../../http/context';
import { type FilterNameOf, type LISTS, NAME_FIELDS, type SortFieldOf } from '../../../contract/list-definitions';
import type { RecordListKey } from '../../../contract/record-list-queries';
import { equalityFilters, type ListOrder, orderOf, readPage, searchCondition, selectSource } from '../../lists/list-service';
import { article, capitalize, type RecordExportQuery, type RecordRouteOptions, recordRoutes } from './record.routes';

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

/** What the routes of records read and write beside their schemas: the table and its columns. */
export interface RecordResource extends Omit<RecordRouteOptions, 'exportTemplate'> {
  table: PgTable;
  idColumn: AnyPgColumn;
  /** The column of the unique, case-insensitive name (its field is the list's, NAME_FIELDS). */
  nameColumn: AnyPgColumn;
  /** The column of each sort field the list's definition declares. */
  sortable: Record<string, AnyPgColumn>;
  /** The column of each filter the list's definition declares (its value schema is the contract's). */
  filters: Record<string, AnyPgColumn>;
  /** The columns its search looks in: the definition's `search` fields. */
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
  /** Checks of its own before a create or a replace (an accession's synonyms), throwing the refusal; `replaced` is the stored row a replace writes over. */
  checkValues?: (db: Database, values: Record<string, unknown>, replaced?: { id: number; row: Record<string, unknown> }) => Promise<void>;
}

/** A column for each sort field and filter the list's definition declares, no more, no fewer. */
interface ColumnsOf<List extends RecordListKey> {
  list: List;
  sortable: Record<SortFieldOf<(typeof LISTS)[List]>, AnyPgColumn>;
  filters: Record<FilterNameOf<(typeof LISTS)[List]>, AnyPgColumn>;
}

/** The export reads the table this many rows at a time, writing each page as it comes. */
const EXPORT_PAGE = 5000;

/** "2 experiment entries", "3 planned crosses (as female parent)": the noun before any bracket is made plural. */
export function plural(noun: string, amount: number): string {
  const bracket = noun.indexOf(' (');
  const [word, rest] = bracket < 0 ? [noun, ''] : [noun.slice(0, bracket), noun.slice(bracket)];
  const many = /[^aeiou]y$/.test(word) ? `${word.slice(0, -1)}ies` : /(s|x|ch|sh)$/.test(word) ? `${word}es` : `${word}s`;
  return `${amount} ${amount === 1 ? word : many}${rest}`;
}

/**
 * The routes of a resource of records (record.routes.ts) with the same validation, conflict and
 * reference rules for all; its list and export read through the list service.
 */
export function recordRouter<List extends RecordListKey>(resource: RecordResource & ColumnsOf<List>) {
  const { noun, table, idColumn, nameColumn } = resource;
  const nameField = NAME_FIELDS[resource.list];
  const routes = recordRoutes({ ...resource, exportTemplate: resource.exportAs?.template });
  const path = routes.list.path.slice(1);
  const item = resource.record;
  // A row as JSON (dates as ISO text), checked against the record schema: a row that does not fit
  // its schema fails here, in the tests, not in someone's browser.
  const toRecord = (row: unknown) => item.parse(JSON.parse(JSON.stringify(row)));
  // Names are unique, so they need no tie-breaker, and their index alone serves the order.
  const order: ListOrder<string> = { columns: resource.sortable, tieBreaker: idColumn, unique: [nameColumn] };
  const filtersOf = (query: RecordExportQuery) => equalityFilters(resource.filters, query);

  async function find(db: Database, rowId: number) {
    const [row] = await db.select().from(table).where(eq(idColumn, rowId)).limit(1);
    if (!row) throw new DomainError('not-found', `No ${noun} has id ${rowId}.`);
    return row as Record<string, unknown>;
  }

  async function checkBeforeWrite(db: Database, values: Record<string, unknown>, replaced?: { id: number; row: Record<string, unknown> }) {
    const exceptId = replaced?.id;
    const name = String(values[nameField]);
    const clash = await db
      .select({ id: idColumn })
      .from(table)
      .where(and(sql`lower(${nameColumn}) = lower(${name})`, exceptId === undefined ? undefined : ne(idColumn, exceptId)))
      .limit(1);
    if (clash.length > 0)
      throw new DomainError('conflict', `${capitalize(article(noun))} ${noun} named '${name}' already exists; names must be unique.`, { [nameField]: `Another ${noun} is named '${name}'` });
    await resource.checkValues?.(db, values, replaced);
    for (const foreignKey of resource.foreignKeys ?? []) {
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

  const router = createRouter()
    .openapi(routes.list, async (c) => {
      const query = c.req.valid('query');
      const { db } = c.get('deps');
      const page = await readPage(
        query,
        { order, search: resource.searchColumns, filters: filtersOf(query) },
        selectSource(
          () => db.select().from(table),
          () => db.select({ value: count() }).from(table),
        ),
      );
      return c.json({ ...page, data: page.data.map(toRecord) }, 200);
    })
    // Before {id}, so that 'export' is not read as an id.
    .openapi(routes.export, async (c) => {
      const query = c.req.valid('query');
      const { db } = c.get('deps');
      const exportAs = resource.exportAs;
      if (!exportAs) throw new DomainError('not-found', `${capitalize(noun)}s have no CSV export.`);
      const template = IMPORT_TEMPLATES.find((entry) => entry.key === exportAs.template)!;
      const headers = templateColumns(template).map((column) => column.name);
      const where = and(...filtersOf(query), searchCondition(resource.searchColumns, query.q));
      const orderBy = orderOf(order, query);
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
            .orderBy(...orderBy)
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
      for (const dependent of resource.dependents ?? []) {
        const [found] = await db.select({ value: count() }).from(dependent.table).where(eq(dependent.column, rowId));
        if (found && found.value > 0) deletes.push({ count: found.value, text: plural(dependent.noun, found.value) });
      }
      return c.json({ name: String(row[nameField]), deletes }, 200);
    })
    .openapi(routes.create, async (c) => {
      const { db } = c.get('deps');
      const values = c.req.valid('json');
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
      const { id: rowId } = c.req.valid('param');
      const values = c.req.valid('json');
      await checkBeforeWrite(db, values, { id: rowId, row: await find(db, rowId) });
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
      for (const reference of resource.references ?? []) {
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
