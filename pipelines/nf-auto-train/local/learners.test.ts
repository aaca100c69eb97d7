import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { records, type TestContext, testContext } from '../../_shared/testing.ts';
import { run as predict } from '../../make-gdip-predictions/local/main.ts';
import { run } from './main.ts';
import type { Params } from './params.generated.ts';
import { AUTO_TRAIN_FIXTURE } from '../../../tests/fixtures/pipeline-params.ts';

/** tests/fixtures/auto-train: 150 individuals × 400 markers, two traits (see its README). */
const FIXTURES = path.resolve('tests/fixtures/auto-train');

describe('random forest and SVR on the built-in engine', () => {
  let context: TestContext<Params>;
  // Two models, 2 folds × 1 repeat and the nested choice's 4 inner training sets per trait.
  beforeAll(async () => {
    context = testContext({ ...AUTO_TRAIN_FIXTURE, models: 'random_forest,svr', cv_folds: 2, cv_repeats: 1 });
    await run(context);
  }, 120_000);

  it('cross-validates both and scores the chosen one by nested cross-validation', () => {
    const summary = records(context.read('cv/cv_summary.csv'));
    expect(summary.map((row) => `${row.trait}:${row.model}`)).toEqual(['trait1:random_forest', 'trait1:svr', 'trait2:random_forest', 'trait2:svr']);
    // Both traits have h² = 0.5 over 20 QTL: the model chosen per trait learned from the markers
    // (on 75 training individuals the forest's r for trait2 is near 0; SVR's 0.15).
    for (const row of summary.filter((line) => line.chosen === 'true')) expect(Number(row.pearson_r)).toBeGreaterThan(0.1);
    const nested = records(context.read('cv/nested_cv.csv'));
    expect(nested).toHaveLength(4);
    for (const row of nested) expect(['random_forest', 'svr']).toContain(row.chosen_model);
  });

  it('writes the chosen model with what applying it needs: the trees or the support vectors', () => {
    const model = JSON.parse(context.read('models/auto_train_model.json'));
    for (const trait of ['trait1', 'trait2']) {
      const entry = model.traits[trait];
      if (entry.model === 'random_forest') {
        expect(entry.forest.forest).toHaveLength(500);
        expect(entry.forest.mtry).toBeGreaterThan(0);
      } else {
        expect(entry.svr.supportVectors.length).toBeGreaterThan(0);
        expect(entry.svr.supportVectors[0]).toHaveLength(entry.svr.features.length);
      }
      expect(entry.markers.length).toBeGreaterThan(300);
    }
  });

  it.each(['random_forest', 'svr'])(
    '%s: train → Make GDIP Predictions gives the predictions made inside training',
    async (model) => {
      const trained = testContext({ ...AUTO_TRAIN_FIXTURE, models: model, cv_folds: 2, cv_repeats: 1 });
      await run(trained);
      const fitted = records(trained.read('models/fitted.csv'));
      const applied = testContext({
        model: path.join(trained.outdir, 'models/auto_train_model.json'),
        genotypes: path.join(FIXTURES, 'genotypes.vcf'),
        impute_missing: 'mean',
        max_missing_markers: 0.1,
      });
      await predict(applied);
      const rows = records(applied.read('predictions/gebv_predictions.csv'));
      expect(fitted.length).toBeGreaterThan(200);
      for (const row of fitted) {
        const other = rows.find((line) => line.id === row.id && line.trait === row.trait)!;
        expect(other.model).toBe(model);
        expect(Math.abs(Number(other.prediction) - Number(row.prediction))).toBeLessThan(1e-6);
      }
    },
    60_000,
  );
});
