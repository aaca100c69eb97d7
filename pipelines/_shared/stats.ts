/** Numerical helpers of the local implementations: t tests, correlation, seeded randomness. */
import betainc from '@stdlib/math-base-special-betainc';
import quantile from '@stdlib/stats-base-dists-normal-quantile';
import lgamma from '@stdlib/math-base-special-gammaln';

// The seeded generator and folds live with the folds files, so a pipeline's folds and a file's come from the same draws.
export { seededFolds, seededRandom, shuffled } from '../../src/contract/cv-folds.ts';

export function mean(values: ArrayLike<number>): number {
  let sum = 0;
  for (let index = 0; index < values.length; index += 1) sum += values[index]!;
  return values.length === 0 ? Number.NaN : sum / values.length;
}

/** The middle value, or the mean of the two middle values of an even count. */
export function median(values: ArrayLike<number>): number {
  const sorted = Float64Array.from(values).sort();
  const middle = Math.floor(sorted.length / 2);
  return sorted.length === 0 ? Number.NaN : sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * Two-sided p-value of a t statistic and its −log10, from the lower tail: p = I_x(ν/2, ½) with
 * x = ν / (ν + t²), the regularised incomplete beta. `2·(1 − cdf(|t|))` cancels to 0 below
 * about 1e-16; this agrees with R's `2 * pt(-abs(t), df)` to about 1e-13 (tested). Where p is
 * below the smallest double (t in the hundreds), −log10 p comes from the tail's leading term.
 */
export function tTest(t: number, degreesOfFreedom: number): { p: number; log10p: number } {
  if (Number.isNaN(t) || degreesOfFreedom <= 0) return { p: Number.NaN, log10p: Number.NaN };
  const t2 = t * t;
  const x = degreesOfFreedom / (degreesOfFreedom + t2);
  const a = degreesOfFreedom / 2;
  const p = Number.isFinite(t2) ? betainc(x, a, 0.5) : 0;
  if (p > 0) return { p, log10p: -Math.log10(p) };
  // I_x(a, b) = x^a (1−x)^b / (a·B(a, b)) · ₂F₁(a+b, 1; a+1; x), summed in logs (x is tiny here).
  const logBeta = lgamma(a) + lgamma(0.5) - lgamma(a + 0.5);
  let series = 1;
  let term = 1;
  for (let k = 0; k < 1000 && term > 1e-17 * series; k += 1) {
    term *= ((a + 0.5 + k) / (a + 1 + k)) * x;
    series += term;
  }
  const logP = a * Math.log(x) + 0.5 * Math.log1p(-x) - Math.log(a) - logBeta + Math.log(series);
  return { p: 0, log10p: Number.isFinite(logP) ? -logP / Math.LN10 : Number.POSITIVE_INFINITY };
}

/** A p-value as text: `toExponential` where a double holds it, else from −log10 p (`3.2e-412`). */
export function formatP(p: number, log10p: number, digits = 4): string {
  if (p > 0 || !Number.isFinite(log10p)) return p.toExponential(digits);
  const exponent = Math.floor(-log10p);
  const mantissa = 10 ** (-log10p - exponent);
  return `${mantissa.toFixed(digits)}e${exponent}`;
}

export function pearson(x: ArrayLike<number>, y: ArrayLike<number>): number {
  const mx = mean(x);
  const my = mean(y);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let index = 0; index < x.length; index += 1) {
    const dx = x[index]! - mx;
    const dy = y[index]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxx === 0 || syy === 0 ? Number.NaN : sxy / Math.sqrt(sxx * syy);
}

/** The standard normal quantile (@stdlib's, to double precision). */
export const normalQuantile = (p: number) => quantile(p, 0, 1);

/** Each fold's training indices (those of every other fold) and held-out indices, in ascending order. */
export function foldSplits(fold: Int32Array, folds: number): Array<{ train: number[]; test: number[] }> {
  const splits = Array.from({ length: folds }, () => ({ train: [] as number[], test: [] as number[] }));
  for (const [index, heldOutIn] of fold.entries()) for (const [k, split] of splits.entries()) (k === heldOutIn ? split.test : split.train).push(index);
  return splits;
}

function ranks(values: ArrayLike<number>): Float64Array {
  const order = Array.from(values, (value, index) => ({ value, index })).sort((a, b) => a.value - b.value);
  const result = new Float64Array(values.length);
  for (let start = 0; start < order.length; ) {
    let end = start;
    while (end + 1 < order.length && order[end + 1]!.value === order[start]!.value) end += 1;
    for (let k = start; k <= end; k += 1) result[order[k]!.index] = (start + end) / 2 + 1;
    start = end + 1;
  }
  return result;
}

/** A cross-validation fold's scores: r, Spearman's ρ, RMSE and bias (slope of observed on predicted; 1 is unbiased). */
export function foldMetrics(observed: ArrayLike<number>, predicted: ArrayLike<number>) {
  const n = observed.length;
  let meanY = 0;
  let meanP = 0;
  for (let i = 0; i < n; i += 1) {
    meanY += observed[i]!;
    meanP += predicted[i]!;
  }
  meanY /= n;
  meanP /= n;
  let covariance = 0;
  let varianceP = 0;
  let squared = 0;
  for (let i = 0; i < n; i += 1) {
    covariance += (observed[i]! - meanY) * (predicted[i]! - meanP);
    varianceP += (predicted[i]! - meanP) ** 2;
    squared += (observed[i]! - predicted[i]!) ** 2;
  }
  return { n, pearson: pearson(observed, predicted), spearman: pearson(ranks(observed), ranks(predicted)), rmse: Math.sqrt(squared / n), bias: covariance / varianceP };
}

/** Marsaglia and Tsang's gamma deviate (shape ≥ 1; boosted below 1). */
export function gammaDeviate(shape: number, random: () => number): number {
  if (shape < 1) return gammaDeviate(shape + 1, random) * random() ** (1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x: number;
    let v: number;
    do {
      x = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
      v = 1 + c * x;
    } while (v <= 0);
    v = v ** 3;
    const u = random();
    if (Math.log(u) < 0.5 * x * x + d - d * v + d * Math.log(v)) return d * v;
  }
}

/** A standard normal deviate (Box–Muller). */
export const normalDeviate = (random: () => number) => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

/** A Beta(a, b) deviate, as the ratio of two gamma deviates. */
export function betaDeviate(a: number, b: number, random: () => number): number {
  const x = gammaDeviate(a, random);
  return x / (x + gammaDeviate(b, random));
}

/** A trait's records: each record's line (an index into `ids`), environment ('' when none) and value. */
export interface LineRecords {
  ids: string[];
  line: Int32Array;
  environment: string[];
  y: Float64Array;
}

/** What a model on lines is fitted on, for one set of training records. */
export interface EnvironmentStage {
  /** Lines with a training record (indices into `ids`), ascending. */
  lines: number[];
  /** Per line: the mean of its training records less their environments' effects (NaN without one). */
  target: Float64Array;
  /** Each training environment's effect, centred on 0 over the environments. */
  effects: Map<string, number>;
}

/**
 * The first stage of a two-stage multi-environment model: environment effects of the additive
 * model y = μ + line + environment, by least squares on the training records (backfitting: each
 * set of effects the mean residual of its records given the other, until neither moves), centred
 * on 0 over the environments; then each line's mean of y − its environment's effect, which the
 * genomic model is fitted on. Without several environments the target is the line's mean value.
 * The same definition as Auto Train's trainingStage, so both pipelines score a dataset alike.
 */
export function environmentStage(records: LineRecords, train: number[]): EnvironmentStage {
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
