import { describe, expect, it } from 'vitest';
import { comparedParams } from './run-params';

describe('comparedParams', () => {
  it('shows a parameter a run left out at its pipeline’s default, marked, and equal to a run given that value', () => {
    const defaults = new Map<string, unknown>([
      ['bayes_iterations', 1500],
      ['model', 'rrblup'],
    ]);
    const rows = comparedParams([
      { params: { bayes_iterations: 1500, model: 'bayesb', samples: [{ id: 'a' }] }, defaults },
      { params: { model: 'bayesb' }, defaults },
      // A run whose pipeline is gone from the catalogue: no default to show.
      { params: {}, defaults: new Map() },
    ]);
    expect(rows).toEqual([
      { key: 'bayes_iterations', values: ['1500', '1500', undefined], defaulted: [false, true, false], differs: true },
      { key: 'model', values: ['bayesb', 'bayesb', undefined], defaulted: [false, false, false], differs: true },
      { key: 'samples.0.id', values: ['a', undefined, undefined], defaulted: [false, false, false], differs: true },
    ]);
    const two = comparedParams([
      { params: { bayes_iterations: 1500 }, defaults },
      { params: {}, defaults },
    ]);
    expect(two[0]).toMatchObject({ values: ['1500', '1500'], differs: false });
    // Sent empty or null, a parameter ran at its default, as the server fills it.
    const sentEmpty = comparedParams([
      { params: { model: '' }, defaults },
      { params: { model: null }, defaults },
      { params: { model: 'rrblup' }, defaults },
    ]);
    expect(sentEmpty).toEqual([{ key: 'model', values: ['rrblup', 'rrblup', 'rrblup'], defaulted: [true, true, false], differs: false }]);
  });
});
