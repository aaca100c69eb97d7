import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { records, scratchFiles, table, testContext } from '../../_shared/testing.ts';
import { run as gdip } from '../../nf-gdip/local/main.ts';
import { run } from './main.ts';
import type { Params } from './params.generated.ts';
import { AUTO_TRAIN_FIXTURE, GDIP_FIXTURE } from '../../../tests/fixtures/pipeline-params.ts';
import { run as autoTrain } from '../../nf-auto-train/local/main.ts';
import { scorePrediction } from '../../../src/contract/benchmark-metrics.ts';

const FIXTURES = path.resolve('tests/fixtures/exactness');
const write = scratchFiles('predictions');

/** A model trained by GDIP on the exactness fixture (covariates env and age, λ by REML). */
async function trainedModel() {
  const context = testContext({ ...GDIP_FIXTURE });
  await gdip(context);
  return { model: path.join(context.outdir, 'models/gdip_model.json'), gebv: table(context.read('prediction/gebv.csv'), ',') };
}

async function predict(params: Pick<Params, 'model' | 'genotypes'> & Partial<Params>) {
  const context = testContext({ impute_missing: 'mean', max_missing_markers: 0.1, ...params });
  await run(context);
  return { context, rows: records(context.read('predictions/gebv_predictions.csv')) };
}

describe('Make GDIP Predictions on a GDIP model', () => {
  let trained: Awaited<ReturnType<typeof trainedModel>>;
  beforeAll(async () => {
    trained = await trainedModel();
  });

  it('predicts the training individuals as GDIP did: train → predict equals predicting inside training', async () => {
    const { rows } = await predict({ model: trained.model, genotypes: path.join(FIXTURES, 'gdip.vcf') });
    const [header, ...expected] = trained.gebv;
    const gebvColumn = header!.indexOf('gebv');
    expect(expected.length).toBeGreaterThan(200);
    for (const row of expected) {
      const ours = rows.find((line) => line.id === row[0])!;
      expect(Math.abs(Number(ours.gebv) - Number(row[gebvColumn]))).toBeLessThan(1e-8);
    }
  });

  it('matches markers by id whatever their order, counts the other allele when REF and ALT are swapped, and fills missing calls', async () => {
    const lines = fs.readFileSync(path.join(FIXTURES, 'gdip.vcf'), 'utf8').trimEnd().split('\n');
    const header = lines.filter((line) => line.startsWith('#'));
    const records = lines.filter((line) => !line.startsWith('#'));
    // Reversed order, the first record with REF and ALT swapped (genotypes flipped), a missing call.
    const swap = (record: string) => {
      const cells = record.split('\t');
      [cells[3], cells[4]] = [cells[4]!, cells[3]!];
      return cells.map((cell, index) => (index < 9 ? cell : cell.replace(/^([01])([/|])([01])/, (_, a, separator, b) => `${1 - Number(a)}${separator}${1 - Number(b)}`))).join('\t');
    };
    const changed = [swap(records[0]!), ...records.slice(1)].reverse();
    const withMissing = changed.map((record, index) => (index === 5 ? record.replace(/\t[01][/|][01]$/, '\t./.') : record));
    const vcf = write('candidates.vcf', `${[...header, ...withMissing].join('\n')}\n`);
    const { rows: ours } = await predict({ model: trained.model, genotypes: vcf });
    const { rows: reference } = await predict({ model: trained.model, genotypes: path.join(FIXTURES, 'gdip.vcf') });
    const last = reference[reference.length - 1]!.id;
    for (const row of reference) {
      const other = ours.find((line) => line.id === row.id)!;
      if (row.id === last) {
        // The last sample lost one more call: it counts as the training mean.
        expect(Number(other.missing_calls)).toBe(Number(row.missing_calls) + 1);
        continue;
      }
      expect(Math.abs(Number(other.gebv) - Number(row.gebv))).toBeLessThan(1e-8);
    }
  });

  it('reports absent markers, and refuses past max_missing_markers with the fix', async () => {
    const lines = fs.readFileSync(path.join(FIXTURES, 'gdip.vcf'), 'utf8').trimEnd().split('\n');
    const header = lines.filter((line) => line.startsWith('#'));
    const records = lines.filter((line) => !line.startsWith('#'));
    const few = write('few.vcf', `${[...header, ...records.slice(0, 30)].join('\n')}\n`);
    await expect(predict({ model: trained.model, genotypes: few })).rejects.toThrow(
      /of the model's \d+ markers for yield \(\d+\.\d %\) are missing from the VCF or carry other alleles, more than max_missing_markers \(0\.1\)/,
    );
    const { context, rows } = await predict({ model: trained.model, genotypes: few, max_missing_markers: 1 });
    expect(rows[0]!.markers_absent).not.toBe('0');
    expect(context.lines.join('\n')).toMatch(/model markers are not in the VCF and count as their training mean/);
  });

  it('refuses files that are not Seedbed models, and missing calls when told to', async () => {
    await expect(predict({ model: write('model.rds', 'x'), genotypes: path.join(FIXTURES, 'gdip.vcf') })).rejects.toThrow(
      /Models saved by R \(\.rds\) or Python \(\.pkl\) are applied by the nextflow engine/,
    );
    await expect(predict({ model: write('other.json', '{"format":"sklearn"}'), genotypes: path.join(FIXTURES, 'gdip.vcf') })).rejects.toThrow(/not a model Seedbed knows/);
    const lines = fs.readFileSync(path.join(FIXTURES, 'gdip.vcf'), 'utf8').trimEnd().split('\n');
    const missing = write('missing.vcf', `${lines.map((line, index) => (index === lines.length - 1 ? line.replace(/\t[01][/|][01]$/, '\t./.') : line)).join('\n')}\n`);
    await expect(predict({ model: trained.model, genotypes: missing, impute_missing: 'fail' })).rejects.toThrow(/has no call at .* and impute_missing is fail/);
  });
});

describe('Make GDIP Predictions on the phenotype scale, whichever pipeline trained the model', () => {
  it('scores GDIP’s and Auto Train’s models on the same data with comparable RMSE and bias, and labels a gblup model gblup', async () => {
    const genotypes = AUTO_TRAIN_FIXTURE.genotypes;
    const gdipContext = testContext({ ...GDIP_FIXTURE, genotypes, phenotypes: AUTO_TRAIN_FIXTURE.phenotypes, traits: 'trait1', covariates: '', categorical_covariates: '', model: 'gblup' });
    await gdip(gdipContext);
    const autoContext = testContext({ ...AUTO_TRAIN_FIXTURE, models: 'rrblup', cv_repeats: 1 });
    await autoTrain(autoContext);
    const observed = new Map(records(fs.readFileSync(AUTO_TRAIN_FIXTURE.phenotypes, 'utf8')).map((row) => [row.id!, Number(row.trait1)]));
    const scoreOf = async (model: string) => {
      const { rows } = await predict({ model, genotypes });
      const trait1 = rows.filter((row) => row.trait === 'trait1');
      return { rows: trait1, score: scorePrediction(trait1.map((row) => ({ observed: observed.get(row.id!) ?? null, predicted: Number(row.prediction) }))) };
    };
    const fromGdip = await scoreOf(path.join(gdipContext.outdir, 'models/gdip_model.json'));
    const fromAutoTrain = await scoreOf(path.join(autoContext.outdir, 'models/auto_train_model.json'));
    const meanObserved = [...observed.values()].reduce((sum, value) => sum + value, 0) / observed.size;
    expect(meanObserved).toBeGreaterThan(50);
    expect(fromGdip.score.n).toBe(observed.size);
    // Both on the phenotype scale: errors a fraction of the values, within a factor of two of each other.
    for (const { score } of [fromGdip, fromAutoTrain]) expect(score.rmse!).toBeLessThan(0.1 * meanObserved);
    expect(fromGdip.score.rmse! / fromAutoTrain.score.rmse!).toBeGreaterThan(0.5);
    expect(fromGdip.score.rmse! / fromAutoTrain.score.rmse!).toBeLessThan(2);
    const meanPredicted = fromGdip.rows.reduce((sum, row) => sum + Number(row.prediction), 0) / fromGdip.rows.length;
    expect(Math.abs(meanPredicted - meanObserved)).toBeLessThan(0.05 * meanObserved);
    expect(new Set(fromGdip.rows.map((row) => row.model))).toEqual(new Set(['gblup']));
  });
});
