/**
 * The scores of a benchmark, once. The console computes them (again at once when the window or the
 * significance rule changes); the server never does. They stay in the contract, the one place
 * every side may import, because the catalogue's Make GDIP Predictions test and the benchmarking
 * bench check their numbers against these same definitions, and a pipeline must not import the
 * console. Definitions and worked examples are in the docs' metric references
 * (/docs/reference/metrics/discovery and …/prediction).
 */

/* Discovery: association results against known QTL. */

export interface AssociationTest {
  marker: string;
  chromosome: string;
  position: number;
  trait: string;
  /** −log10 p, kept as the method wrote it: p below 1e-308 underflows, its −log10 does not. */
  minusLog10P: number;
}

export interface KnownQtl {
  marker: string;
  chromosome: string;
  position: number;
  trait: string;
  effect: number;
}

export type SignificanceRule = { kind: 'threshold'; minusLog10P: number } | { kind: 'bonferroni'; alpha: number } | { kind: 'fdr'; q: number };

export interface DiscoveryScore {
  trait: string;
  /** Markers tested, and those the rule calls significant. */
  tests: number;
  hits: number;
  knownQtl: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  /** Undefined (null) without hits. */
  precision: number | null;
  /** Undefined (null) without known QTL. */
  recall: number | null;
  f1: number | null;
}

/** The significant tests of one trait under a rule (Bonferroni and Benjamini–Hochberg count that trait's tests). */
export function significantTests(tests: AssociationTest[], rule: SignificanceRule): AssociationTest[] {
  if (tests.length === 0) return [];
  if (rule.kind === 'threshold') return tests.filter((test) => test.minusLog10P >= rule.minusLog10P);
  if (rule.kind === 'bonferroni') {
    const cutoff = -Math.log10(rule.alpha / tests.length);
    return tests.filter((test) => test.minusLog10P >= cutoff);
  }
  // Benjamini–Hochberg: the largest rank k with p(k) ≤ k·q/m; the k smallest p are significant.
  // Compared on the log scale, so p-values too small for a double still order correctly; the
  // values alone are sorted (a typed array), then the tests at or above the k-th are kept.
  const values = Float64Array.from(tests, (test) => test.minusLog10P).sort();
  const m = values.length;
  let cutoff = Number.POSITIVE_INFINITY;
  for (let k = m; k >= 1; k -= 1) {
    const value = values[m - k]!;
    if (value >= -Math.log10((k * rule.q) / m)) {
      cutoff = value;
      break;
    }
  }
  return tests.filter((test) => test.minusLog10P >= cutoff);
}

const byTrait = <T extends { trait: string }>(rows: T[]) => {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(row.trait);
    if (group) group.push(row);
    else groups.set(row.trait, [row]);
  }
  return groups;
};

/** Known QTL of one chromosome, by position, for the window search. */
function indexQtl(qtl: KnownQtl[]) {
  const byChromosome = new Map<string, KnownQtl[]>();
  for (const one of qtl) {
    const list = byChromosome.get(one.chromosome);
    if (list) list.push(one);
    else byChromosome.set(one.chromosome, [one]);
  }
  for (const list of byChromosome.values()) list.sort((a, b) => a.position - b.position);
  return byChromosome;
}

/** The first index whose position is ≥ `position` (binary search). */
function lowerBound(list: KnownQtl[], position: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (list[middle]!.position < position) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Scores one trait's hits against its known QTL: a hit is true when a known QTL of the trait lies
 * on its chromosome within `windowBp` of it (the edge counts); a QTL is found once however many
 * hits fall near it; one hit near two QTL finds both.
 */
export function matchHits(hits: AssociationTest[], qtl: KnownQtl[], windowBp: number): { found: Set<KnownQtl>; falseHits: AssociationTest[] } {
  const index = indexQtl(qtl);
  const found = new Set<KnownQtl>();
  const falseHits: AssociationTest[] = [];
  for (const hit of hits) {
    const list = index.get(hit.chromosome);
    let near = false;
    if (list) {
      for (let at = lowerBound(list, hit.position - windowBp); at < list.length && list[at]!.position <= hit.position + windowBp; at += 1) {
        found.add(list[at]!);
        near = true;
      }
    }
    if (!near) falseHits.push(hit);
  }
  return { found, falseHits };
}

/** Precision, recall and F1 from the counts (the docs' rules for no hits and no QTL). */
export function discoveryScores(truePositives: number, falsePositives: number, knownQtl: number) {
  const hits = truePositives + falsePositives;
  const precision = hits === 0 ? null : truePositives / hits;
  const recall = knownQtl === 0 ? null : truePositives / knownQtl;
  // No hits: precision is undefined, and F1 is 0 as recall is (the docs' rule).
  const f1 = recall === null ? null : precision === null || precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1 };
}

/** Per trait (every trait with tests or known QTL), the counts and scores. */
export function scoreDiscovery(tests: AssociationTest[], qtl: KnownQtl[], rule: SignificanceRule, windowBp: number): DiscoveryScore[] {
  const testsByTrait = byTrait(tests);
  const qtlByTrait = byTrait(qtl);
  const traits = [...new Set([...testsByTrait.keys(), ...qtlByTrait.keys()])].sort();
  return traits.map((trait) => {
    const traitTests = testsByTrait.get(trait) ?? [];
    const traitQtl = qtlByTrait.get(trait) ?? [];
    const hits = significantTests(traitTests, rule);
    // Hits count once per marker position (a method may list a marker twice).
    const { found, falseHits } = matchHits(hits, traitQtl, windowBp);
    const truePositives = found.size;
    const falsePositives = falseHits.length;
    return {
      trait,
      tests: traitTests.length,
      hits: hits.length,
      knownQtl: traitQtl.length,
      truePositives,
      falsePositives,
      falseNegatives: traitQtl.length - truePositives,
      ...discoveryScores(truePositives, falsePositives, traitQtl.length),
    };
  });
}

export interface PowerFdrPoint {
  minusLog10P: number;
  /** Share of known QTL found. */
  power: number;
  /** Share of hits near no known QTL (0 without hits). */
  fdr: number;
}

/**
 * Power against false-discovery rate as the threshold falls (GAPIT.Power's view): at each of up
 * to `steps` −log10 p thresholds, from the strongest test down, all traits pooled.
 */
export function powerFdrCurve(tests: AssociationTest[], qtl: KnownQtl[], windowBp: number, steps = 50): PowerFdrPoint[] {
  if (tests.length === 0 || qtl.length === 0) return [];
  const indexes = new Map([...byTrait(qtl)].map(([trait, list]) => [trait, indexQtl(list)]));
  let top = Number.NEGATIVE_INFINITY;
  let bottom = Number.POSITIVE_INFINITY;
  for (const test of tests) {
    top = Math.max(top, test.minusLog10P);
    bottom = Math.min(bottom, test.minusLog10P);
  }
  bottom = Math.max(0, bottom);
  const thresholds = Array.from({ length: steps }, (_, step) => top - ((top - bottom) * step) / (steps - 1));
  /** The first step whose threshold a value passes (thresholds fall step by step); steps: none. */
  const stepOf = (value: number) => {
    if (value < thresholds[steps - 1]!) return steps;
    if (value >= top) return 0;
    const step = Math.max(0, Math.ceil(((top - value) * (steps - 1)) / (top - bottom)));
    // Rounding can put a value that sits on a threshold one step late.
    return step > 0 && value >= thresholds[step - 1]! ? step - 1 : step;
  };
  // No sort: each test lands in the step where it first passes; a QTL is found at the step of its strongest nearby test.
  const tested = new Array<number>(steps + 1).fill(0);
  const falseAt = new Array<number>(steps + 1).fill(0);
  const foundAt = new Map<KnownQtl, number>();
  for (const test of tests) {
    const step = stepOf(test.minusLog10P);
    tested[step]! += 1;
    const list = indexes.get(test.trait)?.get(test.chromosome);
    let near = false;
    if (list) {
      for (let at = lowerBound(list, test.position - windowBp); at < list.length && list[at]!.position <= test.position + windowBp; at += 1) {
        near = true;
        foundAt.set(list[at]!, Math.min(foundAt.get(list[at]!) ?? steps, step));
      }
    }
    if (!near) falseAt[step]! += 1;
  }
  const foundPerStep = new Array<number>(steps + 1).fill(0);
  for (const step of foundAt.values()) foundPerStep[step]! += 1;
  const points: PowerFdrPoint[] = [];
  let taken = 0;
  let falseHits = 0;
  let found = 0;
  for (let step = 0; step < steps; step += 1) {
    taken += tested[step]!;
    falseHits += falseAt[step]!;
    found += foundPerStep[step]!;
    points.push({ minusLog10P: thresholds[step]!, power: found / qtl.length, fdr: taken === 0 ? 0 : falseHits / taken });
  }
  return points;
}

/** QQ plot points: expected −log10 p of a uniform null against observed, thinned past `keep` points (the strongest kept whole). */
export function qqPoints(tests: AssociationTest[], keep = 2000): Array<{ expected: number; observed: number }> {
  const observed = Float64Array.from(tests, (test) => test.minusLog10P)
    .sort()
    .reverse();
  const m = observed.length;
  const points: Array<{ expected: number; observed: number }> = [];
  const stride = m > keep ? Math.ceil((m - keep / 2) / (keep / 2)) : 1;
  for (let i = 0; i < m; i += i < keep / 2 ? 1 : stride) points.push({ expected: -Math.log10((i + 0.5) / m), observed: observed[i]! });
  return points;
}

/** −log10 p from a p-value; NaN (skipped) for a missing or impossible one. */
export const minusLog10 = (p: number) => (p > 0 && p <= 1 ? -Math.log10(p) : p === 0 ? Number.POSITIVE_INFINITY : Number.NaN);

/* Prediction: predicted against observed values. */

export interface PredictionScore {
  n: number;
  pearson: number | null;
  spearman: number | null;
  rmse: number | null;
  /** b in observed = a + b · predicted: 1 is unbiased. */
  slope: number | null;
  intercept: number | null;
}

/** Ranks from 1, ties given the average of the ranks they span (as SciPy's rankdata 'average'). */
export function averageRanks(values: number[]): number[] {
  const order = values.map((value, index) => ({ value, index })).sort((a, b) => a.value - b.value);
  const ranks = new Array<number>(values.length);
  for (let start = 0; start < order.length; ) {
    let end = start;
    while (end + 1 < order.length && order[end + 1]!.value === order[start]!.value) end += 1;
    const rank = (start + end) / 2 + 1;
    for (let at = start; at <= end; at += 1) ranks[order[at]!.index] = rank;
    start = end + 1;
  }
  return ranks;
}

function pearsonOf(x: number[], y: number[]): number | null {
  const n = x.length;
  if (n < 2) return null;
  const meanX = x.reduce((sum, value) => sum + value, 0) / n;
  const meanY = y.reduce((sum, value) => sum + value, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i += 1) {
    const dx = x[i]! - meanX;
    const dy = y[i]! - meanY;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  // A constant series has no correlation with anything.
  if (sxx === 0 || syy === 0) return null;
  return Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy)));
}

/** n, Pearson r, Spearman ρ, RMSE and the regression of observed on predicted, over pairs with both values. */
export function scorePrediction(pairs: Array<{ observed: number | null; predicted: number | null }>): PredictionScore {
  const complete = pairs.filter((pair): pair is { observed: number; predicted: number } => Number.isFinite(pair.observed) && Number.isFinite(pair.predicted));
  const n = complete.length;
  const observed = complete.map((pair) => pair.observed);
  const predicted = complete.map((pair) => pair.predicted);
  if (n === 0) return { n, pearson: null, spearman: null, rmse: null, slope: null, intercept: null };
  const rmse = Math.sqrt(complete.reduce((sum, pair) => sum + (pair.observed - pair.predicted) ** 2, 0) / n);
  const meanPredicted = predicted.reduce((sum, value) => sum + value, 0) / n;
  const meanObserved = observed.reduce((sum, value) => sum + value, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i += 1) {
    sxy += (predicted[i]! - meanPredicted) * (observed[i]! - meanObserved);
    sxx += (predicted[i]! - meanPredicted) ** 2;
  }
  const slope = n >= 2 && sxx > 0 ? sxy / sxx : null;
  return {
    n,
    pearson: pearsonOf(predicted, observed),
    spearman: pearsonOf(averageRanks(predicted), averageRanks(observed)),
    rmse,
    slope,
    intercept: slope === null ? null : meanObserved - slope * meanPredicted,
  };
}

/** Mean and sample standard deviation (n − 1) of the defined values; sd is null below two. */
export function meanSd(values: Array<number | null>): { mean: number | null; sd: number | null; n: number } {
  const defined = values.filter((value): value is number => value !== null && Number.isFinite(value));
  const n = defined.length;
  if (n === 0) return { mean: null, sd: null, n };
  const mean = defined.reduce((sum, value) => sum + value, 0) / n;
  const sd = n < 2 ? null : Math.sqrt(defined.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (n - 1));
  return { mean, sd, n };
}
