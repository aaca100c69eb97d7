import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readSpectra } from '../../_shared/spectra.ts';
import { records, scratchFiles, table, type TestContext, testContext } from '../../_shared/testing.ts';
import { fitSpectralRidge, run } from './main.ts';
import type { Params } from './params.generated.ts';
import { predictLinear } from '../../_shared/pls.ts';
import { run as processSpectra } from '../../nf-spectra/local/main.ts';
import { AUTO_TRAIN_PHENO_FIXTURE, SPECTRA_FIXTURE } from '../../../tests/fixtures/pipeline-params.ts';

/** tests/fixtures/auto-train-pheno: expected values from scikit-learn 1.2.1 on the spectra fixture (see its README). */
const FIXTURES = path.resolve('tests/fixtures/auto-train-pheno');
const SPECTRA = path.resolve('tests/fixtures/spectra');
const write = scratchFiles('pheno');

describe('Auto Train Phenotype against scikit-learn', () => {
  let context: TestContext<Params>;
  beforeAll(async () => {
    context = testContext({ ...AUTO_TRAIN_PHENO_FIXTURE });
    await run(context);
  });

  it('PLS regression predicts as PLSRegression for every component count, and the count with the lowest RMSECV is chosen', () => {
    const expected = records(fs.readFileSync(path.join(FIXTURES, 'expected/pls.csv'), 'utf8'));
    const components = records(context.read('cv/pls_components.csv'));
    for (const trait of ['protein', 'moisture']) {
      const rmsecv = Array.from({ length: 12 }, (_, k) => {
        const rows = expected.filter((row) => row.trait === trait && row.components === String(k + 1));
        const observed = records(fs.readFileSync(path.join(SPECTRA, 'nir_traits.csv'), 'utf8'));
        return Math.sqrt(rows.reduce((sum, row) => sum + (Number(row.prediction) - Number(observed.find((line) => line.id === row.id)![trait])) ** 2, 0) / rows.length);
      });
      for (const [k, value] of rmsecv.entries()) expect(Number(components.find((row) => row.trait === trait && row.components === String(k + 1))!.rmsecv)).toBeCloseTo(value, 6);
      const best = rmsecv.indexOf(Math.min(...rmsecv)) + 1;
      const predictions = records(context.read('cv/cv_predictions.csv')).filter((row) => row.trait === trait && row.model === 'plsr');
      for (const row of expected.filter((line) => line.trait === trait && line.components === String(best))) {
        expect(Number(predictions.find((line) => line.id === row.id)!.prediction)).toBeCloseTo(Number(row.prediction), 7);
      }
      expect(records(context.read('cv/cv_summary.csv')).find((row) => row.trait === trait && row.model === 'plsr')!.components).toBe(String(best));
    }
  });

  it('ridge on the standardised spectra is Ridge(alpha) for a given λ', () => {
    const expected = records(fs.readFileSync(path.join(FIXTURES, 'expected/ridge.csv'), 'utf8'));
    const spectra = readSpectra(path.join(SPECTRA, 'nir.csv'));
    const traits = records(fs.readFileSync(path.join(SPECTRA, 'nir_traits.csv'), 'utf8'));
    const x = traits.map((row) => spectra.values[spectra.ids.indexOf(row.id!)]!);
    for (const trait of ['protein', 'moisture']) {
      for (const alpha of [1, 30, 1000]) {
        const fit = fitSpectralRidge(
          x,
          Float64Array.from(traits, (row) => Number(row[trait])),
          alpha,
        );
        for (const [index, row] of traits.entries()) {
          const want = Number(expected.find((line) => line.id === row.id && line.trait === trait && line.alpha === String(alpha))!.prediction);
          expect(predictLinear(fit.coefficient, fit.intercept, x[index]!)).toBeCloseTo(want, 7);
        }
      }
    }
  });

  it('recovers the simulated chemistry from spectra processed by Process Spectra, and writes a model with its calibration domain', async () => {
    const processed = testContext({ ...SPECTRA_FIXTURE });
    await processSpectra(processed);
    // The spectra Process Spectra flags are left out of the calibration, as a breeder would.
    const flagged = new Set(
      table(processed.read('qc/nir.spectra_qc.csv'), ',')
        .filter((row) => row[2] === 'true')
        .map((row) => row[0]),
    );
    const traits = fs.readFileSync(path.join(SPECTRA, 'nir_traits.csv'), 'utf8').trim().split('\n');
    const kept = write('kept_traits.csv', `${traits.filter((line) => !flagged.has(line.split(',')[0])).join('\n')}\n`);
    const trained = testContext({ ...AUTO_TRAIN_PHENO_FIXTURE, spectra: path.join(processed.outdir, 'processed/nir.processed.csv'), phenotypes: kept });
    await run(trained);
    const summary = records(trained.read('cv/cv_summary.csv'));
    for (const trait of ['protein', 'moisture']) {
      const chosen = summary.find((row) => row.trait === trait && row.chosen === 'true')!;
      // Protein's bands stand apart; water's overlap them, so moisture is harder (about 0.7).
      expect(Number(chosen.pearson_r)).toBeGreaterThan(trait === 'protein' ? 0.8 : 0.6);
    }
    const model = JSON.parse(trained.read('models/spectra_model.json'));
    expect(model.format).toBe('seedbed-spectra-model-1');
    expect(model.wavelengths).toHaveLength(201);
    expect(model.traits.protein.domain.loadings.length).toBeGreaterThan(0);
    expect(context.processes).toEqual(['READ_INPUTS', 'CROSS_VALIDATE', 'CROSS_VALIDATE', 'WRITE_RESULTS']);
  });
});
