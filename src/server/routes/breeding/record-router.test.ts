import { describe, expect, it } from 'vitest';
import { plural } from './record-router';

describe('the nouns of a refused delete', () => {
  it('are plural where there are several, before any bracket', () => {
    expect(plural('experiment', 2)).toBe('2 experiments');
    expect(plural('experiment entry', 2)).toBe('2 experiment entries');
    expect(plural('planned cross (as female parent)', 3)).toBe('3 planned crosses (as female parent)');
    expect(plural('cross plan', 1)).toBe('1 cross plan');
    expect(plural('run group', 1)).toBe('1 run group');
  });
});
