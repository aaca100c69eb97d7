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
  const projections = new Float64Array(q);

  /** The fit for one marker's values (missing calls already imputed); null when g is in X's span. */
  return (g: Float64Array): ScanResult | null => {
    // Centre first: the intercept's share then cancels exactly instead of in floating point.
    let sum = 0;
    for (let i = 0; i < n; i += 1) sum += g[i]!;
    const centre = sum / n;
    let gg = 0;
    let gy = 0;
    projections.fill(0);
    for (let i = 0; i < n; i += 1) {
      const value = g[i]! - centre;
      gg += value * value;
      gy += value * residualY[i]!;
      for (let a = 0; a < q; a += 1) projections[a]! += value * basis[a]![i]!;
    }
    const total = gg;
    for (let a = 0; a < q; a += 1) gg -= projections[a]! * projections[a]!;
    if (!(gg > 1e-10 * total) || degreesOfFreedom < 1) return null;
    const beta = gy / gg;
    const rss = Math.max(yy - beta * gy, 0);
    const se = Math.sqrt(rss / degreesOfFreedom / gg);
    const t = beta / se;
    return { beta, se, t, ...tTest(t, degreesOfFreedom) };
  };
}
