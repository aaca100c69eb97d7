import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { normalQuantile } from '../../_shared/stats.ts';
import { records, scratchFiles, testContext } from '../../_shared/testing.ts';
import { run as train } from '../../auto-train-pheno/local/main.ts';
import { run } from './main.ts';
import type { Params } from './params.generated.ts';
import { AUTO_TRAIN_PHENO_FIXTURE } from '../../../tests/fixtures/pipeline-params.ts';

const SPECTRA = path.resolve('tests/fixtures/spectra');
const write = scratchFiles('dig-pheno');

async function predict(params: Pick<Params, 'model' | 'spectra'> & Partial<Params>) {
  const context = testContext({ prediction_interval: 0.95, flag_out_of_domain: true, interpolate: false, ...params });
  await run(context);
  return records(context.read(`predictions/${path.basename(String(params.spectra)).replace(/\.csv$/, '')}.predictions.csv`));
}

describe('Make Digital Phenotype Predictions on an Auto Train Phenotype model', () => {
  let model: string;
  let fitted: Record<string, Record<string, number>>;
  let rmsecv: Record<string, number>;
  beforeAll(async () => {
    const context = testContext({ ...AUTO_TRAIN_PHENO_FIXTURE });
    await train(context);
    model = path.join(context.outdir, 'models/spectra_model.json');
    const parsed = JSON.parse(fs.readFileSync(model, 'utf8'));
    fitted = Object.fromEntries(Object.entries(parsed.traits).map(([trait, entry]) => [trait, (entry as { fitted: Record<string, number> }).fitted]));
    rmsecv = Object.fromEntries(Object.entries(parsed.traits).map(([trait, entry]) => [trait, (entry as { rmsecv: number }).rmsecv]));
  });

  it('train → predict gives the predictions made inside training, with ± z·RMSECV intervals', async () => {
    const rows = await predict({ model, spectra: path.join(SPECTRA, 'nir.csv') });
    expect(rows).toHaveLength(160);
    for (const row of rows) {
      expect(Number(row.prediction)).toBeCloseTo(fitted[row.trait!]![row.id!]!, 7);
      expect(Number(row.upper) - Number(row.prediction)).toBeCloseTo(normalQuantile(0.975) * rmsecv[row.trait!]!, 6);
    }
    // The faulty spectra are outside the calibration's usual spread? They were part of it: flags are rare here.
    expect(rows.filter((row) => row.out_of_domain === 'true').length).toBeLessThan(20);
  });

  it('flags a spectrum unlike the calibration', async () => {
    const lines = fs.readFileSync(path.join(SPECTRA, 'nir.csv'), 'utf8').trim().split('\n');
    const odd = lines[1]!.split(',').map((cell, index) => (index === 0 ? 'ODD001' : String(Number(cell) * (1 + 0.5 * Math.sin(index / 5)))));
    const rows = await predict({ model, spectra: write('odd.csv', `${lines[0]}\n${odd.join(',')}\n${lines[2]}\n`) });
    expect(rows.find((row) => row.id === 'ODD001' && row.trait === 'protein')!.out_of_domain).toBe('true');
    expect(rows.find((row) => row.id === 'NIR002' && row.trait === 'protein')!.out_of_domain).toBe('false');
  });

  it('refuses another wavelength grid unless asked to interpolate, and interpolates onto the model’s', async () => {
    const lines = fs.readFileSync(path.join(SPECTRA, 'nir.csv'), 'utf8').trim().split('\n');
    const header = lines[0]!.split(',');
    // Every second wavelength, plus the last: a 8 nm grid over the same range.
    const keep = header.map((_, index) => index).filter((index) => index === 0 || index % 2 === 1 || index === header.length - 1);
    const coarse = write('coarse.csv', `${lines.map((line) => keep.map((index) => line.split(',')[index]).join(',')).join('\n')}\n`);
    await expect(predict({ model, spectra: coarse })).rejects.toThrow(/are not the model's \(1000–1800 nm, 201 points\)\. .*set interpolate/);
    const rows = await predict({ model, spectra: coarse, interpolate: true });
    const protein = rows.filter((row) => row.trait === 'protein');
    const error = Math.sqrt(protein.reduce((sum, row) => sum + (Number(row.prediction) - fitted.protein![row.id!]!) ** 2, 0) / protein.length);
    expect(error).toBeLessThan(0.5 * rmsecv.protein!);
    const short = write('short.csv', `${lines.map((line) => line.split(',').slice(0, 100).join(',')).join('\n')}\n`);
    await expect(predict({ model, spectra: short, interpolate: true })).rejects.toThrow(/interpolation cannot make up the missing end/);
  });

  it('the normal quantile is right', () => {
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963985, 8);
    expect(normalQuantile(0.005)).toBeCloseTo(-2.575829304, 8);
    expect(normalQuantile(0.5)).toBe(0);
  });
});
