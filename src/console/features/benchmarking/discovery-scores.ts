import {
  type AssociationColumns,
  type AssociationTest,
  type DiscoveryScore,
  discoveryScores,
  hitsByTrait,
  type KnownQtl,
  meanSd,
  type SignificanceRule,
  scoreDiscovery,
  type TraitHits,
  toColumns,
} from '../../../contract/benchmark-metrics';

/**
 * A discovery benchmark's scores as the results page shows them: per method and trait with a total
 * per method, and, over several datasets (replicates), each method's mean ± sd.
 */

/** One method's association tests, read from its table, with the rows that could not be read. */
export interface Method {
  name: string;
  /** The run that wrote the table, for a benchmark's methods. */
  runId?: number;
  tests: AssociationTest[];
  /** The tests as columns, written by the CSV reader as it read them (parseAssociations). */
  columns?: AssociationColumns;
  skipped: number;
  problems: string[];
}

/** A method's table as columns: the reader's, or made at its first scoring and kept for every window and rule after. */
const columnCache = new WeakMap<Method, AssociationColumns>();
export function columnsOf(method: Method): AssociationColumns {
  if (method.columns) return method.columns;
  let columns = columnCache.get(method);
  if (!columns) {
    columns = toColumns(method.tests);
    columnCache.set(method, columns);
  }
  return columns;
}

const ruleKey = (rule: SignificanceRule) => (rule.kind === 'threshold' ? `threshold ${rule.minusLog10P}` : rule.kind === 'bonferroni' ? `bonferroni ${rule.alpha}` : `fdr ${rule.q}`);

/** A method's significant tests per trait under the rule, kept until the rule changes: the board, the scores and the scores across datasets share them. */
const hitsCache = new WeakMap<Method, { rule: string; hits: Map<string, TraitHits> }>();
export function hitsOf(method: Method, rule: SignificanceRule): Map<string, TraitHits> {
  const key = ruleKey(rule);
  const cached = hitsCache.get(method);
  if (cached && cached.rule === key) return cached.hits;
  const hits = hitsByTrait(method.tests, rule, columnsOf(method));
  hitsCache.set(method, { rule: key, hits });
  return hits;
}

/** A method's scores per trait on a dataset, from its kept significant tests. */
export const scoreMethod = (method: Method, qtl: KnownQtl[], rule: SignificanceRule, windowBp: number) => scoreDiscovery(method.tests, qtl, rule, windowBp, hitsOf(method, rule));

/** A dataset's known QTL, read from its table (`name`). */
export interface KnownQtlTable {
  name: string;
  rows: KnownQtl[];
  skipped: number;
  problems: string[];
}

/** One dataset scored: its methods against its known QTL. */
export interface ScoredDataset {
  name: string;
  /** The dataset's fileset, for a benchmark's datasets (its board is `datasetBoardRoute(id)`); none for an uploaded fileset. */
  id?: number | string;
  methods: Method[];
  qtl: KnownQtlTable;
}

/** One row of the scores table: a method's trait, or its total over traits. */
export interface ScoreRow extends DiscoveryScore {
  method: string;
  total: boolean;
}

/** The rule as a reader says it, in the page and in the exported CSV. */
export function ruleText(rule: SignificanceRule): string {
  if (rule.kind === 'threshold') return `−log10 p ≥ ${rule.minusLog10P}`;
  if (rule.kind === 'bonferroni') return `Bonferroni α = ${rule.alpha}`;
  return `FDR (Benjamini–Hochberg) q = ${rule.q}`;
}

/**
 * The traits of a method pooled, counts summed and scores from the sums: those with known QTL,
 * as null traits (none) are scored by their type I error instead.
 */
export function pooled(method: string, all: DiscoveryScore[]): ScoreRow {
  const scores = all.filter((score) => score.knownQtl > 0);
  const sum = (key: 'tests' | 'hits' | 'knownQtl' | 'truePositives' | 'falsePositives' | 'falseNegatives') => scores.reduce((total, score) => total + score[key], 0);
  const truePositives = sum('truePositives');
  const falsePositives = sum('falsePositives');
  const knownQtl = sum('knownQtl');
  return {
    method,
    total: true,
    trait: scores.length === all.length ? 'all traits' : 'traits with known QTL',
    tests: sum('tests'),
    hits: sum('hits'),
    knownQtl,
    truePositives,
    falsePositives,
    falseNegatives: sum('falseNegatives'),
    ...discoveryScores(truePositives, falsePositives, knownQtl),
  };
}

/** Each method's rows per trait, followed by its total where it has more than one trait; `totals` holds every method's total. */
export function scoreMethods(methods: Method[], qtl: KnownQtl[], rule: SignificanceRule, windowBp: number): { rows: ScoreRow[]; totals: ScoreRow[] } {
  const rows: ScoreRow[] = [];
  const totals: ScoreRow[] = [];
  for (const method of methods) {
    const scores = scoreMethod(method, qtl, rule, windowBp);
    rows.push(...scores.map((score) => ({ ...score, method: method.name, total: false })));
    const total = pooled(method.name, scores);
    if (scores.length > 1) rows.push(total);
    totals.push(total);
  }
  return { rows, totals };
}

type Spread = ReturnType<typeof meanSd>;

/** A method's scores on one trait over the datasets. */
export interface AcrossRow {
  method: string;
  trait: string;
  datasets: number;
  precision: Spread;
  recall: Spread;
  f1: Spread;
  truePositives: Spread;
  falsePositives: Spread;
}

/** Each method's scores per trait over the datasets; `pooledF1` follows `names`, one method each. */
export interface AcrossDatasets {
  rows: AcrossRow[];
  names: string[];
  pooledF1: Spread[];
}

/** Each method's scores per trait over the datasets, and its F1 with all traits pooled, as mean ± sd. */
export function scoreAcrossDatasets(datasets: ScoredDataset[], rule: SignificanceRule, windowBp: number): AcrossDatasets {
  const perDataset = datasets.map((dataset) => dataset.methods.map((method) => ({ method: method.name, scores: scoreMethod(method, dataset.qtl.rows, rule, windowBp) })));
  const names = [...new Set(datasets.flatMap((dataset) => dataset.methods.map((method) => method.name)))];
  const rows = names.flatMap((method) => {
    const scores = perDataset.flatMap((entries) => entries.filter((entry) => entry.method === method).flatMap((entry) => entry.scores));
    const traitNames = [...new Set(scores.map((score) => score.trait))].sort();
    return traitNames.map((trait) => {
      const own = scores.filter((score) => score.trait === trait);
      return {
        method,
        trait,
        datasets: own.length,
        precision: meanSd(own.map((score) => score.precision)),
        recall: meanSd(own.map((score) => score.recall)),
        f1: meanSd(own.map((score) => score.f1)),
        truePositives: meanSd(own.map((score) => score.truePositives)),
        falsePositives: meanSd(own.map((score) => score.falsePositives)),
      };
    });
  });
  const pooledF1 = names.map((method) => meanSd(perDataset.map((entries) => pooled(method, entries.find((entry) => entry.method === method)?.scores ?? []).f1)));
  return { rows, names, pooledF1 };
}
