import { describe, expect, it } from 'vitest';
import { formatRatio, formatSpread, ratioSpread, repeat, spread } from './repeats';

describe('bench repeats', () => {
  it('gives min, median and max of the values', () => {
    expect(spread([3, 1, 2])).toMatchObject({ min: 1, median: 2, max: 3 });
    expect(spread([4, 1, 3, 2]).median).toBe(2);
  });

  it('runs the measure the number of times asked, in order', async () => {
    expect(await repeat((index) => index * 10, 3)).toEqual([0, 10, 20]);
  });

  it('takes each ratio within one repeat', () => {
    const results = [
      { ours: 2, theirs: 1 },
      { ours: 9, theirs: 3 },
      { ours: 4, theirs: 4 },
    ];
    const ratio = ratioSpread(
      results,
      (r) => r.ours,
      (r) => r.theirs,
    );
    expect(ratio).toMatchObject({ min: 1, median: 2, max: 3 });
    expect(formatRatio(ratio)).toBe('2.00× (1.00–3.00)');
    expect(
      ratioSpread(
        results,
        (r) => r.ours,
        () => null,
      ),
    ).toBeNull();
  });

  it('prints the median with its range', () => {
    expect(formatSpread(spread([0.8, 0.91, 0.84]), 2, 's')).toBe('0.84 s (min 0.80, max 0.91, n=3)');
    expect(formatSpread(spread([5]), 1)).toBe('5.0');
  });
});
