import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { records, type TestContext, testContext } from '../../_shared/testing.ts';
import { run as predict } from '../../make-gdip-predictions/local/main.ts';
import { run } from './main.ts';
import type { Params } from './params.generated.ts';
import { AUTO_TRAIN_FIXTURE } from '../../../tests/fixtures/pipeline-params.ts';

/** tests/fixtures/auto-train: expected predictions from scikit-learn 1.2.1 and R 4.2.2 (see its README). */
const FIXTURES = path.resolve('tests/fixtures/auto-train');

async function autoTrain(params: Partial<Params> = {}) {
  const context = testContext({ ...AUTO_TRAIN_FIXTURE, ...params });
  await run(context);
  return context;
}

describe('Auto Train against scikit-learn and R', () => {
  let context: TestContext<Params>;
  let predictions: Array<Record<string, string>>;
  // Four models, 5 folds × 2 repeats, and nested cross-validation's 50 inner training sets: over
  // a minute on a loaded two-core machine.
  beforeAll(async () => {
    context = await autoTrain();
    predictions = records(context.read('cv/cv_predictions.csv'));
  }, 240_000);
  const ours = (model: string, row: Record<string, string>) =>
    Number(predictions.find((line) => line.model === model && line.id === row.id && line.trait === row.trait && line.repeat === row.repeat)!.prediction);

  it('draws the folds of the fixture (5 × 2, seed 42), the same for every model', () => {
    const folds = records(context.read('cv/folds.csv'));
    const expected = records(fs.readFileSync(path.join(FIXTURES, 'folds.csv'), 'utf8'));
    for (const row of expected) expect(folds.find((line) => line.id === row.id && line.trait === 'trait1' && line.repeat === row.repeat)!.fold).toBe(row.fold);
  });

  it('rrBLUP and the Gaussian kernel with λ by REML predict as R’s mixed model on each fold', () => {
    const expected = records(fs.readFileSync(path.join(FIXTURES, 'expected/mixed_models.csv'), 'utf8'));
    expect(expected).toHaveLength(600);
    for (const row of expected) {
      // λ is found by two different one-dimensional searches on a likelihood so flat near its
      // maximum (1e-4 of λ moves it by about 1e-9) that neither pins λ closer: rrBLUP to 1e-4
      // (1e-6 of the values, about 100), the Gaussian kernel's steeper likelihood to 1e-5.
      expect(Math.abs(ours('rrblup', row) - Number(row.rrblup))).toBeLessThan(1e-4);
      expect(Math.abs(ours('rkhs', row) - Number(row.rkhs))).toBeLessThan(1e-5);
      // GBLUP with VanRaden's G is the same model.
      expect(ours('gblup', row)).toBe(ours('rrblup', row));
    }
  });

  it('Bayesian ridge predicts as scikit-learn’s BayesianRidge on each fold', () => {
    const expected = records(fs.readFileSync(path.join(FIXTURES, 'expected/bayesian_ridge.csv'), 'utf8'));
    for (const row of expected) expect(Math.abs(ours('bayesian_ridge', row) - Number(row.prediction))).toBeLessThan(1e-5);
  });

  it('scores each fold, and chooses the best model per trait', () => {
    const metrics = records(context.read('cv/cv_metrics.csv'));
    expect(metrics).toHaveLength(2 * 4 * 5 * 2);
    const summary = records(context.read('cv/cv_summary.csv'));
    for (const trait of ['trait1', 'trait2']) {
      const rows = summary.filter((row) => row.trait === trait);
      const chosen = rows.find((row) => row.chosen === 'true')!;
      expect(Number(chosen.pearson_r)).toBe(Math.max(...rows.map((row) => Number(row.pearson_r))));
      expect(Number(chosen.pearson_r)).toBeGreaterThan(0.1);
    }
    expect(context.processes).toEqual(['READ_INPUTS', 'CROSS_VALIDATE', 'CROSS_VALIDATE', 'WRITE_RESULTS']);
  });

  it('reports the chosen model’s accuracy from nested cross-validation beside the plain per-model table', () => {
    const nested = records(context.read('cv/nested_cv.csv'));
    const metrics = records(context.read('cv/cv_metrics.csv'));
    expect(nested).toHaveLength(2 * 5 * 2);
    for (const row of nested) {
      // The model chosen inside the outer training set, fitted there, scored on the outer fold.
      const plain = metrics.find((line) => line.trait === row.trait && line.model === row.chosen_model && line.repeat === row.repeat && line.fold === row.fold)!;
      expect(row.pearson_r).toBe(plain.pearson_r);
      expect(Number.isFinite(Number(row.inner_value))).toBe(true);
    }
    for (const chosen of records(context.read('models/chosen_models.csv'))) {
      const rows = nested.filter((row) => row.trait === chosen.trait);
      expect(Number(chosen.nested_pearson_r)).toBeCloseTo(rows.reduce((sum, row) => sum + Number(row.pearson_r), 0) / rows.length, 6);
      const counts = chosen.nested_choices!.split(' ').map((choice) => Number(choice.split(':')[1]));
      expect(counts.reduce((sum, count) => sum + count, 0)).toBe(10);
    }
  });
});

describe('a model from Auto Train is applied by Make GDIP Predictions', () => {
  it.each(['bayesian_ridge', 'rkhs', 'rrblup'])('%s: train → predict gives the predictions made inside training', async (model) => {
    const trained = await autoTrain({ models: model, cv_repeats: 1 });
    const fitted = records(trained.read('models/fitted.csv'));
    const applied = testContext({
      model: path.join(trained.outdir, 'models/auto_train_model.json'),
      genotypes: path.join(FIXTURES, 'genotypes.vcf'),
      impute_missing: 'mean',
      max_missing_markers: 0.1,
    });
    await predict(applied);
    const rows = records(applied.read('predictions/gebv_predictions.csv'));
    for (const row of fitted) {
      const other = rows.find((line) => line.id === row.id && line.trait === row.trait)!;
      expect(Math.abs(Number(other.prediction) - Number(row.prediction))).toBeLessThan(1e-6);
    }
  });
});

describe('a model Auto Train does not know is refused with the fix', () => {
  it('names it and the models to choose from', async () => {
    await expect(autoTrain({ models: 'rrblup,bayes_lasso' })).rejects.toThrow(/bayes_lasso: not a model Auto Train knows; choose from rrblup, gblup, bayesian_ridge, rkhs, .*bayesb, bayes_c/);
  });
});
