/** Numerical helpers of the local implementations: t tests, correlation, seeded randomness. */
import betainc from '@stdlib/math-base-special-betainc';
import lgamma from '@stdlib/math-base-special-gammaln';

export function mean(values: ArrayLike<number>): number {
  let sum = 0;
  for (let index = 0; index < values.length; index += 1) sum += values[index]!;
  return values.length === 0 ? Number.NaN : sum / values.length;
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

/** The standard normal quantile (Acklam's rational approximation, relative error below 1.2e-9). */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) return p === 0 ? Number.NEGATIVE_INFINITY : p === 1 ? Number.POSITIVE_INFINITY : Number.NaN;
  const a = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239];
  const b = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
  const c = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) / ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
  }
  if (p > 1 - low) return -normalQuantile(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) / (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1);
}
