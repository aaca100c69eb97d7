import { sql } from 'drizzle-orm';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { type Database, resultRows } from '../../db/client';
import { escapeLike } from '../../db/like';
import { accessions } from '../../db/schema';
import { chunks } from './lookups';
import { nameKey, nameKeySql } from './near-duplicates';
import { boundedDistance } from '../../../contract/nearest-name';

/** Candidates read per name: the same letters and digits, the name inside another, or the same start. */
const CANDIDATES = 50;
/** Edits counted exactly; farther names rank after, alphabetically (a paste's typo is a few edits, not a hundred). */
const COUNTED_EDITS = 10;
const SUGGESTIONS = 5;
/** Names scored between turns of the event loop. */
const NAMES_PER_TURN = 100;

/**
 * Up to five nearest accessions for each name: candidates for every name in one query per
 * thousand names (a lateral join, not a query per name), scored by bounded edit distance, with a
 * turn of the event loop every hundred names.
 */
export async function nearestAccessions(db: Database, names: string[]): Promise<Map<string, Array<{ id: number; germplasmName: string }>>> {
  const candidates = new Map<string, Array<{ id: number; germplasmName: string }>>();
  for (const part of chunks(names, 1000)) {
    const keys = part.map(nameKey);
    const inside = part.map((name) => `%${escapeLike(name)}%`);
    const starts = part.map((name) => `${escapeLike(name.slice(0, 3))}%`);
    const result: unknown = await db.execute(sql`
      select candidate.name as name, found.id as id, found.germplasm_name as "germplasmName"
      from unnest(${sql.param(part)}::text[], ${sql.param(keys)}::text[], ${sql.param(inside)}::text[], ${sql.param(starts)}::text[]) as candidate(name, key, inside, start)
      cross join lateral (
        select ${accessions.id} as id, ${accessions.germplasmName} as germplasm_name from ${accessions}
        where ${nameKeySql(accessions.germplasmName)} = candidate.key or ${accessions.germplasmName} ilike candidate.inside or ${accessions.germplasmName} ilike candidate.start
        limit ${CANDIDATES}
      ) as found`);
    for (const row of resultRows<{ name: string; id: number; germplasmName: string }>(result)) {
      const found = candidates.get(row.name);
      const accession = { id: Number(row.id), germplasmName: row.germplasmName };
      if (found) found.push(accession);
      else candidates.set(row.name, [accession]);
    }
  }
  const nearest = new Map<string, Array<{ id: number; germplasmName: string }>>();
  for (const [index, name] of names.entries()) {
    if (index > 0 && index % NAMES_PER_TURN === 0) await nextTurn();
    const scored = (candidates.get(name) ?? []).map((accession) => ({ accession, score: boundedDistance(name, accession.germplasmName, COUNTED_EDITS) }));
    scored.sort((a, b) => a.score - b.score || a.accession.germplasmName.localeCompare(b.accession.germplasmName));
    nearest.set(
      name,
      scored.slice(0, SUGGESTIONS).map(({ accession }) => accession),
    );
  }
  return nearest;
}
