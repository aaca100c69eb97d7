import {
  CURVE_WINDOWS_BP,
  type DiscoveryScore,
  type KnownQtl,
  matchTests,
  type PowerFdrCurve,
  powerFdrCurves,
  type SignificanceRule,
  scoreDiscovery,
  typeIError,
} from '../../../contract/benchmark-metrics';
import { comparePaired, type PairedComparison, type Summary, summarise } from '../../../contract/benchmark-stats';
import { columnsOf, hitsOf, type Method, type ScoredDataset } from './discovery-scores';

/**
 * A discovery benchmark's methods across its datasets (the replicates): per method the mean, sd
 * and 95 % t interval of F1, power and FDR at the chosen window and rule, of the area under the
 * power–FDR curve at each of the five windows and of the type I error on null traits, and each
 * method compared with the best by area, paired over the datasets both were scored on. Definitions:
 * /docs/reference/metrics/discovery.
 */

export interface DiscoveryBoardOptions {
  rule: SignificanceRule;
  /** The window of F1, power and FDR, in bp. */
  windowBp: number;
  /** The window the methods are ranked and compared at by area: one of CURVE_WINDOWS_BP (1 Mb unless said). */
  rankWindowBp?: number;
}

export interface DiscoveryBoardRow {
  method: string;
  /** All traits with known QTL pooled, at the chosen window and rule. */
  f1: Summary;
  power: Summary;
  fdr: Summary;
  /** On null traits (no known QTL), at the chosen rule; n 0 without null traits. */
  typeIError: Summary;
  /** Area under the power–FDR curve, by window in bp (CURVE_WINDOWS_BP). */
  aucByWindow: Record<number, Summary>;
  /** Datasets the method was scored on. */
  datasets: number;
  /** The runs its association tables come from (none for an uploaded fileset). */
  runIds: number[];
  /** Highest mean area at the ranking window. */
  best: boolean;
  /** Its area at the ranking window less the best method's, paired by dataset; null for the best itself. */
  versusBest: PairedComparison | null;
  /**
   * Its F1, power and FDR at the chosen window and rule less the best method's, paired by dataset:
   * a method close to the best by area may still call far more false hits at the rule read. Null for the best.
   */
  versusBestAtRule: Record<AtRule, PairedComparison> | null;
}

export const AT_RULE = ['f1', 'power', 'fdr'] as const;
export type AtRule = (typeof AT_RULE)[number];

/** Curves are matched once per method's table and known QTL, and reused as the window or rule changes. */
const curveCache = new WeakMap<Method, { qtl: KnownQtl[]; curves: PowerFdrCurve[] }>();

/** A method's power–FDR curves on a dataset, at the five windows. */
export function curvesOf(method: Method, qtl: KnownQtl[]): PowerFdrCurve[] {
  const cached = curveCache.get(method);
  if (cached && cached.qtl === qtl) return cached.curves;
  const curves = powerFdrCurves(matchTests(method.tests, qtl, CURVE_WINDOWS_BP, columnsOf(method)));
  curveCache.set(method, { qtl, curves });
  return curves;
}

/** F1, power (recall) and FDR (false hits over hits) of one table, the traits with known QTL pooled. */
export function pooledDetection(scores: DiscoveryScore[]): { f1: number | null; power: number | null; fdr: number | null } {
  let hits = 0;
  let falseHits = 0;
  let found = 0;
  let known = 0;
  for (const score of scores) {
    if (score.knownQtl === 0) continue;
    hits += score.hits;
    falseHits += score.falsePositives;
    found += score.truePositives;
    known += score.knownQtl;
  }
  if (known === 0) return { f1: null, power: null, fdr: null };
  const power = found / known;
  const precision = found + falseHits === 0 ? null : found / (found + falseHits);
  const f1 = precision === null || precision + power === 0 ? 0 : (2 * precision * power) / (precision + power);
  return { f1, power, fdr: hits === 0 ? null : falseHits / hits };
}

interface DatasetScores {
  f1: number | null;
  power: number | null;
  fdr: number | null;
  typeIError: number | null;
  auc: Array<number | null>;
  runId: number | undefined;
}

/** One row per method, best first by mean area at the ranking window. */
export function discoveryBoardRows(datasets: ScoredDataset[], options: DiscoveryBoardOptions): DiscoveryBoardRow[] {
  const rankWindow = Math.max(0, CURVE_WINDOWS_BP.indexOf(options.rankWindowBp ?? 1_000_000));
  // Per method, its scores keyed by dataset name (the pairing key).
  const byMethod = new Map<string, Map<string, DatasetScores>>();
  for (const dataset of datasets) {
    for (const method of dataset.methods) {
      const scores = byMethod.get(method.name) ?? new Map<string, DatasetScores>();
      byMethod.set(method.name, scores);
      const hits = hitsOf(method, options.rule);
      scores.set(dataset.name, {
        ...pooledDetection(scoreDiscovery(method.tests, dataset.qtl.rows, options.rule, options.windowBp, hits)),
        typeIError: typeIError(method.tests, dataset.qtl.rows, options.rule, hits).rate,
        auc: curvesOf(method, dataset.qtl.rows).map((curve) => curve.auc),
        runId: method.runId,
      });
    }
  }
  const rows = [...byMethod].map(([method, scores]) => {
    const values = [...scores.values()];
    const of = (pick: (entry: DatasetScores) => number | null) => summarise(values.map(pick));
    return {
      method,
      f1: of((entry) => entry.f1),
      power: of((entry) => entry.power),
      fdr: of((entry) => entry.fdr),
      typeIError: of((entry) => entry.typeIError),
      aucByWindow: Object.fromEntries(CURVE_WINDOWS_BP.map((windowBp, w) => [windowBp, of((entry) => entry.auc[w] ?? null)])),
      datasets: scores.size,
      runIds: values.flatMap((entry) => (entry.runId === undefined ? [] : [entry.runId])),
      best: false,
      versusBest: null as PairedComparison | null,
      versusBestAtRule: null as Record<AtRule, PairedComparison> | null,
    };
  });
  const rankOf = (row: (typeof rows)[number]) => row.aucByWindow[CURVE_WINDOWS_BP[rankWindow]!]!.mean ?? Number.NEGATIVE_INFINITY;
  rows.sort((a, b) => rankOf(b) - rankOf(a) || a.method.localeCompare(b.method));
  const best = rows[0];
  if (best && rankOf(best) !== Number.NEGATIVE_INFINITY) {
    best.best = true;
    const byDataset = (method: string, pick: (entry: DatasetScores) => number | null) => new Map([...byMethod.get(method)!].map(([dataset, entry]) => [dataset, pick(entry)]));
    const area = (entry: DatasetScores) => entry.auc[rankWindow] ?? null;
    // The best method's scores by dataset, read once for every method compared with it.
    const bestArea = byDataset(best.method, area);
    const bestAtRule = new Map(AT_RULE.map((score) => [score, byDataset(best.method, (entry) => entry[score])]));
    for (const row of rows.slice(1)) {
      row.versusBest = comparePaired(byDataset(row.method, area), bestArea);
      row.versusBestAtRule = Object.fromEntries(
        AT_RULE.map((score) => [
          score,
          comparePaired(
            byDataset(row.method, (entry) => entry[score]),
            bestAtRule.get(score)!,
          ),
        ]),
      ) as Record<AtRule, PairedComparison>;
    }
  }
  return rows;
}
