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

/**
 * An association table as columns: what the scores read again at every window and rule, written
 * as the CSV is read (or made in one pass over the tests), so that scoring passes over typed arrays
 * instead of the tests' objects.
 */
export interface AssociationColumns {
  /** Per test: its −log10 p and position. */
  values: Float64Array;
  positions: Float64Array;
  /**
   * The table in runs: stretches of consecutive tests of one trait and chromosome at ascending
   * positions (a table sorted by trait, chromosome and position has one run per trait and
   * chromosome). Run r is the tests runStart[r] to runStart[r + 1] − 1, of the trait and
   * chromosome at runTrait[r] and runChromosome[r] in `traits` and `chromosomes`.
   */
  runStart: Int32Array;
  runTrait: Int32Array;
  runChromosome: Int32Array;
  /** The smallest −log10 p of each run. */
  runLowest: Float64Array;
  /**
   * The largest −log10 p of each block of BLOCK consecutive tests (block b is the tests BLOCK·b to
   * BLOCK·(b + 1) − 1): a pass for the tests at or above a value (a cut-off, the curves' lowest
   * threshold) reads only the blocks that reach it.
   */
  blockMax: Float64Array;
  /** In order of first appearance. */
  traits: string[];
  chromosomes: string[];
}

/** Tests per block of `AssociationColumns.blockMax` (2 to the BLOCK_BITS). */
const BLOCK_BITS = 6;
const BLOCK = 1 << BLOCK_BITS;

/** Writes a table's columns test by test, at most `capacity` of them: the CSV reader as it reads each row, `toColumns` from tests. */
export function columnsWriter(capacity: number) {
  const values = new Float64Array(capacity);
  const positions = new Float64Array(capacity);
  const traits = new Map<string, number>();
  const chromosomes = new Map<string, number>();
  const runStart: number[] = [];
  const runTrait: number[] = [];
  const runChromosome: number[] = [];
  const runLowest: number[] = [];
  const blockMax = new Float64Array(Math.ceil(capacity / BLOCK)).fill(Number.NEGATIVE_INFINITY);
  let lowest = Number.POSITIVE_INFINITY;
  const indexOf = (names: Map<string, number>, name: string) => {
    let at = names.get(name);
    if (at === undefined) {
      at = names.size;
      names.set(name, at);
    }
    return at;
  };
  let n = 0;
  // Tables come grouped by trait and chromosome: a name is looked up only when it changes.
  let lastTrait: string | undefined;
  let lastChromosome: string | undefined;
  let lastPosition = Number.NEGATIVE_INFINITY;
  let traitAt = 0;
  let chromosomeAt = 0;
  return {
    add(trait: string, chromosome: string, position: number, minusLog10P: number) {
      const newTrait = trait !== lastTrait;
      const newChromosome = chromosome !== lastChromosome;
      if (newTrait) {
        lastTrait = trait;
        traitAt = indexOf(traits, trait);
      }
      if (newChromosome) {
        lastChromosome = chromosome;
        chromosomeAt = indexOf(chromosomes, chromosome);
      }
      if (newTrait || newChromosome || !(position >= lastPosition)) {
        if (n > 0) runLowest.push(lowest);
        lowest = Number.POSITIVE_INFINITY;
        runStart.push(n);
        runTrait.push(traitAt);
        runChromosome.push(chromosomeAt);
      }
      lastPosition = position;
      values[n] = minusLog10P;
      positions[n] = position;
      if (minusLog10P < lowest) lowest = minusLog10P;
      if (minusLog10P > blockMax[n >> BLOCK_BITS]!) blockMax[n >> BLOCK_BITS] = minusLog10P;
      n += 1;
    },
    done(): AssociationColumns {
      return {
        values: values.subarray(0, n),
        positions: positions.subarray(0, n),
        runStart: Int32Array.from([...runStart, n]),
        runTrait: Int32Array.from(runTrait),
        runChromosome: Int32Array.from(runChromosome),
        runLowest: Float64Array.from(n > 0 ? [...runLowest, lowest] : []),
        blockMax: blockMax.subarray(0, Math.ceil(n / BLOCK)),
        traits: [...traits.keys()],
        chromosomes: [...chromosomes.keys()],
      };
    },
  };
}

export function toColumns(tests: AssociationTest[]): AssociationColumns {
  const writer = columnsWriter(tests.length);
  for (const test of tests) writer.add(test.trait, test.chromosome, test.position, test.minusLog10P);
  return writer.done();
}

/**
 * The −log10 p a test must reach to be significant among `m` tests (those of its trait): a fixed
 * threshold, Bonferroni's −log10(α / m), or for Benjamini–Hochberg the value of the k-th smallest p
 * with k the largest rank where p(k) ≤ k·q/m, read from `ascending` (the trait's values, sorted).
 * Compared on the log scale, so p-values too small for a double still order correctly.
 */
function cutoffOf(rule: SignificanceRule, m: number, ascending?: Float64Array): number {
  if (rule.kind === 'threshold') return rule.minusLog10P;
  if (rule.kind === 'bonferroni') return -Math.log10(rule.alpha / m);
  for (let k = m; k >= 1; k -= 1) {
    const value = ascending![m - k]!;
    if (value >= -Math.log10((k * rule.q) / m)) return value;
  }
  return Number.POSITIVE_INFINITY;
}

/** The −log10 p at and above which one trait's tests are significant under a rule; infinite when none can be (no tests, or Benjamini–Hochberg calls nothing). */
export function significanceCutoff(tests: AssociationTest[], rule: SignificanceRule): number {
  if (tests.length === 0) return Number.POSITIVE_INFINITY;
  return cutoffOf(rule, tests.length, rule.kind === 'fdr' ? Float64Array.from(tests, (test) => test.minusLog10P).sort() : undefined);
}

/** The significant tests of one trait under a rule (Bonferroni and Benjamini–Hochberg count that trait's tests). */
export function significantTests(tests: AssociationTest[], rule: SignificanceRule): AssociationTest[] {
  const cutoff = significanceCutoff(tests, rule);
  return tests.filter((test) => test.minusLog10P >= cutoff);
}

/** One trait's tests: how many, and those the rule calls significant. */
export interface TraitHits {
  tests: number;
  hits: AssociationTest[];
}

/**
 * Per trait, its tests counted and the significant ones, each trait under its own rule: the counts
 * from the table's runs, the hits from the blocks that reach the cut-off (a table of 100,000 tests
 * has a few hundred hits); pass the columns when they are already made.
 */
export function hitsByTrait(tests: AssociationTest[], rule: SignificanceRule, columns: AssociationColumns = toColumns(tests)): Map<string, TraitHits> {
  const { values, runStart, runTrait, blockMax, traits } = columns;
  const runs = runTrait.length;
  const counts = new Int32Array(traits.length);
  for (let r = 0; r < runs; r += 1) counts[runTrait[r]!]! += runStart[r + 1]! - runStart[r]!;
  const cutoffs = new Float64Array(traits.length);
  if (rule.kind === 'fdr') {
    // Each trait's values in a segment of one array, sorted segment by segment.
    const starts = new Int32Array(traits.length + 1);
    for (let t = 0; t < traits.length; t += 1) starts[t + 1] = starts[t]! + counts[t]!;
    const filled = starts.slice(0, traits.length);
    const grouped = new Float64Array(values.length);
    for (let r = 0; r < runs; r += 1) {
      const run = values.subarray(runStart[r]!, runStart[r + 1]!);
      grouped.set(run, filled[runTrait[r]!]!);
      filled[runTrait[r]!]! += run.length;
    }
    for (let t = 0; t < traits.length; t += 1) cutoffs[t] = cutoffOf(rule, counts[t]!, grouped.subarray(starts[t]!, starts[t + 1]!).sort());
  } else {
    for (let t = 0; t < traits.length; t += 1) cutoffs[t] = cutoffOf(rule, counts[t]!);
  }
  const hits = traits.map((): AssociationTest[] => []);
  // Each run's tests at or above its trait's cut-off, in the blocks that reach it.
  for (let r = 0; r < runs; r += 1) {
    const cutoff = cutoffs[runTrait[r]!]!;
    const own = hits[runTrait[r]!]!;
    const start = runStart[r]!;
    const end = runStart[r + 1]!;
    for (let block = start >> BLOCK_BITS; block << BLOCK_BITS < end; block += 1) {
      if (!(blockMax[block]! >= cutoff)) continue;
      for (let i = Math.max(start, block << BLOCK_BITS), last = Math.min(end, (block + 1) << BLOCK_BITS); i < last; i += 1) if (values[i]! >= cutoff) own.push(tests[i]!);
    }
  }
  return new Map(traits.map((trait, t) => [trait, { tests: counts[t]!, hits: hits[t]! }]));
}

/**
 * What is derived from a known-QTL table, made at its first use and kept while the table lives: a
 * table is read once and not changed, and every method, window and rule is scored against it.
 */
function keptFor<T>(make: (qtl: KnownQtl[]) => T): (qtl: KnownQtl[]) => T {
  const kept = new WeakMap<KnownQtl[], T>();
  return (qtl) => {
    let value = kept.get(qtl);
    if (value === undefined) {
      value = make(qtl);
      kept.set(qtl, value);
    }
    return value;
  };
}

/** Known QTL by trait. */
const byTrait = keptFor((qtl) => {
  const groups = new Map<string, KnownQtl[]>();
  for (const one of qtl) {
    const group = groups.get(one.trait);
    if (group) group.push(one);
    else groups.set(one.trait, [one]);
  }
  return groups;
});

/** Known QTL of one chromosome, by position, for the window search. */
const indexQtl = keptFor((qtl) => {
  const byChromosome = new Map<string, KnownQtl[]>();
  for (const one of qtl) {
    const list = byChromosome.get(one.chromosome);
    if (list) list.push(one);
    else byChromosome.set(one.chromosome, [one]);
  }
  for (const list of byChromosome.values()) list.sort((a, b) => a.position - b.position);
  return byChromosome;
});

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

/** Per trait (every trait with tests or known QTL), the counts and scores; `hits` can be given when already found. */
export function scoreDiscovery(tests: AssociationTest[], qtl: KnownQtl[], rule: SignificanceRule, windowBp: number, hitsOfTraits: Map<string, TraitHits> = hitsByTrait(tests, rule)): DiscoveryScore[] {
  const qtlByTrait = byTrait(qtl);
  const traits = [...new Set([...hitsOfTraits.keys(), ...qtlByTrait.keys()])].sort();
  return traits.map((trait) => {
    const traitQtl = qtlByTrait.get(trait) ?? [];
    const hits = hitsOfTraits.get(trait)?.hits ?? [];
    // Hits count once per marker position (a method may list a marker twice).
    const { found, falseHits } = matchHits(hits, traitQtl, windowBp);
    const truePositives = found.size;
    const falsePositives = falseHits.length;
    return {
      trait,
      tests: hitsOfTraits.get(trait)?.tests ?? 0,
      hits: hits.length,
      knownQtl: traitQtl.length,
      truePositives,
      falsePositives,
      falseNegatives: traitQtl.length - truePositives,
      ...discoveryScores(truePositives, falsePositives, traitQtl.length),
    };
  });
}

/** The windows the power–FDR curves are drawn at, GAPIT.Power's range: 1 kb to 10 Mb. */
export const CURVE_WINDOWS_BP: readonly number[] = [1_000, 10_000, 100_000, 1_000_000, 10_000_000];

/**
 * One method's tests on one dataset matched once against the known QTL at every window, for the
 * power–FDR curves: only the tests of traits with known QTL count (a trait without any is scored
 * by its type I error instead). Windows ascend.
 */
export interface MatchedTests {
  windows: readonly number[];
  /** −log10 p of each test of the table, and its largest per block (AssociationColumns). */
  values: Float64Array;
  blockMax: Float64Array;
  /**
   * Per test of the table, how many windows (from the smallest) have no known QTL of its trait
   * within them: 0 is near one at every window, windows.length near none (and every test of a
   * trait without known QTL, which the curves leave out).
   */
  falseAt: Uint8Array;
  /** The tests of traits with known QTL: the stretches from ranges[2r] to ranges[2r + 1] − 1. */
  ranges: Int32Array;
  /** Those tests by their `falseAt`, 0 to windows.length, and the smallest −log10 p among them. */
  classTotals: Float64Array;
  lowest: number;
  /** Per window, per known QTL: the strongest −log10 p within the window (−Infinity without any). */
  strongest: Float64Array[];
  knownQtl: number;
}

/** Known QTL positions of one trait and chromosome, ascending, with each QTL's place in the dataset. */
type QtlPositions = { positions: Float64Array; ids: Int32Array };

/** Per trait, per chromosome, the known QTL in order of position; ids number the QTL from 0. */
const qtlPositions = keptFor((qtl): Map<string, Map<string, QtlPositions>> => {
  const order = qtl.map((one, id) => ({ one, id })).sort((a, b) => a.one.position - b.one.position);
  const lists = new Map<string, Map<string, Array<{ one: KnownQtl; id: number }>>>();
  for (const entry of order) {
    const byChromosome = lists.get(entry.one.trait) ?? new Map<string, Array<{ one: KnownQtl; id: number }>>();
    lists.set(entry.one.trait, byChromosome);
    const list = byChromosome.get(entry.one.chromosome);
    if (list) list.push(entry);
    else byChromosome.set(entry.one.chromosome, [entry]);
  }
  return new Map(
    [...lists].map(([trait, byChromosome]) => [
      trait,
      new Map([...byChromosome].map(([chromosome, list]) => [chromosome, { positions: Float64Array.from(list, (entry) => entry.one.position), ids: Int32Array.from(list, (entry) => entry.id) }])),
    ]),
  );
});

/** The first of the tests `from` to `to` − 1 (ascending positions) at or past `position` (`orPast`: past it). */
function searchRun(positions: Float64Array, from: number, to: number, position: number, orPast: boolean): number {
  let low = from;
  let high = to;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (positions[middle]! < position || (orPast && positions[middle] === position)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Matches the tests once for all `windows` (ascending), reading the table's runs (pass the columns
 * when they are already made): in each run, the tests within the widest window of each of its
 * trait's QTL on its chromosome are found by binary search and visited, every other test is near
 * no QTL at any window and is only counted. The curves at each window and threshold are then
 * counts, without matching again.
 */
export function matchTests(tests: AssociationTest[], qtl: KnownQtl[], windows: readonly number[] = CURVE_WINDOWS_BP, columns: AssociationColumns = toColumns(tests)): MatchedTests {
  const { values, positions, runStart, runTrait, runChromosome, runLowest, blockMax, traits, chromosomes } = columns;
  const index = qtlPositions(qtl);
  const bounds = Float64Array.from(windows);
  const count = bounds.length;
  // strongest[w] is the window's stretch of one array: strongestAll[w · qtl.length + id].
  const known = qtl.length;
  const strongestAll = new Float64Array(count * known).fill(Number.NEGATIVE_INFINITY);
  const falseAt = new Uint8Array(values.length).fill(count);
  // Every test starts near no QTL; a test found nearer moves from its class to the nearer one.
  const classTotals = new Float64Array(count + 1);
  const ranges: number[] = [];
  let lowest = Number.POSITIVE_INFINITY;
  for (let r = 0; r < runTrait.length; r += 1) {
    const byChromosome = index.get(traits[runTrait[r]!]!);
    if (!byChromosome) continue;
    const start = runStart[r]!;
    const end = runStart[r + 1]!;
    // Neighbouring runs join into one range.
    if (ranges.length > 0 && ranges[ranges.length - 1] === start) ranges[ranges.length - 1] = end;
    else ranges.push(start, end);
    classTotals[count]! += end - start;
    if (runLowest[r]! < lowest) lowest = runLowest[r]!;
    const list = byChromosome.get(chromosomes[runChromosome[r]!]!);
    if (!list) continue;
    const { positions: qtlAt, ids } = list;
    // Each QTL's tests window by window from the smallest: the window's tests are the last one's and
    // those on either side of them, found by binary search (positions are whole base pairs, so the
    // edge counts exactly). A test is false at as many windows as come before the first to hold it.
    for (let q = 0; q < qtlAt.length; q += 1) {
      const at = qtlAt[q]!;
      const id = ids[q]!;
      let innerFrom = -1;
      let innerTo = -1;
      let best = Number.NEGATIVE_INFINITY;
      for (let w = 0; w < count; w += 1) {
        const from = searchRun(positions, start, end, at - bounds[w]!, false);
        const to = searchRun(positions, start, end, at + bounds[w]!, true);
        if (innerFrom < 0) {
          innerFrom = from;
          innerTo = from;
        }
        for (let side = 0; side < 2; side += 1) {
          for (let i = side === 0 ? from : innerTo, last = side === 0 ? innerFrom : to; i < last; i += 1) {
            if (values[i]! > best) best = values[i]!;
            const was = falseAt[i]!;
            if (w < was) {
              falseAt[i] = w;
              classTotals[was]! -= 1;
              classTotals[w]! += 1;
            }
          }
        }
        if (best > strongestAll[w * known + id]!) strongestAll[w * known + id] = best;
        innerFrom = from;
        innerTo = to;
      }
    }
  }
  const strongest = windows.map((_, w) => strongestAll.subarray(w * known, (w + 1) * known));
  return { windows, values, blockMax, falseAt, ranges: Int32Array.from(ranges), classTotals, lowest, strongest, knownQtl: known };
}

export interface PowerFdrPoint {
  /** The threshold: the hits are the tests at or above it (strictly above when `strict`). */
  minusLog10P: number;
  strict: boolean;
  /** Share of known QTL with a hit within the window. */
  power: number;
  /** Share of hits near no known QTL of their trait (0 without hits). */
  fdr: number;
}

export interface PowerFdrCurve {
  windowBp: number;
  /**
   * (0, 0), then at each threshold where power rises the point just before and the point at it,
   * then the point with every test a hit. Between two rises power stays flat.
   */
  points: PowerFdrPoint[];
  /**
   * Area under power against FDR from FDR 0 to 1, the curve held flat from its last point to
   * FDR 1: by the trapezoid rule, Σ (1 − (FDR before + FDR at) / 2) · Δpower over the rises
   * (the flat stretches add nothing). 1 is every QTL found before any false hit; null without known QTL.
   */
  auc: number | null;
}

/**
 * A grid over the range of the ascending `thresholds`: `start[cell]` is how many thresholds lie below
 * the cell's lower edge, so a value's count of thresholds at or below it is found in one step and a
 * few threshold comparisons (a binary search per test was two thirds of the curves' time).
 */
function thresholdGrid(thresholds: Float64Array) {
  const k = thresholds.length;
  const low = thresholds[0] ?? 0;
  const high = thresholds[k - 1] ?? 0;
  const cells = Math.min(4096, 4 * k);
  const scale = high > low && Number.isFinite(high - low) ? cells / (high - low) : 0;
  const start = new Int32Array(cells + 1);
  if (scale > 0) {
    for (let cell = 0, at = 0; cell <= cells; cell += 1) {
      const edge = low + cell / scale;
      while (at < k && thresholds[at]! < edge) at += 1;
      start[cell] = at;
    }
  }
  return { low, high, scale, start };
}

/**
 * Power against FDR as the −log10 p threshold falls through every value a test takes (GAPIT.Power's
 * view), all traits with known QTL pooled, at each window of `matched`. Each test's bucket among the
 * thresholds where power rises (at most windows × known QTL of them) is found once (`thresholdGrid`),
 * only for the tests at or above the lowest of them; the counts at and above each threshold are then sums.
 */
export function powerFdrCurves(matched: MatchedTests): PowerFdrCurve[] {
  const { windows, values, blockMax, falseAt, ranges, classTotals, lowest, strongest, knownQtl } = matched;
  const classes = windows.length + 1;
  // The thresholds where some window's power rises, ascending and distinct.
  const rises = new Set<number>();
  for (const perQtl of strongest) for (const value of perQtl) if (value !== Number.NEGATIVE_INFINITY) rises.add(value);
  const thresholds = Float64Array.from(rises).sort();
  const k = thresholds.length;
  // count[c][b]: tests false at c windows with b thresholds at or below their value; equal[c][j]: those exactly at thresholds[j].
  const count = new Int32Array(classes * (k + 1));
  const equal = new Int32Array(classes * Math.max(k, 1));
  const { low, high, scale, start } = thresholdGrid(thresholds);
  // Only a test at or above the lowest threshold needs its bucket (those below it are the rest of
  // their class), and only the blocks that reach it are read.
  // The bucket lookup is written out in the loop: called as a function it took three times as long.
  for (let range = 0; range < ranges.length && k > 0; range += 2) {
    const from = ranges[range]!;
    const to = ranges[range + 1]!;
    for (let block = from >> BLOCK_BITS; block << BLOCK_BITS < to; block += 1) {
      if (!(blockMax[block]! >= low)) continue;
      for (let i = Math.max(from, block << BLOCK_BITS), end = Math.min(to, (block + 1) << BLOCK_BITS); i < end; i += 1) {
        const value = values[i]!;
        if (!(value >= low)) continue;
        let bucket: number;
        if (value >= high) bucket = k;
        else if (scale === 0) {
          bucket = 0;
          while (bucket < k && thresholds[bucket]! <= value) bucket += 1;
        } else {
          bucket = start[Math.floor((value - low) * scale)]!;
          // Rounding at a cell's edge can put the candidate one threshold late.
          while (bucket > 0 && thresholds[bucket - 1]! > value) bucket -= 1;
          while (bucket < k && thresholds[bucket]! <= value) bucket += 1;
        }
        const c = falseAt[i]!;
        count[c * (k + 1) + bucket]! += 1;
        if (bucket > 0 && thresholds[bucket - 1] === value) equal[c * k + bucket - 1]! += 1;
      }
    }
  }
  // atLeast[c][j]: tests of class c at or above thresholds[j].
  const atLeast = new Float64Array(classes * k);
  const total = classTotals;
  for (let c = 0; c < classes; c += 1) {
    let sum = count[c * (k + 1) + k]!;
    for (let j = k - 1; j >= 0; j -= 1) {
      atLeast[c * k + j] = sum;
      sum += count[c * (k + 1) + j]!;
    }
  }
  const tested = total.reduce((sum, one) => sum + one, 0);
  return windows.map((windowBp, w) => {
    if (knownQtl === 0) return { windowBp, points: [], auc: null };
    /** Hits and false hits at or above thresholds[j] (j = k: every test), less those exactly at it when `strict`. */
    const fdrAt = (j: number, strict: boolean) => {
      let hits = 0;
      let falseHits = 0;
      for (let c = 0; c < classes; c += 1) {
        const here = j === k ? total[c]! : atLeast[c * k + j]! - (strict ? equal[c * k + j]! : 0);
        hits += here;
        if (c > w) falseHits += here;
      }
      return hits === 0 ? 0 : falseHits / hits;
    };
    const own = Float64Array.from(strongest[w]!.filter((value) => value !== Number.NEGATIVE_INFINITY)).sort();
    const points: PowerFdrPoint[] = [{ minusLog10P: Number.POSITIVE_INFINITY, strict: false, power: 0, fdr: 0 }];
    let found = 0;
    let auc = 0;
    for (let at = own.length - 1; at >= 0; ) {
      const threshold = own[at]!;
      let rise = 0;
      while (at >= 0 && own[at] === threshold) {
        rise += 1;
        at -= 1;
      }
      const j = thresholds.indexOf(threshold);
      const before = fdrAt(j, true);
      const after = fdrAt(j, false);
      points.push({ minusLog10P: threshold, strict: true, power: found / knownQtl, fdr: before });
      found += rise;
      points.push({ minusLog10P: threshold, strict: false, power: found / knownQtl, fdr: after });
      auc += (1 - (before + after) / 2) * (rise / knownQtl);
    }
    if (tested > 0) {
      points.push({ minusLog10P: lowest, strict: false, power: found / knownQtl, fdr: fdrAt(k, false) });
    }
    return { windowBp, points, auc };
  });
}

/** The power–FDR curve of one method at one window (the chart's, the bench's): see `powerFdrCurves`. */
export function powerFdrCurve(tests: AssociationTest[], qtl: KnownQtl[], windowBp: number): PowerFdrCurve {
  return powerFdrCurves(matchTests(tests, qtl, [windowBp]))[0]!;
}

export interface TypeIError {
  /** Traits without known QTL (null traits), their tests and the tests the rule calls significant. */
  traits: number;
  tests: number;
  hits: number;
  /** hits / tests: null without null traits. */
  rate: number | null;
}

/**
 * The type I error rate on null traits (traits with tests and no known QTL): the share of their
 * tests the rule calls significant, each trait under its own rule (Bonferroni and BH count that
 * trait's tests), the traits pooled.
 */
export function typeIError(tests: AssociationTest[], qtl: KnownQtl[], rule: SignificanceRule, hitsOfTraits: Map<string, TraitHits> = hitsByTrait(tests, rule)): TypeIError {
  const withQtl = byTrait(qtl);
  let traits = 0;
  let tested = 0;
  let hits = 0;
  for (const [trait, group] of hitsOfTraits) {
    if (withQtl.has(trait)) continue;
    traits += 1;
    tested += group.tests;
    hits += group.hits.length;
  }
  return { traits, tests: tested, hits, rate: tested === 0 ? null : hits / tested };
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
