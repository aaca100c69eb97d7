import { CURVE_WINDOWS_BP } from '../../../contract/benchmark-metrics';
import type { Summary } from '../../../contract/benchmark-stats';
import { csvLine } from '../../../contract/csv-cells';
import { AT_RULE, type DiscoveryBoardRow } from './discovery-summary';
import type { CostSummary } from './run-costs';
import { windowLabel } from './discovery-view';

/**
 * The discovery board as the CSV a person downloads: per method its scores across the datasets as
 * mean, sd and the 95 % interval's ends, the comparison with the best by area and by F1, power and
 * FDR at the rule, and the window and
 * rule they were scored under, and for a benchmark's runs their wall time, CPU time and peak memory
 * (ms and bytes). A value that has none (no interval with one dataset) is NA, as R and pandas read it.
 */

const cell = (value: number | null) => value ?? 'NA';
const summaryHeader = (name: string) => [`${name}_mean`, `${name}_sd`, `${name}_low`, `${name}_high`];
const summaryCells = (summary: Summary) => [cell(summary.mean), cell(summary.sd), cell(summary.low), cell(summary.high)];
const windowName = (bp: number) => windowLabel(bp).replace(' ', '').toLowerCase();

export function discoveryBoardCsv(
  rows: DiscoveryBoardRow[],
  scoredUnder: { windowMb: number; rule: string; rankWindowBp: number },
  costOf?: (row: DiscoveryBoardRow) => CostSummary | undefined,
): string {
  const costHeader = costOf ? [...summaryHeader('wall_ms'), ...summaryHeader('cpu_ms'), ...summaryHeader('peak_rss_bytes')] : [];
  const costCells = (row: DiscoveryBoardRow) => {
    if (!costOf) return [];
    const cost = costOf(row);
    return cost ? [...summaryCells(cost.wallMs), ...summaryCells(cost.cpuMs), ...summaryCells(cost.peakRssBytes)] : costHeader.map(() => 'NA');
  };
  const header = [
    'method',
    'datasets',
    ...summaryHeader('f1'),
    ...summaryHeader('power'),
    ...summaryHeader('fdr'),
    ...summaryHeader('type1_error'),
    ...CURVE_WINDOWS_BP.flatMap((bp) => summaryHeader(`auc_${windowName(bp)}`)),
    'best',
    'auc_minus_best_mean',
    'auc_minus_best_low',
    'auc_minus_best_high',
    'differs_from_best',
    ...AT_RULE.flatMap((score) => [`${score}_minus_best_mean`, `${score}_minus_best_low`, `${score}_minus_best_high`, `${score}_differs_from_best`]),
    'window_mb',
    'rule',
    'rank_window',
    ...costHeader,
  ];
  const lines = rows.map((row) => [
    row.method,
    row.datasets,
    ...summaryCells(row.f1),
    ...summaryCells(row.power),
    ...summaryCells(row.fdr),
    ...summaryCells(row.typeIError),
    ...CURVE_WINDOWS_BP.flatMap((bp) => summaryCells(row.aucByWindow[bp]!)),
    row.best,
    cell(row.versusBest?.mean ?? null),
    cell(row.versusBest?.low ?? null),
    cell(row.versusBest?.high ?? null),
    row.versusBest ? row.versusBest.different : 'NA',
    ...AT_RULE.flatMap((score) => {
      const versus = row.versusBestAtRule?.[score];
      return [cell(versus?.mean ?? null), cell(versus?.low ?? null), cell(versus?.high ?? null), versus ? versus.different : 'NA'];
    }),
    scoredUnder.windowMb,
    scoredUnder.rule,
    windowLabel(scoredUnder.rankWindowBp),
    ...costCells(row),
  ]);
  return `${[header, ...lines].map(csvLine).join('\n')}\n`;
}
