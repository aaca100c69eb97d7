import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type AssociationTest, averageRanks, type KnownQtl, meanSd, powerFdrCurve, qqPoints, scoreDiscovery, scorePrediction, significantTests } from './benchmark-metrics';

const test = (marker: string, chromosome: string, position: number, minusLog10P: number, trait = 'yield'): AssociationTest => ({ marker, chromosome, position, trait, minusLog10P });
const qtl = (marker: string, chromosome: string, position: number, trait = 'yield'): KnownQtl => ({ marker, chromosome, position, trait, effect: 1 });
const STRICT = { kind: 'threshold', minusLog10P: 5 } as const;
const MB = 1_000_000;

describe('discovery scores, by hand', () => {
  it('counts a hit exactly on the window edge as true, and one a base pair past it as false', () => {
    const known = [qtl('q1', '1', 5 * MB)];
    const [edge] = scoreDiscovery([test('m1', '1', 6 * MB, 8)], known, STRICT, MB);
    expect(edge).toMatchObject({ truePositives: 1, falsePositives: 0, falseNegatives: 0, precision: 1, recall: 1, f1: 1 });
    const [past] = scoreDiscovery([test('m1', '1', 6 * MB + 1, 8)], known, STRICT, MB);
    expect(past).toMatchObject({ truePositives: 0, falsePositives: 1, falseNegatives: 1, precision: 0, recall: 0, f1: 0 });
  });

  it('counts a QTL found by two markers once', () => {
    const [score] = scoreDiscovery([test('m1', '1', 100, 9), test('m2', '1', 900, 7), test('m3', '2', 100, 6)], [qtl('q1', '1', 500), qtl('q2', '3', 500)], STRICT, 1000);
    // q1 found (by two hits), q2 missed; m3 is near nothing.
    expect(score).toMatchObject({ hits: 3, truePositives: 1, falsePositives: 1, falseNegatives: 1, precision: 0.5, recall: 0.5, f1: 0.5 });
  });

  it('lets one hit find two QTL inside one window', () => {
    const [score] = scoreDiscovery([test('m1', '1', 1000, 9)], [qtl('q1', '1', 600), qtl('q2', '1', 1300)], STRICT, 500);
    expect(score).toMatchObject({ truePositives: 2, falsePositives: 0, falseNegatives: 0, precision: 1, recall: 1 });
  });

  it('matches only the same chromosome and the same trait', () => {
    const [height, yieldScore] = scoreDiscovery([test('m1', '2', 500, 9), test('m2', '1', 500, 9, 'height')], [qtl('q1', '1', 500)], STRICT, 1000);
    expect(height).toMatchObject({ trait: 'height', truePositives: 0, falsePositives: 1, knownQtl: 0, recall: null });
    expect(yieldScore).toMatchObject({ trait: 'yield', truePositives: 0, falsePositives: 1, falseNegatives: 1 });
  });

  it('leaves precision undefined, not 0 or NaN, when nothing is significant; recall and F1 are 0', () => {
    const [score] = scoreDiscovery([test('m1', '1', 500, 2)], [qtl('q1', '1', 500)], STRICT, 1000);
    expect(score).toMatchObject({ hits: 0, truePositives: 0, falsePositives: 0, falseNegatives: 1, precision: null, recall: 0, f1: 0 });
  });

  it('reproduces the worked example of the docs: 20 QTL, 30 hits, 14 found, 9 false', () => {
    const known = Array.from({ length: 20 }, (_, i) => qtl(`q${i}`, '1', (i + 1) * 10 * MB));
    // 14 QTL found: 21 hits near them (some found twice); 9 hits far from any.
    const near = Array.from({ length: 21 }, (_, i) => test(`n${i}`, '1', ((i % 14) + 1) * 10 * MB + 1000 * (i >= 14 ? 1 : 0), 8));
    const far = Array.from({ length: 9 }, (_, i) => test(`f${i}`, '2', i * 10 * MB, 8));
    const [score] = scoreDiscovery([...near, ...far], known, STRICT, MB);
    expect(score).toMatchObject({ hits: 30, truePositives: 14, falseNegatives: 6, falsePositives: 9 });
    // The docs count precision over the QTL found and the false hits: 14 / 23.
    expect(score!.precision).toBeCloseTo(14 / 23, 10);
    expect(score!.recall).toBeCloseTo(0.7, 10);
    expect(score!.f1).toBeCloseTo((2 * (14 / 23) * 0.7) / (14 / 23 + 0.7), 10);
  });
});

describe('significance rules', () => {
  const tests = [1e-9, 0.004, 0.01, 0.02, 0.3].map((p, i) => test(`m${i}`, '1', i, -Math.log10(p)));

  it('Bonferroni divides α by the trait’s number of tests', () => {
    // 0.05 / 5 = 0.01: 1e-9, 0.004 and 0.01 pass.
    expect(significantTests(tests, { kind: 'bonferroni', alpha: 0.05 }).map((one) => one.marker)).toEqual(['m0', 'm1', 'm2']);
  });

  it('Benjamini–Hochberg takes the largest k with p(k) ≤ k·q/m, as R’s p.adjust(method = "BH") does', () => {
    // p.adjust(c(1e-9, 0.004, 0.01, 0.02, 0.3), "BH") = 5e-9, 0.01, 0.01667, 0.025, 0.3: at q = 0.02 the first three pass.
    expect(significantTests(tests, { kind: 'fdr', q: 0.02 }).map((one) => one.marker)).toEqual(['m0', 'm1', 'm2']);
    expect(significantTests(tests, { kind: 'fdr', q: 0.025 }).map((one) => one.marker)).toEqual(['m0', 'm1', 'm2', 'm3']);
  });

  it('orders p-values too small for a double by their −log10', () => {
    const tiny = [test('a', '1', 1, 400), test('b', '1', 2, 350), test('c', '1', 3, 0.1)];
    expect(significantTests(tiny, { kind: 'fdr', q: 0.05 }).map((one) => one.marker)).toEqual(['a', 'b']);
  });
});

describe('power against FDR, and the QQ plot', () => {
  it('rises from the strongest test down: power reaches 1 once every QTL is found', () => {
    const tests = [test('t1', '1', 100, 10), test('f1', '2', 100, 8), test('t2', '1', 5000, 6), test('f2', '2', 9000, 2)];
    const curve = powerFdrCurve(tests, [qtl('q1', '1', 100), qtl('q2', '1', 5000)], 500, 5);
    expect(curve.map((point) => point.minusLog10P)).toEqual([10, 8, 6, 4, 2]);
    expect(curve.map((point) => point.power)).toEqual([0.5, 0.5, 1, 1, 1]);
    expect(curve.map((point) => point.fdr)).toEqual([0, 0.5, 1 / 3, 1 / 3, 0.5]);
  });

  it('puts expected −log10 p of a uniform null against the observed, strongest first', () => {
    const points = qqPoints([test('a', '1', 1, 3), test('b', '1', 2, 1)]);
    expect(points).toEqual([
      { expected: -Math.log10(0.25), observed: 3 },
      { expected: -Math.log10(0.75), observed: 1 },
    ]);
  });
});

describe('prediction scores', () => {
  it('averages tied ranks (Spearman)', () => {
    expect(averageRanks([10, 20, 20, 30, 20])).toEqual([1, 3, 3, 5, 3]);
  });

  it('agree with SciPy on 200 pairs with ties (tests/fixtures/benchmarking, made by make_prediction_reference.py)', () => {
    const reference = JSON.parse(fs.readFileSync('tests/fixtures/benchmarking/prediction_reference.json', 'utf8')) as Record<string, number>;
    const pairs = fs
      .readFileSync('tests/fixtures/benchmarking/prediction_pairs.csv', 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(',').map(Number))
      .map(([observed, predicted]) => ({ observed: observed!, predicted: predicted! }));
    const score = scorePrediction(pairs);
    expect(score.n).toBe(reference.n);
    expect(score.pearson).toBeCloseTo(reference.pearson!, 12);
    expect(score.spearman).toBeCloseTo(reference.spearman!, 12);
    expect(score.rmse).toBeCloseTo(reference.rmse!, 12);
    expect(score.slope).toBeCloseTo(reference.slope!, 12);
    expect(score.intercept).toBeCloseTo(reference.intercept!, 12);
  });

  it('agree with a reference written here independently: Spearman as 1 − 6Σd²/(n(n²−1)) without ties', () => {
    const observed = [3.1, 1.2, 4.8, 2.2, 5.9, 0.4];
    const predicted = [2.0, 1.0, 5.5, 3.3, 4.1, 0.2];
    const rank = (values: number[]) => values.map((value) => values.filter((other) => other < value).length + 1);
    const d2 = rank(observed).reduce((sum, r, i) => sum + (r - rank(predicted)[i]!) ** 2, 0);
    const n = observed.length;
    const score = scorePrediction(observed.map((value, i) => ({ observed: value, predicted: predicted[i]! })));
    expect(score.spearman).toBeCloseTo(1 - (6 * d2) / (n * (n * n - 1)), 12);
    // Perfect, unbiased predictions: r 1, slope 1, intercept 0, RMSE 0.
    expect(scorePrediction(observed.map((value) => ({ observed: value, predicted: value })))).toMatchObject({ pearson: 1, spearman: 1, rmse: 0, slope: 1, intercept: 0 });
  });

  it('leaves r, ρ and the slope undefined for a constant prediction, and skips missing values', () => {
    const score = scorePrediction([
      { observed: 1, predicted: 5 },
      { observed: 2, predicted: 5 },
      { observed: 3, predicted: 5 },
      { observed: null, predicted: 4 },
      { observed: 4, predicted: Number.NaN },
    ]);
    expect(score).toMatchObject({ n: 3, pearson: null, spearman: null, slope: null, intercept: null });
    expect(score.rmse).toBeCloseTo(Math.sqrt((16 + 9 + 4) / 3), 12);
  });

  it('gives mean ± sample sd across folds, ignoring undefined scores', () => {
    expect(meanSd([0.5, 0.7, null, 0.6])).toEqual({ mean: 0.6, sd: expect.closeTo(0.1, 12), n: 3 });
    expect(meanSd([0.5])).toEqual({ mean: 0.5, sd: null, n: 1 });
    expect(meanSd([null])).toEqual({ mean: null, sd: null, n: 0 });
  });
});
