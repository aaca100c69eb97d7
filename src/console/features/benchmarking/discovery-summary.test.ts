import { describe, expect, it } from 'vitest';
import type { AssociationTest, KnownQtl } from '../../../contract/benchmark-metrics';
import type { Method, ScoredDataset } from './discovery-scores';
import { discoveryBoardRows } from './discovery-summary';

const MB = 1_000_000;
const qtl = (position: number): KnownQtl => ({ marker: `q${position}`, chromosome: '1', position, trait: 'yield', effect: 1 });
const known = [qtl(1 * MB), qtl(50 * MB)];
/** A test on a QTL (q1, q2), far from both (far: chromosome 2), or on the null trait noise. */
const onQtl = (position: number, minusLog10P: number): AssociationTest => ({ marker: `m${position}`, chromosome: '1', position, trait: 'yield', minusLog10P });
const far = (minusLog10P: number): AssociationTest => ({ marker: 'far', chromosome: '2', position: 5 * MB, trait: 'yield', minusLog10P });
const noise = (minusLog10P: number, position: number): AssociationTest => ({ marker: `n${position}`, chromosome: '1', position, trait: 'noise', minusLog10P });
const method = (name: string, runId: number, tests: AssociationTest[]): Method => ({ name, runId, tests, skipped: 0, problems: [] });
const dataset = (name: string, methods: Method[]): ScoredDataset => ({ name, methods, qtl: { name: `${name}/known_qtl.csv`, rows: known, skipped: 0, problems: [] } });

// By hand, at −log10 p ≥ 5 and 1 Mb (hits sit on the QTL and the false one on another chromosome, so every window agrees):
//  gwas r1: q1 9, q2 8, far 2      → power 1, FDR 0, F1 1;    area 1
//  gwas r2: q1 9, far 8.5, q2 8    → power 1, FDR 1/3, F1 0.8; area 1/2 + (1 − (1/2 + 1/3)/2)/2 = 19/24
//  gwas r3: far 10, q1 9, q2 8     → power 1, FDR 1/3, F1 0.8; area (1 − (1 + 1/2)/2)/2 + 7/24 = 10/24
//  blup r1, r2: far 6, q1 4, q2 3  → power 0, FDR 1, F1 0;     area 10/24
//  blup r3: q1 9, q2 8, far 2      → power 1, FDR 0, F1 1;     area 1
// Null trait noise: gwas 6 and 1 (one of two significant), blup 2 and 1 (none).
const datasets = [
  dataset('r1', [method('gwas', 11, [onQtl(MB, 9), onQtl(50 * MB, 8), far(2), noise(6, 1), noise(1, 2)]), method('blup', 21, [far(6), onQtl(MB, 4), onQtl(50 * MB, 3), noise(2, 1), noise(1, 2)])]),
  dataset('r2', [method('gwas', 12, [onQtl(MB, 9), far(8.5), onQtl(50 * MB, 8), noise(6, 1), noise(1, 2)]), method('blup', 22, [far(6), onQtl(MB, 4), onQtl(50 * MB, 3), noise(2, 1), noise(1, 2)])]),
  dataset('r3', [method('gwas', 13, [far(10), onQtl(MB, 9), onQtl(50 * MB, 8), noise(6, 1), noise(1, 2)]), method('blup', 23, [onQtl(MB, 9), onQtl(50 * MB, 8), far(2), noise(2, 1), noise(1, 2)])]),
];
/** t(0.975, 2), as SciPy's stats.t.ppf(0.975, 2) gives it. */
const T_2 = 4.302652729911275;

describe('the discovery board across replicates, by hand', () => {
  const rows = discoveryBoardRows(datasets, { rule: { kind: 'threshold', minusLog10P: 5 }, windowBp: MB });

  it('ranks the methods by their mean area at 1 Mb and keeps their runs', () => {
    expect(rows.map((row) => [row.method, row.best, row.datasets, row.runIds])).toEqual([
      ['gwas', true, 3, [11, 12, 13]],
      ['blup', false, 3, [21, 22, 23]],
    ]);
    expect(rows[0]!.aucByWindow[MB]!.mean).toBeCloseTo((24 + 19 + 10) / 72, 12);
    expect(rows[1]!.aucByWindow[MB]!.mean).toBeCloseTo((10 + 10 + 24) / 72, 12);
    expect(Object.keys(rows[0]!.aucByWindow).map(Number)).toEqual([1_000, 10_000, 100_000, 1_000_000, 10_000_000]);
  });

  it('gives F1, power and FDR at the rule and window as mean, sd and a 95 % t interval', () => {
    const [gwas, blup] = rows;
    const sd = Math.sqrt(((1 - 2.6 / 3) ** 2 + 2 * (0.8 - 2.6 / 3) ** 2) / 2);
    expect(gwas!.f1).toMatchObject({ n: 3, mean: expect.closeTo(2.6 / 3, 12), sd: expect.closeTo(sd, 12) });
    expect(gwas!.f1.high! - gwas!.f1.mean!).toBeCloseTo((T_2 * sd) / Math.sqrt(3), 10);
    expect(gwas!.power).toMatchObject({ mean: 1, sd: 0 });
    expect(gwas!.fdr.mean).toBeCloseTo(2 / 9, 12);
    expect(blup!.f1.mean).toBeCloseTo(1 / 3, 12);
    expect(blup!.fdr.mean).toBeCloseTo(2 / 3, 12);
  });

  it('gives the type I error on the null trait', () => {
    expect(rows[0]!.typeIError).toMatchObject({ n: 3, mean: 0.5, sd: 0 });
    expect(rows[1]!.typeIError).toMatchObject({ n: 3, mean: 0, sd: 0 });
  });

  it('compares each method with the best paired by dataset, different only when the interval excludes 0', () => {
    // blup − gwas: −14/24, −9/24, 14/24.
    const differences = [-14 / 24, -9 / 24, 14 / 24];
    const mean = -9 / 72;
    const sd = Math.sqrt(differences.reduce((sum, value) => sum + (value - mean) ** 2, 0) / 2);
    expect(rows[0]!.versusBest).toBeNull();
    expect(rows[1]!.versusBest).toMatchObject({ n: 3, mean: expect.closeTo(mean, 12), sd: expect.closeTo(sd, 12), unpaired: 0, different: false });
  });

  it('compares F1, power and FDR at the rule with the best too: a method level by area may call more false hits', () => {
    // Both find q1 and q2 before any false hit (area 1 each, ranked by name); linear also calls a false hit at 7, above the rule: FDR 1/3 on every replicate, kinship 0.
    const clean = [onQtl(MB, 9), onQtl(50 * MB, 8), far(2)];
    const greedy = [onQtl(MB, 9), onQtl(50 * MB, 8), far(7)];
    const level = datasets.map((one, index) => dataset(one.name, [method('kinship', 60 + index, clean), method('linear', 70 + index, greedy)]));
    const [best, glm] = discoveryBoardRows(level, { rule: { kind: 'threshold', minusLog10P: 5 }, windowBp: MB });
    expect(best!.method).toBe('kinship');
    expect(best!.versusBestAtRule).toBeNull();
    expect(glm!.versusBest).toMatchObject({ mean: 0, different: false });
    expect(glm!.versusBestAtRule!.fdr).toMatchObject({ n: 3, mean: expect.closeTo(1 / 3, 12), different: true });
    expect(glm!.versusBestAtRule!.power).toMatchObject({ mean: 0, different: false });
    expect(glm!.versusBestAtRule!.f1).toMatchObject({ mean: expect.closeTo(0.8 - 1, 12), different: true });
  });

  it('calls a method different when it trails the best on every replicate by about as much', () => {
    // gwas finds both QTL before any false hit (area 1); late puts one false hit first (area 1/8 + 7/24 = 10/24), two on r3 (1/12 + 5/24 = 7/24).
    const perfect = [onQtl(MB, 9), onQtl(50 * MB, 8), far(2)];
    const trailing = datasets.map((one, index) => dataset(one.name, [method('gwas', 40 + index, perfect), method('late', 50 + index, [far(20), ...(index === 2 ? [far(19)] : []), ...perfect])]));
    const [best, late] = discoveryBoardRows(trailing, { rule: { kind: 'threshold', minusLog10P: 5 }, windowBp: MB });
    expect(best!.method).toBe('gwas');
    expect(late!.aucByWindow[MB]!.mean).toBeCloseTo((10 + 10 + 7) / 72, 12);
    expect(late!.versusBest).toMatchObject({ mean: expect.closeTo(-45 / 72, 12), different: true });
    expect(late!.versusBest!.high!).toBeLessThan(0);
  });
});
