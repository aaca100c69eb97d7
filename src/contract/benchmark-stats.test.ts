import { describe, expect, it } from 'vitest';
import { comparePaired, formatInterval, summarise } from './benchmark-stats';

/*
 * Expected values from SciPy 1.17.1 (python3):
 *   stats.t.interval(0.95, 2, loc=v.mean(), scale=stats.sem(v))          v = [0.5, 0.6, 0.7]
 *   stats.ttest_rel(a, b).confidence_interval(0.95)                      a, b below
 *   m ± stats.t.ppf(0.975, J-1) * s * sqrt(1/J + 1/4)                     the corrected resampled t, k = 5
 * and by hand for the paired differences (0.02, 0.05, 0.04, 0.01): mean 0.03, sd √(0.001/3).
 */

describe('summarise', () => {
  it('gives mean, sd and the t interval of replicates', () => {
    const summary = summarise([0.5, 0.6, 0.7]);
    expect(summary.n).toBe(3);
    expect(summary.mean).toBeCloseTo(0.6, 12);
    expect(summary.sd).toBeCloseTo(0.1, 12);
    expect(summary.low).toBeCloseTo(0.35158622882496704, 10);
    expect(summary.high).toBeCloseTo(0.8484137711750329, 10);
  });

  it('widens the interval of repeated k-fold scores by the corrected resampled t', () => {
    const scores = [0.41, 0.47, 0.39, 0.52, 0.44, 0.46, 0.4, 0.49, 0.43, 0.45];
    const corrected = summarise(scores, { testTrainRatio: 1 / 4 });
    expect(corrected.mean).toBeCloseTo(0.446, 12);
    expect(corrected.sd).toBeCloseTo(0.04087922591134904, 12);
    expect(corrected.low).toBeCloseTo(0.39129091394404125, 10);
    expect(corrected.high).toBeCloseTo(0.5007090860559588, 10);
    const plain = summarise(scores);
    expect(plain.high! - plain.low!).toBeLessThan(corrected.high! - corrected.low!);
  });

  it('leaves out values that are not numbers and gives no interval below two', () => {
    expect(summarise([0.3, null, Number.NaN, undefined])).toEqual({ n: 1, mean: 0.3, sd: null, low: null, high: null, level: 0.95 });
    expect(summarise([])).toEqual({ n: 0, mean: null, sd: null, low: null, high: null, level: 0.95 });
  });

  it('takes another level', () => {
    const wide = summarise([0.5, 0.6, 0.7], { level: 0.99 });
    expect(wide.level).toBe(0.99);
    expect(wide.high! - wide.low!).toBeGreaterThan(0.8484137711750329 - 0.35158622882496704);
  });
});

describe('comparePaired', () => {
  const keyed = (values: number[]) => new Map(values.map((value, index) => [`fold${index + 1}`, value]));

  it('calls two methods different only when the interval of their paired differences excludes 0', () => {
    const comparison = comparePaired(keyed([0.61, 0.55, 0.7, 0.58]), keyed([0.59, 0.5, 0.66, 0.57]));
    expect(comparison.n).toBe(4);
    expect(comparison.mean).toBeCloseTo(0.03, 12);
    expect(comparison.sd).toBeCloseTo(Math.sqrt(0.001 / 3), 12);
    expect(comparison.low).toBeCloseTo(0.0009483728424523538, 10);
    expect(comparison.high).toBeCloseTo(0.059051627157547644, 10);
    expect(comparison.different).toBe(true);
  });

  it('does not call methods different when the interval holds 0, and pairs only shared keys', () => {
    const a = keyed([0.61, 0.55, 0.7, 0.58]);
    const b = new Map([
      ['fold1', 0.62],
      ['fold2', 0.54],
      ['fold3', 0.71],
      ['fold9', 0.5],
    ]);
    const comparison = comparePaired(a, b);
    expect(comparison.n).toBe(3);
    expect(comparison.unpaired).toBe(2);
    expect(comparison.different).toBe(false);
  });
});

describe('formatInterval', () => {
  it('writes the mean and its interval', () => {
    expect(formatInterval(summarise([0.5, 0.6, 0.7]))).toBe('0.600 [0.352, 0.848]');
    expect(formatInterval(summarise([0.5]))).toBe('0.500');
    expect(formatInterval(summarise([]))).toBe('—');
  });
});
