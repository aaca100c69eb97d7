/**
 * The genomic prediction models Auto Train compares, each fitted on training rows of one kernel
 * view and predicting any individual of it:
 *
 * - rrBLUP / GBLUP: the mixed model with K = ZZ' (centred allele counts), λ by REML (ridge.ts).
 *   GBLUP with VanRaden's G = ZZ'/Σ2pq is the same model with λ scaled by Σ2pq: its predictions
 *   are rrBLUP's.
 * - Bayesian ridge: scikit-learn's BayesianRidge (MacKay's evidence maximisation of the weight
 *   and noise precisions, gamma priors 1e-6, intercept by centring), written in n × n form.
 * - RKHS: the mixed model with a Gaussian kernel exp(−d²/h), λ by REML; the bandwidth h is the
 *   median squared distance between training individuals times 1, 2, 5, 10 or 20, whichever
 *   gives the highest REML likelihood (a narrow kernel on many markers is close to the identity
 *   and cannot tell genetic from residual variance).
 * - BayesB and BayesC: Gibbs samplers with BGLR's priors and defaults (bayes-models.ts over
 *   _shared/bayes-gibbs.ts), posterior means of the marker effects.
 */
import { symmetricEigen } from '../../_shared/linear-algebra.ts';
import { fitRidge, geneticValue, type KernelView, remlLambda } from '../../_shared/ridge.ts';
import type { BayesFit } from '../../_shared/bayes-gibbs.ts';

export type ModelName = 'rrblup' | 'gblup' | 'bayesian_ridge' | 'rkhs' | 'random_forest' | 'svr' | 'bayesb' | 'bayes_c';
export const LOCAL_MODELS: readonly ModelName[] = ['rrblup', 'gblup', 'bayesian_ridge', 'rkhs', 'random_forest', 'svr', 'bayesb', 'bayes_c'];

export interface Fitted {
  /** Predictions for the given individuals (kernel indices). */
  predict(indices: number[]): Float64Array;
  /** Weights on the training rows (for marker effects or a kernel model file). */
  alpha: Float64Array;
  intercept: number;
  /** λ (REML) or, for Bayesian ridge, λ/α of the evidence maximum; NaN for BayesB and BayesC. */
  lambda: number;
  /** BayesB and BayesC: posterior means of the marker effects (markers centred at the training means), and the fit with its diagnostics. */
  markerEffects?: Float64Array;
  bayes?: BayesFit;
}

/** rrBLUP (and GBLUP) or RKHS: the mixed model on a kernel, λ by REML, intercept as the fixed effect. */
export function fitMixedModel(view: KernelView, y: Float64Array, reml = remlLambda(view, [new Float64Array(view.rows.length).fill(1)], y)): Fitted {
  const ones = [new Float64Array(view.rows.length).fill(1)];
  const { lambda } = reml;
  const fit = fitRidge(view, ones, y, lambda);
  return {
    lambda,
    alpha: fit.alpha,
    intercept: fit.fixed[0]!,
    predict: (indices) => Float64Array.from(indices, (index) => fit.fixed[0]! + geneticValue(view, fit, index)),
  };
}

/**
 * scikit-learn's BayesianRidge (defaults: max_iter 300, tol 1e-3, α₁ = α₂ = λ₁ = λ₂ = 1e-6,
 * fit_intercept), on a linear kernel K = ZZ'. X centred on the training means makes the
 * training block S K S (S the centring matrix), whose eigenvectors U and values s² play the
 * role of the SVD X = U S V'. The coefficients are w = X' U diag(1/(s² + λ/α)) U' y, so
 * Xw, ‖w‖² and the predictions all come from K: ‖w‖² = Σ s²·d²·(U'y)², x·w = (x X') a with
 * a = U diag(d) U'y.
 */
export function fitBayesianRidge(view: KernelView, y: Float64Array, markerColumns: ArrayLike<number>[]): Fitted {
  const rows = view.rows;
  const n = rows.length;
  const { kernel, size } = view;
  // S K S over the training rows, and the centred y.
  const rowMeans = new Float64Array(n);
  let grand = 0;
  for (let i = 0; i < n; i += 1) {
    let sum = 0;
    for (let j = 0; j < n; j += 1) sum += kernel[rows[i]! * size + rows[j]!]!;
    rowMeans[i] = sum / n;
    grand += sum;
  }
  grand /= n * n;
  const centred = new Float64Array(n * n);
  for (let i = 0; i < n; i += 1) for (let j = 0; j < n; j += 1) centred[i * n + j] = kernel[rows[i]! * size + rows[j]!]! - rowMeans[i]! - rowMeans[j]! + grand;
  const yMean = y.reduce((sum, value) => sum + value, 0) / n;
  const yc = Float64Array.from(y, (value) => value - yMean);
  const { values, vectors } = symmetricEigen(centred, n);
  const s2 = Float64Array.from(values, (value) => Math.max(value, 0));
  const uty = new Float64Array(n);
  for (let c = 0; c < n; c += 1) {
    let sum = 0;
    for (let i = 0; i < n; i += 1) sum += vectors[i * n + c]! * yc[i]!;
    uty[c] = sum;
  }
  let variance = 0;
  for (const value of yc) variance += value * value;
  variance /= n;
  let alpha = 1 / (variance + Number.EPSILON);
  let lambda = 1;
  const small = 1e-6;
  // Per iteration: d = 1/(s² + λ/α); fitted = U diag(s² d) U'y; ‖w‖² = Σ s² d² (U'y)².
  const state = (a: number, l: number) => {
    let normW = 0;
    let rss = 0;
    const fittedCoefficients = new Float64Array(n);
    for (let c = 0; c < n; c += 1) {
      const d = 1 / (s2[c]! + l / a);
      normW += s2[c]! * d * d * uty[c]! ** 2;
      fittedCoefficients[c] = s2[c]! * d * uty[c]!;
    }
    for (let i = 0; i < n; i += 1) {
      let fitted = 0;
      for (let c = 0; c < n; c += 1) fitted += vectors[i * n + c]! * fittedCoefficients[c]!;
      rss += (yc[i]! - fitted) ** 2;
    }
    return { normW, rss };
  };
  // scikit-learn stops when Σ|w − w_old| < tol; w = X'a, so |Δw| is measured in marker space through a.
  const weights = (a: number, l: number) => {
    const coefficients = new Float64Array(n);
    for (let c = 0; c < n; c += 1) coefficients[c] = uty[c]! / (s2[c]! + l / a);
    const result = new Float64Array(n);
    for (let i = 0; i < n; i += 1) {
      let sum = 0;
      for (let c = 0; c < n; c += 1) sum += vectors[i * n + c]! * coefficients[c]!;
      result[i] = sum;
    }
    return result;
  };
  let previous: Float64Array | null = null;
  for (let iteration = 0; iteration < 300; iteration += 1) {
    const { normW, rss } = state(alpha, lambda);
    const current = weights(alpha, lambda);
    let gamma = 0;
    for (let c = 0; c < n; c += 1) gamma += (alpha * s2[c]!) / (lambda + alpha * s2[c]!);
    lambda = (gamma + 2 * small) / (normW + 2 * small);
    alpha = (n - gamma + 2 * small) / (rss + 2 * small);
    if (previous && markerDistance(view.rows, markerColumns, current, previous) < 1e-3) break;
    previous = current;
  }
  const a = weights(alpha, lambda);
  // Predictions: x·w = Σ_i a_i (x − x̄)·(x_i − x̄) with x̄ the training mean, from K alone.
  const predict = (indices: number[]) =>
    Float64Array.from(indices, (index) => {
      let rowMean = 0;
      for (const j of rows) rowMean += kernel[index * size + j]!;
      rowMean /= n;
      let sum = 0;
      for (let i = 0; i < n; i += 1) sum += a[i]! * (kernel[index * size + rows[i]!]! - rowMean - rowMeans[i]! + grand);
      return yMean + sum;
    });
  return { alpha: a, intercept: yMean, lambda: lambda / alpha, predict };
}

/** Σ_k |w_k − w'_k| with w = X'a, X the training genotypes centred on their means. */
function markerDistance(rows: number[], columns: ArrayLike<number>[], a: Float64Array, b: Float64Array): number {
  let total = 0;
  for (const column of columns) {
    let mean = 0;
    for (const row of rows) mean += column[row]!;
    mean /= rows.length;
    let w = 0;
    for (let i = 0; i < rows.length; i += 1) w += (column[rows[i]!]! - mean) * (a[i]! - b[i]!);
    total += Math.abs(w);
  }
  return total;
}

export const BANDWIDTH_MULTIPLIERS = [1, 2, 5, 10, 20];

/** The Gaussian-kernel model on the training rows, its bandwidth chosen by REML likelihood. */
export function fitGaussianKernel(linear: Float64Array, size: number, train: number[], y: Float64Array): { fitted: Fitted; bandwidth: number; kernel: Float64Array } {
  const distance = (i: number, j: number) => Math.max(linear[i * size + i]! + linear[j * size + j]! - 2 * linear[i * size + j]!, 0);
  const squared: number[] = [];
  for (let a = 0; a < train.length; a += 1) for (let b = a + 1; b < train.length; b += 1) squared.push(distance(train[a]!, train[b]!));
  squared.sort((x, z) => x - z);
  const middle = squared.length / 2;
  const median = squared.length === 0 ? 1 : squared.length % 2 ? squared[Math.floor(middle)]! : (squared[middle - 1]! + squared[middle]!) / 2;
  let best: { kernel: Float64Array; bandwidth: number; reml: ReturnType<typeof remlLambda> } | null = null;
  for (const multiplier of BANDWIDTH_MULTIPLIERS) {
    const bandwidth = median * multiplier;
    const kernel = new Float64Array(size * size);
    for (let i = 0; i < size; i += 1) for (let j = 0; j < size; j += 1) kernel[i * size + j] = Math.exp(-distance(i, j) / bandwidth);
    const reml = remlLambda({ kernel, size, rows: train }, [new Float64Array(train.length).fill(1)], y);
    if (!best || reml.logLikelihood > best.reml.logLikelihood) best = { kernel, bandwidth, reml };
  }
  return { fitted: fitMixedModel({ kernel: best!.kernel, size, rows: train }, y, best!.reml), bandwidth: best!.bandwidth, kernel: best!.kernel };
}
