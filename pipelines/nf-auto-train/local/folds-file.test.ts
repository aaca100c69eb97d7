import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type CvRecord, foldsCsv, makeFolds } from '../../../src/contract/cv-folds.ts';
import { AUTO_TRAIN_FIXTURE } from '../../../tests/fixtures/pipeline-params.ts';
import { records as csvRecords, scratchFiles, testContext } from '../../_shared/testing.ts';
import { fileDesign } from './cv-design.ts';
import { run } from './main.ts';
import type { Params } from './params.generated.ts';
import { environmentStage } from '../../_shared/stats.ts';
import { readPhenotypeRecords } from './records.ts';

/** Auto Train on the fixture's genotypes, rrBLUP alone (nothing to choose: no nested fits). */
async function autoTrain(params: Partial<Params>) {
  const context = testContext({ ...AUTO_TRAIN_FIXTURE, models: 'rrblup', cv_repeats: 1, ...params });
  await run(context);
  return context;
}

const write = scratchFiles('auto-train-folds');
const wide = fs.readFileSync(AUTO_TRAIN_FIXTURE.phenotypes, 'utf8');
const rows = csvRecords(wide);
const ids = rows.map((row) => row.id!);
const trait1 = new Map(rows.map((row) => [row.id!, Number(row.trait1)]));
const splitKey = (row: { repeat?: string; fold?: string }) => `${row.repeat}/${row.fold}`;
const sorted = (values: string[]) => [...values].sort();

describe('a folds file replaces Auto Train’s own folds', () => {
  // CV1, 3 folds × 2 repeats; fold 1 of repeat 1 leaves its first 10 training lines in neither set.
  const cvFolds = makeFolds(
    ids.map((id) => ({ id, environment: '' })),
    { scheme: 'CV1', folds: 3, repeats: 2, seed: 11 },
  );
  const left = cvFolds.splits[0]!.train.slice(0, 10);
  cvFolds.splits[0]!.train = cvFolds.splits[0]!.train.slice(10);
  const foldsFile = write('cv1_folds.csv', foldsCsv(cvFolds));

  it('maps each split’s training and test sets to exactly the file’s records', () => {
    const records = readPhenotypeRecords(AUTO_TRAIN_FIXTURE.phenotypes).recordsOf('trait1', () => true);
    const { outer, skipped } = fileDesign(records, cvFolds);
    expect(skipped).toEqual([]);
    const named = (positions: number[]) => sorted(positions.map((record) => records.ids[records.line[record]!]!));
    expect(outer.map((split) => [split.repeat, split.fold, named(split.train), named(split.test)])).toEqual(
      cvFolds.splits.map((split) => [split.repeat, split.fold, sorted(split.train.map((record) => record.id)), sorted(split.test.map((record) => record.id))]),
    );
  });

  it('scores the file’s test sets, and trains on nothing outside the file’s training sets', { timeout: 120_000 }, async () => {
    const context = await autoTrain({ cv_folds_file: foldsFile, cv_folds: 5, cv_repeats: 3 });
    const predictions = csvRecords(context.read('cv/cv_predictions.csv')).filter((row) => row.trait === 'trait1');
    // The file's 3 folds × 2 repeats, not cv_folds × cv_repeats.
    expect(sorted([...new Set(predictions.map(splitKey))])).toEqual(['1/1', '1/2', '1/3', '2/1', '2/2', '2/3']);
    for (const split of cvFolds.splits) {
      const tested = predictions.filter((row) => splitKey(row) === `${split.repeat}/${split.fold}`).map((row) => row.id!);
      expect(sorted(tested)).toEqual(sorted(split.test.map((record) => record.id)));
    }
    const metrics = csvRecords(context.read('cv/cv_metrics.csv'));
    expect(metrics.filter((row) => row.trait === 'trait1')).toHaveLength(6);
    expect(JSON.parse(context.read('models/auto_train_model.json')).traits.trait1.selection).toMatchObject({ folds: 3, repeats: 2, scheme: 'CV1' });

    // Wild values for the lines fold 1 leaves out change none of its predictions; a wild value
    // for one of its training lines changes them.
    const withValues = (changed: Map<string, number>) => write(`traits_${changed.size}.csv`, `id,trait1\n${ids.map((id) => `${id},${changed.get(id) ?? trait1.get(id)}`).join('\n')}\n`);
    const foldOne = async (phenotypes: string) =>
      csvRecords((await autoTrain({ cv_folds_file: foldsFile, phenotypes })).read('cv/cv_predictions.csv'))
        .filter((row) => splitKey(row) === '1/1')
        .map((row) => `${row.id}:${row.prediction}`);
    const before = foldOne(withValues(new Map()));
    const leftOut = foldOne(withValues(new Map(left.map((record) => [record.id, 1e6]))));
    const trained = foldOne(withValues(new Map([[cvFolds.splits[0]!.train[0]!.id, 1e6]])));
    expect(await leftOut).toEqual(await before);
    expect(await trained).not.toEqual(await before);
  });

  it('refuses a folds file naming individuals the phenotypes do not have, with the fix', async () => {
    const stranger = write('stranger.csv', 'scheme,repeat,fold,id,environment,set\nCV1,1,1,IND0001,,test\nCV1,1,1,NOBODY,,train\nCV1,1,2,NOBODY,,test\nCV1,1,2,IND0001,,train\n');
    await expect(autoTrain({ cv_folds_file: stranger })).rejects.toThrow(/names 1 record the phenotypes do not have \(NOBODY\); use the folds made from these phenotypes/);
  });
});

describe('long phenotypes (id, trait, observed, environment)', () => {
  // trait1 observed in two environments, the second 10 units higher.
  const longText = `id,trait,observed,environment\n${ids.flatMap((id) => [`${id},trait1,${trait1.get(id)},E1`, `${id},trait1,${trait1.get(id)! + 10},E2`]).join('\n')}\n`;
  const longFile = write('long.csv', longText);
  const longRecords: CvRecord[] = ids.flatMap((id) => [
    { id, environment: 'E1' },
    { id, environment: 'E2' },
  ]);

  it('removes the environments’ effects on the training records, then predicts each record as its line’s value plus its environment’s effect', { timeout: 120_000 }, async () => {
    // The same lines held out in both: CV1 draws the lines' folds the same way for both layouts.
    const options = { scheme: 'CV1', folds: 3, repeats: 1, seed: 5 } as const;
    const wideFolds = write(
      'wide_folds.csv',
      foldsCsv(
        makeFolds(
          ids.map((id) => ({ id, environment: '' })),
          options,
        ),
      ),
    );
    const longFolds = write('long_folds.csv', foldsCsv(makeFolds(longRecords, options)));
    const [single, both] = await Promise.all([
      autoTrain({ phenotypes: write('trait1.csv', `id,trait1\n${ids.map((id) => `${id},${trait1.get(id)}`).join('\n')}\n`), cv_folds_file: wideFolds }),
      autoTrain({ phenotypes: longFile, cv_folds_file: longFolds }),
    ]);
    const wideRows = new Map(csvRecords(single.read('cv/cv_predictions.csv')).map((row) => [row.id!, row]));
    const longRows = csvRecords(both.read('cv/cv_predictions.csv'));
    expect(longRows).toHaveLength(2 * ids.length);
    for (const row of longRows) {
      const alone = wideRows.get(row.id!)!;
      expect(row.fold).toBe(alone.fold);
      // Each line's adjusted mean is its value + 5 and the effects are ∓5: E1 predicts as the
      // single-environment model, E2 10 higher (to the 10 significant digits predictions are written with).
      expect(Number(row.prediction) - Number(alone.prediction)).toBeCloseTo(row.environment === 'E1' ? 0 : 10, 5);
      expect(row.observed).toBe(row.environment === 'E1' ? alone.observed : String(Number(alone.observed) + 10));
    }
  });

  it('predicts a new environment (CV0) from the lines’ adjusted means alone: its effect is unknown to training', { timeout: 120_000 }, async () => {
    const three = write('three.csv', `${longText}${ids.map((id) => `${id},trait1,${trait1.get(id)! + 20},E3`).join('\n')}\n`);
    const records = [...longRecords, ...ids.map((id) => ({ id, environment: 'E3' }))];
    const folds = write('cv0_folds.csv', foldsCsv(makeFolds(records, { scheme: 'CV0', folds: 3, repeats: 1, seed: 1 })));
    const rows = csvRecords((await autoTrain({ phenotypes: three, cv_folds_file: folds })).read('cv/cv_predictions.csv'));
    expect(rows).toHaveLength(3 * ids.length);
    for (const fold of ['1', '2', '3']) expect(new Set(rows.filter((row) => row.fold === fold).map((row) => row.environment)).size).toBe(1);
    // E3 held out: trained on E1 and E2 (effects ∓5, adjusted means y + 5), so its records are
    // predicted about 15 below what was observed there, the environment's own mean being unknowable.
    const e3 = rows.filter((row) => row.environment === 'E3');
    const gap = e3.reduce((sum, row) => sum + Number(row.observed) - Number(row.prediction), 0) / e3.length;
    expect(gap).toBeCloseTo(15, 0);
  });

  it('estimates the environments’ effects from the training records alone', () => {
    const records = readPhenotypeRecords(longFile).recordsOf('trait1', () => true);
    // Train on E1 for every line and E2 for the first half: the unbalanced design still gives +10.
    const train = longRecords.flatMap((record, index) => (record.environment === 'E1' || index < ids.length ? [index] : []));
    const stage = environmentStage(records, train);
    expect(stage.effects.get('E2')! - stage.effects.get('E1')!).toBeCloseTo(10, 9);
    expect(stage.lines).toHaveLength(ids.length);
    for (const line of stage.lines) expect(stage.target[line]! - trait1.get(records.ids[line]!)!).toBeCloseTo(5, 9);
  });
});
