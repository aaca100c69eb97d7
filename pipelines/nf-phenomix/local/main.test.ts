import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { records, scratchFiles, type TestContext, testContext } from '../../_shared/testing.ts';
import { run } from './main.ts';
import type { Params } from './params.generated.ts';
import { PHENOMIX_FIXTURE } from '../../../tests/fixtures/pipeline-params.ts';

/** tests/fixtures/phenomix: expected values from lme4 1.1.31 on R 4.2.2 (see its README). */
const FIXTURES = path.resolve('tests/fixtures/phenomix');
const write = scratchFiles('phenomix');
const relative = (actual: number, expected: number) => Math.abs(actual - expected) / Math.max(Math.abs(expected), 1e-12);

async function phenomix(params: Partial<Params> = {}) {
  const context = testContext({ ...PHENOMIX_FIXTURE, ...params });
  await run(context);
  return context;
}

describe('Phenomix against lme4', () => {
  let context: TestContext<Params>;
  beforeAll(async () => {
    context = await phenomix();
  });
  const expected = () => records(fs.readFileSync(path.join(FIXTURES, 'expected/variance_components.csv'), 'utf8'));

  it('reaches lme4’s REML optimum and variance components', () => {
    const summary = JSON.parse(context.read('phenomix/summary.json'));
    const ours = records(context.read('phenomix/variance_components.csv'));
    for (const row of expected()) {
      const trait = row.trait!;
      if (row.component === 'reml_blup') expect(summary.traits[trait].remlCriterion.blup).toBeLessThanOrEqual(Number(row.value) + 1e-6);
      else if (row.component === 'reml_blue') expect(summary.traits[trait].remlCriterion.blue).toBeLessThanOrEqual(Number(row.value) + 1e-6);
      else if (!row.component!.startsWith('h2')) {
        const value = Number(ours.find((line) => line.trait === trait && line.component === row.component)!.variance);
        expect(relative(value, Number(row.value)), `${trait} ${row.component}`).toBeLessThan(1e-4);
      }
    }
  });

  it('has lme4’s BLUEs and BLUPs', () => {
    const ours = records(context.read('phenomix/blues_blups_long.csv'));
    const rows = records(fs.readFileSync(path.join(FIXTURES, 'expected/blues_blups.csv'), 'utf8'));
    expect(rows).toHaveLength(120);
    for (const row of rows) {
      const line = ours.find((entry) => entry.accession === row.accession && entry.trait === row.trait)!;
      expect(Math.abs(Number(line.blue) - Number(row.blue))).toBeLessThan(1e-5);
      expect(Math.abs(Number(line.blup) - Number(row.blup))).toBeLessThan(1e-4);
    }
    expect(context.read('phenomix/blues.csv').split('\n')[0]).toBe('id,yield,height');
  });

  it('has Cullis’ and the standard entry-mean heritability', () => {
    const heritability = records(context.read('phenomix/heritability.csv'));
    for (const row of expected().filter((line) => line.component!.startsWith('h2'))) {
      const line = heritability.find((entry) => entry.trait === row.trait)!;
      expect(Math.abs(Number(line[row.component!]) - Number(row.value)), `${row.trait} ${row.component}`).toBeLessThan(1e-4);
    }
  });

  it('flags the gross errors by their scaled residuals (lme4’s Pearson residuals), and refits without them', async () => {
    const residuals = records(fs.readFileSync(path.join(FIXTURES, 'expected/scaled_residuals.csv'), 'utf8')).filter((row) => row.trait === 'yield');
    const worst = residuals.filter((row) => Math.abs(Number(row.scaled_residual)) > 3.5).map((row) => row.plot);
    expect(worst.length).toBeGreaterThanOrEqual(2);
    const cleaned = await phenomix({ outlier_method: 'studentized_residuals' });
    const outliers = records(cleaned.read('phenomix/outliers.csv')).filter((row) => row.flagged === 'true' && row.trait === 'yield');
    const trial = records(fs.readFileSync(path.join(FIXTURES, 'trial.csv'), 'utf8'));
    expect(outliers.map((row) => trial[Number(row.row) - 2]!.plot).sort()).toEqual([...worst].sort());
    for (const row of outliers) {
      const plot = trial[Number(row.row) - 2]!.plot;
      expect(Number(row.scaled_residual)).toBeCloseTo(Number(residuals.find((line) => line.plot === plot)!.scaled_residual), 4);
    }
    // Without the slipped decimals the residual variance falls to near the simulated 0.2.
    const variance = records(cleaned.read('phenomix/variance_components.csv')).find((row) => row.trait === 'yield' && row.component === 'residual')!;
    expect(Number(variance.variance)).toBeLessThan(0.4);
    const iqr = await phenomix({ outlier_method: 'iqr', outlier_threshold: 3 });
    expect(records(iqr.read('phenomix/outliers.csv')).filter((row) => row.flagged === 'true' && row.trait === 'yield').length).toBeGreaterThanOrEqual(2);
  });
});

describe('designs and files Phenomix adapts to or refuses', () => {
  it('one environment: no G×E term, and the heritability of a single trial', async () => {
    const lines = fs.readFileSync(path.join(FIXTURES, 'trial.csv'), 'utf8').trim().split('\n');
    const one = write('one.csv', `${[lines[0], ...lines.slice(1).filter((line) => line.includes(',Toluca,'))].join('\n')}\n`);
    const context = await phenomix({ input: one, traits: 'height' });
    const summary = JSON.parse(context.read('phenomix/summary.json'));
    expect(summary.traits.height.terms).toEqual(['accession', 'environment:rep']);
    expect(summary.traits.height.heritability.cullis).toBeGreaterThan(0.3);
  });

  it.each([
    [{ accession_column: 'genotype' }, /has no column genotype \(accession_column\); its columns are plot, accession/],
    [{ traits: 'protein' }, /has no trait column protein/],
  ])('%j', async (params, message) => {
    await expect(phenomix(params as Partial<Params>)).rejects.toThrow(message);
  });
});
