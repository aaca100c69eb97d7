import { describe, expect, it } from 'vitest';
import { tQuantile } from './student-t';

/* Expected: SciPy 1.17.1, python3 -c "from scipy import stats; print(repr(stats.t.ppf(p, df)))". */
const SCIPY: Array<[p: number, df: number, quantile: number]> = [
  [0.975, 1, 12.706204736174694],
  [0.975, 2, 4.302652729749462],
  [0.975, 3, 3.1824463052837078],
  [0.975, 4, 2.7764451051977934],
  [0.975, 10, 2.228138851986274],
  [0.975, 29, 2.045229642132703],
  [0.975, 100, 1.9839715185235518],
  [0.975, 1000, 1.9623390808264083],
  [0.995, 5, 4.032142983555228],
  [0.9, 2.5, 1.7302509288071766],
  [0.6, 7, 0.2631668613520229],
  [0.9999, 3, 22.203742273205],
];

describe('tQuantile', () => {
  it.each(SCIPY)('gives SciPy’s t.ppf(%s, %s)', (p, df, quantile) => {
    expect(Math.abs(tQuantile(p, df) - quantile) / quantile).toBeLessThan(1e-12);
  });

  it('is symmetric about 0, and NaN outside its domain', () => {
    expect(tQuantile(0.025, 4)).toBeCloseTo(-2.7764451051977934, 12);
    expect(tQuantile(0.5, 3)).toBe(0);
    expect(tQuantile(0, 3)).toBeNaN();
    expect(tQuantile(1, 3)).toBeNaN();
    expect(tQuantile(0.975, 0)).toBeNaN();
  });
});
