/**
 * The single-marker association scan: for each marker, the least-squares fit of
 * y = X b + g β + e (X: intercept and covariates), exactly what R's `lm(y ~ X + g)` reports for
 * g: β, its standard error, t and the two-sided p-value. X is projected out once (an
 * orthonormal basis Q of its columns); per marker, one pass gives g'g, g'y and Q'g.
 */
import { orthonormalBasis } from '../../_shared/linear-algebra.ts';
import { tTest } from '../../_shared/stats.ts';
import { MISSING_CODE } from './markers.ts';

export interface ScanResult {
  beta: number;
  se: number;
  t: number;
  p: number;
  log10p: number;
}

/** Basis vectors taken together in one pass over a marker's values (held in locals, not an inner loop): three in the first pass, which also centres g, four in any further pass. */
const FIRST_GROUP = 3;
const GROUP = 4;

export function createScanner(y: Float64Array, fixedColumns: Float64Array[]) {
  const n = y.length;
  const { basis } = orthonormalBasis(fixedColumns);
  const q = basis.length;
  const residualY = Float64Array.from(y);
  for (const b of basis) {
    let projection = 0;
    for (let i = 0; i < n; i += 1) projection += b[i]! * y[i]!;
    for (let i = 0; i < n; i += 1) residualY[i]! -= projection * b[i]!;
  }
  let yy = 0;
  for (let i = 0; i < n; i += 1) yy += residualY[i]! * residualY[i]!;
  const degreesOfFreedom = n - q - 1;
  // A constant basis vector (the intercept's) projects centred g onto its constant times Σ(g − centre):
  // no pass over it. The others in groups (the last padded with zeros), one pass per group.
  const constants = basis.filter((b) => b.every((value) => value === b[0])).map((b) => b[0]!);
  const varying = basis.filter((b) => !b.every((value) => value === b[0]));
  const zeros = new Float64Array(n);
  const groups: Float64Array[][] = [Array.from({ length: FIRST_GROUP }, (_, a) => varying[a] ?? zeros)];
  for (let first = FIRST_GROUP; first < varying.length; first += GROUP) groups.push(Array.from({ length: GROUP }, (_, a) => varying[first + a] ?? zeros));
  const centred = new Float64Array(n);

  const raw = new Float64Array(n);
  // Byte codes to doubles: each count is itself, MISSING_CODE the marker's fill (set per marker).
  const codeValues = Float64Array.from({ length: 256 }, (_, code) => code);

  /** The fit for one marker's values (missing calls already imputed); null when g is in X's span. */
  const scan = (g: Float64Array): ScanResult | null => {
    const n = y.length;
    let sum = 0;
    for (let i = 0; i < n; i += 1) sum += g[i]!;
    return fitCentred(g, sum);
  };

  /**
   * The same fit from a marker's byte codes (MISSING_CODE where the call is missing, then `fill`):
   * the doubles are those `values` would hold, summed in the same order, so the results are the same.
   */
  const scanCodes = (codes: Uint8Array, fill: number): ScanResult | null => {
    const n = y.length;
    const table = codeValues;
    const g = raw;
    table[MISSING_CODE] = fill;
    let sum = 0;
    for (let i = 0; i < n; i += 1) {
      const value = table[codes[i]!]!;
      g[i] = value;
      sum += value;
    }
    return fitCentred(g, sum);
  };

  const fitCentred = (g: Float64Array, sum: number): ScanResult | null => {
    // Locals, not the closure's variables, in the loops: V8 then keeps them in registers.
    const n = y.length;
    const ry = residualY;
    const scratch = centred;
    // Centre first: the intercept's share then cancels exactly instead of in floating point.
    const centre = sum / n;
    let gg = 0;
    let gy = 0;
    let centredSum = 0;
    const [b0, b1, b2] = groups[0]!;
    let p0 = 0;
    let p1 = 0;
    let p2 = 0;
    for (let i = 0; i < n; i += 1) {
      const value = g[i]! - centre;
      scratch[i] = value;
      centredSum += value;
      gg += value * value;
      gy += value * ry[i]!;
      p0 += value * b0![i]!;
      p1 += value * b1![i]!;
      p2 += value * b2![i]!;
    }
    let projected = p0 * p0 + p1 * p1 + p2 * p2;
    for (const constant of constants) projected += (constant * centredSum) ** 2;
    for (let index = 1; index < groups.length; index += 1) {
      const [c0, c1, c2, c3] = groups[index]!;
      let r0 = 0;
      let r1 = 0;
      let r2 = 0;
      let r3 = 0;
      for (let i = 0; i < n; i += 1) {
        const value = scratch[i]!;
        r0 += value * c0![i]!;
        r1 += value * c1![i]!;
        r2 += value * c2![i]!;
        r3 += value * c3![i]!;
      }
      projected += r0 * r0 + r1 * r1 + r2 * r2 + r3 * r3;
    }
    const total = gg;
    gg -= projected;
    if (!(gg > 1e-10 * total) || degreesOfFreedom < 1) return null;
    const beta = gy / gg;
    const rss = Math.max(yy - beta * gy, 0);
    const se = Math.sqrt(rss / degreesOfFreedom / gg);
    const t = beta / se;
    const { p, log10p } = tTest(t, degreesOfFreedom);
    return { beta, se, t, p, log10p };
  };
  return Object.assign(scan, { codes: scanCodes });
}
