import { describe, expect, it } from 'vitest';
import { parseObserved, parsePredictions, scoreModel } from './prediction-data';

describe('prediction tables', () => {
  const observed = parseObserved('id,yield,height\nA,1,10\nB,2,NA\nC,3,30\nD,4,40\n', 'observed.csv');

  it('pairs predictions with observed values by id and trait, counting those with no observation', () => {
    const predictions = parsePredictions('id,trait,prediction\nA,yield,1.5\nB,yield,2\nC,yield,2.5\nD,yield,4.5\nZ,yield,9\nB,height,20\n', 'gebv.csv');
    const [height, yieldScore] = scoreModel('rrblup', predictions, observed);
    expect(yieldScore).toMatchObject({ model: 'rrblup', trait: 'yield', n: 4, unmatched: 1, foldPearson: null });
    expect(yieldScore!.rmse).toBeCloseTo(Math.sqrt((0.25 + 0 + 0.25 + 0.25) / 4), 12);
    // B's height is NA: no pair.
    expect(height).toMatchObject({ trait: 'height', n: 0, unmatched: 1, pearson: null });
  });

  it('scores each fold and gives r as mean ± sd across them', () => {
    const predictions = parsePredictions('id,trait,prediction,fold\nA,yield,1,1\nB,yield,2,1\nC,yield,3,2\nD,yield,5,2\n', 'cv.csv');
    const [score] = scoreModel('cv', predictions, observed);
    expect(score!.folds.map((fold) => [fold.fold, fold.n, fold.pearson])).toEqual([
      ['1', 2, 1],
      ['2', 2, 1],
    ]);
    expect(score!.foldPearson).toEqual({ mean: 1, sd: 0, n: 2 });
  });

  it('names the missing columns', () => {
    expect(() => parsePredictions('id,value\nA,1\n', 'bad.csv')).toThrow('The predictions table bad.csv lacks the columns trait, prediction; its header has id, value.');
    expect(() => parseObserved('name,yield\nA,1\n', 'obs.csv')).toThrow('The observed values obs.csv need an id column; its header has name, yield.');
  });
});
