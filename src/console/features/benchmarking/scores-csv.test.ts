import { describe, expect, it } from 'vitest';
import type { AssociationTest, KnownQtl } from '../../../contract/benchmark-metrics';
import { scoreMethods } from './discovery-scores';
import { scoreModel } from './prediction-data';
import type { RunCost } from '../../../contract/run-costs';
import { compareWithBest, predictionBoardRows } from './prediction-summary';
import { summariseCosts } from './run-costs';
import { discoveryScoresCsv, predictionBoardCsv, predictionScoresCsv } from './scores-csv';

const test = (marker: string, position: number, minusLog10P: number, trait = 'yield'): AssociationTest => ({ marker, chromosome: '1', position, trait, minusLog10P });
const qtl: KnownQtl[] = [
  { marker: 'q1', chromosome: '1', position: 10_000_000, trait: 'yield', effect: 0.8 },
  { marker: 'q2', chromosome: '1', position: 20_000_000, trait: 'yield', effect: -0.5 },
];

describe('the discovery scores CSV', () => {
  // One true hit (q1), one false hit 5 Mb from q2, q2 missed: precision 0.5, recall 0.5, F1 0.5 under a 1 Mb window.
  const tests = [test('a1', 10_000_000, 12), test('a2', 25_000_000, 7), test('a3', 30_000_000, 1)];

  it('writes a row per method and trait with the window and the rule', () => {
    const { rows } = scoreMethods([{ name: 'gwas_a', tests, skipped: 0, problems: [] }], qtl, { kind: 'threshold', minusLog10P: 5 }, 1_000_000);
    const lines = discoveryScoresCsv(rows, 1, '−log10 p ≥ 5').split('\n');
    expect(lines[0]).toBe('method,trait,tests,hits,known_qtl,true_positives,false_positives,false_negatives,precision,recall,f1,window_mb,rule');
    expect(lines[1]).toBe('gwas_a,yield,3,2,2,1,1,1,0.5,0.5,0.5,1,−log10 p ≥ 5');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('');
  });

  it('writes NA for a precision that has no value (nothing called; F1 is then 0)', () => {
    const { rows } = scoreMethods([{ name: 'gwas_a', tests, skipped: 0, problems: [] }], qtl, { kind: 'threshold', minusLog10P: 50 }, 1_000_000);
    expect(discoveryScoresCsv(rows, 1, 'strict').split('\n')[1]).toBe('gwas_a,yield,3,0,2,0,0,2,NA,0,0,1,strict');
  });

  it('protects a method or trait name that a spreadsheet would run as a formula, and quotes commas', () => {
    const methods = ['=HYPERLINK("http://example.org","x")', '+1+cmd', '-2+3', '@SUM(A1)', 'plain, with comma'].map((name) => ({ name, tests, skipped: 0, problems: [] }));
    const { rows } = scoreMethods(methods, qtl, { kind: 'threshold', minusLog10P: 5 }, 1_000_000);
    const firstCells = discoveryScoresCsv(rows, 1, 'rule')
      .split('\n')
      .slice(1, -1)
      .map((line) => line.slice(0, line.indexOf(',yield,')));
    expect(firstCells).toEqual([`"'=HYPERLINK(""http://example.org"",""x"")"`, "'+1+cmd", "'-2+3", "'@SUM(A1)", '"plain, with comma"']);
  });

  it('leaves negative numbers alone: they are values, not formulas', () => {
    const { rows } = scoreMethods([{ name: 'gwas_a', tests, skipped: 0, problems: [] }], qtl, { kind: 'threshold', minusLog10P: 5 }, 1_000_000);
    expect(discoveryScoresCsv(rows, -1, 'rule').split('\n')[1]).toMatch(/,-1,rule$/);
  });
});

describe('the prediction scores CSV', () => {
  const predictions = [
    { id: 'g1', trait: 'yield', prediction: 1, fold: '1' },
    { id: 'g2', trait: 'yield', prediction: 2, fold: '1' },
    { id: 'g3', trait: 'yield', prediction: 3, fold: '2' },
    { id: 'g4', trait: 'yield', prediction: 4, fold: '2' },
  ];
  const observed = new Map([
    [
      'yield',
      new Map([
        ['g1', 1],
        ['g2', 2],
        ['g3', 3],
        ['g4', 4],
      ]),
    ],
  ]);

  it('writes a row for all individuals and one per fold, with a leaderboard’s rank and benchmark in front', () => {
    const scores = scoreModel('=cmd|calc', predictions, observed);
    const lines = predictionScoresCsv(scores, [[1, '-benchmark, first']]).split('\n');
    expect(lines[0]).toBe('rank,benchmark,model,trait,fold,n,pearson_r,spearman_rho,rmse,bias_slope,intercept');
    expect(lines[1]).toBe(`1,"'-benchmark, first",'=cmd|calc,yield,all,4,1,1,0,1,0`);
    expect(lines[2]).toMatch(/,yield,1,2,/);
    expect(lines[3]).toMatch(/,yield,2,2,/);
    expect(lines).toHaveLength(5);
  });

  it('writes NA where a score has no value, without the leaderboard columns when there is no lead', () => {
    const constant = predictions.map((row) => ({ ...row, prediction: 1, fold: null }));
    const lines = predictionScoresCsv(scoreModel('flat', constant, observed)).split('\n');
    expect(lines[0]).toBe('model,trait,fold,n,pearson_r,spearman_rho,rmse,bias_slope,intercept');
    expect(lines[1]).toMatch(/^flat,yield,all,4,NA,NA,[\d.]+,NA,NA$/);
  });
});

describe('the cross-validation board CSV', () => {
  // Two methods on 2 folds of 2 records: A predicts each fold perfectly (r 1), B backwards in fold 2 (r 1, −1).
  const fold = (fold: number, predicted: number[]) => predicted.map((value, at) => ({ id: `g${fold}${at}`, trait: 'yield', repeat: 1, fold, observed: at + 1, predicted: value, environment: '' }));
  const runs = [
    { runId: 3, method: 'A', pipeline: 'nf-gdip', scheme: 'CV1', predictions: [...fold(1, [1, 2]), ...fold(2, [1, 2])] },
    { runId: 4, method: '=B', pipeline: 'nf-auto-train', scheme: 'CV1', predictions: [...fold(1, [1, 2]), ...fold(2, [2, 1])] },
  ];

  it('writes each row’s mean, sd and interval per metric, and its paired difference from the best', () => {
    const rows = predictionBoardRows(runs);
    const lines = predictionBoardCsv(rows, compareWithBest(rows)).split('\n');
    expect(lines[0]).toBe(
      'scheme,method,pipeline,trait,folds,r_mean,r_sd,r_low,r_high,rho_mean,rho_sd,rho_low,rho_high,rmse_mean,rmse_sd,rmse_low,rmse_high,bias_mean,bias_sd,bias_low,bias_high,best,r_minus_best_mean,r_minus_best_sd,r_minus_best_low,r_minus_best_high,differs_from_best,run_ids',
    );
    // A: r 1 in both folds (sd 0, a zero-width interval); the best, so no difference.
    expect(lines[1]).toBe('CV1,A,nf-gdip,yield,2,1,0,1,1,1,0,1,1,0,0,0,0,1,0,1,1,A,NA,NA,NA,NA,NA,3');
    // B: r 1 and −1; its name is protected as a cell that would run as a formula.
    expect(lines[2]).toMatch(/^CV1,'=B,nf-auto-train,yield,2,0,1\.414\d+,/);
    expect(lines[2]).toMatch(/,A,-1,1\.414\d+,-?[\d.]+,[\d.]+,false,4$/);
  });

  it('adds each row’s runs’ mean wall time, CPU time and peak memory when the costs are known', () => {
    const rows = predictionBoardRows(runs);
    const costs = new Map<number, RunCost>([[3, { runId: 3, status: 'SUCCEEDED', wallMs: 72_000, cpuMs: 140_000, peakRssBytes: 2 ** 30, tasks: 2, tasksReported: 2, cachedTasks: 0 }]]);
    const lines = predictionBoardCsv(rows, compareWithBest(rows), (row) => summariseCosts(row.runIds, costs)).split('\n');
    expect(lines[0]).toMatch(/,run_ids,wall_ms,cpu_ms,peak_rss_bytes$/);
    expect(lines[1]).toMatch(/,3,72000,140000,1073741824$/);
    expect(lines[2]).toMatch(/,4,NA,NA,NA$/);
  });
});
