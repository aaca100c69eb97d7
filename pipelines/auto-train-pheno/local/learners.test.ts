import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { records, testContext } from '../../_shared/testing.ts';
import { run as predict } from '../../make-dig-pheno-predictions/local/main.ts';
import { run } from './main.ts';
import { AUTO_TRAIN_PHENO_FIXTURE } from '../../../tests/fixtures/pipeline-params.ts';

/** tests/fixtures/spectra: 80 NIR spectra × 201 wavelengths and their protein and moisture. */
const SPECTRA = path.resolve('tests/fixtures/spectra');

describe('Auto Train Phenotype: random forest and SVR on the built-in engine', () => {
  it.each(['random_forest', 'svr'])(
    '%s: cross-validated with its settings chosen per fold, written, and applied by Make Digital Phenotype Predictions as trained',
    async (model) => {
      const trained = testContext({ ...AUTO_TRAIN_PHENO_FIXTURE, models: model, cv_folds: 4 });
      await run(trained);
      const metrics = records(trained.read('cv/cv_metrics.csv')).filter((row) => row.model === model);
      expect(metrics).toHaveLength(8);
      // Each fold's settings were chosen on its training spectra: mtry and node size, or C, γ and ε.
      for (const row of metrics) expect(row.settings).toMatch(model === 'random_forest' ? /^mtry \d+; min node (5|10)$/ : /^C \d+; gamma [\d.e-]+; epsilon 0\.[13]$/);
      const summary = records(trained.read('cv/cv_summary.csv'));
      // SVR finds protein's bands; a forest barely does on 60 raw spectra (ranger 0.14.1 at its
      // defaults, 4-fold CV over five seeds: r = 0.13 ± 0.08 for protein, 0.39 ± 0.05 for moisture).
      expect(Number(summary.find((row) => row.trait === 'protein')!.pearson_r)).toBeGreaterThan(model === 'svr' ? 0.6 : 0);
      const saved = JSON.parse(trained.read('models/spectra_model.json'));
      const entry = saved.traits.protein;
      expect(entry.model).toBe(model);
      if (model === 'random_forest') expect(entry.forest.forest).toHaveLength(500);
      else expect(entry.svr.supportVectors.length).toBeGreaterThan(0);

      const applied = testContext({
        model: path.join(trained.outdir, 'models/spectra_model.json'),
        spectra: path.join(SPECTRA, 'nir.csv'),
        prediction_interval: 0.95,
        flag_out_of_domain: true,
        interpolate: false,
      });
      await predict(applied);
      const rows = records(applied.read('predictions/nir.predictions.csv'));
      expect(rows).toHaveLength(160);
      for (const row of rows) expect(Math.abs(Number(row.prediction) - saved.traits[row.trait!].fitted[row.id!])).toBeLessThan(1e-6 * Math.max(1, Math.abs(Number(row.prediction))));
    },
    120_000,
  );
});

describe('a model Auto Train Phenotype does not know', () => {
  it('is refused with the models to choose from', async () => {
    await expect(run(testContext({ ...AUTO_TRAIN_PHENO_FIXTURE, models: 'plsr,lasso' }))).rejects.toThrow(/lasso: not a model Auto Train Phenotype knows; choose from plsr, ridge, random_forest, svr/);
  });
});
