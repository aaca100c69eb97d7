import { describe, expect, it } from 'vitest';
import { boundedDistance, nearestName } from './nearest-name';

describe('nearestName', () => {
  it('answers the nearest candidate, not the first within reach, in any case', () => {
    expect(nearestName('id', ['q', 'ids', 'page'], 2)).toBe('ids');
    expect(nearestName('CV_FOLD', ['cv_repeats', 'cv_folds'], 3)).toBe('cv_folds');
  });

  it('allows a name of up to three letters one edit only: every short name is within two of another', () => {
    expect(nearestName('_', ['q', 'sort'], 2)).toBeUndefined();
    expect(nearestName('ab', ['q'], 2)).toBeUndefined();
    expect(nearestName('srt', ['sort'], 2)).toBe('sort');
  });

  it('counts edits up to the limit and answers limit + 1 beyond it', () => {
    expect(boundedDistance('kitten', 'sitting', 5)).toBe(3);
    expect(boundedDistance('a', 'abcdefgh', 3)).toBe(4);
  });
});
