/** Numerical helpers of the local implementations: regression, ridge, correlation. */
import jstatModule from 'jstat';

const { jStat } = jstatModule as unknown as { jStat: { studentt: { cdf(x: number, dof: number): number } } };

export function mean(values: ArrayLike<number>): number {
  let sum = 0;
  for (let index = 0; index < values.length; index += 1) sum += values[index]!;
  return values.length === 0 ? NaN : sum / values.length;
}

/** Two-sided p-value of a t statistic. */
export function tTestP(t: number, degreesOfFreedom: number): number {
  if (!Number.isFinite(t)) return 0;
  return 2 * (1 - jStat.studentt.cdf(Math.abs(t), degreesOfFreedom));
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
  return sxx === 0 || syy === 0 ? NaN : sxy / Math.sqrt(sxx * syy);
}

/** Solves A x = b for a symmetric positive-definite A (n × n, row-major) by Cholesky. */
export function solveSpd(matrix: Float64Array, n: number, b: Float64Array): Float64Array {
  const l = new Float64Array(n * n);
  for (let i = 0; i < n; i += 1) {
    for (let j = 0; j <= i; j += 1) {
      let sum = matrix[i * n + j]!;
      for (let k = 0; k < j; k += 1) sum -= l[i * n + k]! * l[j * n + k]!;
      if (i === j) {
        if (sum <= 0) throw new Error('The ridge system is not positive definite; increase ridge_lambda.');
        l[i * n + i] = Math.sqrt(sum);
      } else {
        l[i * n + j] = sum / l[j * n + j]!;
      }
    }
  }
  const y = new Float64Array(n);
  for (let i = 0; i < n; i += 1) {
    let sum = b[i]!;
    for (let k = 0; k < i; k += 1) sum -= l[i * n + k]! * y[k]!;
    y[i] = sum / l[i * n + i]!;
  }
  const x = new Float64Array(n);
  for (let i = n - 1; i >= 0; i -= 1) {
    let sum = y[i]!;
    for (let k = i + 1; k < n; k += 1) sum -= l[k * n + i]! * x[k]!;
    x[i] = sum / l[i * n + i]!;
  }
  return x;
}

/** A seeded pseudo-random generator (mulberry32), so a run can be repeated exactly. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function shuffled<T>(items: T[], random: () => number): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

/**
 * Ridge regression on markers (rrBLUP) in its n × n form: with Z the centred marker matrix
 * (individuals × markers), marker effects are Z'(ZZ' + λI)⁻¹(y − ȳ).
 */
export function fitRidge(z: Float64Array[], y: number[], lambda: number): { intercept: number; effects: Float64Array } {
  const n = z.length;
  const m = z[0]?.length ?? 0;
  const intercept = mean(y);
  const kernel = new Float64Array(n * n);
  for (let i = 0; i < n; i += 1) {
    for (let j = 0; j <= i; j += 1) {
      let sum = 0;
      const zi = z[i]!;
      const zj = z[j]!;
      for (let k = 0; k < m; k += 1) sum += zi[k]! * zj[k]!;
      kernel[i * n + j] = sum;
      kernel[j * n + i] = sum;
    }
    kernel[i * n + i]! += lambda;
  }
  const alpha = solveSpd(
    kernel,
    n,
    Float64Array.from(y, (value) => value - intercept),
  );
  const effects = new Float64Array(m);
  for (let i = 0; i < n; i += 1) {
    const zi = z[i]!;
    const a = alpha[i]!;
    for (let k = 0; k < m; k += 1) effects[k]! += zi[k]! * a;
  }
  return { intercept, effects };
}

export function predict(row: ArrayLike<number>, intercept: number, effects: ArrayLike<number>): number {
  let value = intercept;
  for (let k = 0; k < effects.length; k += 1) value += row[k]! * effects[k]!;
  return value;
}
