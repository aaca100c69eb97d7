import { describe, expect, it } from 'vitest';
import { SIMULATE_GDIP_DATA_FIXTURE } from '../../../tests/fixtures/pipeline-params.ts';
import { testContext } from '../../_shared/testing.ts';
import { run, simulateDataset } from './main.ts';

/**
 * Null traits measure a discovery method's type I error: traits with no QTL, pure noise at the QTL
 * traits' mean phenotypic variance, absent from the known-QTL table, and drawn last so that the rest
 * of a seed's dataset stays as it was.
 */
const PARAMS = { ...SIMULATE_GDIP_DATA_FIXTURE, null_traits: 2 };

const variance = (values: Float64Array) => {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (values.length - 1);
};

describe('null traits', () => {
  const without = simulateDataset({ ...PARAMS, null_traits: 0 }, 11);
  const withNull = simulateDataset(PARAMS, 11);

  it('adds traits after the QTL traits, with no QTL, leaving the genotypes, QTL and QTL traits unchanged', () => {
    expect(withNull.traits).toEqual(['trait1', 'trait2', 'null_trait1', 'null_trait2']);
    expect(withNull.dosages).toEqual(without.dosages);
    expect(withNull.qtl).toEqual(without.qtl);
    expect(withNull.phenotypes.slice(0, 2)).toEqual(without.phenotypes);
    expect(new Set(withNull.qtl.map((one) => one.trait))).toEqual(new Set([0, 1]));
  });

  it('draws them as noise at the QTL traits’ mean phenotypic variance', () => {
    const target = (without.variances[0]!.genetic + without.variances[0]!.residual + without.variances[1]!.genetic + without.variances[1]!.residual) / 2;
    for (const t of [2, 3]) {
      expect(withNull.variances[t]).toEqual({ genetic: 0, residual: expect.closeTo(target, 10) });
      // 400 draws: the sample variance is within about 15 % of the variance drawn at (3 standard errors).
      expect(variance(withNull.phenotypes[t]!) / target).toBeGreaterThan(0.8);
      expect(variance(withNull.phenotypes[t]!) / target).toBeLessThan(1.2);
    }
    // Two different noises, not one trait written twice.
    expect(withNull.phenotypes[2]).not.toEqual(withNull.phenotypes[3]);
  });

  it('writes them into the phenotypes and the summary, and never into the known QTL', async () => {
    const context = testContext({ ...PARAMS, individuals: 50, markers: 300, replicates: 1 });
    await run(context);
    expect(context.read('replicate_1/phenotypes.csv').split('\n')[0]).toBe('id,trait1,trait2,null_trait1,null_trait2');
    const known = context.read('replicate_1/known_qtl.csv').trim().split('\n').slice(1);
    expect(known).toHaveLength(20);
    expect(known.some((line) => line.includes('null_trait'))).toBe(false);
    const summary = context.read('simulation_summary.csv').trim().split('\n');
    expect(summary.filter((line) => line.startsWith('1,null_trait')).map((line) => line.split(',').slice(2, 5))).toEqual([
      ['0', '0', '0.00000'],
      ['0', '0', '0.00000'],
    ]);
  });
});
