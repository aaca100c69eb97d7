import type { TableSort } from '../../ui/SimpleTable';
import type { SignificanceRule } from '../../../contract/benchmark-metrics';
import { type Summary, summarise, testTrainRatio } from '../../../contract/benchmark-stats';
import { toCsv } from '../../../contract/csv-cells';
import type { DiscoveryOccasion, PredictionRun } from './dataset-board-loading';
import { discoveryBoardRows } from './discovery-summary';
import type { Observed } from './prediction-data';
import { scoreModel } from './prediction-data';
import { type CvRunPredictions, type PredictionBoardRow, predictionBoardRows } from './prediction-summary';
import type { CostSummary } from './run-costs';

/**
 * A dataset's board as rows: one per detection method, one per prediction method, scheme and trait,
 * each with its figures as mean [95 % interval] over its runs on the dataset, the runs and
 * benchmarks it comes from, and (added by the page) its cost. Sorting and the CSV export read them.
 */

export interface Benchmark {
  id: number;
  name: string;
}

interface BoardRowBase {
  method: string;
  runIds: number[];
  benchmarks: Benchmark[];
}

export interface DetectionRow extends BoardRowBase {
  /** Area under the power–FDR curve at the board's window. */
  auc: Summary;
  f1: Summary;
  power: Summary;
  fdr: Summary;
  typeIError: Summary;
}

/** A cross-validated method's row (bias is the slope of observed on predicted: 1 is unbiased), or a trained model's, whose `folds` is 0: its interval is then over runs. */
export interface PredictionRow extends BoardRowBase, Omit<PredictionBoardRow, 'method' | 'runIds' | 'perFold'> {}

/** The benchmarks (run groups) of `runIds`, each once, oldest first. */
function benchmarksOf(runIds: number[], groupOf: ReadonlyMap<number, Benchmark | null>): Benchmark[] {
  const seen = new Map<number, Benchmark>();
  for (const id of runIds) {
    const group = groupOf.get(id);
    if (group) seen.set(group.id, group);
  }
  return [...seen.values()].sort((a, b) => a.id - b.id);
}

/** Run ids oldest first (ids grow with launches), as a reader follows them. */
const inLaunchOrder = (runIds: number[]) => [...runIds].sort((a, b) => a - b);

/** Each detection method over its benchmarks on the dataset, at the chosen window (area, F1, power, FDR) and rule (F1, type I error). */
export function detectionRows(occasions: DiscoveryOccasion[], windowBp: number, rule: SignificanceRule): DetectionRow[] {
  if (occasions.length === 0) return [];
  const groupOf = new Map<number, Benchmark | null>();
  for (const occasion of occasions) {
    for (const method of occasion.scored.methods) {
      if (method.runId !== undefined) groupOf.set(method.runId, occasion.groupId ? { id: occasion.groupId, name: occasion.groupName ?? `Benchmark ${occasion.groupId}` } : null);
    }
  }
  return discoveryBoardRows(
    occasions.map((occasion) => occasion.scored),
    { rule, windowBp, rankWindowBp: windowBp },
  ).map((row) => ({
    method: row.method,
    auc: row.aucByWindow[windowBp]!,
    f1: row.f1,
    power: row.power,
    fdr: row.fdr,
    typeIError: row.typeIError,
    runIds: inLaunchOrder(row.runIds),
    benchmarks: benchmarksOf(row.runIds, groupOf),
  }));
}

/** `r2f3` → repeat 2; a fold without a repeat is repeat 1. */
const repeatOf = (fold: string) => /^r(\d+)f/.exec(fold)?.[1] ?? '1';

/**
 * Each prediction method, scheme and trait over its runs on the dataset. With folds, the interval is
 * over every fold score of its runs with the corrected resampled t (n_test/n_train = 1/(k − 1) for
 * k folds a repeat); without, over its runs' scores with the plain t.
 */
export function predictionRows(runs: PredictionRun[], observed: Observed | null): PredictionRow[] {
  type Gathered = {
    row: Omit<PredictionRow, 'r' | 'rho' | 'rmse' | 'bias' | 'folds' | 'benchmarks'>;
    overall: Array<ReturnType<typeof scoreModel>[number]>;
    folds: Array<ReturnType<typeof scoreModel>[number]['folds'][number]>;
    k: number;
  };
  const gathered = new Map<string, Gathered>();
  const groupOf = new Map<number, Benchmark | null>();
  for (const entry of runs) {
    groupOf.set(entry.run.id, entry.groupId ? { id: entry.groupId, name: entry.groupName ?? `Benchmark ${entry.groupId}` } : null);
    for (const model of entry.models) {
      for (const score of scoreModel(model.name, model.predictions, model.observed ?? observed ?? new Map())) {
        const key = JSON.stringify([model.name, entry.scheme, score.trait]);
        const found = gathered.get(key) ?? { row: { method: model.name, pipeline: entry.run.pipelineId, scheme: entry.scheme, trait: score.trait, runIds: [] }, overall: [], folds: [], k: 0 };
        found.row.runIds.push(entry.run.id);
        found.overall.push(score);
        if (score.folds.length > 1) {
          found.folds.push(...score.folds);
          const perRepeat = new Map<string, number>();
          for (const fold of score.folds) perRepeat.set(repeatOf(fold.fold), (perRepeat.get(repeatOf(fold.fold)) ?? 0) + 1);
          found.k = Math.max(found.k, ...perRepeat.values());
        }
        gathered.set(key, found);
      }
    }
  }
  return [...gathered.values()].map(({ row, overall, folds, k }) => {
    const withFolds = folds.length > 1 && k > 1;
    const of = (pick: (score: { pearson: number | null; spearman: number | null; rmse: number | null; slope: number | null }) => number | null) =>
      withFolds ? summarise(folds.map(pick), { testTrainRatio: testTrainRatio(row.scheme, k) }) : summarise(overall.map(pick));
    return {
      ...row,
      runIds: inLaunchOrder(row.runIds),
      r: of((score) => score.pearson),
      rho: of((score) => score.spearman),
      rmse: of((score) => score.rmse),
      bias: of((score) => score.slope),
      folds: withFolds ? folds.length : 0,
      benchmarks: benchmarksOf(row.runIds, groupOf),
    };
  });
}

/**
 * Each cross-validated method, scheme and trait: predictionBoardRows (r, ρ, RMSE and bias over the
 * repeats × folds with the corrected resampled t), with the benchmarks of its runs.
 */
export function crossValidationRows(runs: CvRunPredictions[], groupOf: ReadonlyMap<number, Benchmark | null>): PredictionRow[] {
  return predictionBoardRows(runs).map(({ perFold: _perFold, ...row }) => ({ ...row, benchmarks: benchmarksOf(row.runIds, groupOf) }));
}

/* Sorting: a column's mean, missing values last whichever way. */

/** A board's order is the sortable table's. */
export type BoardSort<Key extends string> = TableSort<Key>;

export function sortRows<Row, Key extends string>(rows: Row[], sort: BoardSort<Key>, valueFor: (row: Row, key: Key) => number | string | null): Row[] {
  const sign = sort.order === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = valueFor(a, sort.key);
    const y = valueFor(b, sort.key);
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    if (typeof x === 'string' || typeof y === 'string') return sign * String(x).localeCompare(String(y), 'en', { numeric: true });
    return sign * (x - y);
  });
}

/** `dsort=auc:desc` → { key: 'auc', order: 'desc' }; a key not offered, or a bad order, is the default. */
export function parseSort<Key extends string>(text: string | null, keys: readonly Key[], fallback: BoardSort<Key>): BoardSort<Key> {
  const [key, order] = (text ?? '').split(':');
  const known = keys.find((candidate) => candidate === key);
  if (!known) return fallback;
  return { key: known, order: order === 'asc' ? 'asc' : order === 'desc' ? 'desc' : fallback.order };
}

/* CSV: each figure's mean, interval ends and n, then the cost, the runs and the benchmarks. */

const summaryCells = (name: string, summary: Summary | undefined): Record<string, unknown> => ({
  [`${name}_mean`]: summary?.mean ?? 'NA',
  [`${name}_low`]: summary?.low ?? 'NA',
  [`${name}_high`]: summary?.high ?? 'NA',
  [`${name}_n`]: summary?.n ?? 0,
});
const summaryHeaders = (name: string) => [`${name}_mean`, `${name}_low`, `${name}_high`, `${name}_n`];
const COST_HEADERS = [...summaryHeaders('wall_ms'), ...summaryHeaders('cpu_ms'), ...summaryHeaders('peak_rss_bytes')];
const costCells = (cost: CostSummary | undefined) => ({ ...summaryCells('wall_ms', cost?.wallMs), ...summaryCells('cpu_ms', cost?.cpuMs), ...summaryCells('peak_rss_bytes', cost?.peakRssBytes) });
const runCells = (row: BoardRowBase) => ({ runs: row.runIds.length, run_ids: row.runIds.join(' '), benchmarks: row.benchmarks.map((benchmark) => benchmark.name).join('; ') });

export function detectionCsv(dataset: string, rows: Array<DetectionRow & { cost?: CostSummary }>, windowBp: number, rule: string): string {
  const headers = ['dataset', 'method', 'window_bp', 'rule', ...['auc', 'f1', 'power', 'fdr', 'type_i_error'].flatMap(summaryHeaders), ...COST_HEADERS, 'runs', 'run_ids', 'benchmarks'];
  return toCsv(
    headers,
    rows.map((row) => ({
      dataset,
      method: row.method,
      window_bp: windowBp,
      rule,
      ...summaryCells('auc', row.auc),
      ...summaryCells('f1', row.f1),
      ...summaryCells('power', row.power),
      ...summaryCells('fdr', row.fdr),
      ...summaryCells('type_i_error', row.typeIError),
      ...costCells(row.cost),
      ...runCells(row),
    })),
  );
}

export function predictionCsv(dataset: string, rows: Array<PredictionRow & { cost?: CostSummary }>): string {
  const headers = ['dataset', 'method', 'pipeline', 'scheme', 'trait', 'folds', ...['r', 'rho', 'rmse', 'bias'].flatMap(summaryHeaders), ...COST_HEADERS, 'runs', 'run_ids', 'benchmarks'];
  return toCsv(
    headers,
    rows.map((row) => ({
      dataset,
      method: row.method,
      pipeline: row.pipeline,
      scheme: row.scheme,
      trait: row.trait,
      folds: row.folds,
      ...summaryCells('r', row.r),
      ...summaryCells('rho', row.rho),
      ...summaryCells('rmse', row.rmse),
      ...summaryCells('bias', row.bias),
      ...costCells(row.cost),
      ...runCells(row),
    })),
  );
}
