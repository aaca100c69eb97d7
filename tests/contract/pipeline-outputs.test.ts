import { describe, expect, it } from 'vitest';
import { testContext } from '../../pipelines/_shared/testing.ts';
import { run as simulateGdipData } from '../../pipelines/simulate-gdip-data/local/main.ts';
import { contentProblem } from '../../src/server/storage/content-check.ts';
import { SIMULATE_GDIP_DATA_FIXTURE } from '../fixtures/pipeline-params.ts';

/**
 * What a pipeline writes is what a person stores and feeds to the next pipeline, so Seedbed's
 * check of a stored file's content must accept it. The catalogue does not import the server
 * (import-rules.test.ts), so the two are tied together here.
 */
describe('pipeline outputs pass the stored-file checks', () => {
  it('accepts the VCF of every replicate Simulate GDIP Data writes', async () => {
    const context = testContext({ ...SIMULATE_GDIP_DATA_FIXTURE, individuals: 50, markers: 300 });
    await simulateGdipData(context);
    for (const replicate of [1, 2]) {
      expect(await contentProblem(`${context.outdir}/replicate_${replicate}/genotypes.vcf`, 'genotypes.vcf', 'VCF')).toBeNull();
    }
  });
});
