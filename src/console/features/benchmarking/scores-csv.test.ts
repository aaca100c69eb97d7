import { describe, expect, it } from 'vitest';
import type { AssociationTest, KnownQtl } from '../../../contract/benchmark-metrics';
import { scoreMethods } from './discovery-scores';
import { scoreModel } from './prediction-data';
import { discoveryScoresCsv, predictionScoresCsv } from './scores-csv';

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
