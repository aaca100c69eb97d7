/**
 * The records a trait is trained and scored on: one per individual in a wide phenotype table (`id`
 * and one column per trait), one per individual and environment in a long one (`id, trait,
 * observed[, environment]`, the Prediction data template). Long records are fitted in two stages,
 * both on the training records alone (environmentStage in _shared/stats.ts, as GDIP fits them):
 * the environments' effects first, then the model on the individuals' environment-adjusted means;
 * a held-out record is predicted as its individual's genetic value plus its environment's effect
 * (none for an environment training never saw).
 */
import fs from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import type { CvRecord } from '../../../src/contract/cv-folds.ts';
import type { LineRecords } from '../../_shared/stats.ts';
import { isMissing, readTraitTable, traitValues } from '../../_shared/trait-table.ts';

/** A trait's records: individuals (the kernel's rows, in the order first met), and each record's individual, environment ('' when none) and value. */
export type TraitRecords = LineRecords;

export interface PhenotypeRecords {
  layout: 'wide' | 'long';
  traits: string[];
  /** Wide columns left out because they hold text. */
  ignored: string[];
  /** The trait's records whose individual `known` accepts (those with genotypes). */
  recordsOf(trait: string, known: (id: string) => boolean): TraitRecords;
  /** Every (id, environment) with a value of some trait. */
  records: CvRecord[];
}

export const recordKey = (id: string, environment: string) => `${id}\u0000${environment}`;

const LONG_COLUMNS = ['id', 'trait', 'observed'];

function readLong(file: string, rows: Array<Record<string, string>>): PhenotypeRecords {
  const name = path.basename(file);
  const byTrait = new Map<string, Array<{ id: string; environment: string; y: number; row: number }>>();
  const seen = new Map<string, number>();
  const records = new Map<string, CvRecord>();
  for (const [index, row] of rows.entries()) {
    if (isMissing(row.observed)) continue;
    const id = (row.id ?? '').trim();
    const trait = (row.trait ?? '').trim();
    const environment = (row.environment ?? '').trim();
    const y = Number(row.observed);
    const at = index + 2;
    if (!id || !trait) throw new Error(`${name} row ${at} has an observed value without ${id ? 'a trait' : 'an id'}; fill it in or clear the row.`);
    if (!Number.isFinite(y)) throw new Error(`${name} row ${at}: observed is “${row.observed}”, not a number.`);
    const key = `${trait}\u0000${recordKey(id, environment)}`;
    const before = seen.get(key);
    if (before !== undefined)
      throw new Error(
        `${name} has two values of ${trait} for ${id}${environment ? ` in ${environment}` : ''} (rows ${before} and ${at}); give one value per individual and environment (a mean or BLUE).`,
      );
    seen.set(key, at);
    records.set(recordKey(id, environment), { id, environment });
    byTrait.set(trait, [...(byTrait.get(trait) ?? []), { id, environment, y, row: at }]);
  }
  if (byTrait.size === 0) throw new Error(`${name} has no observed value.`);
  return {
    layout: 'long',
    traits: [...byTrait.keys()],
    ignored: [],
    records: [...records.values()],
    recordsOf(trait, known) {
      const kept = byTrait.get(trait)!.filter((record) => known(record.id));
      const ids: string[] = [];
      const position = new Map<string, number>();
      for (const { id } of kept) if (!position.has(id)) position.set(id, ids.push(id) - 1);
      return {
        ids,
        line: Int32Array.from(kept, (record) => position.get(record.id)!),
        environment: kept.map((record) => record.environment),
        y: Float64Array.from(kept, (record) => record.y),
      };
    },
  };
}

/** A phenotype file in either layout. */
export function readPhenotypeRecords(file: string): PhenotypeRecords {
  const text = fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true, transformHeader: (header) => header.trim() });
  const fields = parsed.meta.fields ?? [];
  if (LONG_COLUMNS.every((column) => fields.includes(column))) return readLong(file, parsed.data);
  const table = readTraitTable(file);
  return {
    layout: 'wide',
    traits: table.traits,
    ignored: table.ignored,
    records: table.rows.map((row) => ({ id: (row.id ?? '').trim(), environment: '' })),
    recordsOf(trait, known) {
      const { ids, y } = traitValues(table, trait, known);
      return { ids, line: Int32Array.from(ids, (_, index) => index), environment: ids.map(() => ''), y };
    },
  };
}
