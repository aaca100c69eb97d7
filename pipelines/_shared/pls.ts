/**
 * PLS regression of one response (PLS1), as scikit-learn's PLSRegression computes it: X and y
 * centred and scaled to unit SD (n − 1; a constant column keeps SD 1), NIPALS with regression
 * deflation, coefficients W (P'W)⁻¹ q. One fit gives the model of every component count up to
 * `components`, so cross-validation tries them all at once.
 */
import { inverse, Matrix } from 'ml-matrix';

export interface PlsModel {
  xMean: Float64Array;
  xScale: Float64Array;
  yMean: number;
  yScale: number;
  /** coefficients[k − 1]: the coefficients (on the original X scale) of the model with k components. */
  coefficients: Float64Array[];
  /** Intercept of each model (on the original scale). */
  intercepts: number[];
}

const meanAndScale = (column: ArrayLike<number>) => {
  const n = column.length;
  let mean = 0;
  for (let i = 0; i < n; i += 1) mean += column[i]!;
  mean /= n;
  let sum = 0;
  for (let i = 0; i < n; i += 1) sum += (column[i]! - mean) ** 2;
  const sd = Math.sqrt(sum / (n - 1));
  return { mean, scale: sd === 0 ? 1 : sd };
};

export function fitPls(rows: Float64Array[], y: Float64Array, components: number): PlsModel {
  const n = rows.length;
  const p = rows[0]!.length;
  const xMean = new Float64Array(p);
  const xScale = new Float64Array(p);
  for (let k = 0; k < p; k += 1) {
    const stats = meanAndScale(Float64Array.from(rows, (row) => row[k]!));
    xMean[k] = stats.mean;
    xScale[k] = stats.scale;
  }
  const { mean: yMean, scale: yScale } = meanAndScale(y);
  const x = rows.map((row) => Float64Array.from(row, (value, k) => (value - xMean[k]!) / xScale[k]!));
  const r = Float64Array.from(y, (value) => (value - yMean) / yScale);
  const limit = Math.min(components, n - 1, p);
  const weights: Float64Array[] = [];
  const loadings: Float64Array[] = [];
  const yLoadings: number[] = [];
  for (let c = 0; c < limit; c += 1) {
    // w ∝ X'y (NIPALS converges at once with one response).
    const w = new Float64Array(p);
    for (let i = 0; i < n; i += 1) for (let k = 0; k < p; k += 1) w[k]! += x[i]![k]! * r[i]!;
    const norm = Math.sqrt(w.reduce((sum, value) => sum + value * value, 0));
    if (norm < 1e-12) break;
    for (let k = 0; k < p; k += 1) w[k]! /= norm;
    const t = Float64Array.from(x, (row) => row.reduce((sum, value, k) => sum + value * w[k]!, 0));
    const tt = t.reduce((sum, value) => sum + value * value, 0);
    const loading = new Float64Array(p);
    for (let i = 0; i < n; i += 1) for (let k = 0; k < p; k += 1) loading[k]! += x[i]![k]! * t[i]!;
    for (let k = 0; k < p; k += 1) loading[k]! /= tt;
    const q = t.reduce((sum, value, i) => sum + value * r[i]!, 0) / tt;
    for (let i = 0; i < n; i += 1) {
      for (let k = 0; k < p; k += 1) x[i]![k]! -= t[i]! * loading[k]!;
      r[i]! -= t[i]! * q;
    }
    weights.push(w);
    loadings.push(loading);
    yLoadings.push(q);
  }
  const coefficients: Float64Array[] = [];
  const intercepts: number[] = [];
  for (let k = 1; k <= weights.length; k += 1) {
    const W = new Matrix(weights.slice(0, k).map((w) => Array.from(w))).transpose();
    const P = new Matrix(loadings.slice(0, k).map((l) => Array.from(l))).transpose();
    const rotations = W.mmul(inverse(P.transpose().mmul(W)));
    const beta = rotations.mmul(Matrix.columnVector(yLoadings.slice(0, k)));
    // Back to the original scales: ŷ = ȳ + Σ_k (x_k − x̄_k)/s_k · β_k · s_y.
    const coefficient = Float64Array.from({ length: p }, (_, j) => (beta.get(j, 0) * yScale) / xScale[j]!);
    coefficients.push(coefficient);
    intercepts.push(yMean - coefficient.reduce((sum, value, j) => sum + value * xMean[j]!, 0));
  }
  return { xMean, xScale, yMean, yScale, coefficients, intercepts };
}

export const predictLinear = (coefficient: Float64Array, intercept: number, row: ArrayLike<number>) => {
  let sum = intercept;
  for (let k = 0; k < coefficient.length; k += 1) sum += coefficient[k]! * row[k]!;
  return sum;
};
