import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { forestDefaults, forestGrid, growForest, indexFeatures, tunedForest } from './random-forest.ts';
import { foldMetrics } from './stats.ts';
import { records } from './testing.ts';

/**
 * tests/fixtures/random-forest: ranger 0.14.1's 5-fold CV accuracy on tests/fixtures/svr/data.csv
 * (150 × 200 genotypes), ten seeds per setting (R 4.2.2; see its README).
 */
const FIXTURES = path.resolve('tests/fixtures');
const data = records(fs.readFileSync(path.join(FIXTURES, 'svr/data.csv'), 'utf8'));
const folds = records(fs.readFileSync(path.join(FIXTURES, 'random-forest/folds.csv'), 'utf8'));
const ranger = records(fs.readFileSync(path.join(FIXTURES, 'random-forest/ranger-cv.csv'), 'utf8'));
const markers = Object.keys(data[0]!).filter((name) => name.startsWith('m'));
const columns = markers.map((marker) => Float64Array.from(data, (row) => Number(row[marker])));
const y = Float64Array.from(data, (row) => Number(row.y));
const fold = folds.map((row) => Number(row.fold));

const meanSd = (values: number[]) => {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  return { mean, sd: Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (values.length - 1)) };
};

/** Mean over folds of Pearson's r between held-out y and the forest's predictions. */
function crossValidatedR(mtry: number, minNodeSize: number, seed: number): number {
  const rs: number[] = [];
  for (let k = 1; k <= 5; k += 1) {
    const train = fold.flatMap((f, row) => (f === k ? [] : [row]));
    const test = fold.flatMap((f, row) => (f === k ? [row] : []));
    const forest = growForest(
      indexFeatures(columns, train),
      train.map((row) => y[row]!),
      { trees: 500, mtry, minNodeSize },
      seed + k,
    );
    const predicted = test.map((row) => forest.predictOne((feature) => columns[feature]![row]!));
    rs.push(
      foldMetrics(
        test.map((row) => y[row]!),
        predicted,
      ).pearson,
    );
  }
  return rs.reduce((sum, value) => sum + value, 0) / rs.length;
}

// Five folds of 500-tree forests per setting: seconds on a quiet machine, more beside other work.
describe('random forest CV accuracy agrees with ranger within its seed-to-seed spread', { timeout: 120_000 }, () => {
  expect(folds.map((row) => row.id)).toEqual(data.map((row) => row.id));
  const settings = [...new Set(ranger.map((row) => `${row.mtry},${row.min_node_size}`))];
  for (const setting of settings) {
    const [mtry, minNodeSize] = setting.split(',').map(Number) as [number, number];
    it(`mtry ${mtry}, min node size ${minNodeSize}: mean fold r within 3 sd of ranger's ten seeds`, () => {
      const reference = meanSd(ranger.filter((row) => `${row.mtry},${row.min_node_size}` === setting).map((row) => Number(row.pearson_r)));
      const r = crossValidatedR(mtry, minNodeSize, 1);
      expect(Math.abs(r - reference.mean)).toBeLessThan(3 * reference.sd);
    });
  }
});

describe('growing and tuning', () => {
  const train = Array.from({ length: 120 }, (_, index) => index);
  const indexed = indexFeatures(columns, train);
  const trainY = train.map((row) => y[row]!);

  it('is repeatable for a seed and differs for another', () => {
    const settings = { ...forestDefaults(markers.length), trees: 50 };
    const a = growForest(indexed, trainY, settings, 3);
    const b = growForest(indexed, trainY, settings, 3);
    const c = growForest(indexed, trainY, settings, 4);
    const at = (forest: typeof a) => forest.predictOne((feature) => columns[feature]![130]!);
    expect(at(b)).toBe(at(a));
    expect(at(c)).not.toBe(at(a));
  });

  it('grows leaves of one draw when allowed and fits the training rows closely', () => {
    const forest = growForest(indexed, trainY, { trees: 1, mtry: markers.length, minNodeSize: 1 }, 5);
    const tree = forest.trees[0]!;
    expect(tree.feature.filter((feature) => feature < 0).length).toBeGreaterThan(40);
  });

  it('chooses the grid point with the lowest out-of-bag error', () => {
    const grid = forestGrid(markers.length).map((settings) => ({ ...settings, trees: 60 }));
    expect(grid.map((settings) => [settings.mtry, settings.minNodeSize])).toEqual([
      [14, 5],
      [14, 10],
      [42, 5],
      [42, 10],
    ]);
    const chosen = tunedForest(indexed, trainY, 9, grid);
    for (const settings of grid) expect(growForest(indexed, trainY, settings, 9).oobError).toBeGreaterThanOrEqual(chosen.oobError);
  });
});
