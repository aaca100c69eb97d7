import { describe, expect, it } from 'vitest';
import type { AssociationTest, KnownQtl } from '../../../contract/benchmark-metrics';
import { type Method, ruleText, scoreAcrossDatasets, scoreMethods } from './discovery-scores';

const marker = (trait: string, position: number, minusLog10P: number): AssociationTest => ({ marker: `${trait}${position}`, chromosome: '1', position, trait, minusLog10P });
const qtl = (trait: string, position: number): KnownQtl => ({ marker: `q${trait}${position}`, chromosome: '1', position, trait, effect: 1 });
const method = (name: string, tests: AssociationTest[]): Method => ({ name, tests, skipped: 0, problems: [] });
const rule = { kind: 'threshold', minusLog10P: 5 } as const;

describe('scores per method and trait', () => {
  // yield: one true hit, one false; height: its one QTL found.
  const tests = [marker('yield', 1_000_000, 9), marker('yield', 50_000_000, 8), marker('height', 5_000_000, 7)];
  const known = [qtl('yield', 1_000_000), qtl('height', 5_200_000)];

  it('follows a method’s traits with its total, all traits pooled from the summed counts', () => {
    const { rows, totals } = scoreMethods([method('gwas', tests)], known, rule, 1_000_000);
    expect(rows.map((row) => [row.trait, row.total])).toEqual([
      ['height', false],
      ['yield', false],
      ['all traits', true],
    ]);
    // Pooled: TP 2, FP 1, 2 known QTL → precision 2/3, recall 1.
    expect(totals[0]).toMatchObject({ method: 'gwas', truePositives: 2, falsePositives: 1, knownQtl: 2, recall: 1 });
    expect(totals[0]!.precision).toBeCloseTo(2 / 3);
  });

  it('leaves a null trait (no known QTL) out of the total: it is scored by its type I error', () => {
    const { rows, totals } = scoreMethods([method('gwas', [...tests, marker('noise', 9_000_000, 9)])], known, rule, 1_000_000);
    expect(rows.find((row) => row.trait === 'noise')).toMatchObject({ hits: 1, falsePositives: 1, knownQtl: 0 });
    expect(totals[0]).toMatchObject({ trait: 'traits with known QTL', hits: 3, truePositives: 2, falsePositives: 1 });
  });

  it('gives a method with one trait no total row, but still a total to compare', () => {
    const { rows, totals } = scoreMethods([method('gwas', tests.slice(0, 2))], known.slice(0, 1), rule, 1_000_000);
    expect(rows).toHaveLength(1);
    expect(totals).toHaveLength(1);
  });
});

describe('scores across datasets', () => {
  it('gives each method’s precision per trait as mean ± sd over the datasets, and its pooled F1', () => {
    const known = [qtl('yield', 1_000_000)];
    const datasets = [
      // Precision 1, then 0.5.
      { name: 'rep1', methods: [method('gwas', [marker('yield', 1_000_000, 9)])], qtl: { name: 'q1.csv', rows: known, skipped: 0, problems: [] } },
      { name: 'rep2', methods: [method('gwas', [marker('yield', 1_000_000, 9), marker('yield', 60_000_000, 9)])], qtl: { name: 'q2.csv', rows: known, skipped: 0, problems: [] } },
    ];
    const across = scoreAcrossDatasets(datasets, rule, 1_000_000);
    expect(across.names).toEqual(['gwas']);
    expect(across.rows).toHaveLength(1);
    expect(across.rows[0]).toMatchObject({ method: 'gwas', trait: 'yield', datasets: 2 });
    expect(across.rows[0]!.precision.mean).toBeCloseTo(0.75);
    expect(across.rows[0]!.precision.sd).toBeCloseTo(Math.SQRT1_2 / 2);
    // F1: 1 and 2/3.
    expect(across.pooledF1[0]!.mean).toBeCloseTo(5 / 6);
  });
});

describe('the rule as a reader says it', () => {
  it('names each rule with its cut-off', () => {
    expect(ruleText(rule)).toBe('−log10 p ≥ 5');
    expect(ruleText({ kind: 'bonferroni', alpha: 0.05 })).toBe('Bonferroni α = 0.05');
    expect(ruleText({ kind: 'fdr', q: 0.1 })).toBe('FDR (Benjamini–Hochberg) q = 0.1');
  });
});
