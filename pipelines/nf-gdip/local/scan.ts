/**
 * The single-marker association scan: for each marker, the least-squares fit of
 * y = X b + g β + e (X: intercept and covariates), exactly what R's `lm(y ~ X + g)` reports for
 * g: β, its standard error, t and the two-sided p-value. X is projected out once (an
 * orthonormal basis Q of its columns); per marker, one pass gives g'g, g'y and Q'g.
 */
import { orthonormalBasis } from '../../_shared/linear-algebra.ts';
import { tTest } from '../../_shared/stats.ts';

export interface ScanResult {
  beta: number;
  se: number;
  t: number;
  p: number;
  log10p: number;
}

/** Basis vectors taken together in one pass over a marker's values (held in locals, not an inner loop). */
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
  // The basis in groups of four (the last padded with zeros), so that one pass over g gives four projections.
  const zeros = new Float64Array(n);
  const groups: Float64Array[][] = [];
  for (let first = 0; first < Math.max(q, 1); first += GROUP) groups.push(Array.from({ length: GROUP }, (_, a) => basis[first + a] ?? zeros));
  const centred = new Float64Array(n);

  /** The fit for one marker's values (missing calls already imputed); null when g is in X's span. */
  return (g: Float64Array): ScanResult | null => {
    // Locals, not the closure's variables, in the loops: V8 then keeps them in registers.
    const n = y.length;
    const ry = residualY;
    const scratch = centred;
    // Centre first: the intercept's share then cancels exactly instead of in floating point.
    let sum = 0;
    for (let i = 0; i < n; i += 1) sum += g[i]!;
    const centre = sum / n;
    let gg = 0;
    let gy = 0;
    let projected = 0;
    for (const [index, [b0, b1, b2, b3]] of groups.entries()) {
      let p0 = 0;
      let p1 = 0;
      let p2 = 0;
      let p3 = 0;
      if (index === 0) {
        for (let i = 0; i < n; i += 1) {
          const value = g[i]! - centre;
          scratch[i] = value;
          gg += value * value;
          gy += value * ry[i]!;
          p0 += value * b0![i]!;
          p1 += value * b1![i]!;
          p2 += value * b2![i]!;
          p3 += value * b3![i]!;
        }
      } else {
        for (let i = 0; i < n; i += 1) {
          const value = scratch[i]!;
          p0 += value * b0![i]!;
          p1 += value * b1![i]!;
          p2 += value * b2![i]!;
          p3 += value * b3![i]!;
        }
      }
      projected += p0 * p0 + p1 * p1 + p2 * p2 + p3 * p3;
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
}
