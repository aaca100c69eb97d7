import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Database, resultRows } from '../../db/client';
import { accessions } from '../../db/schema';

/**
 * Lookups by many names are split in parts of this size: PostgreSQL plans index probes for a part,
 * where one array of 100,000 names gets a scan of the whole table.
 */
export const CHUNK = 5000;

/** `expression = any($1::text[])`: one parameter for a part of names (Drizzle takes ~20× longer to build `in ($1, …, $5000)`). */
export function anyOf(expression: SQL | AnyPgColumn, values: string[]): SQL {
  return sql`${expression} = any(${sql.param(values)}::text[])`;
}

/** Names for a message: "'A', 'B' or 3 more", the first ten quoted. */
export function quotedNames(names: string[]): string {
  const shown = 10;
  const listed = names
    .slice(0, shown)
    .map((name) => `'${name}'`)
    .join(', ');
  return `${listed}${names.length > shown ? ` or ${names.length - shown} more` : ''}`;
}

export function chunks<T>(items: T[], size = CHUNK): T[][] {
  const result: T[][] = [];
  for (let index = 0; index < items.length; index += size) result.push(items.slice(index, index + size));
  return result;
}

/** lower(name) → id for the names that exist (case-insensitive, through the lower(name) unique index). */
export async function existingByLowerName(db: Database, table: PgTable, nameColumn: AnyPgColumn, idColumn: AnyPgColumn, names: string[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (const part of chunks([...new Set(names.map((name) => name.toLowerCase()))])) {
    const rows = await db
      .select({ id: idColumn, name: nameColumn })
      .from(table)
      .where(anyOf(sql`lower(${nameColumn})`, part));
    for (const row of rows) found.set(String(row.name).toLowerCase(), Number(row.id));
  }
  return found;
}

/**
 * lower(name) → the accession that has it as a synonym (the first found), for names given in any
 * case. One GIN index probe per name (an && against the whole list would scan the table), the
 * names travelling as one array parameter: an ARRAY[$1, …, $5000] per part took 5 s for 100,000
 * names against 1,000,000 accessions, one array 0.3 s.
 */
export async function accessionsBySynonym(db: Database, names: string[], exceptId?: number): Promise<Map<string, { id: number; name: string }>> {
  const found = new Map<string, { id: number; name: string }>();
  const wanted = [...new Set(names.map((name) => name.toLowerCase()))];
  if (wanted.length === 0) return found;
  // `exceptId`: an accession left out, so that the one found is another (synonymClashes).
  const others = exceptId === undefined ? sql`` : sql` where ${accessions.id} <> ${exceptId}`;
  const result: unknown = await db.execute(
    sql`select candidate.value as candidate, ${accessions.id} as id, ${accessions.germplasmName} as name from unnest(${sql.param(wanted)}::text[]) as candidate(value) join ${accessions} on ${accessions.synonymsLower} @> array[candidate.value]${others}`,
  );
  for (const row of resultRows<{ candidate: string; id: number; name: string }>(result)) if (!found.has(row.candidate)) found.set(row.candidate, { id: Number(row.id), name: row.name });
  return found;
}

/**
 * For each synonym (lower-cased) that already names another accession, as its name or as one of
 * its synonyms, that accession and how: a synonym must lead to one accession only, or a file that
 * names it (a VCF's sample, a phenotype's id) could be any of them. `exceptId` is the accession
 * the synonyms belong to, when it exists.
 */
export async function synonymClashes(db: Database, synonyms: string[], exceptId?: number): Promise<Map<string, { name: string; as: 'name' | 'synonym' }>> {
  const clashes = new Map<string, { name: string; as: 'name' | 'synonym' }>();
  const wanted = [...new Set(synonyms.map((synonym) => synonym.toLowerCase()))];
  if (wanted.length === 0) return clashes;
  for (const part of chunks(wanted)) {
    const named = await db
      .select({ id: accessions.id, name: accessions.germplasmName })
      .from(accessions)
      .where(anyOf(sql`lower(${accessions.germplasmName})`, part));
    for (const row of named) if (row.id !== exceptId) clashes.set(row.name.toLowerCase(), { name: row.name, as: 'name' });
  }
  for (const [synonym, owner] of await accessionsBySynonym(db, wanted, exceptId)) if (!clashes.has(synonym)) clashes.set(synonym, { name: owner.name, as: 'synonym' });
  return clashes;
}

/** The sentence for a synonym another accession has (synonymClashes). */
export const synonymClashMessage = (synonym: string, owner: { name: string; as: 'name' | 'synonym' }) =>
  owner.as === 'name'
    ? `Synonym '${synonym}' is the name of the accession '${owner.name}'; a synonym must lead to one accession only, so remove it here (or, if they are one accession, keep one of them).`
    : `Synonym '${synonym}' is already a synonym of the accession '${owner.name}'; a synonym must lead to one accession only, so remove it from one of them.`;
