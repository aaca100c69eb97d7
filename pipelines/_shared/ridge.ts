/**
 * Ridge regression on markers (rrBLUP), written as the mixed model it is:
 *
 *   y = X b + Z u + e,   u ~ N(0, σu² I),  e ~ N(0, σe² I),  λ = σe² / σu²,
 *
 * with X the fixed effects (intercept and covariates, not penalised) and Z the markers. In its
 * n × n form with K = Z Z' and H = K + λ I: b = (X'H⁻¹X)⁻¹ X'H⁻¹ y, α = H⁻¹(y − X b), marker
 * effects u = Z' α, and the prediction for individual i is x_i b + k_i α. K is computed once
 * for all individuals; a cross-validation fold takes its rows and columns. Centring Z by
 * any means does not change predictions, because the intercept absorbs it.
 *
 * λ is estimated by REML (the EMMA algorithm: one eigendecomposition of S(K + I)S with
 * S = I − X(X'X)⁻¹X', then a one-dimensional search), as R's rrBLUP::mixed.solve does.
 */
import { cholesky, choleskySolve, orthonormalBasis, symmetricEigen } from './linear-algebra.ts';

/** A kernel matrix over all individuals (`size` × `size`) and the individuals a fit uses. */
export interface KernelView {
  kernel: Float64Array;
  size: number;
  /** Indices into the kernel of the individuals, in the order of `y` and the fixed-effect columns. */
  rows: number[];
}

export interface RidgeFit {
  /** Fixed effects, one per column of X. */
  fixed: Float64Array;
  /** H⁻¹(y − X b), one per training individual. */
  alpha: Float64Array;
  lambda: number;
}

function subKernel({ kernel, size, rows }: KernelView, ridge: number): Float64Array {
  const n = rows.length;
  const sub = new Float64Array(n * n);
  for (let i = 0; i < n; i += 1) {
    const from = rows[i]! * size;
    for (let j = 0; j < n; j += 1) sub[i * n + j] = kernel[from + rows[j]!]!;
    sub[i * n + i]! += ridge;
  }
  return sub;
}

const dot = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += a[i]! * b[i]!;
  return sum;
};

/** Fits b and α for a given λ. `fixedColumns` hold X column by column (each over the rows). */
export function fitRidge(view: KernelView, fixedColumns: Float64Array[], y: Float64Array, lambda: number): RidgeFit {
  const n = view.rows.length;
  const factor = cholesky(subKernel(view, lambda), n);
  if (!factor) throw new Error(`The ridge system is not positive definite at λ = ${lambda}; the markers may all be constant.`);
  const hInvY = choleskySolve(factor, n, y);
  const hInvX = fixedColumns.map((column) => choleskySolve(factor, n, column));
  const q = fixedColumns.length;
  const xhx = new Float64Array(q * q);
  const xhy = new Float64Array(q);
  for (let a = 0; a < q; a += 1) {
    xhy[a] = dot(fixedColumns[a]!, hInvY);
    for (let c = 0; c < q; c += 1) xhx[a * q + c] = dot(fixedColumns[a]!, hInvX[c]!);
  }
  const smallFactor = cholesky(xhx, q);
  if (!smallFactor) throw new Error('The fixed effects (intercept and covariates) are collinear; drop a covariate that repeats another.');
  const fixed = choleskySolve(smallFactor, q, xhy);
  const alpha = Float64Array.from(hInvY);
  for (let a = 0; a < q; a += 1) for (let i = 0; i < n; i += 1) alpha[i]! -= hInvX[a]![i]! * fixed[a]!;
  return { fixed, alpha, lambda };
}

/** The genetic part k_i α of individual `index` (an index into the kernel). */
export function geneticValue(view: KernelView, fit: RidgeFit, index: number): number {
  let sum = 0;
  const from = index * view.size;
  for (let j = 0; j < view.rows.length; j += 1) sum += view.kernel[from + view.rows[j]!]! * fit.alpha[j]!;
  return sum;
}

export const fixedValue = (fit: RidgeFit, row: ArrayLike<number>) => dot(fit.fixed, row);

export interface RemlEstimate {
  lambda: number;
  /** Variance of a marker effect. */
  sigmaU2: number;
  /** Residual variance. */
  sigmaE2: number;
  /** Whether the search ended on the edge of its range (λ effectively 0 or ∞). */
  atBound: boolean;
  /**
   * Genomic heritability: the markers' share of the variance left after the fixed effects,
   * σu²·tr(SKS)/(n − q) ÷ (that + σe²) with S the projection off the fixed effects, which is
   * scale / (scale + λ). Near 1, REML left the residual no variance; near 0, the markers none.
   */
  heritability: number;
  logLikelihood: number;
}

/** REML estimate of λ = σe²/σu² (EMMA). */
export function remlLambda(view: KernelView, fixedColumns: Float64Array[], y: Float64Array): RemlEstimate {
  const n = view.rows.length;
  const { basis } = orthonormalBasis(fixedColumns);
  const q = basis.length;
  const m = subKernel(view, 1);
  // S M S with S = I − QQ': M − Q(Q'M) − (MQ)Q' + Q(Q'MQ)Q'.
  const mq = basis.map((b) => {
    const column = new Float64Array(n);
    for (let i = 0; i < n; i += 1) {
      let sum = 0;
      for (let j = 0; j < n; j += 1) sum += m[i * n + j]! * b[j]!;
      column[i] = sum;
    }
    return column;
  });
  const qmq = basis.map((b) => mq.map((column) => dot(b, column)));
  for (let i = 0; i < n; i += 1) {
    for (let j = 0; j < n; j += 1) {
      let value = m[i * n + j]!;
      for (let a = 0; a < q; a += 1) {
        value -= basis[a]![i]! * mq[a]![j]! + mq[a]![i]! * basis[a]![j]!;
        for (let c = 0; c < q; c += 1) value += basis[a]![i]! * qmq[a]![c]! * basis[c]![j]!;
      }
      m[i * n + j] = value;
    }
  }
  const { values, vectors } = symmetricEigen(m, n);
  // The n − q largest eigenvalues belong to the space orthogonal to X; the rest are S's zeros.
  const kept = n - q;
  const lambdas = new Float64Array(kept);
  const eta2 = new Float64Array(kept);
  for (let index = 0; index < kept; index += 1) {
    const column = q + index;
    lambdas[index] = values[column]! - 1;
    let projection = 0;
    for (let i = 0; i < n; i += 1) projection += vectors[i * n + column]! * y[i]!;
    eta2[index] = projection * projection;
  }
  const logLikelihood = (lambda: number) => {
    let weighted = 0;
    let logDet = 0;
    for (let index = 0; index < kept; index += 1) {
      const d = Math.max(lambdas[index]! + lambda, 1e-300);
      weighted += eta2[index]! / d;
      logDet += Math.log(d);
    }
    return 0.5 * (kept * Math.log(kept / (2 * Math.PI)) - kept - kept * Math.log(weighted) - logDet);
  };
  // Search log10 λ over ten decades either side of the kernel's own scale.
  const scale = Math.max(lambdas.reduce((sum, value) => sum + Math.max(value, 0), 0) / kept, 1e-12);
  const low = Math.log10(scale) - 10;
  const high = Math.log10(scale) + 10;
  const steps = 200;
  let best = 0;
  let bestValue = Number.NEGATIVE_INFINITY;
  const grid = Array.from({ length: steps + 1 }, (_, step) => low + ((high - low) * step) / steps);
  for (const [step, exponent] of grid.entries()) {
    const value = logLikelihood(10 ** exponent);
    if (value > bestValue) {
      bestValue = value;
      best = step;
    }
  }
  // Golden-section refinement between the best grid point's neighbours.
  let a = grid[Math.max(best - 1, 0)]!;
  let b = grid[Math.min(best + 1, steps)]!;
  const ratio = (Math.sqrt(5) - 1) / 2;
  let c = b - ratio * (b - a);
  let d = a + ratio * (b - a);
  let fc = logLikelihood(10 ** c);
  let fd = logLikelihood(10 ** d);
  while (b - a > 1e-10) {
    if (fc > fd) {
      b = d;
      d = c;
      fd = fc;
      c = b - ratio * (b - a);
      fc = logLikelihood(10 ** c);
    } else {
      a = c;
      c = d;
      fc = fd;
      d = a + ratio * (b - a);
      fd = logLikelihood(10 ** d);
    }
  }
  const lambda = 10 ** ((a + b) / 2);
  let weighted = 0;
  for (let index = 0; index < kept; index += 1) weighted += eta2[index]! / (lambdas[index]! + lambda);
  const sigmaU2 = weighted / kept;
  return {
    lambda,
    sigmaU2,
    sigmaE2: lambda * sigmaU2,
    atBound: best === 0 || best === steps,
    heritability: scale / (scale + lambda),
    logLikelihood: logLikelihood(lambda),
  };
}
