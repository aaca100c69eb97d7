import { describe, expect, it } from 'vitest';
import { cutoffProblem, DEFAULT_VIEW, viewFromQuery, viewToQuery, windowProblem } from './discovery-view';

describe('typed window and cut-off', () => {
  it('refuses a negative, empty or huge window with the range to use', () => {
    expect(windowProblem('-3')).toMatch(/from 0 to 100; type one such as 1/);
    expect(windowProblem('')).not.toBeNull();
    expect(windowProblem('250')).not.toBeNull();
    expect(windowProblem('0.5')).toBeNull();
  });

  it('refuses a cut-off outside its rule’s range', () => {
    expect(cutoffProblem('threshold', '-1')).toMatch(/above 0/);
    expect(cutoffProblem('threshold', '7.5')).toBeNull();
    expect(cutoffProblem('bonferroni', '1.5')).toMatch(/α is a probability between 0 and 1/);
    expect(cutoffProblem('fdr', '0')).toMatch(/q is a probability/);
    expect(cutoffProblem('fdr', '0.1')).toBeNull();
  });
});

describe('the view in the address', () => {
  it('reads back what it wrote, keeping the record’s id', () => {
    const query = viewToQuery({ windowMb: 2.5, ruleKind: 'fdr', cutoff: 0.1, curveWindowBp: 10_000 }, '?id=42');
    expect(new URLSearchParams(query).get('id')).toBe('42');
    expect(viewFromQuery(`?${query}`)).toEqual({ windowMb: 2.5, ruleKind: 'fdr', cutoff: 0.1, curveWindowBp: 10_000 });
  });

  it('leaves defaults out of the address', () => {
    expect(viewToQuery(DEFAULT_VIEW, '?id=42')).toBe('id=42');
  });

  it('falls back to the default for each bad value', () => {
    expect(viewFromQuery('?window=-3&rule=magic&cutoff=0.5')).toEqual({ windowMb: 1, ruleKind: 'threshold', cutoff: 0.5, curveWindowBp: 1_000_000 });
    expect(viewFromQuery('?window=abc&rule=bonferroni&cutoff=5&curve=5000')).toEqual({ windowMb: 1, ruleKind: 'bonferroni', cutoff: 0.05, curveWindowBp: 1_000_000 });
  });
});
