import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type CvFolds, type CvRecord, foldsCsv, makeFolds, parseFolds } from '../../../src/contract/cv-folds.ts';
import { GDIP_FIXTURE } from '../../../tests/fixtures/pipeline-params.ts';
import { readVcf } from '../../_shared/vcf.ts';
import { normalDeviate, seededRandom } from '../../_shared/stats.ts';
import { records as csvRecords, scratchFiles, table, testContext } from '../../_shared/testing.ts';
import { fitRecords } from './cross-validation.ts';
import { run } from './main.ts';
import { readPhenotypes } from './phenotypes.ts';

// The exactness fixture (230 individuals; R's expected values in tests/fixtures/exactness/gdip-expected.R).
const FIXTURES = path.resolve('tests/fixtures/exactness');
const wide = csvRecords(fs.readFileSync(path.join(FIXTURES, 'gdip_phenotypes.csv'), 'utf8'));
const write = scratchFiles('gdip-folds');

async function gdip(params: Record<string, unknown>) {
  const context = testContext({ ...GDIP_FIXTURE, ...params });
  await run(context);
  return context;
}

/**
 * Each individual with a yield, in three environments (E1 low, E3 high) with seeded noise; the
 * 12th is not observed in E3. No covariates: the environments are fitted by GDIP itself.
 */
const random = seededRandom(3);
const environmentShift: Record<string, number> = { E1: -4, E2: 0, E3: 5 };
const observations = wide
  .filter((row) => Number.isFinite(Number.parseFloat(row.yield!)))
  .flatMap((row, index) =>
    ['E1', 'E2', 'E3']
      .filter((environment) => !(index === 11 && environment === 'E3'))
      .map((environment) => ({ id: row.id!, environment, observed: Number(row.yield) + environmentShift[environment]! + 2 * normalDeviate(random) })),
  );
const longText = `id,trait,observed,environment\n${observations.map((row) => `${row.id},yield,${row.observed.toFixed(4)},${row.environment}`).join('\n')}\n`;
const longFile = write('yield_long.csv', longText);
const multiEnvironment = { phenotypes: longFile, covariates: '', categorical_covariates: '' };
const records: CvRecord[] = observations.map(({ id, environment }) => ({ id, environment }));

/** cv_predictions.csv's test records per repeat and fold (the fold column counts from 0). */
function testedSets(text: string) {
  const sets = new Map<string, string[]>();
  for (const row of csvRecords(text)) {
    const key = `${row.repeat},${Number(row.fold) + 1}`;
    sets.set(key, [...(sets.get(key) ?? []), `${row.id}|${row.environment}`]);
  }
  return sets;
}

const fileSets = (cvFolds: CvFolds, set: 'test' | 'train') =>
  new Map(cvFolds.splits.map((split) => [`${split.repeat},${split.fold}`, split[set].map((record) => `${record.id}|${record.environment}`)]));
const sorted = <T>(map: Map<string, T[]>) => new Map([...map].map(([key, values]) => [key, [...values].sort()]));

describe('GDIP on a frozen folds file', () => {
  it('CV1 folds written from the R reference’s folds give R’s cross-validated predictions', async () => {
    const expected = new Map(
      table(fs.readFileSync(path.join(FIXTURES, 'gdip.ridge.csv'), 'utf8'), ',')
        .slice(1)
        .map((row) => [row[0]!, row]),
    );
    const folds = table(fs.readFileSync(path.join(FIXTURES, 'gdip_folds.csv'), 'utf8'), ',').slice(1);
    const ids = folds.map(([id]) => id!);
    const cvFolds: CvFolds = {
      scheme: 'CV1',
      folds: 5,
      repeats: 1,
      splits: [0, 1, 2, 3, 4].map((fold) => ({
        repeat: 1,
        fold: fold + 1,
        test: folds.filter((row) => Number(row[1]) === fold).map(([id]) => ({ id: id!, environment: '' })),
        train: folds.filter((row) => Number(row[1]) !== fold).map(([id]) => ({ id: id!, environment: '' })),
      })),
    };
    for (const split of cvFolds.splits) for (const set of [split.test, split.train]) set.sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(ids).toHaveLength(230);
    const context = await gdip({ cv_folds_file: write('r_folds.csv', foldsCsv(cvFolds)) });
    const predictions = table(context.read('prediction/cv_predictions.csv'), ',').slice(1);
    expect(predictions).toHaveLength(230);
    for (const [id, , fold, , predicted] of predictions) {
      const [, rFold, rPredicted] = expected.get(id!)!;
      expect(fold, id).toBe(rFold);
      expect(Math.abs(Number(predicted) - Number(rPredicted)) / Math.abs(Number(rPredicted)), id).toBeLessThan(5e-7);
    }
    expect(context.lines).toContainEqual(expect.stringMatching(/^Folds from r_folds\.csv \(CV1: 5 folds × 1 repeat over 230 records of 230 lines\), in place of cv_folds, cv_repeats and seed\.$/));
  });

  for (const scheme of ['CV2', 'CV00'] as const) {
    it(`${scheme}: tests exactly the file's test records and trains each fold on exactly its training records`, { timeout: 120_000 }, async () => {
      const cvFolds = makeFolds(records, { scheme, folds: scheme === 'CV00' ? 2 : 3, repeats: 2, seed: 11 });
      const file = write(`${scheme}.csv`, foldsCsv(cvFolds));
      const context = await gdip({ ...multiEnvironment, cv_folds_file: file });
      // The file as GDIP read it, read back: the same test sets, per repeat and fold.
      const readBack = parseFolds(fs.readFileSync(file, 'utf8'));
      const predictions = context.read('prediction/cv_predictions.csv');
      expect(sorted(testedSets(predictions))).toEqual(sorted(fileSets(readBack, 'test')));
      // Fold 1 of repeat 2, refitted on the file's training records and nothing else, predicts what the run wrote.
      const phenotypes = readPhenotypes(longFile, []);
      const traitRecords = phenotypes.recordsOf('yield', () => true);
      const vcf = await readVcf(GDIP_FIXTURE.genotypes);
      const samples = traitRecords.ids.map((id) => vcf.samples.indexOf(id));
      const position = new Map([...traitRecords.y.keys()].map((record) => [`${traitRecords.ids[traitRecords.line[record]!]}|${traitRecords.environment[record]}`, record]));
      const split = readBack.splits.find((candidate) => candidate.repeat === 2 && candidate.fold === 1)!;
      const train = split.train.map((record) => position.get(`${record.id}|${record.environment}`)!).sort((a, b) => a - b);
      const refit = fitRecords({ vcf, samples, rows: traitRecords.rows, y: new Float64Array(traitRecords.ids.length), covariates: [] }, traitRecords, GDIP_FIXTURE, train);
      const written = csvRecords(predictions).filter((row) => row.repeat === '2' && row.fold === '0');
      expect(written).toHaveLength(split.test.length);
      for (const row of written) {
        const expected = refit.predict(position.get(`${row.id}|${row.environment}`)!).predicted;
        expect(Math.abs(Number(row.predicted) - expected), `${row.id} in ${row.environment}`).toBeLessThan(1e-8 * Math.max(1, Math.abs(expected)));
      }
      // One row per trait × repeat × fold, scored on its test records.
      const foldRows = csvRecords(context.read('prediction/cv_folds_accuracy.csv'));
      expect(foldRows.map((row) => `${row.scheme},${row.repeat},${row.fold},${row.n_test}`)).toEqual(readBack.splits.map((s) => `${scheme},${s.repeat},${s.fold},${s.test.length}`));
      expect(foldRows.every((row) => Number(row.pearson_r) > 0.5)).toBe(true);
      const accuracy = csvRecords(context.read('prediction/cv_accuracy.csv'))[0]!;
      expect(accuracy).toMatchObject({ scheme, repeats: '2' });
      const model = JSON.parse(context.read('models/gdip_model.json')).traits.yield;
      // The environments' effects, centred on 0: E3 about 9 above E1, as simulated.
      expect(model.environmentEffects.E3 - model.environmentEffects.E1).toBeGreaterThan(8);
      expect(model.environmentEffects.E3 - model.environmentEffects.E1).toBeLessThan(10);
    });
  }

  it('refuses a folds file naming individuals the phenotypes lack, and a scheme by environment for a wide table', async () => {
    const strangers = makeFolds(
      Array.from({ length: 12 }, (_, index) => ({ id: `X${index}`, environment: '' })),
      { scheme: 'CV1', folds: 3, repeats: 1, seed: 1 },
    );
    await expect(gdip({ cv_folds_file: write('strangers.csv', foldsCsv(strangers)) })).rejects.toThrow(
      /^strangers\.csv: The folds file names 12 records the phenotypes do not have \((X\d+, ){4}X\d+ and 7 more\); use the folds made from these phenotypes/,
    );
    const byEnvironment = write('cv2.csv', foldsCsv(makeFolds(records, { scheme: 'CV2', folds: 3, repeats: 1, seed: 1 })));
    await expect(gdip({ cv_folds_file: byEnvironment })).rejects.toThrow(
      'cv2.csv: The folds are CV2, which splits by environment, and the phenotypes name no environment; give long phenotypes (id,trait,observed,environment) or CV1 folds.',
    );
    await expect(gdip({ ...multiEnvironment, covariates: 'age' })).rejects.toThrow(/^With environments in the phenotypes, GDIP fits the environments itself/);
  });
});

describe('the two stages agree with R', () => {
  // Inputs: tests/fixtures/cv-folds/make-inputs.ts; expected: gdip-two-stage.R there (R 4.2.2, lm() then REML rrBLUP per fold).
  const CV_FIXTURES = path.resolve('tests/fixtures/cv-folds');
  for (const scheme of ['cv2', 'cv0']) {
    it(`${scheme.toUpperCase()}: each test record's prediction to 5e-7 and each fold's λ to 1e-5 (relative)`, { timeout: 120_000 }, async () => {
      const context = await gdip({
        phenotypes: path.join(CV_FIXTURES, 'gdip_long.csv'),
        covariates: '',
        categorical_covariates: '',
        cv_folds_file: path.join(CV_FIXTURES, `gdip_${scheme}_folds.csv`),
      });
      const expected = csvRecords(fs.readFileSync(path.join(CV_FIXTURES, `gdip_${scheme}_expected.csv`), 'utf8'));
      const ours = new Map(csvRecords(context.read('prediction/cv_predictions.csv')).map((row) => [`${row.repeat},${Number(row.fold) + 1},${row.id},${row.environment}`, Number(row.predicted)]));
      expect(ours.size).toBe(expected.length);
      for (const row of expected) {
        const key = `${row.repeat},${row.fold},${row.id},${row.environment}`;
        expect(Math.abs(ours.get(key)! - Number(row.predicted)) / Math.abs(Number(row.predicted)), key).toBeLessThan(5e-7);
      }
      const lambdas: number[] = JSON.parse(context.read('models/gdip_model.json')).traits.yield.cvFoldLambdas;
      const rLambdas = [...new Set(expected.map((row) => row.lambda!))].map(Number);
      for (const [index, lambda] of lambdas.entries()) expect(Math.abs(lambda - rLambdas[index]!) / rLambdas[index]!, `fold ${index + 1}`).toBeLessThan(1e-5);
    });
  }
});

describe('GDIP’s own folds', () => {
  it('cv_repeats draws a new split per repeat from seed + repeat − 1; the first repeat is the single run’s', { timeout: 120_000 }, async () => {
    const once = await gdip({});
    const twice = await gdip({ cv_repeats: 2 });
    const first = csvRecords(twice.read('prediction/cv_predictions.csv'));
    expect(first.filter((row) => row.repeat === '1').map((row) => [row.id, row.fold, row.predicted])).toEqual(
      csvRecords(once.read('prediction/cv_predictions.csv')).map((row) => [row.id, row.fold, row.predicted]),
    );
    expect(first.filter((row) => row.repeat === '2')).toHaveLength(230);
    // The second repeat is seed 43's split.
    const seed43 = csvRecords((await gdip({ seed: 43 })).read('prediction/cv_predictions.csv'));
    expect(first.filter((row) => row.repeat === '2').map((row) => [row.id, row.fold, row.predicted])).toEqual(seed43.map((row) => [row.id, row.fold, row.predicted]));
    expect(csvRecords(twice.read('prediction/cv_folds_accuracy.csv')).map((row) => `${row.repeat},${row.fold}`)).toEqual(['1,1', '1,2', '1,3', '1,4', '1,5', '2,1', '2,2', '2,3', '2,4', '2,5']);
  });

  it('reads long phenotypes without environments as the same wide table: the same numbers', async () => {
    const long = `id,trait,observed,env,age\n${wide.map((row) => `${row.id},yield,${row.yield},${row.env},${row.age}`).join('\n')}\n`;
    const fromLong = await gdip({ phenotypes: write('long_no_environment.csv', long) });
    const fromWide = await gdip({});
    for (const file of ['prediction/cv_accuracy.csv', 'prediction/cv_predictions.csv', 'prediction/gebv.csv', 'discovery/associations.csv'])
      expect(fromLong.read(file), file).toBe(fromWide.read(file));
  });
});
