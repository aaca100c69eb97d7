import { describe, expect, it } from 'vitest';
import { foldSplits, seededFolds } from '../../_shared/stats.ts';
import type { ModelName } from './models.ts';
import { chooseInside, type PredictHeldOut } from './selection.ts';

// 60 individuals with one feature x; y follows x. Two stand-in models: `rrblup` predicts the
// training mean, `rkhs` the y of the training individual nearest in x.
const n = 60;
const x = Float64Array.from({ length: n }, (_, i) => (i * 37) % n);
const trend = Float64Array.from(x, (value, i) => value + ((i * 13) % 7));
const models: ModelName[] = ['rrblup', 'rkhs'];
const standIns =
  (y: Float64Array, seen: Set<number>): PredictHeldOut =>
  (model, train, test) => {
    for (const index of [...train, ...test]) seen.add(index);
    if (model === 'rrblup') return Float64Array.from(test, () => train.reduce((sum, index) => sum + y[index]!, 0) / train.length);
    return Float64Array.from(test, (index) => y[train.reduce((nearest, other) => (Math.abs(x[other]! - x[index]!) < Math.abs(x[nearest]! - x[index]!) ? other : nearest))]!);
  };
const { train: outerTrain, test: outerTest } = foldSplits(seededFolds(n, 5, 7), 5)[2]!;

describe('the choice inside an outer training set', () => {
  it('uses only the outer training individuals: wild held-out values change neither the model chosen nor its inner score', () => {
    const seen = new Set<number>();
    const before = chooseInside(outerTrain, models, trend, 'pearson', 5, 42, standIns(trend, seen));
    expect([...seen].every((index) => outerTrain.includes(index))).toBe(true);
    // Held-out values that would make the mean the better model if they were looked at.
    const wild = Float64Array.from(trend, (value, index) => (outerTest.includes(index) ? -1000 * value : value));
    const after = chooseInside(outerTrain, models, wild, 'pearson', 5, 42, standIns(wild, new Set()));
    expect(after).toEqual(before);
    expect(before.model).toBe('rkhs');
  });

  it('chooses by the metric asked for, and has nothing to choose with one model', () => {
    // Noise around a constant: the nearest neighbour copies noise, the mean does better on RMSE.
    const noise = Float64Array.from({ length: n }, (_, i) => 50 + ((i * 29) % 11) - 5);
    expect(chooseInside(outerTrain, models, noise, 'rmse', 5, 42, standIns(noise, new Set())).model).toBe('rrblup');
    expect(chooseInside(outerTrain, ['rkhs'], noise, 'rmse', 5, 42, standIns(noise, new Set()))).toEqual({ model: 'rkhs', value: null });
  });

  it('keeps each individual’s records on one side of every inner split (two records an individual)', () => {
    const lineOf = (record: number) => Math.floor(record / 2);
    const crossed: number[] = [];
    const watch: PredictHeldOut = (model, train, test) => {
      const trained = new Set(train.map(lineOf));
      crossed.push(...test.filter((record) => trained.has(lineOf(record))));
      return standIns(trend, new Set())(model, train, test);
    };
    chooseInside(outerTrain, models, trend, 'pearson', 5, 42, watch, lineOf);
    expect(crossed).toEqual([]);
    // Without lineOf, each record is its own individual: the two records of an individual do fall apart.
    chooseInside(outerTrain, models, trend, 'pearson', 5, 42, watch);
    expect(crossed.length).toBeGreaterThan(0);
  });
});
