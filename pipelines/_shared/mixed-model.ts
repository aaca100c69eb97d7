/**
 * Linear mixed models with independent random intercepts, fitted by REML as lme4 fits them:
 *
 *   y = Xβ + Σ_k Z_k b_k + e,   b_k ~ N(0, σ² θ_k² I),   e ~ N(0, σ² I).
 *
 * With Λ = diag(θ) over the random levels and u = Λ⁻¹b, the system
 *   M = [ΛZ'ZΛ + I  ΛZ'X; X'ZΛ  X'X],   M [u; β] = [ΛZ'y; X'y]
 * gives the REML deviance log|M| + (n − p)(1 + log(2π·pwrss/(n − p))), pwrss = y'y − [u; β]'rhs
 * — lme4's REMLcrit — which is minimised over θ ≥ 0 by Nelder–Mead. Dense: for trials of a few
 * hundred entries.
 */
import { cholesky, choleskySolve } from './linear-algebra.ts';

export interface RandomTerm {
  name: string;
  /** Level of each observation (0-based). */
  level: Int32Array;
  levels: number;
}

export interface MixedModelFit {
  beta: Float64Array;
  /** Per term: the predicted random effects b (BLUPs), per level. */
  effects: Float64Array[];
  /** Per term: σ²θ², then the residual σ². */
  variances: number[];
  sigma2: number;
  theta: number[];
  remlCriterion: number;
  /** Conditional residuals y − Xβ − Zb. */
  residuals: Float64Array;
  /** Prediction error (co)variances of one term's effects, σ²θ²[M⁻¹] on its block. */
  pev(term: number): Float64Array;
}

export function fitMixedModel(y: Float64Array, fixed: Float64Array[], terms: RandomTerm[]): MixedModelFit {
  const n = y.length;
  const p = fixed.length;
  const offsets: number[] = [];
  let q = 0;
  for (const term of terms) {
    offsets.push(q);
    q += term.levels;
  }
  const size = q + p;
  // Cross-products, once: Z'Z (q × q), Z'X, X'X, Z'y, X'y, y'y.
  const zz = new Float64Array(q * q);
  const zx = new Float64Array(q * p);
  const xx = new Float64Array(p * p);
  const zy = new Float64Array(q);
  const xy = new Float64Array(p);
  let yy = 0;
  const columns = terms.map((term, t) => (i: number) => offsets[t]! + term.level[i]!);
  for (let i = 0; i < n; i += 1) {
    const here = columns.map((column) => column(i));
    for (const a of here) {
      for (const b of here) zz[a * q + b]! += 1;
      for (let c = 0; c < p; c += 1) zx[a * p + c]! += fixed[c]![i]!;
      zy[a]! += y[i]!;
    }
    for (let a = 0; a < p; a += 1) {
      for (let b = 0; b < p; b += 1) xx[a * p + b]! += fixed[a]![i]! * fixed[b]![i]!;
      xy[a]! += fixed[a]![i]! * y[i]!;
    }
    yy += y[i]! * y[i]!;
  }
  const termOf = new Int32Array(q);
  for (const [t, term] of terms.entries()) termOf.fill(t, offsets[t]!, offsets[t]! + term.levels);

  // The largest term's block of ΛZ'ZΛ + I is diagonal (each observation has one level of it):
  // it is eliminated first, and the Schur complement on everything else is factorised.
  const big = terms.reduce((largest, term, t) => (term.levels > terms[largest]!.levels ? t : largest), 0);
  const bigStart = offsets[big] ?? 0;
  const bigLevels = terms[big]?.levels ?? 0;
  const restIndex: number[] = [];
  for (let a = 0; a < size; a += 1) if (a < bigStart || a >= bigStart + bigLevels) restIndex.push(a);
  const restSize = restIndex.length;
  /** An entry of M at θ (a, b over all q + p columns). */
  const entry = (theta: number[], a: number, b: number) => {
    if (a < q && b < q) return theta[termOf[a]!]! * theta[termOf[b]!]! * zz[a * q + b]! + (a === b ? 1 : 0);
    if (a < q) return theta[termOf[a]!]! * zx[a * p + (b - q)]!;
    if (b < q) return theta[termOf[b]!]! * zx[b * p + (a - q)]!;
    return xx[(a - q) * p + (b - q)]!;
  };

  const evaluate = (theta: number[]) => {
    const rhs = new Float64Array(size);
    for (let a = 0; a < q; a += 1) rhs[a] = theta[termOf[a]!]! * zy[a]!;
    for (let c = 0; c < p; c += 1) rhs[q + c] = xy[c]!;
    const diagonal = Float64Array.from({ length: bigLevels }, (_, k) => entry(theta, bigStart + k, bigStart + k));
    // S = C − B' D⁻¹ B, with B the big term's rows against the rest.
    const coupling = new Float64Array(bigLevels * restSize);
    for (let k = 0; k < bigLevels; k += 1) for (let r = 0; r < restSize; r += 1) coupling[k * restSize + r] = entry(theta, bigStart + k, restIndex[r]!);
    const schur = new Float64Array(restSize * restSize);
    for (let r = 0; r < restSize; r += 1) for (let c = 0; c <= r; c += 1) schur[r * restSize + c] = entry(theta, restIndex[r]!, restIndex[c]!);
    for (let k = 0; k < bigLevels; k += 1) {
      const row = k * restSize;
      const inverse = 1 / diagonal[k]!;
      for (let r = 0; r < restSize; r += 1) {
        const br = coupling[row + r]!;
        if (br === 0) continue;
        const scaled = br * inverse;
        for (let c = 0; c <= r; c += 1) schur[r * restSize + c]! -= scaled * coupling[row + c]!;
      }
    }
    for (let r = 0; r < restSize; r += 1) for (let c = 0; c < r; c += 1) schur[c * restSize + r] = schur[r * restSize + c]!;
    const factor = cholesky(schur, restSize);
    if (!factor) return { deviance: Number.POSITIVE_INFINITY, factor: null, solution: null, sigma2: Number.NaN };
    const reduced = Float64Array.from(restIndex, (a) => rhs[a]!);
    for (let k = 0; k < bigLevels; k += 1) {
      const scaled = rhs[bigStart + k]! / diagonal[k]!;
      for (let r = 0; r < restSize; r += 1) reduced[r]! -= coupling[k * restSize + r]! * scaled;
    }
    const restSolution = choleskySolve(factor, restSize, reduced);
    const solution = new Float64Array(size);
    for (const [r, a] of restIndex.entries()) solution[a] = restSolution[r]!;
    for (let k = 0; k < bigLevels; k += 1) {
      let sum = rhs[bigStart + k]!;
      for (let r = 0; r < restSize; r += 1) sum -= coupling[k * restSize + r]! * restSolution[r]!;
      solution[bigStart + k] = sum / diagonal[k]!;
    }
    let fitted = 0;
    for (let a = 0; a < size; a += 1) fitted += solution[a]! * rhs[a]!;
    const pwrss = yy - fitted;
    let logDet = 0;
    for (let k = 0; k < bigLevels; k += 1) logDet += Math.log(diagonal[k]!);
    for (let r = 0; r < restSize; r += 1) logDet += 2 * Math.log(factor[r * restSize + r]!);
    const dof = n - p;
    const deviance = logDet + dof * (1 + Math.log((2 * Math.PI * pwrss) / dof));
    return { deviance, factor, solution, sigma2: pwrss / dof };
  };

  const theta = minimise(
    (values) => evaluate(values.map(Math.abs)).deviance,
    terms.map(() => 1),
  ).map(Math.abs);
  const best = evaluate(theta);
  if (!best.factor || !best.solution) throw new Error('The mixed model cannot be fitted: its fixed effects are collinear (a level with no observations?).');
  const { factor, solution, sigma2 } = best;
  const effects = terms.map((term, t) => Float64Array.from({ length: term.levels }, (_, level) => theta[t]! * solution[offsets[t]! + level]!));
  const beta = solution.slice(q);
  const residuals = Float64Array.from(y, (value, i) => {
    let fitted = 0;
    for (let c = 0; c < p; c += 1) fitted += fixed[c]![i]! * beta[c]!;
    for (const [t, term] of terms.entries()) fitted += effects[t]![term.level[i]!]!;
    return value - fitted;
  });
  return {
    beta,
    effects,
    variances: [...theta.map((value) => sigma2 * value * value), sigma2],
    sigma2,
    theta,
    remlCriterion: best.deviance,
    residuals,
    pev(term: number) {
      const levels = terms[term]!.levels;
      const out = new Float64Array(levels * levels);
      const scale = sigma2 * theta[term]! * theta[term]!;
      const diagonal = Float64Array.from({ length: bigLevels }, (_, k) => entry(theta, bigStart + k, bigStart + k));
      const couplingOf = (k: number, r: number) => entry(theta, bigStart + k, restIndex[r]!);
      if (term === big) {
        // [M⁻¹] on the eliminated block: D⁻¹ + D⁻¹B S⁻¹ B'D⁻¹.
        const solved = Array.from({ length: levels }, (_, j) =>
          choleskySolve(
            factor,
            restSize,
            Float64Array.from({ length: restSize }, (_, r) => couplingOf(j, r) / diagonal[j]!),
          ),
        );
        for (let i = 0; i < levels; i += 1) {
          for (let j = 0; j < levels; j += 1) {
            let sum = i === j ? 1 / diagonal[i]! : 0;
            for (let r = 0; r < restSize; r += 1) sum += (couplingOf(i, r) / diagonal[i]!) * solved[j]![r]!;
            out[i * levels + j] = scale * sum;
          }
        }
        return out;
      }
      // [M⁻¹] on the rest of the columns is S⁻¹.
      const first = restIndex.indexOf(offsets[term]!);
      for (let j = 0; j < levels; j += 1) {
        const unit = new Float64Array(restSize);
        unit[first + j] = 1;
        const column = choleskySolve(factor, restSize, unit);
        for (let i = 0; i < levels; i += 1) out[i * levels + j] = scale * column[first + i]!;
      }
      return out;
    },
  };
}

/** Nelder–Mead, restarted from its best point until it stops improving. */
export function minimise(f: (x: number[]) => number, start: number[]): number[] {
  let best = start;
  let value = f(best);
  for (let restart = 0; restart < 6; restart += 1) {
    const next = nelderMead(f, best, restart === 0 ? 0.5 : 0.05);
    const nextValue = f(next);
    if (!(nextValue < value - 1e-9)) {
      if (nextValue <= value) best = next;
      break;
    }
    best = next;
    value = nextValue;
  }
  return best;
}

function nelderMead(f: (x: number[]) => number, start: number[], step: number): number[] {
  const d = start.length;
  let simplex = [start, ...start.map((_, k) => start.map((value, j) => (j === k ? value + (value === 0 ? step : step * Math.max(Math.abs(value), 0.1)) : value)))];
  let values = simplex.map(f);
  for (let iteration = 0; iteration < 4000; iteration += 1) {
    const order = values.map((_, index) => index).sort((a, b) => values[a]! - values[b]!);
    simplex = order.map((index) => simplex[index]!);
    values = order.map((index) => values[index]!);
    if (Math.abs(values[d]! - values[0]!) < 1e-11 * (1 + Math.abs(values[0]!)) && simplex.every((point) => point.every((value, k) => Math.abs(value - simplex[0]![k]!) < 1e-7))) break;
    const centroid = start.map((_, k) => simplex.slice(0, d).reduce((sum, point) => sum + point[k]!, 0) / d);
    const towards = (coefficient: number) => centroid.map((value, k) => value + coefficient * (value - simplex[d]![k]!));
    const reflected = towards(1);
    const reflectedValue = f(reflected);
    if (reflectedValue < values[0]!) {
      const expanded = towards(2);
      const expandedValue = f(expanded);
      [simplex[d], values[d]] = expandedValue < reflectedValue ? [expanded, expandedValue] : [reflected, reflectedValue];
    } else if (reflectedValue < values[d - 1]!) {
      [simplex[d], values[d]] = [reflected, reflectedValue];
    } else {
      const contracted = towards(reflectedValue < values[d]! ? 0.5 : -0.5);
      const contractedValue = f(contracted);
      if (contractedValue < Math.min(reflectedValue, values[d]!)) {
        [simplex[d], values[d]] = [contracted, contractedValue];
      } else {
        simplex = simplex.map((point, index) => (index === 0 ? point : point.map((value, k) => simplex[0]![k]! + 0.5 * (value - simplex[0]![k]!))));
        values = simplex.map(f);
      }
    }
  }
  const order = values.map((_, index) => index).sort((a, b) => values[a]! - values[b]!);
  return simplex[order[0]!]!;
}
