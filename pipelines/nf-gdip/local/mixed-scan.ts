/**
 * The mixed-model association scan, as GEMMA's univariate LMM Wald test (`gemma -lmm 1`):
 *
 *   y = X b + g β + u + e,   u ~ N(0, σg² K),   e ~ N(0, σe² I),   λ = σg² / σe²,
 *
 * K the centred genomic relationship matrix (GEMMA's `-gk 1`: each marker centred on its mean,
 * K = Σ x x' / m). K = U D U' is decomposed once; in the rotated space U'y, U'X, U'g the
 * covariance λD + I is diagonal, so each likelihood costs O(n). The REML log-likelihood (σ
 * profiled out) is maximised over λ as GEMMA's CalcLambda does: its derivative's signs on ten
 * intervals of [1e-5, 1e5] (log scale), a root in each interval that changes sign, the best of
 * those roots and the two ends. Then β, its SE and the F(1, n − c − 1) Wald test at that λ.
 * `exact` re-estimates λ for every marker (with the marker in the model, as GEMMA does); `p3d`
 * (EMMAX, population parameters previously determined) uses the null model's λ for all.
 */
import { gram, orthonormalBasis, symmetricEigen } from '../../_shared/linear-algebra.ts';
import { median, normalQuantile, tTest } from '../../_shared/stats.ts';
import type { ScanResult } from './scan.ts';

export type MixedScanMethod = 'exact' | 'p3d';

export interface MixedScanResult extends ScanResult {
  /** The λ = σg²/σe² the test used (the marker's REML estimate, or the null model's for p3d). */
  lambda: number;
  /** The REML log-likelihood at λ with the marker in the model (GEMMA's logl_H1). */
  logLikelihood: number;
}

export interface NullModel {
  lambda: number;
  logLikelihood: number;
  vg: number;
  ve: number;
  /** Proportion of variance explained by K: λ·tr(K)/n / (λ·tr(K)/n + 1), as GEMMA's pve. */
  pve: number;
}

const LAMBDA_MIN = 1e-5;
const LAMBDA_MAX = 1e5;
const REGIONS = 10;
const STEP = Math.log(LAMBDA_MAX / LAMBDA_MIN) / REGIONS;
/** The ends of GEMMA's ten intervals, 1e-5 to 1e5 on a log scale (as CalcLambda computes them). */
const GRID = Array.from({ length: REGIONS + 1 }, (_, k) => LAMBDA_MIN * Math.exp(STEP * k));

/** Weights and weighted sums at a λ every marker's search visits (the grid, the ends, 0), for the pairs shared by every marker. */
interface CachedSums {
  weights: Float64Array;
  weightsSquared: Float64Array;
  sum1: Float64Array;
  sum2: Float64Array;
  known: Uint8Array;
}

function sumCache(eigenvalues: Float64Array, shared: Float64Array[], pairs: number): Map<number, CachedSums> {
  const n = eigenvalues.length;
  const cache = new Map<number, CachedSums>();
  for (const lambda of [0, ...GRID, LAMBDA_MAX]) {
    const weights = new Float64Array(n);
    const weightsSquared = new Float64Array(n);
    for (let i = 0; i < n; i += 1) {
      const w = 1 / (lambda * eigenvalues[i]! + 1);
      weights[i] = w;
      weightsSquared[i] = w * w;
    }
    const entry: CachedSums = { weights, weightsSquared, sum1: new Float64Array(pairs), sum2: new Float64Array(pairs), known: new Uint8Array(pairs) };
    for (let pair = 0; pair < pairs; pair += 1) {
      const product = shared[pair];
      if (!product) continue;
      let sum1 = 0;
      let sum2 = 0;
      for (let i = 0; i < n; i += 1) {
        sum1 += weights[i]! * product[i]!;
        sum2 += weightsSquared[i]! * product[i]!;
      }
      entry.sum1[pair] = sum1;
      entry.sum2[pair] = sum2;
      entry.known[pair] = 1;
    }
    cache.set(lambda, entry);
  }
  return cache;
}

/**
 * GEMMA's centred relatedness matrix (`-gk 1`) from the markers' allele counts (missing calls
 * filled with the marker's mean): Z Z' / m with every column of Z centred, that is C G C / m with
 * G the raw Gram matrix and C = I − 11'/n.
 */
export function centredKinship(columns: ArrayLike<number>[], n: number): Float64Array {
  const kinship = centredCrossProducts(columns, n);
  const m = columns.length;
  for (let i = 0; i < n * n; i += 1) kinship[i]! /= m;
  return kinship;
}

/** C G C: the markers' centred cross-products summed (the kinship before dividing by the marker count). */
function centredCrossProducts(columns: ArrayLike<number>[], n: number): Float64Array {
  const products = gram(columns, n);
  const rowMeans = new Float64Array(n);
  let total = 0;
  for (let i = 0; i < n; i += 1) {
    let sum = 0;
    for (let j = 0; j < n; j += 1) sum += products[i * n + j]!;
    rowMeans[i] = sum / n;
    total += sum;
  }
  const grand = total / (n * n);
  for (let i = 0; i < n; i += 1) for (let j = 0; j < n; j += 1) products[i * n + j] = products[i * n + j]! - rowMeans[i]! - rowMeans[j]! + grand;
  return products;
}

/**
 * Leave-one-chromosome-out kinships (GEMMA's `-gk 1 -loco c`): for the markers of each
 * chromosome, the centred kinship of the markers on every other chromosome, so that no marker is
 * tested against a relationship matrix that holds it (which would take part of its effect into u
 * and cost power at a real locus). The centred cross-products of all markers are summed once;
 * a chromosome's kinship is that total less its own markers', over the count of markers left.
 * Yields one chromosome at a time, so only one n × n kinship besides the total is held.
 */
export function* locoKinships(columns: ArrayLike<number>[], chromosomes: readonly string[], n: number): Generator<{ chromosome: string; markers: number[]; kinship: Float64Array }> {
  const byChromosome = new Map<string, number[]>();
  for (const [index, chromosome] of chromosomes.entries()) {
    const list = byChromosome.get(chromosome);
    if (list) list.push(index);
    else byChromosome.set(chromosome, [index]);
  }
  if (byChromosome.size < 2)
    throw new Error(
      `Leave-one-chromosome-out kinship needs markers on at least two chromosomes; these are all on ${chromosomes[0] ?? 'none'}. Turn kinship_loco off, or scan a panel that spans the genome.`,
    );
  const total = centredCrossProducts(columns, n);
  for (const [chromosome, markers] of byChromosome) {
    const own = centredCrossProducts(
      markers.map((index) => columns[index]!),
      n,
    );
    const left = columns.length - markers.length;
    const kinship = new Float64Array(n * n);
    for (let i = 0; i < n * n; i += 1) kinship[i] = (total[i]! - own[i]!) / left;
    yield { chromosome, markers, kinship };
  }
}

/** The eigenvectors as rows (`rows[j * n + i]` = vector j's entry i) and eigenvalues, those below 1e-10 set to 0 as GEMMA does. */
export function rotation(kinship: Float64Array, n: number) {
  const { values, vectors } = symmetricEigen(kinship, n);
  const rows = new Float64Array(n * n);
  for (let i = 0; i < n; i += 1) for (let j = 0; j < n; j += 1) rows[j * n + i] = vectors[i * n + j]!;
  const eigenvalues = Float64Array.from(values, (value) => (value < 1e-10 ? 0 : value));
  const rotate = (v: ArrayLike<number>) => {
    const out = new Float64Array(n);
    for (let j = 0; j < n; j += 1) {
      const row = j * n;
      let sum = 0;
      for (let i = 0; i < n; i += 1) sum += rows[row + i]! * v[i]!;
      out[j] = sum;
    }
    return out;
  };
  /**
   * U'v for several vectors at once: two rows of U' against four vectors per pass, so each load
   * serves several products (about 3× the one-vector loop; the rotation is n² per marker).
   */
  const rotateMany = (vs: ArrayLike<number>[]): Float64Array[] => {
    const outs = vs.map(() => new Float64Array(n));
    for (let first = 0; first < vs.length; first += 4) {
      const count = Math.min(4, vs.length - first);
      const x0 = vs[first]!;
      const x1 = vs[first + Math.min(1, count - 1)]!;
      const x2 = vs[first + Math.min(2, count - 1)]!;
      const x3 = vs[first + Math.min(3, count - 1)]!;
      for (let j = 0; j < n; j += 2) {
        const r0 = j * n;
        const r1 = j + 1 < n ? r0 + n : r0;
        let a0 = 0;
        let a1 = 0;
        let a2 = 0;
        let a3 = 0;
        let b0 = 0;
        let b1 = 0;
        let b2 = 0;
        let b3 = 0;
        for (let i = 0; i < n; i += 1) {
          const u0 = rows[r0 + i]!;
          const u1 = rows[r1 + i]!;
          const v0 = x0[i]!;
          const v1 = x1[i]!;
          const v2 = x2[i]!;
          const v3 = x3[i]!;
          a0 += u0 * v0;
          a1 += u0 * v1;
          a2 += u0 * v2;
          a3 += u0 * v3;
          b0 += u1 * v0;
          b1 += u1 * v1;
          b2 += u1 * v2;
          b3 += u1 * v3;
        }
        const first0 = [a0, a1, a2, a3];
        const second = [b0, b1, b2, b3];
        for (let k = 0; k < count; k += 1) {
          outs[first + k]![j] = first0[k]!;
          if (j + 1 < n) outs[first + k]![j + 1] = second[k]!;
        }
      }
    }
    return outs;
  };
  return { eigenvalues, rotate, rotateMany };
}

/**
 * The REML likelihood of one model in the rotated space: columns [X…, y] (X the fixed effects,
 * the marker last where there is one), their pairwise products precomputed so that each λ costs
 * two weighted sums per pair.
 */
function remlModel(eigenvalues: Float64Array, size: number, pairProducts: Float64Array[], cache?: Map<number, CachedSums>) {
  const n = eigenvalues.length;
  const p = size - 1;
  const df = n - p;
  const weights = new Float64Array(n);
  const weightsSquared = new Float64Array(n);
  const c1 = new Float64Array(size * size);
  const c2 = new Float64Array(size * size);
  const a = new Float64Array(p * p);
  const beta = new Float64Array(p);
  let plainLogDet = Number.NaN;

  /** Cholesky of the p × p `a` in place; its log-determinant, or NaN if not positive definite. */
  const factor = (): number => {
    let logDet = 0;
    for (let i = 0; i < p; i += 1) {
      for (let j = 0; j <= i; j += 1) {
        let sum = a[i * p + j]!;
        for (let k = 0; k < j; k += 1) sum -= a[i * p + k]! * a[j * p + k]!;
        if (i === j) {
          if (!(sum > 0)) return Number.NaN;
          a[i * p + i] = Math.sqrt(sum);
          logDet += Math.log(sum);
        } else a[i * p + j] = sum / a[j * p + j]!;
      }
    }
    return logDet;
  };
  /** Solves (L L') x = rhs in place with the factor in `a`. */
  const solve = (x: Float64Array) => {
    for (let i = 0; i < p; i += 1) {
      let sum = x[i]!;
      for (let k = 0; k < i; k += 1) sum -= a[i * p + k]! * x[k]!;
      x[i] = sum / a[i * p + i]!;
    }
    for (let i = p - 1; i >= 0; i -= 1) {
      let sum = x[i]!;
      for (let k = i + 1; k < p; k += 1) sum -= a[k * p + i]! * x[k]!;
      x[i] = sum / a[i * p + i]!;
    }
  };
  let activeWeights: Float64Array = weights;
  const sums = (lambda: number, squared: boolean) => {
    const cached = cache?.get(lambda);
    let w1: Float64Array = weights;
    let w2: Float64Array = weightsSquared;
    if (cached) {
      w1 = cached.weights;
      w2 = cached.weightsSquared;
    } else
      for (let i = 0; i < n; i += 1) {
        const w = 1 / (lambda * eigenvalues[i]! + 1);
        weights[i] = w;
        weightsSquared[i] = w * w;
      }
    activeWeights = w1;
    let pair = 0;
    for (let r = 0; r < size; r += 1)
      for (let s = 0; s <= r; s += 1, pair += 1) {
        const product = pairProducts[pair]!;
        let sum1 = 0;
        let sum2 = 0;
        if (cached?.known[pair]) {
          sum1 = cached.sum1[pair]!;
          sum2 = cached.sum2[pair]!;
        } else if (squared)
          for (let i = 0; i < n; i += 1) {
            sum1 += w1[i]! * product[i]!;
            sum2 += w2[i]! * product[i]!;
          }
        else for (let i = 0; i < n; i += 1) sum1 += w1[i]! * product[i]!;
        c1[r * size + s] = c1[s * size + r] = sum1;
        c2[r * size + s] = c2[s * size + r] = sum2;
      }
  };
  /** Fits at λ: β, y'Py, and log|X'H⁻¹X|; NaN when X'H⁻¹X is singular. */
  const fitAt = (lambda: number, squared: boolean) => {
    sums(lambda, squared);
    for (let r = 0; r < p; r += 1) for (let s = 0; s < p; s += 1) a[r * p + s] = c1[r * size + s]!;
    const logDet = factor();
    for (let r = 0; r < p; r += 1) beta[r] = c1[r * size + p]!;
    solve(beta);
    let yPy = c1[p * size + p]!;
    for (let r = 0; r < p; r += 1) yPy -= beta[r]! * c1[r * size + p]!;
    return { logDet, yPy };
  };
  const logDetH = (lambda: number) => {
    let sum = 0;
    for (let i = 0; i < n; i += 1) sum += Math.log(lambda * eigenvalues[i]! + 1);
    return sum;
  };
  /** d/dλ of the REML log-likelihood: −½ tr(PK) + ½ df y'PKPy / y'Py, with tr(PK) = (df − tr P)/λ and y'PKPy = (y'Py − y'PPy)/λ. */
  const derivative = (lambda: number) => {
    const { yPy } = fitAt(lambda, true);
    let traceHi = 0;
    for (let i = 0; i < n; i += 1) traceHi += activeWeights[i]!;
    // tr P = tr H⁻¹ − tr((X'H⁻¹X)⁻¹ X'H⁻²X), column by column of X'H⁻²X.
    let traceCorrection = 0;
    const column = new Float64Array(p);
    for (let s = 0; s < p; s += 1) {
      for (let r = 0; r < p; r += 1) column[r] = c2[r * size + s]!;
      solve(column);
      traceCorrection += column[s]!;
    }
    const traceP = traceHi - traceCorrection;
    // y'PPy = r'H⁻²r with r = y − Xβ.
    let yPPy = c2[p * size + p]!;
    for (let r = 0; r < p; r += 1) {
      yPPy -= 2 * beta[r]! * c2[r * size + p]!;
      for (let s = 0; s < p; s += 1) yPPy += beta[r]! * beta[s]! * c2[r * size + s]!;
    }
    const tracePK = (df - traceP) / lambda;
    const yPKPy = (yPy - yPPy) / lambda;
    return -0.5 * tracePK + (0.5 * df * yPKPy) / yPy;
  };
  const logLikelihoodAt = (lambda: number) => {
    // GEMMA's constant: the likelihood is relative to log|X'X| of the unweighted design (λ = 0).
    if (Number.isNaN(plainLogDet)) plainLogDet = fitAt(0, false).logDet;
    const { logDet, yPy } = fitAt(lambda, false);
    return 0.5 * df * (Math.log(df) - Math.log(2 * Math.PI) - 1) - 0.5 * logDetH(lambda) - 0.5 * (logDet - plainLogDet) - 0.5 * df * Math.log(yPy);
  };

  /** The REML λ as GEMMA's CalcLambda chooses it. */
  const estimate = () => {
    const brackets: Array<[number, number]> = [];
    let low = LAMBDA_MIN;
    let dLow = derivative(low);
    for (let region = 0; region < REGIONS; region += 1) {
      const high = GRID[region + 1]!;
      const dHigh = derivative(high);
      if (dLow * dHigh <= 0) brackets.push([low, high]);
      low = high;
      dLow = dHigh;
    }
    if (brackets.length === 0) {
      const atMin = logLikelihoodAt(LAMBDA_MIN);
      const atMax = logLikelihoodAt(LAMBDA_MAX);
      return atMin >= atMax ? { lambda: LAMBDA_MIN, logLikelihood: atMin } : { lambda: LAMBDA_MAX, logLikelihood: atMax };
    }
    let best = { lambda: Number.NaN, logLikelihood: Number.NaN };
    for (const [index, [from, to]] of brackets.entries()) {
      const lambda = gemmaRoot(derivative, from, to);
      const value = logLikelihoodAt(lambda);
      if (index === 0 || best.logLikelihood < value) best = { lambda, logLikelihood: value };
    }
    const atMin = logLikelihoodAt(LAMBDA_MIN);
    const atMax = logLikelihoodAt(LAMBDA_MAX);
    if (atMin > best.logLikelihood) best = { lambda: LAMBDA_MIN, logLikelihood: atMin };
    if (atMax > best.logLikelihood) best = { lambda: LAMBDA_MAX, logLikelihood: atMax };
    return best;
  };

  /** The last fixed effect's estimate, its SE and the residual degrees of freedom at λ (GEMMA's CalcRLWald). */
  const wald = (lambda: number) => {
    const { yPy } = fitAt(lambda, false);
    const last = new Float64Array(p);
    last[p - 1] = 1;
    solve(last);
    const variance = last[p - 1]!;
    const residualDf = n - p;
    return { beta: beta[p - 1]!, se: Math.sqrt((yPy / residualDf) * variance), yPy, df: residualDf };
  };

  return { estimate, wald, logLikelihoodAt, df };
}

/**
 * The root of the likelihood's derivative in [low, high] as GEMMA finds it, step for step, so that
 * λ agrees to the digits GEMMA prints: GSL's Brent solver until the bracket is within 10 %, then
 * Newton's method (GEMMA's analytic second derivative here a central difference, within 1e-8)
 * until a step changes λ by less than 1e-5 of it, keeping the iterate before that step, as
 * GEMMA's CalcLambda does.
 */
function gemmaRoot(f: (x: number) => number, low: number, high: number): number {
  let a = low;
  let b = high;
  let fa = f(a);
  let fb = f(b);
  let c = b;
  let fc = fb;
  let d = b - a;
  let e = b - a;
  let root = 0.5 * (low + high);
  let lower = low;
  let upper = high;
  let iterations = 0;
  do {
    iterations += 1;
    let acEqual = false;
    if ((fb < 0 && fc < 0) || (fb > 0 && fc > 0)) {
      acEqual = true;
      c = a;
      fc = fa;
      d = b - a;
      e = b - a;
    }
    if (Math.abs(fc) < Math.abs(fb)) {
      acEqual = true;
      a = b;
      b = c;
      c = a;
      fa = fb;
      fb = fc;
      fc = fa;
    }
    const tolerance = 0.5 * Number.EPSILON * Math.abs(b);
    const middle = 0.5 * (c - b);
    if (fb === 0 || Math.abs(middle) <= tolerance) {
      root = b;
      lower = Math.min(b, fb === 0 ? b : c);
      upper = Math.max(b, fb === 0 ? b : c);
      break;
    }
    if (Math.abs(e) < tolerance || Math.abs(fa) <= Math.abs(fb)) {
      d = middle;
      e = middle;
    } else {
      const s = fb / fa;
      let p: number;
      let q: number;
      if (acEqual) {
        p = 2 * middle * s;
        q = 1 - s;
      } else {
        const qa = fa / fc;
        const r = fb / fc;
        p = s * (2 * middle * qa * (qa - r) - (b - a) * (r - 1));
        q = (qa - 1) * (r - 1) * (s - 1);
      }
      if (p > 0) q = -q;
      else p = -p;
      if (2 * p < Math.min(3 * middle * q - Math.abs(tolerance * q), Math.abs(e * q))) {
        e = d;
        d = p / q;
      } else {
        d = middle;
        e = middle;
      }
    }
    a = b;
    fa = fb;
    b += Math.abs(d) > tolerance ? d : middle > 0 ? tolerance : -tolerance;
    fb = f(b);
    root = b;
    const bound = (fb < 0 && fc < 0) || (fb > 0 && fc > 0) ? a : c;
    lower = Math.min(b, bound);
    upper = Math.max(b, bound);
  } while (!(upper - lower < 0.1 * (lower > 0 && upper > 0 ? Math.min(lower, upper) : 0)) && iterations < 100);

  let lambda = root;
  let previous = lambda;
  for (let step = 0; step < 100 && lambda > LAMBDA_MIN && lambda < LAMBDA_MAX; step += 1) {
    const h = 1e-5 * lambda;
    const slope = (f(lambda + h) - f(lambda - h)) / (2 * h);
    previous = lambda;
    lambda -= f(lambda) / slope;
    if (Math.abs(lambda - previous) < 1e-5 * Math.abs(lambda) || lambda === previous) break;
  }
  return Math.min(LAMBDA_MAX, Math.max(LAMBDA_MIN, previous));
}

/** Products of every pair (r ≥ s) of the columns, in the order remlModel reads them. */
function pairProducts(columns: Float64Array[], shared: Float64Array[] = []): Float64Array[] {
  const products: Float64Array[] = [];
  let pair = 0;
  for (let r = 0; r < columns.length; r += 1)
    for (let s = 0; s <= r; s += 1, pair += 1) {
      if (shared[pair]) {
        products.push(shared[pair]!);
        continue;
      }
      const a = columns[r]!;
      const b = columns[s]!;
      const product = new Float64Array(a.length);
      for (let i = 0; i < a.length; i += 1) product[i] = a[i]! * b[i]!;
      products.push(product);
    }
  return products;
}

/**
 * A scanner for one trait: the null model fitted once (REML λ with the fixed effects alone), then
 * each marker's Wald test. `kinship` is n × n (centredKinship over the same individuals, in y's order).
 */
export function createMixedScanner(y: Float64Array, fixedColumns: Float64Array[], kinship: Float64Array, method: MixedScanMethod) {
  const n = y.length;
  const { eigenvalues, rotate, rotateMany } = rotation(kinship, n);
  const rotatedFixed = fixedColumns.map(rotate);
  const rotatedY = rotate(y);
  const nullColumns = [...rotatedFixed, rotatedY];
  const nullModel = remlModel(eigenvalues, nullColumns.length, pairProducts(nullColumns));
  const nullFit = nullModel.estimate();
  // σe² = y'Py / (n − c) at the REML λ; σg² = λσe² (GEMMA's CalcLmmVgVeBeta).
  const ve = nullModel.wald(nullFit.lambda).yPy / nullModel.df;
  const meanEigenvalue = eigenvalues.reduce((sum, value) => sum + value, 0) / n;
  const nullSummary: NullModel = {
    lambda: nullFit.lambda,
    logLikelihood: nullFit.logLikelihood,
    vg: nullFit.lambda * ve,
    ve,
    pve: (nullFit.lambda * meanEigenvalue) / (nullFit.lambda * meanEigenvalue + 1),
  };

  // Products among the fixed effects and y, shared by every marker's model: in [X…, g, y] order,
  // the pairs not involving g are the null model's.
  const c = fixedColumns.length;
  const sharedIndex = (r: number, s: number) => (r * (r + 1)) / 2 + s;
  const nullProducts = pairProducts(nullColumns);
  const shared: Float64Array[] = [];
  for (let r = 0; r < c; r += 1) for (let s = 0; s <= r; s += 1) shared[sharedIndex(r, s)] = nullProducts[sharedIndex(r, s)]!;
  for (let s = 0; s < c; s += 1) shared[sharedIndex(c + 1, s)] = nullProducts[sharedIndex(c, s)]!;
  shared[sharedIndex(c + 1, c + 1)] = nullProducts[sharedIndex(c, c)]!;
  const cache = sumCache(eigenvalues, shared, ((c + 2) * (c + 3)) / 2);

  // Markers in X's span are left out, as in the plain scan (the check is on the unrotated values).
  const isInSpan = spanCheck(fixedColumns);

  const test = (rotatedG: Float64Array): MixedScanResult => {
    const columns = [...rotatedFixed, rotatedG, rotatedY];
    const model = remlModel(eigenvalues, columns.length, pairProducts(columns, shared), cache);
    const chosen = method === 'p3d' ? { lambda: nullFit.lambda, logLikelihood: Number.NaN } : model.estimate();
    const wald = model.wald(chosen.lambda);
    const logLikelihood = Number.isNaN(chosen.logLikelihood) ? model.logLikelihoodAt(chosen.lambda) : chosen.logLikelihood;
    const t = wald.beta / wald.se;
    return { beta: wald.beta, se: wald.se, t, ...tTest(t, wald.df), lambda: chosen.lambda, logLikelihood };
  };
  /** One marker's test; null when it lies in the fixed effects' span. */
  const scan = (g: Float64Array): MixedScanResult | null => (isInSpan(g) ? null : test(rotate(g)));
  /** Many markers' tests, rotated four at a time (faster than one by one; the same numbers). */
  const scanMany = (markers: Float64Array[]): Array<MixedScanResult | null> => {
    const results: Array<MixedScanResult | null> = [];
    for (let first = 0; first < markers.length; first += 256) {
      const block = markers.slice(first, first + 256);
      const rotated = rotateMany(block);
      for (const [index, g] of block.entries()) results.push(isInSpan(g) ? null : test(rotated[index]!));
    }
    return results;
  };
  return { nullModel: nullSummary, scan, scanMany };
}

/** True when g lies in the span of the fixed columns (and the intercept), to 1e-10 of its centred sum of squares. */
function spanCheck(fixedColumns: Float64Array[]) {
  const { basis } = orthonormalBasis(fixedColumns);
  return (g: Float64Array) => {
    const n = g.length;
    let sum = 0;
    for (let i = 0; i < n; i += 1) sum += g[i]!;
    const centre = sum / n;
    let total = 0;
    for (let i = 0; i < n; i += 1) total += (g[i]! - centre) ** 2;
    let left = total;
    for (const b of basis) {
      let projection = 0;
      for (let i = 0; i < n; i += 1) projection += b[i]! * (g[i]! - centre);
      left -= projection * projection;
    }
    return !(left > 1e-10 * total);
  };
}

/** Genomic-control λ: the median of the tests' 1-df χ² (from their p-values) over 0.4549, the χ²₁ median. */
export function genomicControl(pValues: ArrayLike<number>): number {
  const chiSquared = Float64Array.from(pValues, (p) => normalQuantile(p / 2) ** 2);
  return median(chiSquared) / 0.454936423119572;
}
