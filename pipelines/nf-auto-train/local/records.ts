/**
 * The records a trait is trained and scored on: one per individual in a wide phenotype table (`id`
 * and one column per trait), one per individual and environment in a long one (`id, trait,
 * observed[, environment]`, the Prediction data template). Long records are fitted in two stages,
 * both on the training records alone: the environments' effects first, then the model on the
 * individuals' environment-adjusted means; a held-out record is predicted as its individual's
 * genetic value plus its environment's effect (none for an environment training never saw).
 */
import fs from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import type { CvRecord } from '../../../src/contract/cv-folds.ts';
import { isMissing, readTraitTable, traitValues } from '../../_shared/trait-table.ts';

export interface TraitRecords {
  /** Individuals with a record, in the order first met: the rows of the model's kernel. */
  ids: string[];
  /** Each record's individual (an index into `ids`), environment ('' when none) and value. */
  line: Int32Array;
  environment: string[];
  y: Float64Array;
}

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

/** What the model is fitted on for one set of training records. */
export interface TrainingStage {
  /** Individuals with a training record (indices into `ids`), ascending. */
  lines: number[];
  /** Per individual: the mean of its training records less their environments' effects (NaN without one). */
  target: Float64Array;
  /** Each training environment's effect, centred on 0 over the environments. */
  effects: Map<string, number>;
}

/**
 * Environment effects of the additive model y = μ + line + environment, by least squares on the
 * training records (backfitting: each set of effects the mean residual of its records given the
 * other, until neither moves), then each individual's mean of y − its environment's effect.
 * Without environments the target is the individual's value itself.
 */
export function trainingStage(records: TraitRecords, train: number[]): TrainingStage {
  const n = records.ids.length;
  const environments = [...new Set(train.map((record) => records.environment[record]!))];
  const effects = new Map<string, number>(environments.map((environment) => [environment, 0]));
  if (environments.length > 1) {
    const genetic = new Float64Array(n);
    const mu = train.reduce((sum, record) => sum + records.y[record]!, 0) / train.length;
    let scale = 1e-300;
    for (const record of train) scale = Math.max(scale, Math.abs(records.y[record]! - mu));
    for (let sweep = 0; sweep < 10_000; sweep += 1) {
      const lineSum = new Float64Array(n);
      const lineCount = new Int32Array(n);
      for (const record of train) {
        lineSum[records.line[record]!]! += records.y[record]! - mu - effects.get(records.environment[record]!)!;
        lineCount[records.line[record]!]! += 1;
      }
      for (let line = 0; line < n; line += 1) genetic[line] = lineCount[line]! > 0 ? lineSum[line]! / lineCount[line]! : 0;
      const environmentSum = new Map<string, { sum: number; count: number }>();
      for (const record of train) {
        const entry = environmentSum.get(records.environment[record]!) ?? { sum: 0, count: 0 };
        entry.sum += records.y[record]! - mu - genetic[records.line[record]!]!;
        entry.count += 1;
        environmentSum.set(records.environment[record]!, entry);
      }
      let moved = 0;
      for (const [environment, { sum, count }] of environmentSum) {
        moved = Math.max(moved, Math.abs(sum / count - effects.get(environment)!));
        effects.set(environment, sum / count);
      }
      if (moved <= 1e-13 * scale) break;
    }
    const centre = [...effects.values()].reduce((sum, effect) => sum + effect, 0) / effects.size;
    for (const [environment, effect] of effects) effects.set(environment, effect - centre);
  }
  const sum = new Float64Array(n);
  const count = new Int32Array(n);
  for (const record of train) {
    sum[records.line[record]!]! += records.y[record]! - effects.get(records.environment[record]!)!;
    count[records.line[record]!]! += 1;
  }
  const target = Float64Array.from(sum, (total, line) => (count[line]! > 0 ? total / count[line]! : Number.NaN));
  const lines: number[] = [];
  for (let line = 0; line < n; line += 1) if (count[line]! > 0) lines.push(line);
  return { lines, target, effects };
}
