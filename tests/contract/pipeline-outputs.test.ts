import { describe, expect, it } from 'vitest';
import { testContext } from '../../pipelines/_shared/testing.ts';
import { run as simulateGdipData } from '../../pipelines/simulate-gdip-data/local/main.ts';
import { contentProblem } from '../../src/server/storage/content-check.ts';

/**
 * What a pipeline writes is what a person stores and feeds to the next pipeline, so Seedbed's
 * check of a stored file's content must accept it. The catalogue does not import the server
 * (import-rules.test.ts), so the two are tied together here.
 */
describe('pipeline outputs pass the stored-file checks', () => {
  it('accepts the VCF of every replicate Simulate GDIP Data writes', async () => {
    const context = testContext({
      individuals: 50,
      markers: 300,
      chromosomes: 2,
      chromosome_length_mb: '100,50',
      subpopulations: 1,
      fst: 0.05,
      ld_generations: 50,
      traits: 2,
      qtl_per_trait: 10,
      effect_distribution: 'normal',
      heritability: '0.3,0.8',
      replicates: 2,
      seed: 11,
    });
    await simulateGdipData(context);
    for (const replicate of [1, 2]) {
      expect(await contentProblem(`${context.outdir}/replicate_${replicate}/genotypes.vcf`, 'genotypes.vcf', 'VCF')).toBeNull();
    }
  });
});
