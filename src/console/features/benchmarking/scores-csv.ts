import { csvLine } from '../../../contract/csv-cells';
import type { ScoreRow } from './discovery-scores';
import type { Summary } from '../../../contract/benchmark-stats';
import type { ModelTraitScore } from './prediction-data';
import type { BestComparison, PredictionBoardRow } from './prediction-summary';
import type { CostSummary } from './run-costs';

/**
 * The scores tables as the CSV files the results pages export, through the contract's CSV line
 * writer: a method, model or trait name that starts with =, +, - or @ is protected as the exports'
 * cells are. A score with no value (nothing called, a constant prediction) is written NA, as R and
 * pandas read it.
 */

const scoreCell = (value: number | null) => value ?? 'NA';

/** Lines ending in a line feed, as the pages have always written them. */
const csvFile = (lines: ReadonlyArray<readonly unknown[]>) => `${lines.map(csvLine).join('\n')}\n`;

/** The discovery scores, one row per method and trait (and each method's total), with the window and the rule they were scored under. */
export function discoveryScoresCsv(rows: ScoreRow[], windowMb: number, rule: string): string {
  return csvFile([
    ['method', 'trait', 'tests', 'hits', 'known_qtl', 'true_positives', 'false_positives', 'false_negatives', 'precision', 'recall', 'f1', 'window_mb', 'rule'],
    ...rows.map((row) => [
      row.method,
      row.trait,
      row.tests,
      row.hits,
      row.knownQtl,
      row.truePositives,
      row.falsePositives,
      row.falseNegatives,
      scoreCell(row.precision),
      scoreCell(row.recall),
      scoreCell(row.f1),
      windowMb,
      rule,
    ]),
  ]);
}

/** A leaderboard row's rank (NA when unranked) and the benchmark it comes from. */
export type LeaderboardLead = [rank: number | 'NA', benchmark: string];

/**
 * The prediction scores, a row for all individuals and one per fold; `lead`, one per row, gives a
 * leaderboard's rows their rank and benchmark.
 */
export function predictionScoresCsv(rows: ModelTraitScore[], lead?: LeaderboardLead[]): string {
  const header = ['model', 'trait', 'fold', 'n', 'pearson_r', 'spearman_rho', 'rmse', 'bias_slope', 'intercept'];
  return csvFile([
    lead ? ['rank', 'benchmark', ...header] : header,
    ...rows.flatMap((row, index) => {
      const prefix = lead ? lead[index]! : [];
      return [{ fold: 'all', ...row }, ...row.folds].map((part) => [
        ...prefix,
        row.model,
        row.trait,
        part.fold,
        part.n,
        scoreCell(part.pearson),
        scoreCell(part.spearman),
        scoreCell(part.rmse),
        scoreCell(part.slope),
        scoreCell(part.intercept),
      ]);
    }),
  ]);
}

/** A summary's mean, sd and interval ends, NA where it has none. */
const summaryCells = (summary: Summary | null): Array<number | 'NA'> => (summary ? [summary.mean, summary.sd, summary.low, summary.high] : [null, null, null, null]).map(scoreCell);

/**
 * A cross-validation benchmark's board: per scheme, method and trait, r, ρ, RMSE and bias as mean,
 * sd and the 95 % interval (corrected resampled t) over the repeats × folds, and r's paired
 * difference from the best method with its interval and whether it excludes 0; with `costOf`, the
 * mean wall time, CPU time (ms) and peak memory (bytes) of the row's runs.
 */
export function predictionBoardCsv(rows: PredictionBoardRow[], comparisons: BestComparison[], costOf?: (row: PredictionBoardRow) => CostSummary | undefined): string {
  const metrics = ['r', 'rho', 'rmse', 'bias'] as const;
  const comparisonOf = (row: PredictionBoardRow) => comparisons.find((entry) => entry.method === row.method && entry.scheme === row.scheme && entry.trait === row.trait);
  return csvFile([
    [
      'scheme',
      'method',
      'pipeline',
      'trait',
      'folds',
      ...metrics.flatMap((metric) => [`${metric}_mean`, `${metric}_sd`, `${metric}_low`, `${metric}_high`]),
      'best',
      'r_minus_best_mean',
      'r_minus_best_sd',
      'r_minus_best_low',
      'r_minus_best_high',
      'differs_from_best',
      'run_ids',
      ...(costOf ? ['wall_ms', 'cpu_ms', 'peak_rss_bytes'] : []),
    ],
    ...rows.map((row) => {
      const comparison = comparisonOf(row);
      return [
        row.scheme,
        row.method,
        row.pipeline,
        row.trait,
        row.folds,
        ...metrics.flatMap((metric) => summaryCells(row[metric])),
        comparison?.best ?? 'NA',
        ...summaryCells(comparison?.comparison ?? null),
        comparison?.comparison ? comparison.comparison.different : 'NA',
        row.runIds.join(' '),
        ...(costOf ? [costOf(row)?.wallMs.mean ?? null, costOf(row)?.cpuMs.mean ?? null, costOf(row)?.peakRssBytes.mean ?? null].map(scoreCell) : []),
      ];
    }),
  ]);
}
