import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseFolds } from '../../src/contract/cv-folds.ts';
import { records as csvRecords } from './testing.ts';
import { decimalFraction, atLeast, atMost } from './exact.ts';
import { cholesky, choleskySolve } from './linear-algebra.ts';
import { environmentStage, foldSplits, formatP, seededFolds, seededRandom, tTest } from './stats.ts';

describe('two-sided t-test p-values agree with R far into the tail', () => {
  // Expected: R 4.2.2, sprintf("%.17g", 2 * pt(-abs(t), df)) and
  // -(pt(-abs(t), df, log.p = TRUE) + log(2)) / log(10) for −log10 p.
  const cases: Array<[number, number, number, number]> = [
    [2.5, 100, 0.014045789124077168, 1.8524538561345356],
    [9, 297, 2.7626596143900441e-17, 16.558672620946183],
    [16.1, 297, 2.3212027696480334e-42, 41.634286919909094],
    [40, 297, 1.297880854252455e-121, 120.88676517403462],
  ];
  for (const [t, df, p, log10p] of cases) {
    it(`t = ${t}, df = ${df}`, () => {
      const result = tTest(t, df);
      expect(Math.abs(result.p - p) / p).toBeLessThan(1e-10);
      expect(Math.abs(result.log10p - log10p)).toBeLessThan(1e-3);
      expect(tTest(-t, df).p).toBe(result.p);
    });
  }

  it('gives −log10 p where p is below the smallest double (R: 370.0472487 for t = 300, df = 297)', () => {
    const result = tTest(300, 297);
    expect(result.p).toBe(0);
    expect(result.log10p).toBeCloseTo(370.0472487, 6);
    expect(formatP(result.p, result.log10p)).toBe('8.9692e-371');
  });
});

describe('thresholds compare exactly', () => {
  it('keeps 60/600 at 0.1 and 15/300 at 0.05, where floating point says otherwise', () => {
    expect(1 - 540 / 600 >= 0.1).toBe(false);
    expect(1 - 285 / 300 <= 0.05).toBe(false);
    expect(atLeast(600 - 540, 600, decimalFraction(0.1))).toBe(true);
    expect(atMost(15, 300, decimalFraction(0.05))).toBe(true);
    expect(atLeast(59, 600, decimalFraction(0.1))).toBe(false);
    expect(atMost(16, 300, decimalFraction(0.05))).toBe(false);
    expect(decimalFraction(1e-7)).toEqual({ numerator: 1n, denominator: 10_000_000n });
  });

  it('stays exact where the products outgrow a double (2^53)', () => {
    expect(atLeast(1, 1e20, decimalFraction(1e-20))).toBe(true);
    expect(atLeast(1, 1e20 + 16_384, decimalFraction(1e-20))).toBe(false);
    expect(atMost(2 ** 53 + 2, 2 ** 54 + 4, decimalFraction(0.5))).toBe(true);
    expect(atMost(2 ** 53 + 4, 2 ** 54 + 4, decimalFraction(0.5))).toBe(false);
  });
});

describe('foldSplits', () => {
  it('holds each index out in exactly its own fold and trains on the rest, in ascending order', () => {
    const fold = seededFolds(23, 5, 42);
    const splits = foldSplits(fold, 5);
    expect(splits).toHaveLength(5);
    for (const [k, { train, test }] of splits.entries()) {
      expect(test).toEqual([...fold.keys()].filter((index) => fold[index] === k));
      expect(train).toEqual([...fold.keys()].filter((index) => fold[index] !== k));
    }
    expect(splits.flatMap((split) => split.test).sort((a, b) => a - b)).toEqual([...Array(23).keys()]);
  });
});

describe('seededFolds', () => {
  it('draws the folds it drew before it moved to the folds files (src/contract/cv-folds.ts)', () => {
    expect([...seededFolds(10, 3, 42)]).toEqual([0, 2, 1, 2, 2, 0, 0, 1, 0, 1]);
    expect([...seededFolds(7, 2, 1)]).toEqual([1, 0, 0, 1, 0, 1, 0]);
  });
});

describe('environmentStage', () => {
  it('gives the least-squares fit of y = μ + line + environment on the training records (unbalanced), with effects centred on 0', () => {
    // 6 lines in 3 environments, two records missing, one held out of training.
    const random = seededRandom(9);
    const cells = Array.from({ length: 18 }, (_, index) => ({ line: index % 6, environment: ['E1', 'E2', 'E3'][Math.floor(index / 6)]! })).filter((_, index) => index !== 4 && index !== 13);
    const records = {
      ids: ['A', 'B', 'C', 'D', 'E', 'F'],
      line: Int32Array.from(cells, (cell) => cell.line),
      environment: cells.map((cell) => cell.environment),
      y: Float64Array.from(cells, (cell) => 10 + cell.line + { E1: -2, E2: 0, E3: 3 }[cell.environment]! + random()),
    };
    const train = [...records.y.keys()].filter((record) => record !== 7);
    const stage = environmentStage(records, train);
    // Normal equations of the design [1, line B..F, environment E2..E3], solved directly.
    const columns = (record: number) => [
      1,
      ...[1, 2, 3, 4, 5].map((line) => Number(records.line[record] === line)),
      Number(records.environment[record] === 'E2'),
      Number(records.environment[record] === 'E3'),
    ];
    const p = 8;
    const xtx = new Float64Array(p * p);
    const xty = new Float64Array(p);
    for (const record of train) {
      const x = columns(record);
      for (let i = 0; i < p; i += 1) {
        xty[i]! += x[i]! * records.y[record]!;
        for (let j = 0; j < p; j += 1) xtx[i * p + j]! += x[i]! * x[j]!;
      }
    }
    const beta = choleskySolve(cholesky(xtx, p)!, p, xty);
    for (const record of train) {
      const fitted = columns(record).reduce((sum, value, index) => sum + value * beta[index]!, 0);
      expect(stage.target[records.line[record]!]! + stage.effects.get(records.environment[record]!)!).toBeCloseTo(fitted, 10);
    }
    expect([...stage.effects.values()].reduce((sum, effect) => sum + effect, 0)).toBeCloseTo(0, 12);
    expect(stage.lines).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('without environments, the target is each line’s own value', () => {
    const records = { ids: ['A', 'B'], line: Int32Array.from([0, 1]), environment: ['', ''], y: Float64Array.from([1.5, -2.25]) };
    expect([...environmentStage(records, [0, 1]).target]).toEqual([1.5, -2.25]);
    expect([...environmentStage(records, [1]).target]).toEqual([Number.NaN, -2.25]);
  });
});

describe('environmentStage agrees with R', () => {
  // Expected: tests/fixtures/cv-folds/make-expected.sh (R 4.2.2, lm(observed ~ id + environment) on each fold's training records).
  const fixture = (name: string) => fs.readFileSync(`tests/fixtures/cv-folds/${name}`, 'utf8');
  const phenotypes = csvRecords(fixture('phenotypes_long.csv'));
  const ids = [...new Set(phenotypes.map((row) => row.id!))];
  const records = {
    ids,
    line: Int32Array.from(phenotypes, (row) => ids.indexOf(row.id!)),
    environment: phenotypes.map((row) => row.environment!),
    y: Float64Array.from(phenotypes, (row) => Number(row.observed)),
  };
  const expected = csvRecords(fixture('environment_effects.csv'));

  it('on every repeat and fold of a CV2 folds file, the environment effects to 1e-10', () => {
    for (const split of parseFolds(fixture('cv2_folds.csv')).splits) {
      const train = split.train.map((record) => phenotypes.findIndex((row) => row.id === record.id && row.environment === record.environment)).sort((a, b) => a - b);
      const rows = expected.filter((row) => Number(row.repeat) === split.repeat && Number(row.fold) === split.fold);
      expect(rows[0]).toMatchObject({ n_train: String(train.length), n_test: String(split.test.length) });
      const { effects } = environmentStage(records, train);
      for (const row of rows) expect(effects.get(row.environment!)!, `repeat ${split.repeat}, fold ${split.fold}, ${row.environment}`).toBeCloseTo(Number(row.effect), 10);
    }
  });
});
