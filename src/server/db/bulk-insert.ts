import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client';

type Executor = Pick<Database, 'execute'>;

/**
 * Inserts many rows in one statement per `chunk` rows: each column travels as one array and
 * `unnest` turns the arrays back into rows. Against a multi-row VALUES list this sends 11 parameters
 * instead of 11 per row, and builds no SQL per row (100,000 accessions into 1,000,000 on PostgreSQL:
 * the commit went from 12.7 s to 4.0 s).
 * Array columns (text[]) travel as JSON text, since unnest would flatten an array of arrays, and
 * JSON columns as JSON text too; dates and timestamps as text, cast back in the SELECT.
 */
export async function bulkInsert(db: Executor, table: PgTable, rows: Array<Record<string, unknown>>, options: { chunk?: number; onConflict?: SQL } = {}): Promise<void> {
  const chunk = options.chunk ?? 20_000;
  if (rows.length === 0) return;
  const columns = getTableColumns(table);
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))].filter((key) => columns[key]);
  for (let start = 0; start < rows.length; start += chunk) {
    const part = rows.slice(start, start + chunk);
    const names: Array<SQL | ReturnType<typeof sql.identifier>> = [];
    const arrays: SQL[] = [];
    const selects: SQL[] = [];
    keys.forEach((key, index) => {
      const column = columns[key]!;
      const type = column.getSQLType();
      const alias = sql.raw(`c${index}`);
      names.push(sql.identifier(column.name));
      if (type.endsWith('[]')) {
        arrays.push(sql`${sql.param(part.map((row) => (row[key] === null || row[key] === undefined ? null : JSON.stringify(row[key]))))}::text[]`);
        selects.push(sql`coalesce((SELECT array_agg(element) FROM jsonb_array_elements_text(u.${alias}::jsonb) AS element), ${sql.raw(`'{}'::${type}`)})`);
      } else if (type === 'jsonb') {
        arrays.push(sql`${sql.param(part.map((row) => (row[key] === null || row[key] === undefined ? null : JSON.stringify(row[key]))))}::text[]`);
        selects.push(sql`u.${alias}::jsonb`);
      } else if (type === 'date' || type.startsWith('timestamp')) {
        // postgres.js, as Drizzle sets it up, sends a date[] parameter unserialised (PGlite does not mind).
        arrays.push(sql`${sql.param(part.map((row) => asText(row[key])))}::text[]`);
        selects.push(sql`u.${alias}::${sql.raw(type)}`);
      } else {
        arrays.push(sql`${sql.param(part.map((row) => row[key] ?? null))}::${sql.raw(type)}[]`);
        selects.push(sql`u.${alias}`);
      }
    });
    const aliases = sql.raw(keys.map((_, index) => `c${index}`).join(', '));
    await db.execute(
      sql`INSERT INTO ${sql.identifier(getTableName(table))} (${sql.join(names, sql`, `)}) SELECT ${sql.join(selects, sql`, `)} FROM unnest(${sql.join(arrays, sql`, `)}) AS u(${aliases}) ${options.onConflict ?? sql``}`,
    );
  }
}

function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value.toISOString() : String(value);
}
