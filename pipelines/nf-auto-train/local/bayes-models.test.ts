/**
 * BayesB and BayesC in Auto Train: cross-validated like every model (nested choice included),
 * convergence diagnostics in the output and the log, and the model written applied by Make GDIP
 * Predictions. Their agreement with an independent sampler is tested in
 * pipelines/_shared/bayes-gibbs.test.ts.
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { records, type TestContext, testContext } from '../../_shared/testing.ts';
import { run as predict } from '../../make-gdip-predictions/local/main.ts';
import { AUTO_TRAIN_FIXTURE } from '../../../tests/fixtures/pipeline-params.ts';
import { run } from './main.ts';
import type { Params } from './params.generated.ts';

// A short chain keeps the 2 traits × (5 outer + 25 inner + 1 final) fits of each model quick.
const CHAIN = { bayes_iterations: 300, bayes_burn_in: 100, bayes_thin: 2 };

describe('Auto Train with BayesB and BayesC on the local engine', () => {
  let context: TestContext<Params>;
  beforeAll(async () => {
    context = testContext({ ...AUTO_TRAIN_FIXTURE, models: 'rrblup,bayesb,bayes_c', cv_repeats: 1, ...CHAIN });
    await run(context);
  }, 240_000);

  it('cross-validates both models on the same folds as the others', () => {
    const summary = records(context.read('cv/cv_summary.csv'));
    for (const trait of ['trait1', 'trait2']) {
      const r = (model: string) => Number(summary.find((row) => row.trait === trait && row.model === model)!.pearson_r);
      // Variable selection does no worse than rrBLUP's shrinkage of every marker (on trait2, with
      // fewer large QTL, better: r 0.23 and 0.29 against 0.13 at this seed).
      for (const model of ['bayesb', 'bayes_c']) expect(r(model)).toBeGreaterThan(r('rrblup') - 0.05);
    }
    const nested = records(context.read('cv/nested_cv.csv'));
    expect(nested).toHaveLength(2 * 5);
  });

  it('writes every chain’s diagnostics, and two chains with R-hat for the model written', () => {
    const rows = records(context.read('models/bayes_diagnostics.csv'));
    // Per trait and model: 5 outer and 5 × 5 inner training sets, one chain each; 4 quantities each.
    for (const model of ['bayesb', 'bayes_c'])
      for (const trait of ['trait1', 'trait2']) expect(rows.filter((row) => row.model === model && row.trait === trait && row.fit === 'cross_validation')).toHaveLength(30 * 4);
    const chosen = records(context.read('models/chosen_models.csv'));
    const model = JSON.parse(context.read('models/auto_train_model.json'));
    for (const { trait, model: best } of chosen) {
      const final = rows.filter((row) => row.trait === trait && row.fit === 'final');
      if (best === 'rrblup') {
        expect(final).toHaveLength(0);
        expect(chosen.find((entry) => entry.trait === trait)!.chain_ess_min).toBe('NA');
        continue;
      }
      expect(final.map((row) => row.quantity)).toEqual(['residual_variance', 'genetic_variance', 'prob_in', 'intercept']);
      for (const row of final) {
        expect(row.chains).toBe('2');
        expect(Number(row.ess)).toBeGreaterThan(0);
        expect(Number(row.r_hat)).toBeGreaterThan(0.9);
      }
      expect(model.traits[trait!].bayes.diagnostics.residualVariance.rHat).toBeCloseTo(Number(final[0]!.r_hat), 4);
      // The chosen model's worst over σe² and the genetic variance, for the Results tab's chain tiles.
      const row = chosen.find((entry) => entry.trait === trait)!;
      const variances = final.slice(0, 2);
      expect(Number(row.chain_ess_min)).toBeCloseTo(Math.min(...variances.map((entry) => Number(entry.ess))), 3);
      expect(Number(row.chain_r_hat_max)).toBeCloseTo(Math.max(...variances.map((entry) => Number(entry.r_hat))), 5);
      expect(Number(row.chain_geweke_z_max)).toBeCloseTo(Math.max(...variances.map((entry) => Math.abs(Number(entry.geweke_z)))), 5);
      expect(context.lines.some((line) => line.startsWith(`${trait}: ${best} on every individual, 2 × 300 iterations`) && line.includes('R-hat'))).toBe(true);
    }
  });
});

describe('a BayesB or BayesC model from Auto Train is applied by Make GDIP Predictions', () => {
  it.each(['bayesb', 'bayes_c'])(
    '%s: train → predict gives the predictions made inside training',
    async (model) => {
      const trained = testContext({ ...AUTO_TRAIN_FIXTURE, models: model, cv_repeats: 1, cv_folds: 2, ...CHAIN });
      await run(trained);
      const entry = JSON.parse(trained.read('models/auto_train_model.json')).traits.trait1;
      expect(entry.model).toBe(model);
      expect(entry.bayes.priors).toMatchObject({ r2: 0.5, df0: 5, probIn: 0.5, counts: 10, residualDf0: 5 });
      const fitted = records(trained.read('models/fitted.csv'));
      const applied = testContext({
        model: path.join(trained.outdir, 'models/auto_train_model.json'),
        genotypes: AUTO_TRAIN_FIXTURE.genotypes,
        impute_missing: 'mean',
        max_missing_markers: 0.1,
      });
      await predict(applied);
      const rows = records(applied.read('predictions/gebv_predictions.csv'));
      for (const row of fitted) {
        const other = rows.find((line) => line.id === row.id && line.trait === row.trait)!;
        expect(Math.abs(Number(other.prediction) - Number(row.prediction))).toBeLessThan(1e-6);
      }
    },
    120_000,
  );
});

describe('a chain that would keep no draw is refused before anything is read', () => {
  it('names both settings and the fix', async () => {
    await expect(run(testContext({ ...AUTO_TRAIN_FIXTURE, models: 'bayes_c', bayes_iterations: 200, bayes_burn_in: 200, bayes_thin: 1 }))).rejects.toThrow(
      /bayes_burn_in \(200\) must be less than bayes_iterations \(200\).*lower the burn-in or raise the iterations/,
    );
  });
});
