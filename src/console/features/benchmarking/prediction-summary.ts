import { type PredictionScore, scorePrediction } from '../../../contract/benchmark-metrics';
import { comparePaired, type PairedComparison, type Summary, summarise, testTrainRatio } from '../../../contract/benchmark-stats';

/**
 * A cross-validation benchmark scored: each method's held-out predictions on a dataset's frozen
 * folds, scored per repeat and fold (r, ρ, RMSE, bias), summarised over the repeats × folds as
 * mean [95 % CI] by the corrected resampled t, and each method compared with the best on the same
 * repeat:fold keys. Pure: the loading is in prediction-cv-loading.ts.
 */

/** One held-out record's prediction, as a method's cv_predictions.csv gives it. */
export interface CvPrediction {
  id: string;
  trait: string;
  repeat: number;
  fold: number;
  observed: number;
  predicted: number;
  environment: string;
}

/** One run of a cross-validation benchmark: a method on one dataset's folds. */
export interface CvRunPredictions {
  runId: number;
  method: string;
  pipeline: string;
  scheme: string;
  predictions: CvPrediction[];
}

export const BOARD_METRICS = ['r', 'rho', 'rmse', 'bias'] as const;
export type BoardMetric = (typeof BOARD_METRICS)[number];

/** The key a fold's score is paired on across methods. */
export const foldKey = (repeat: number, fold: number) => `${repeat}:${fold}`;

export interface PredictionBoardRow {
  method: string;
  pipeline: string;
  scheme: string;
  trait: string;
  r: Summary;
  rho: Summary;
  rmse: Summary;
  bias: Summary;
  /** Repeats × folds scored. */
  folds: number;
  runIds: number[];
  /** Each metric per repeat:fold key, for the paired comparison and the chart. */
  perFold: Record<BoardMetric, Map<string, number | null>>;
}

const fromScore: Record<BoardMetric, (score: PredictionScore) => number | null> = {
  r: (score) => score.pearson,
  rho: (score) => score.spearman,
  rmse: (score) => score.rmse,
  bias: (score) => score.slope,
};

/**
 * Rows per method, scheme and trait, sorted by scheme, trait, then mean r (best first). Runs of one
 * method on the same folds (a dataset's board across benchmarks) are pooled fold by fold: a
 * deterministic method run again repeats its predictions, which leaves r, ρ, RMSE and the slope as they were.
 */
export function predictionBoardRows(runs: CvRunPredictions[]): PredictionBoardRow[] {
  const groups = new Map<string, { run: CvRunPredictions; trait: string; runIds: number[]; byFold: Map<string, CvPrediction[]>; folds: number }>();
  for (const run of runs) {
    for (const prediction of run.predictions) {
      const key = `${run.method}\u0000${run.scheme}\u0000${prediction.trait}`;
      let group = groups.get(key);
      if (!group) {
        group = { run, trait: prediction.trait, runIds: [], byFold: new Map(), folds: 0 };
        groups.set(key, group);
      }
      if (!group.runIds.includes(run.runId)) group.runIds.push(run.runId);
      const fold = foldKey(prediction.repeat, prediction.fold);
      group.byFold.set(fold, [...(group.byFold.get(fold) ?? []), prediction]);
      group.folds = Math.max(group.folds, prediction.fold);
    }
  }
  const rows = [...groups.values()].map(({ run, trait, runIds, byFold, folds }): PredictionBoardRow => {
    const keys = [...byFold.keys()].sort((a, b) => {
      const [ra, fa] = a.split(':').map(Number);
      const [rb, fb] = b.split(':').map(Number);
      return ra! - rb! || fa! - fb!;
    });
    const scores = new Map(keys.map((key) => [key, scorePrediction(byFold.get(key)!.map((row) => ({ observed: row.observed, predicted: row.predicted })))]));
    const perFold = Object.fromEntries(BOARD_METRICS.map((metric) => [metric, new Map(keys.map((key) => [key, fromScore[metric](scores.get(key)!)]))])) as PredictionBoardRow['perFold'];
    const options = folds > 1 ? { testTrainRatio: testTrainRatio(run.scheme, folds) } : {};
    const [r, rho, rmse, bias] = BOARD_METRICS.map((metric) => summarise(perFold[metric].values(), options)) as [Summary, Summary, Summary, Summary];
    return { method: run.method, pipeline: run.pipeline, scheme: run.scheme, trait, r, rho, rmse, bias, folds: keys.length, runIds: runIds.sort((a, b) => a - b), perFold };
  });
  const rank = (summary: Summary) => summary.mean ?? Number.NEGATIVE_INFINITY;
  return rows.sort((a, b) => a.scheme.localeCompare(b.scheme) || a.trait.localeCompare(b.trait) || rank(b.r) - rank(a.r) || a.method.localeCompare(b.method));
}

export interface BestComparison {
  scheme: string;
  trait: string;
  method: string;
  /** The method with the highest mean r on this scheme and trait. */
  best: string;
  /** method − best over the repeat:fold keys both were scored on; null for the best itself. */
  comparison: PairedComparison | null;
}

/**
 * Each method against the best on the same scheme and trait: the differences of r over the same
 * repeat:fold keys, with the corrected resampled t interval; "different" only when it excludes 0.
 */
export function compareWithBest(rows: PredictionBoardRow[], metric: BoardMetric = 'r'): BestComparison[] {
  const byTrait = new Map<string, PredictionBoardRow[]>();
  for (const row of rows) {
    const key = `${row.scheme}\u0000${row.trait}`;
    byTrait.set(key, [...(byTrait.get(key) ?? []), row]);
  }
  return [...byTrait.values()].flatMap((group) => {
    const best = group.reduce((top, row) => ((row[metric].mean ?? Number.NEGATIVE_INFINITY) > (top[metric].mean ?? Number.NEGATIVE_INFINITY) ? row : top), group[0]!);
    return group.map((row) => ({
      scheme: row.scheme,
      trait: row.trait,
      method: row.method,
      best: best.method,
      comparison: row === best ? null : comparePaired(row.perFold[metric], best.perFold[metric], row.folds > 1 ? { testTrainRatio: testTrainRatio(row.scheme, foldsPerRepeat(row)) } : {}),
    }));
  });
}

/** k: the highest fold number among a row's keys. */
const foldsPerRepeat = (row: PredictionBoardRow) => Math.max(...[...row.perFold.r.keys()].map((key) => Number(key.split(':')[1])));
