import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  type AssociationTest,
  averageRanks,
  hitsByTrait,
  type KnownQtl,
  matchTests,
  meanSd,
  powerFdrCurve,
  powerFdrCurves,
  qqPoints,
  scoreDiscovery,
  scorePrediction,
  significanceCutoff,
  significantTests,
  toColumns,
  typeIError,
} from './benchmark-metrics';

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

  it('gives the cut a Manhattan plot draws: the threshold, −log10(α/m), or the −log10 p of the last Benjamini–Hochberg call', () => {
    expect(significanceCutoff(tests, { kind: 'threshold', minusLog10P: 5 })).toBe(5);
    expect(significanceCutoff(tests, { kind: 'bonferroni', alpha: 0.05 })).toBeCloseTo(2, 12);
    expect(significanceCutoff(tests, { kind: 'fdr', q: 0.02 })).toBeCloseTo(2, 12);
    expect(significanceCutoff(tests, { kind: 'fdr', q: 1e-12 })).toBe(Number.POSITIVE_INFINITY);
    expect(significanceCutoff([], STRICT)).toBe(Number.POSITIVE_INFINITY);
  });

  it('finds each trait’s hits under its own count, the traits interleaved, as significantTests does trait by trait', () => {
    const mixed = [...tests, ...tests.map((one) => ({ ...one, trait: 'height', minusLog10P: one.minusLog10P + 0.2 }))].sort((a, b) => a.position - b.position);
    for (const rule of [{ kind: 'fdr', q: 0.02 }, { kind: 'bonferroni', alpha: 0.05 }, STRICT] as const) {
      const found = hitsByTrait(mixed, rule);
      for (const trait of ['yield', 'height']) {
        const own = mixed.filter((one) => one.trait === trait);
        expect(found.get(trait)).toEqual({ tests: 5, hits: significantTests(own, rule) });
      }
    }
  });

  it('orders p-values too small for a double by their −log10', () => {
    const tiny = [test('a', '1', 1, 400), test('b', '1', 2, 350), test('c', '1', 3, 0.1)];
    expect(significantTests(tiny, { kind: 'fdr', q: 0.05 }).map((one) => one.marker)).toEqual(['a', 'b']);
  });
});

describe('power against FDR at five windows, by hand', () => {
  // yield's QTL: q1 chr1 10,000; q2 chr1 50,000; q3 chr2 10,000. Tests, strongest first, with their distance to the nearest QTL:
  // a 8 (500 from q1, 39,500 from q2), f 7 (chr3: none), b 6 (10,000 from q1), c 5 (45,000 from q2),
  // d 4 (890,000 from q3), e 3 (on q3), g 3 (chr3: none); the null trait noise has no QTL and stays out of the curves.
  const known = [qtl('q1', '1', 10_000), qtl('q2', '1', 50_000), qtl('q3', '2', 10_000)];
  const tests = [
    test('a', '1', 10_500, 8),
    test('b', '1', 20_000, 6),
    test('c', '1', 95_000, 5),
    test('d', '2', 900_000, 4),
    test('e', '2', 10_000, 3),
    test('f', '3', 1_000, 7),
    test('g', '3', 5_000, 3),
    test('n1', '1', 10_000, 6, 'noise'),
    test('n2', '1', 20_000, 1, 'noise'),
  ];

  it('finds each QTL at the strongest test within each window, the edge counted', () => {
    const matched = matchTests(tests, known);
    // Windows at which each yield test is false: a 0, b 1 (10,000 sits on the 10 kb edge), c 2, d 3, e 0, f and g all 5; noise stays out.
    expect(Array.from(matched.falseAt)).toEqual([0, 1, 2, 3, 0, 5, 5, 5, 5]);
    expect(Array.from(matched.ranges)).toEqual([0, 7]);
    expect(Array.from(matched.classTotals)).toEqual([2, 1, 1, 1, 0, 2]);
    const strongest = matched.strongest.map((perQtl) => Array.from(perQtl));
    expect(strongest).toEqual([
      [8, Number.NEGATIVE_INFINITY, 3],
      [8, Number.NEGATIVE_INFINITY, 3],
      [8, 8, 3],
      [8, 8, 4],
      [8, 8, 4],
    ]);
  });

  it('gives the areas counted by hand: Σ (1 − mean FDR before and at a rise) · Δpower', () => {
    const curves = powerFdrCurves(matchTests(tests, known));
    expect(curves.map((curve) => curve.windowBp)).toEqual([1_000, 10_000, 100_000, 1_000_000, 10_000_000]);
    // 1 kb: q1 at 8 (FDR 0 → 0), q3 at 3 (FDR 4/5 above it, 5/7 at it with g tied): 1/3 + (1 − (4/5 + 5/7)/2)/3.
    // 10 kb: b is now true: 3/5 and 4/7. 100 kb: q1 and q2 at 8; only d, f, g false: 2/5 and 3/7.
    // 1 Mb and 10 Mb: q3 at 4 (d is near it): FDR 1/4 above, 1/5 at.
    const expected = [29 / 70, 33 / 70, 181 / 210, 111 / 120, 111 / 120];
    curves.forEach((curve, index) => {
      expect(curve.auc).toBeCloseTo(expected[index]!, 12);
    });
  });

  it('draws (0, 0), the points before and at each rise, and the point with every test a hit', () => {
    const [curve] = powerFdrCurves(matchTests(tests, known, [1_000]));
    expect(curve!.points.map((point) => [point.minusLog10P, point.strict, point.fdr, point.power])).toEqual([
      [Number.POSITIVE_INFINITY, false, 0, 0],
      [8, true, 0, 0],
      [8, false, 0, 1 / 3],
      [3, true, 4 / 5, 1 / 3],
      [3, false, 5 / 7, 2 / 3],
      [3, false, 5 / 7, 2 / 3],
    ]);
    expect(powerFdrCurve(tests, known, 1_000).auc).toBeCloseTo(29 / 70, 12);
  });

  it('reads the table as columns in runs of ascending positions, traits and chromosomes named in order of first appearance', () => {
    const columns = toColumns(tests);
    expect(columns.traits).toEqual(['yield', 'noise']);
    expect(columns.chromosomes).toEqual(['1', '2', '3']);
    // Runs: yield on 1; yield on 2 (d), again on 2 as e stands before d; yield on 3; noise on 1.
    expect(Array.from(columns.runStart)).toEqual([0, 3, 4, 5, 7, 9]);
    expect(Array.from(columns.runTrait)).toEqual([0, 0, 0, 0, 1]);
    expect(Array.from(columns.runChromosome)).toEqual([0, 1, 1, 2, 0]);
    expect(Array.from(columns.values)).toEqual(tests.map((one) => one.minusLog10P));
    expect(matchTests(tests, known, [1_000], columns)).toEqual(matchTests(tests, known, [1_000]));
  });

  it('does not depend on the order of the tests', () => {
    const shuffled = [...tests].reverse();
    expect(powerFdrCurves(matchTests(shuffled, known)).map((curve) => curve.auc)).toEqual(powerFdrCurves(matchTests(tests, known)).map((curve) => curve.auc));
  });

  it('gives 1 to a method whose every true test beats every false one, and null without known QTL', () => {
    const perfect = [test('a', '1', 10_000, 9), test('b', '1', 50_000, 8), test('c', '2', 10_000, 7), test('x', '3', 1, 6)];
    expect(powerFdrCurve(perfect, known, 1_000).auc).toBe(1);
    expect(powerFdrCurve(perfect, [], 1_000)).toEqual({ windowBp: 1_000, points: [], auc: null });
  });

  it('agrees with the curve computed naively, threshold by threshold, on 2,000 tests with ties and p = 0', () => {
    let seed = 5;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const many = [...Array.from({ length: 20 }, (_, i) => qtl(`q${i}`, String(1 + (i % 4)), Math.round(random() * 5e7))), qtl('qx', '5', 100, 'height')];
    const sample = Array.from({ length: 2000 }, (_, i) => {
      const value = i === 7 ? Number.POSITIVE_INFINITY : Math.round(random() * 40) / 4;
      return test(`m${i}`, String(1 + (i % 5)), Math.round(random() * 5e7), value, i % 9 === 0 ? 'height' : 'yield');
    });
    const windows = [1_000, 100_000, 1_000_000, 10_000_000];
    const curves = powerFdrCurves(matchTests(sample, many, windows));
    windows.forEach((windowBp, w) => {
      const thresholds = [...new Set(sample.map((one) => one.minusLog10P))].sort((a, b) => b - a);
      let previous = { power: 0, fdr: 0 };
      let area = 0;
      for (const threshold of thresholds) {
        const hits = sample.filter((one) => one.minusLog10P >= threshold);
        const near = (one: AssociationTest, known: KnownQtl) => known.trait === one.trait && known.chromosome === one.chromosome && Math.abs(known.position - one.position) <= windowBp;
        const falseHits = hits.filter((one) => !many.some((known) => near(one, known))).length;
        const found = many.filter((known) => hits.some((one) => near(one, known))).length;
        const point = { power: found / many.length, fdr: falseHits / hits.length };
        area += (1 - (previous.fdr + point.fdr) / 2) * (point.power - previous.power);
        previous = point;
      }
      expect(curves[w]!.auc).toBeCloseTo(area, 12);
      expect(curves[w]!.points.at(-1)).toMatchObject(previous);
    });
    // Sorted by trait, chromosome and position the table is a few long runs, where the QTL's widest windows overlap: the same curves.
    const sorted = [...sample].sort((a, b) => a.trait.localeCompare(b.trait) || a.chromosome.localeCompare(b.chromosome) || a.position - b.position);
    expect(toColumns(sorted).runStart).toHaveLength(11);
    expect(powerFdrCurves(matchTests(sorted, many, windows))).toEqual(curves);
    // The significant tests, read block by block, are those a plain filter finds, in either order.
    for (const table of [sample, sorted]) {
      for (const rule of [
        { kind: 'threshold', minusLog10P: 7.5 },
        { kind: 'fdr', q: 0.05 },
      ] as const) {
        const hits = hitsByTrait(table, rule);
        for (const trait of ['yield', 'height']) {
          const own = table.filter((one) => one.trait === trait);
          expect(hits.get(trait)!.hits).toEqual(significantTests(own, rule));
        }
      }
    }
  });

  it('gives the type I error on null traits: the share of their tests the rule calls significant', () => {
    // noise: −log10 p 6 and 1; at −log10 p ≥ 5 one of two; Bonferroni α 0.05 over 2 tests: p ≤ 0.025, one of two.
    expect(typeIError(tests, known, STRICT)).toEqual({ traits: 1, tests: 2, hits: 1, rate: 0.5 });
    expect(typeIError(tests, known, { kind: 'bonferroni', alpha: 0.05 }).rate).toBe(0.5);
    expect(typeIError(tests, known, { kind: 'threshold', minusLog10P: 7 }).rate).toBe(0);
    expect(typeIError(tests.slice(0, 7), known, STRICT)).toEqual({ traits: 0, tests: 0, hits: 0, rate: null });
  });
});

describe('the QQ plot', () => {
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
