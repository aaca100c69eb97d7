import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { pearson, seededFolds } from './stats.ts';
import { fitSvr, loadLibsvm, svrGrid, svrSpace, tunedSvr } from './svr.ts';
import { records } from './testing.ts';

/** tests/fixtures/svr: 150 × 200 genotypes and e1071 1.7-13's predictions (R 4.2.2; see its README). */
const FIXTURES = path.resolve('tests/fixtures/svr');
const data = records(fs.readFileSync(path.join(FIXTURES, 'data.csv'), 'utf8'));
const expected = records(fs.readFileSync(path.join(FIXTURES, 'e1071-predictions.csv'), 'utf8'));
const markers = Object.keys(data[0]!).filter((name) => name.startsWith('m'));
const columns = markers.map((marker) => Float64Array.from(data, (row) => Number(row[marker])));
const y = Float64Array.from(data, (row) => Number(row.y));
const n = data.length;
const train = Array.from({ length: 120 }, (_, index) => index);

beforeAll(async () => {
  await loadLibsvm();
});

describe('ε-SVR with an RBF kernel agrees with e1071::svm (scale = TRUE)', () => {
  const settings = [...new Set(expected.map((row) => `${row.cost},${row.gamma},${row.epsilon}`))];
  it('covers the three settings of the fixture', () => expect(settings).toHaveLength(3));
  for (const setting of settings) {
    it(`C, γ, ε = ${setting}: every prediction, training and held-out, to 1e-6`, () => {
      const [cost, gamma, epsilon] = setting.split(',').map(Number) as [number, number, number];
      const space = svrSpace(columns, n, train);
      const fitted = fitSvr(
        space,
        train,
        train.map((row) => y[row]!),
        { cost, gamma, epsilon },
      );
      const predicted = fitted.predict(Array.from({ length: n }, (_, index) => index));
      const reference = expected.filter((row) => `${row.cost},${row.gamma},${row.epsilon}` === setting);
      expect(reference).toHaveLength(n);
      for (const [index, row] of reference.entries()) expect(Math.abs(predicted[index]! - Number(row.prediction))).toBeLessThan(1e-6);
      // The held-out individuals are predicted, not fitted: they differ from y by more than the tube.
      expect(reference.filter((row) => row.set === 'test')).toHaveLength(30);
    });
  }
});

describe('the grid is chosen on inner folds of the training rows only', () => {
  it('chooses a point of the grid, the same one on a second run, that predicts the held-out individuals', () => {
    const space = svrSpace(columns, n, train);
    const innerFold = seededFolds(train.length, 3, 7);
    const trainY = train.map((row) => y[row]!);
    const first = tunedSvr(space, train, trainY, innerFold, 3);
    expect(svrGrid(space.features)).toContainEqual(first.settings);
    const again = tunedSvr(space, train, trainY, innerFold, 3);
    expect(again.settings).toEqual(first.settings);
    const test = Array.from({ length: 30 }, (_, index) => 120 + index);
    expect(
      pearson(
        first.predict(test),
        Float64Array.from(test, (row) => y[row]!),
      ),
    ).toBeGreaterThan(0.14); // e1071 at its defaults: r = 0.19 on these 30
  });

  it('leaves out features constant over the training rows', () => {
    const constant = Float64Array.from({ length: n }, (_, index) => (index < 120 ? 1 : 2));
    const space = svrSpace([constant, ...columns], n, train);
    expect(space.features).toBe(markers.length);
    expect(space.kept[0]).toBe(1);
  });
});
