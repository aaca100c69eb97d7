import { describe, expect, it } from 'vitest';
import type { AssociationTest, KnownQtl } from '../../../contract/benchmark-metrics';
import type { RunSummary } from '../../../contract/runs';
import type { DiscoveryOccasion, PredictionRun } from './dataset-board-loading';
import { crossValidationRows, detectionCsv, detectionRows, parseSort, predictionCsv, predictionRows, sortRows } from './dataset-board-rows';
import type { Method } from './discovery-scores';
import type { Prediction } from './prediction-data';

const MB = 1_000_000;
const known: KnownQtl[] = [{ marker: 'q1', chromosome: '1', position: MB, trait: 'yield', effect: 1 }];
const test = (position: number, minusLog10P: number): AssociationTest => ({ marker: `m${position}`, chromosome: '1', position, trait: 'yield', minusLog10P });
const method = (name: string, runId: number, tests: AssociationTest[]): Method => ({ name, runId, tests, skipped: 0, problems: [] });
const occasion = (groupId: number | null, methods: Method[]): DiscoveryOccasion => ({
  key: groupId ? `group:${groupId}` : `run:${methods[0]!.runId}`,
  groupId,
  groupName: groupId ? `Bench ${groupId}` : null,
  scored: { name: groupId ? `group:${groupId}` : `run:${methods[0]!.runId}`, methods, qtl: { name: 'known_qtl.csv', rows: known, skipped: 0, problems: [] } },
});

describe('detection rows', () => {
  // gwas finds q1 in both benchmarks (area 1); blup calls a marker 30 Mb away first (FDR 1/2 at q1: area 1/2 + … < 1).
  const occasions = [
    occasion(7, [method('gwas', 71, [test(MB, 9), test(30 * MB, 2)]), method('blup', 72, [test(30 * MB, 9), test(MB, 8)])]),
    occasion(8, [method('gwas', 81, [test(MB, 9), test(30 * MB, 2)])]),
  ];
  const rows = detectionRows(occasions, MB, { kind: 'threshold', minusLog10P: 5 });

  it('gives each method its runs and the benchmarks they belong to, its area at the window and its F1 over its runs', () => {
    expect(rows.map((row) => [row.method, row.runIds, row.benchmarks.map((benchmark) => benchmark.name)])).toEqual([
      ['gwas', [71, 81], ['Bench 7', 'Bench 8']],
      ['blup', [72], ['Bench 7']],
    ]);
    expect(rows[0]!.auc).toMatchObject({ n: 2, mean: 1 });
    expect(rows[0]!.f1).toMatchObject({ n: 2, mean: 1, sd: 0 });
    // One run: the value alone, no interval.
    expect(rows[1]!.f1).toMatchObject({ n: 1, low: null, high: null });
    expect(rows[1]!.auc.mean!).toBeLessThan(1);
  });

  it('writes the rows as CSV: each figure’s mean, interval and n, NA for what is missing, the runs and benchmarks', () => {
    const csv = detectionCsv('sim rep 1', rows, MB, '−log10 p ≥ 5').split('\r\n');
    expect(csv[0]).toBe(
      'dataset,method,window_bp,rule,auc_mean,auc_low,auc_high,auc_n,f1_mean,f1_low,f1_high,f1_n,power_mean,power_low,power_high,power_n,fdr_mean,fdr_low,fdr_high,fdr_n,type_i_error_mean,type_i_error_low,type_i_error_high,type_i_error_n,wall_ms_mean,wall_ms_low,wall_ms_high,wall_ms_n,cpu_ms_mean,cpu_ms_low,cpu_ms_high,cpu_ms_n,peak_rss_bytes_mean,peak_rss_bytes_low,peak_rss_bytes_high,peak_rss_bytes_n,runs,run_ids,benchmarks',
    );
    expect(csv[1]).toMatch(/^sim rep 1,gwas,1000000,−log10 p ≥ 5,1,1,1,2,1,1,1,2,1,1,1,2,0,0,0,2,NA,NA,NA,0,NA,NA,NA,0,NA,NA,NA,0,NA,NA,NA,0,2,71 81,Bench 7; Bench 8$/);
  });
});

const run = (id: number, groupId: number | null): RunSummary =>
  ({ id, name: `cv_${id}`, pipelineId: 'nf-auto-train', groupId, groupName: groupId ? `Bench ${groupId}` : null, labels: [], status: 'SUCCEEDED' }) as unknown as RunSummary;

/** Three lines a fold, observed 1, 2, 3: predicted in order (r = 1) or reversed (r = −1). */
function fold(name: string, reversed: boolean): { predictions: Prediction[]; observed: Array<[string, number]> } {
  const ids = [1, 2, 3].map((index) => `${name}_${index}`);
  return {
    predictions: ids.map((id, index) => ({ id, trait: 'yield', prediction: reversed ? 3 - index : index + 1, fold: name })),
    observed: ids.map((id, index) => [id, index + 1]),
  };
}

describe('prediction rows', () => {
  const folds = [fold('1', false), fold('2', false), fold('3', true)];
  const observed = new Map([['yield', new Map(folds.flatMap((entry) => entry.observed))]]);
  const cv: PredictionRun = {
    key: 'group:9',
    groupId: 9,
    groupName: 'Bench 9',
    run: run(91, 9),
    scheme: 'CV1',
    models: [{ name: 'ridge', predictions: folds.flatMap((entry) => entry.predictions), observed }],
  };
  const rows = predictionRows([cv], null);

  it('summarises the fold scores with the corrected resampled t: 3 folds, r = 1, 1, −1', () => {
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ method: 'ridge', pipeline: 'nf-auto-train', scheme: 'CV1', trait: 'yield', folds: 3, runIds: [91], benchmarks: [{ id: 9, name: 'Bench 9' }] });
    // By hand: mean 1/3, sd √(4/3); k = 3 folds so n_test/n_train = 1/2; J = 3 scores:
    // half-width t(0.975, 2) · sd · √(1/3 + 1/2) = 4.302653 · 1.154701 · 0.912871 = 4.535394
    // (t(0.975, 2) as SciPy's stats.t.ppf(0.975, 2) gives it: 4.302652729911275).
    const { r } = rows[0]!;
    expect(r.mean).toBeCloseTo(1 / 3, 12);
    expect(r.sd).toBeCloseTo(Math.sqrt(4 / 3), 12);
    expect(r.high! - r.mean!).toBeCloseTo(4.535394, 5);
    expect(rows[0]!.bias.mean).toBeCloseTo(1 / 3, 12);
  });

  it('widens a CV00 board by its own n_test/n_train, 1/(k − 1)², as the benchmark page does', () => {
    const [row] = predictionRows([{ ...cv, scheme: 'CV00' }], null);
    // t(0.975, 2) · sd · √(1/3 + 1/4) = 4.302653 · 1.154701 · 0.763763 = 3.794583.
    expect(row!.r.high! - row!.r.mean!).toBeCloseTo(3.794583, 5);
  });

  it('without folds, summarises over the runs with the plain t', () => {
    const whole = (id: number, reversed: boolean): PredictionRun => ({
      ...cv,
      key: `run:${id}`,
      groupId: null,
      groupName: null,
      run: run(id, null),
      scheme: 'validation set',
      models: [{ name: 'ridge', predictions: fold('1', reversed).predictions.map((row) => ({ ...row, fold: null })), observed: null }],
    });
    const [row] = predictionRows([whole(1, false), whole(2, false), whole(3, true)], new Map([['yield', new Map(fold('1', false).observed)]]));
    expect(row).toMatchObject({ scheme: 'validation set', folds: 0, runIds: [1, 2, 3], benchmarks: [] });
    // Half-width t(0.975, 2) · √(4/3) / √3 = 2.868435.
    expect(row!.r.high! - row!.r.mean!).toBeCloseTo(2.868435, 5);
    expect(predictionCsv('validation', [row!]).split('\r\n')[1]).toMatch(/^validation,ridge,nf-auto-train,validation set,yield,0,0\.333/);
  });
});

describe('cross-validation rows', () => {
  it('are predictionBoardRows’ with the benchmarks of their runs, oldest first', () => {
    const predictions = [1, 2, 3].flatMap((fold) =>
      [1, 2, 3].map((index) => ({ id: `${fold}_${index}`, trait: 'yield', repeat: 1, fold, observed: index, predicted: fold === 3 ? 4 - index : index, environment: '' })),
    );
    const runs = [
      { runId: 12, method: 'rrblup', pipeline: 'nf-gdip', scheme: 'CV1', predictions },
      { runId: 5, method: 'rrblup', pipeline: 'nf-gdip', scheme: 'CV1', predictions },
    ];
    const groupOf = new Map([
      [12, { id: 4, name: 'Later' }],
      [5, { id: 2, name: 'Earlier' }],
    ]);
    const [row] = crossValidationRows(runs, groupOf);
    expect(row).toMatchObject({ method: 'rrblup', scheme: 'CV1', trait: 'yield', runIds: [5, 12], benchmarks: [{ name: 'Earlier' }, { name: 'Later' }] });
    expect(row).not.toHaveProperty('perFold');
    // Folds r = 1, 1, −1 (each run's records pooled per fold): mean 1/3.
    expect(row!.r.mean).toBeCloseTo(1 / 3, 12);
  });
});

describe('sorting', () => {
  const rows = [
    { name: 'b', value: 2 },
    { name: 'a', value: null },
    { name: 'c', value: 10 },
  ];
  const by = (row: (typeof rows)[number], key: 'name' | 'value') => row[key];

  it('sorts numbers either way with missing values last, and names in natural order', () => {
    expect(sortRows(rows, { key: 'value', order: 'desc' }, by).map((row) => row.name)).toEqual(['c', 'b', 'a']);
    expect(sortRows(rows, { key: 'value', order: 'asc' }, by).map((row) => row.name)).toEqual(['b', 'c', 'a']);
    expect(sortRows(rows, { key: 'name', order: 'asc' }, by).map((row) => row.name)).toEqual(['a', 'b', 'c']);
  });

  it('reads the sort from the address, falling back to the default for anything not offered', () => {
    const keys = ['auc', 'f1'] as const;
    const fallback = { key: 'auc' as const, order: 'desc' as const };
    expect(parseSort('f1:asc', keys, fallback)).toEqual({ key: 'f1', order: 'asc' });
    expect(parseSort('f1', keys, fallback)).toEqual({ key: 'f1', order: 'desc' });
    expect(parseSort('drop table:asc', keys, fallback)).toEqual(fallback);
    expect(parseSort(null, keys, fallback)).toEqual(fallback);
  });
});
