/**
 * GDIP's phenotypes in either layout: wide (`id` and one column per trait, covariates as columns)
 * or long, the Prediction data template (`id,trait,observed[,environment]`, one row per
 * observation). Per trait, the records the model is trained and scored on: one per row of a wide
 * table, one per individual and environment of a long one.
 */
import fs from 'node:fs';
import Papa from 'papaparse';
import type { CvRecord } from '../../../src/contract/cv-folds.ts';
import type { LineRecords } from '../../_shared/stats.ts';
import { isMissing } from '../../_shared/trait-table.ts';

export interface TraitRecords extends LineRecords {
  /** Per line, the phenotype row its covariates are read from (a long table's first row of the line). */
  rows: Array<Record<string, string>>;
}

export interface Phenotypes {
  layout: 'wide' | 'long';
  columns: string[];
  /** The table's rows, as read. */
  rows: Array<Record<string, string>>;
  /** Trait columns (wide) or the traits named in the trait column (long), in the order first met. */
  traits: string[];
  /** Whether any observation names an environment (long tables only). */
  hasEnvironments: boolean;
  /** Every (id, environment) with a value of some trait: what a folds file may name. */
  records: CvRecord[];
  /** A trait's records whose row `keep` accepts (an individual with genotypes and every covariate). */
  recordsOf(trait: string, keep: (row: Record<string, string>) => boolean): TraitRecords;
}

const LONG_COLUMNS = ['id', 'trait', 'observed'];
const recordKey = (id: string, environment: string) => `${id}\u0000${environment}`;

function wide(columns: string[], rows: Array<Record<string, string>>, covariates: string[]): Phenotypes {
  const traits = columns.filter((column) => column !== 'id' && !covariates.includes(column));
  const ids = rows.filter((row) => traits.some((trait) => !isMissing(row[trait]))).map((row) => String(row.id).trim());
  return {
    layout: 'wide',
    columns,
    rows,
    traits,
    hasEnvironments: false,
    records: [...new Set(ids)].map((id) => ({ id, environment: '' })),
    recordsOf(trait, keep) {
      // One record per row, as GDIP has always read a wide table.
      const kept = rows.filter((row) => !isMissing(row[trait]) && keep(row));
      const bad = kept.find((row) => !Number.isFinite(Number(row[trait])));
      if (bad) throw new Error(`The ${trait} value of ${bad.id} is not a number: ${JSON.stringify(bad[trait])}.`);
      return {
        ids: kept.map((row) => String(row.id).trim()),
        rows: kept,
        line: Int32Array.from(kept, (_, index) => index),
        environment: kept.map(() => ''),
        y: Float64Array.from(kept, (row) => Number(row[trait])),
      };
    },
  };
}

function long(file: string, columns: string[], rows: Array<Record<string, string>>): Phenotypes {
  const seen = new Map<string, number>();
  const records = new Map<string, CvRecord>();
  const traits: string[] = [];
  for (const [index, row] of rows.entries()) {
    if (isMissing(row.observed)) continue;
    const at = index + 2;
    const id = (row.id ?? '').trim();
    const trait = (row.trait ?? '').trim();
    const environment = (row.environment ?? '').trim();
    if (!id || !trait) throw new Error(`${file} row ${at} has an observed value without ${id ? 'a trait' : 'an id'}; fill it in or clear the row.`);
    if (!Number.isFinite(Number(row.observed))) throw new Error(`${file} row ${at}: observed is ${JSON.stringify(row.observed)}, not a number.`);
    const key = `${trait}\u0000${recordKey(id, environment)}`;
    const before = seen.get(key);
    if (before !== undefined)
      throw new Error(
        `${file} has two values of ${trait} for ${id}${environment ? ` in ${environment}` : ''} (rows ${before} and ${at}); give one value per individual and environment (a mean or BLUE).`,
      );
    seen.set(key, at);
    records.set(recordKey(id, environment), { id, environment });
    if (!traits.includes(trait)) traits.push(trait);
  }
  if (traits.length === 0) throw new Error(`${file} has no observed value.`);
  return {
    layout: 'long',
    columns,
    rows,
    traits,
    hasEnvironments: [...records.values()].some((record) => record.environment !== ''),
    records: [...records.values()],
    recordsOf(trait, keep) {
      const kept = rows.filter((row) => !isMissing(row.observed) && (row.trait ?? '').trim() === trait && keep(row));
      const ids: string[] = [];
      const lineRows: Array<Record<string, string>> = [];
      const position = new Map<string, number>();
      for (const row of kept) {
        const id = (row.id ?? '').trim();
        if (!position.has(id)) {
          position.set(id, ids.push(id) - 1);
          lineRows.push(row);
        }
      }
      return {
        ids,
        rows: lineRows,
        line: Int32Array.from(kept, (row) => position.get((row.id ?? '').trim())!),
        environment: kept.map((row) => (row.environment ?? '').trim()),
        y: Float64Array.from(kept, (row) => Number(row.observed)),
      };
    },
  };
}

/** Reads a phenotype table; `covariates` are columns of a wide table that are not traits. */
export function readPhenotypes(file: string, covariates: string[]): Phenotypes {
  if (!fs.existsSync(file)) throw new Error(`The phenotype table ${file} does not exist.`);
  const parsed = Papa.parse<Record<string, string>>(fs.readFileSync(file, 'utf8'), { header: true, skipEmptyLines: true, transformHeader: (header) => header.trim() });
  const columns = parsed.meta.fields ?? [];
  if (!columns.includes('id')) throw new Error(`${file} has no \`id\` column (its columns: ${columns.join(', ')}).`);
  return LONG_COLUMNS.every((column) => columns.includes(column)) ? long(file, columns, parsed.data) : wide(columns, parsed.data, covariates);
}
