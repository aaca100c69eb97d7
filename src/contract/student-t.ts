/**
 * Student's t distribution: its quantile, for the benchmark intervals (benchmark-stats.ts).
 * Written here rather than taken from a statistics library because the results pages load it at
 * first paint: the smallest maintained t quantile found (@stdlib's) brings 52 KB of gzip to the
 * browser, against these few lines. Checked against SciPy's t.ppf to 1e-12 (student-t.test.ts).
 *
 * The upper tail is P(T > t) = ½ · I_{ν/(ν+t²)}(ν/2, ½), with I the regularized incomplete beta
 * function (Abramowitz & Stegun 26.7.1), evaluated by its continued fraction (A&S 26.5.8; the
 * modified Lentz method); the quantile is found by bisection on that tail to double precision.
 */

const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** ln Γ(x) for x > 0: the Lanczos approximation (g = 7, nine terms), about 15 significant digits. */
function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const shifted = x - 1;
  let sum = LANCZOS[0]!;
  for (let index = 1; index < LANCZOS.length; index += 1) sum += LANCZOS[index]! / (shifted + index);
  const t = shifted + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (shifted + 0.5) * Math.log(t) - t + Math.log(sum);
}

const TINY = 1e-300;
const nonZero = (value: number) => (Math.abs(value) < TINY ? TINY : value);

/** The continued fraction of I_x(a, b), for x below (a + 1)/(a + b + 2), where it converges fast. */
function betaFraction(x: number, a: number, b: number): number {
  let c = 1;
  let d = 1 / nonZero(1 - ((a + b) * x) / (a + 1));
  let fraction = d;
  for (let m = 1; m <= 500; m += 1) {
    const even = (m * (b - m) * x) / ((a + 2 * m - 1) * (a + 2 * m));
    d = 1 / nonZero(1 + even * d);
    c = nonZero(1 + even / c);
    fraction *= d * c;
    const odd = (-(a + m) * (a + b + m) * x) / ((a + 2 * m) * (a + 2 * m + 1));
    d = 1 / nonZero(1 + odd * d);
    c = nonZero(1 + odd / c);
    const step = d * c;
    fraction *= step;
    if (Math.abs(step - 1) < 1e-16) break;
  }
  return fraction;
}

/** The regularized incomplete beta function I_x(a, b). */
function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log1p(-x));
  return x < (a + 1) / (a + b + 2) ? (front * betaFraction(x, a, b)) / a : 1 - (front * betaFraction(1 - x, b, a)) / b;
}

/** P(T > t) for t ≥ 0 and ν degrees of freedom. */
export const tUpperTail = (t: number, df: number) => 0.5 * incompleteBeta(df / (df + t * t), df / 2, 0.5);

/** The p-quantile of Student's t with ν = df degrees of freedom (df may be fractional); NaN outside 0 < p < 1, df > 0. */
export function tQuantile(p: number, df: number): number {
  if (!(p > 0 && p < 1) || !(df > 0)) return Number.NaN;
  if (p === 0.5) return 0;
  if (p < 0.5) return -tQuantile(1 - p, df);
  const tail = 1 - p;
  let low = 0;
  let high = 1;
  while (tUpperTail(high, df) > tail) high *= 2;
  for (let step = 0; step < 2000 && high - low > 1e-15 * high; step += 1) {
    const middle = (low + high) / 2;
    if (middle === low || middle === high) break;
    if (tUpperTail(middle, df) > tail) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}
