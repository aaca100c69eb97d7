import { describe, expect, it } from 'vitest';
import { testTrainRatio } from '../../../contract/benchmark-stats';
import { compareWithBest, type CvRunPredictions, predictionBoardRows } from './prediction-summary';

/**
 * Three methods on one CV1 repeat of 4 folds, 3 records a fold observed 1, 2, 3. The predictions
 * give each fold an r that can be counted by hand: [1,2,3] → 1, [1,3,2] → 0.5, [2,3,1] → −0.5,
 * [3,2,1] → −1 (e.g. [1,3,2]: deviations (−1,0,1) and (−1,1,0), Σxy = 1, Σx² = Σy² = 2, r = 1/2).
 * Intervals: mean ± t(0.975, 3) · sd · √(1/4 + 1/3), t(0.975, 3) = 3.182446305284263
 * (python3 -c "from scipy.stats import t; print(t.ppf(0.975, 3))", SciPy 1.17.1).
 */
const PATTERNS: Record<string, number[]> = { '1': [1, 2, 3], '0.5': [1, 3, 2], '-0.5': [2, 3, 1], '-1': [3, 2, 1] };
const run = (runId: number, method: string, foldR: string[]): CvRunPredictions => ({
  runId,
  method,
  pipeline: 'nf-auto-train',
  scheme: 'CV1',
  predictions: foldR.flatMap((r, index) => PATTERNS[r]!.map((predicted, at) => ({ id: `L${index}${at}`, trait: 'yield', repeat: 1, fold: index + 1, observed: at + 1, predicted, environment: '' }))),
});
const runs = [run(7, 'A', ['1', '0.5', '0.5', '1']), run(8, 'B', ['0.5', '-1', '0.5', '0.5']), run(9, 'C', ['0.5', '-0.5', '-0.5', '0.5'])];

describe('a cross-validation benchmark’s board', () => {
  const rows = predictionBoardRows(runs);

  it('summarises r over the folds as mean [95 % CI] by the corrected resampled t, best first', () => {
    expect(rows.map((row) => [row.method, row.scheme, row.trait, row.folds, row.runIds])).toEqual([
      ['A', 'CV1', 'yield', 4, [7]],
      ['B', 'CV1', 'yield', 4, [8]],
      ['C', 'CV1', 'yield', 4, [9]],
    ]);
    // A: r = 1, 0.5, 0.5, 1: mean 0.75, sd √(0.25/3) = 0.288675…, half-width 3.182446 · 0.288675 · 0.763763 = 0.701663.
    const a = rows[0]!;
    expect(a.r.mean).toBeCloseTo(0.75, 12);
    expect(a.r.sd).toBeCloseTo(0.28867513459481287, 12);
    expect(a.r.low).toBeCloseTo(0.04833654295012502, 10);
    expect(a.r.high).toBeCloseTo(1.451663457049875, 10);
    // ρ equals r on three untied points; RMSE per fold 0, √(2/3), √(2/3), 0; bias (slope) 1, 0.5, 0.5, 1.
    expect(a.rho.mean).toBeCloseTo(0.75, 12);
    expect(a.rmse.mean).toBeCloseTo(Math.sqrt(2 / 3) / 2, 12);
    expect(a.bias.mean).toBeCloseTo(0.75, 12);
    expect(rows[1]!.r.mean).toBeCloseTo(0.125, 12);
  });

  it('compares each method with the best over the same folds, and calls them different only when the interval excludes 0', () => {
    const compared = compareWithBest(rows);
    expect(compared.map((row) => [row.method, row.best, row.comparison?.different ?? null])).toEqual([
      ['A', 'A', null],
      ['B', 'A', false],
      ['C', 'A', true],
    ]);
    // B − A = −0.5, −1.5, 0, −0.5: mean −0.625, sd 0.629153, interval [−2.154240, 0.904240] holds 0.
    const b = compared[1]!.comparison!;
    expect([b.mean, b.low, b.high]).toEqual([expect.closeTo(-0.625, 12), expect.closeTo(-2.1542400508278985, 10), expect.closeTo(0.9042400508278985, 10)]);
    // C − A = −0.5, −1, −1, −0.5: mean −0.75, interval [−1.451663, −0.048337] excludes 0.
    const c = compared[2]!.comparison!;
    expect([c.mean, c.low, c.high]).toEqual([expect.closeTo(-0.75, 12), expect.closeTo(-1.451663457049875, 10), expect.closeTo(-0.04833654295012502, 10)]);
  });

  it('pairs only the folds both methods were scored on', () => {
    const partial = run(10, 'D', ['1', '1', '1']);
    const compared = compareWithBest(predictionBoardRows([runs[0]!, partial]));
    expect(compared.find((row) => row.method === 'A')!.comparison!.unpaired).toBe(1);
  });

  it('widens by n_test/n_train of the scheme: 1/(k − 1), and 1/(k − 1)² for CV00', () => {
    expect(testTrainRatio('CV1', 5)).toBe(0.25);
    expect(testTrainRatio('CV00', 5)).toBe(1 / 16);
  });
});
