/**
 * GDIP's `model: bayesb` on the local engine: BayesB by Gibbs sampling (its agreement with an
 * independent sampler is tested in pipelines/_shared/bayes-gibbs.test.ts), with the covariates
 * as flat-prior fixed effects, learned from the training individuals alone, its diagnostics in
 * the log and the model file, and the model applied by Make GDIP Predictions.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GDIP_FIXTURE } from '../../../tests/fixtures/pipeline-params.ts';
import { records, testContext } from '../../_shared/testing.ts';
import { foldSplits, seededFolds } from '../../_shared/stats.ts';
import { isMissing } from '../../_shared/trait-table.ts';
import { readVcf } from '../../_shared/vcf.ts';
import { run as predict } from '../../make-gdip-predictions/local/main.ts';
import { classifyCovariates } from './covariates.ts';
import { run } from './main.ts';
import { fitOnTraining, type TraitData } from './predictor.ts';

const CHAIN = { model: 'bayesb', bayes_iterations: 400, bayes_burn_in: 100, bayes_thin: 2 } as const;

describe('GDIP with model bayesb', () => {
  it('cross-validates, logs its diagnostics, writes them in the model, and the model predicts the same GEBVs in Make GDIP Predictions', async () => {
    const context = testContext({ ...GDIP_FIXTURE, ...CHAIN });
    await run(context);
    const accuracy = records(context.read('prediction/cv_accuracy.csv'))[0]!;
    // The fixture's yield has a strong QTL (m8): BayesB predicts it as well as the ridge model does (r ≈ 0.9).
    expect(Number(accuracy.pearson_r)).toBeGreaterThan(0.8);
    // BayesB has no λ: the accuracy table and the log say so rather than calling it fixed.
    expect(accuracy.lambda_method).toBe('none (bayesb)');
    expect([accuracy.lambda, accuracy.lambda_fold_median, accuracy.lambda_fold_min, accuracy.lambda_fold_max]).toEqual(['NA', 'NA', 'NA', 'NA']);
    expect(context.lines.some((line) => line.startsWith('yield: BayesB (no λ); 5-fold'))).toBe(true);
    expect(context.lines.some((line) => line.startsWith('yield: BayesB on every individual, 2 × 400 iterations (burn-in 100, thin 2)') && line.includes('R-hat'))).toBe(true);
    const model = JSON.parse(context.read('models/gdip_model.json')).traits.yield;
    expect(model.model).toBe('bayesb');
    expect(model.bayes.chain).toMatchObject({ iterations: 400, burnIn: 100, thin: 2, chains: 2 });
    expect(model.bayes.diagnostics.residualVariance.rHat).toBeGreaterThan(0.9);
    expect(Object.keys(model.fixedEffects)).toEqual(['(intercept)', 'env=2', 'env=3', 'age']);

    const applied = testContext({ model: path.join(context.outdir, 'models/gdip_model.json'), genotypes: GDIP_FIXTURE.genotypes, impute_missing: 'mean', max_missing_markers: 0.1 });
    await predict(applied);
    const ours = new Map(records(applied.read('predictions/gebv_predictions.csv')).map((row) => [row.id, Number(row.gebv)]));
    for (const row of records(context.read('prediction/gebv.csv'))) expect(Math.abs(ours.get(row.id)! - Number(row.gebv))).toBeLessThan(1e-6);
  }, 120_000);

  it('refuses a burn-in as long as the chain, naming the fix', async () => {
    await expect(run(testContext({ ...GDIP_FIXTURE, ...CHAIN, bayes_burn_in: 400 }))).rejects.toThrow(/bayes_burn_in \(400\) must be less than bayes_iterations \(400\)/);
  });

  it('learns nothing from held-out individuals: their wild yields move no effect or prediction', async () => {
    const rows = records(fs.readFileSync(GDIP_FIXTURE.phenotypes, 'utf8'));
    const individuals = rows.filter((row) => !isMissing(row.yield));
    const { train, test } = foldSplits(seededFolds(individuals.length, 5, 42), 5)[0]!;
    const heldOut = new Set(test.map((position) => individuals[position]!.id));
    const vcf = await readVcf(GDIP_FIXTURE.genotypes);
    const sampleIndex = new Map(vcf.samples.map((sample, index) => [sample, index]));
    const data = (yieldOf: (row: Record<string, string>) => number): TraitData => ({
      vcf,
      samples: individuals.map((row) => sampleIndex.get(row.id!)!),
      rows: individuals,
      y: Float64Array.from(individuals, yieldOf),
      covariates: classifyCovariates(individuals, ['env', 'age'], ['env'], []),
    });
    const settings = { ...GDIP_FIXTURE, ...CHAIN, seed: 42 };
    const before = fitOnTraining(
      data((row) => Number(row.yield)),
      settings,
      train,
    );
    const after = fitOnTraining(
      data((row) => (heldOut.has(row.id) ? Number(row.yield) * 1000 : Number(row.yield))),
      settings,
      train,
    );
    expect(Array.from(after.markerEffects())).toEqual(Array.from(before.markerEffects()));
    for (const position of test) expect(after.predict(position)).toEqual(before.predict(position));
  });
});

describe('GDIP with model bayes_c', () => {
  it('cross-validates with BayesC’s shared effect variance, names it in the log, the table and the model, and the model predicts its GEBVs in Make GDIP Predictions', async () => {
    const context = testContext({ ...GDIP_FIXTURE, ...CHAIN, model: 'bayes_c' });
    await run(context);
    const accuracy = records(context.read('prediction/cv_accuracy.csv'))[0]!;
    expect(Number(accuracy.pearson_r)).toBeGreaterThan(0.8);
    expect(accuracy.lambda_method).toBe('none (bayes_c)');
    expect([accuracy.lambda, accuracy.h2_genomic]).toEqual(['NA', 'NA']);
    expect(context.lines.some((line) => line.startsWith('yield: BayesC (no λ); 5-fold'))).toBe(true);
    expect(context.lines.some((line) => line.startsWith('yield: BayesC on every individual, 2 × 400 iterations (burn-in 100, thin 2)'))).toBe(true);
    const model = JSON.parse(context.read('models/gdip_model.json')).traits.yield;
    expect(model.model).toBe('bayes_c');
    // One effect variance for the markers in the model (BayesB keeps the mean of one per marker).
    expect(model.bayes.markerVariance).toBeGreaterThan(0);

    const applied = testContext({ model: path.join(context.outdir, 'models/gdip_model.json'), genotypes: GDIP_FIXTURE.genotypes, impute_missing: 'mean', max_missing_markers: 0.1 });
    await predict(applied);
    const ours = new Map(records(applied.read('predictions/gebv_predictions.csv')).map((row) => [row.id, Number(row.gebv)]));
    for (const row of records(context.read('prediction/gebv.csv'))) expect(Math.abs(ours.get(row.id)! - Number(row.gebv))).toBeLessThan(1e-6);
  }, 120_000);
});
