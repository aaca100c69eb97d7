import { describe, expect, it } from 'vitest';
import { templateCsv } from '../../../contract/imports';
import { PREDICTION_DATA_TEMPLATE } from '../../../contract/observed-values';
import { parseObserved, parsePredictions, scoreModel } from './prediction-data';

const observed = await parseObserved('id,yield,height\nA,1,10\nB,2,NA\nC,3,30\nD,4,40\n', 'observed.csv');

describe('observed values in the Prediction data template’s form', () => {
  it('reads the template file as one observation of one trait, and scores an individual seen in two environments by its mean', async () => {
    const template = await parseObserved(templateCsv(PREDICTION_DATA_TEMPLATE), 'template.csv');
    expect([...template.keys()]).toEqual(['grain_yield']);
    expect(template.get('grain_yield')).toEqual(new Map([['DW-2026-0142', 6.82]]));
    const long = await parseObserved('id,trait,observed,environment\nA,yield,1,E1\nA,yield,3,E2\nB,yield,NA,E1\nB,height,50,E1\n', 'long.csv');
    expect(long.get('yield')).toEqual(new Map([['A', 2]]));
    expect(long.get('height')).toEqual(new Map([['B', 50]]));
    await expect(parseObserved('id,trait,observed\nA,yield,heavy\n', 'bad.csv')).rejects.toThrow('The observed values bad.csv have a bad row: row 2, column observed: Must be a number.');
  });
});

describe('prediction tables', () => {
  it('pairs predictions with observed values by id and trait, counting those with no observation', async () => {
    const [model] = await parsePredictions('id,trait,prediction\nA,yield,1.5\nB,yield,2\nC,yield,2.5\nD,yield,4.5\nZ,yield,9\nB,height,20\n', 'gebv.csv', 'rrblup');
    expect(model).toMatchObject({ name: 'rrblup', observed: null });
    const [height, yieldScore] = scoreModel(model!.name, model!.predictions, observed);
    expect(yieldScore).toMatchObject({ model: 'rrblup', trait: 'yield', n: 4, unmatched: 1, foldPearson: null });
    expect(yieldScore!.rmse).toBeCloseTo(Math.sqrt((0.25 + 0 + 0.25 + 0.25) / 4), 12);
    // B's height is NA: no pair.
    expect(height).toMatchObject({ trait: 'height', n: 0, unmatched: 1, pearson: null });
  });

  it('scores each fold and gives r as mean ± sd across them', async () => {
    const [model] = await parsePredictions('id,trait,prediction,fold\nA,yield,1,1\nB,yield,2,1\nC,yield,3,2\nD,yield,5,2\n', 'cv.csv', 'cv');
    const [score] = scoreModel('cv', model!.predictions, observed);
    expect(score!.folds.map((fold) => [fold.fold, fold.n, fold.pearson])).toEqual([
      ['1', 2, 1],
      ['2', 2, 1],
    ]);
    expect(score!.foldPearson).toEqual({ mean: 1, sd: 0, n: 2 });
  });

  it("reads Auto Train's cv_predictions.csv as one model per model value, folds within repeats, and its own observed values", async () => {
    const text = [
      'id,trait,model,repeat,fold,observed,prediction',
      'A,yield,rrblup,1,1,1,1.1',
      'B,yield,rrblup,1,1,2,1.9',
      'C,yield,rrblup,1,2,3,3.2',
      'D,yield,rrblup,1,2,4,3.8',
      'A,yield,rrblup,2,1,1,0.9',
      'C,yield,rrblup,2,1,3,3.1',
      'B,yield,rrblup,2,2,2,2.2',
      'D,yield,rrblup,2,2,4,4.1',
      'A,yield,rkhs,1,1,1,2',
      'B,yield,rkhs,1,1,2,2',
      'C,yield,rkhs,1,2,3,3',
      'D,yield,rkhs,1,2,4,3.5',
    ].join('\n');
    const models = await parsePredictions(text, 'cv_predictions.csv', 'Auto Train');
    expect(models.map((model) => model.name)).toEqual(['Auto Train: rrblup', 'Auto Train: rkhs']);
    const [rrblup, rkhs] = models.map((model) => scoreModel(model.name, model.predictions, model.observed!)[0]!);
    expect(rrblup!.folds.map((fold) => [fold.fold, fold.n])).toEqual([
      ['r1f1', 2],
      ['r1f2', 2],
      ['r2f1', 2],
      ['r2f2', 2],
    ]);
    // Every prediction of the model pooled (each individual once per repeat), none unmatched.
    expect(rrblup).toMatchObject({ n: 8, unmatched: 0 });
    expect(rrblup!.foldPearson?.n).toBe(4);
    // rkhs predicts A and B alike: r of that fold is undefined and left out of the mean, not taken as 0.
    expect(rkhs!.folds[0]!.pearson).toBeNull();
    expect(rkhs!.foldPearson).toEqual({ mean: 1, sd: null, n: 1 });
  });

  it('names the missing columns', async () => {
    await expect(parsePredictions('id,value\nA,1\n', 'bad.csv', 'bad')).rejects.toThrow('The predictions table bad.csv lacks the columns trait, prediction; its header has id, value.');
    await expect(parseObserved('name,yield\nA,1\n', 'obs.csv')).rejects.toThrow('The observed values obs.csv need an id column; its header has name, yield.');
  });
});
