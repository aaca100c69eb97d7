import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testContext } from '../../_shared/testing.ts';
import { run } from './main.ts';
import type { Params } from './params.generated.ts';

/**
 * No reference tool for a breeding-programme simulation is packaged for Debian (AlphaSimR is on
 * CRAN only), so the simulation is held to quantitative genetics instead: the heritability it is
 * given, the breeder's equation (offspring mean = mean breeding value of the parents), no
 * expected gain without selection, heterozygosity lost at the drift rate of its parents, and
 * genomic prediction that beats chance.
 */
const DEFAULTS: Params = {
  n_founders: 200,
  n_chromosomes: 4,
  qtl_per_chromosome: 25,
  heritability: 0.4,
  generations: 4,
  selection_method: 'phenotype',
  selected_parents: 20,
  crosses_per_generation: 100,
  replicates: 12,
  seed: 7,
};

/** A row of simulation/generations.csv, its columns found by the header. */
function generationRow(header: string[], row: string[]) {
  const value = (column: string) => Number(row[header.indexOf(column)]);
  return {
    replicate: value('replicate'),
    generation: value('generation'),
    mean_tbv: value('mean_tbv'),
    genetic_variance: value('genetic_variance'),
    selection_accuracy: value('selection_accuracy'),
    selection_differential: value('selection_differential'),
    selected_tbv_gain: value('selected_tbv_gain'),
    expected_heterozygosity: value('expected_heterozygosity'),
    inbreeding: value('inbreeding'),
  };
}

async function simulate(params: Partial<Params> = {}) {
  const context = testContext({ ...DEFAULTS, ...params });
  await run(context);
  const [header, ...rows] = context
    .read('simulation/generations.csv')
    .trim()
    .split('\n')
    .map((line) => line.split(','));
  const records = rows.map((row) => generationRow(header!, row));
  return { context, records, at: (generation: number) => records.filter((record) => record.generation === generation) };
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

describe('Multigen sims follows quantitative genetics', () => {
  it('gives the founders the heritability asked for, in units of their genetic SD', async () => {
    const { context, at } = await simulate({ generations: 1, replicates: 20, n_founders: 400 });
    const founders = at(0);
    // Every replicate phenotypes the same founders anew: σA² = 1, σP² = 1 / h².
    expect(mean(founders.map((record) => record.genetic_variance))).toBeCloseTo(1, 6);
    const phenotypes = context
      .read('simulation/final_phenotypes.csv')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(',').map(Number));
    expect(phenotypes.length).toBe(100);
    // Phenotypic selection's accuracy is √h² ≈ 0.63.
    expect(mean(founders.map((record) => record.selection_accuracy))).toBeGreaterThan(0.55);
    expect(mean(founders.map((record) => record.selection_accuracy))).toBeLessThan(0.71);
  });

  it('obeys the breeder’s equation: the offspring’s mean breeding value is their parents’', async () => {
    const { at } = await simulate({ generations: 1, replicates: 30 });
    const gen0 = at(0);
    const gen1 = at(1);
    const response = gen1.map((record, index) => record.mean_tbv - gen0[index]!.mean_tbv);
    const parentsGain = gen0.map((record) => record.selected_tbv_gain);
    // Mendelian sampling and unequal use of parents only add noise around R = mean TBV of the parents.
    expect(Math.abs(mean(response) - mean(parentsGain))).toBeLessThan(0.06);
    // And R = h² S in expectation.
    const predicted = mean(gen0.map((record) => 0.4 * record.selection_differential));
    expect(mean(response) / predicted).toBeGreaterThan(0.85);
    expect(mean(response) / predicted).toBeLessThan(1.15);
  });

  it('without selection the mean does not move, and heterozygosity is lost at the drift rate', async () => {
    const { at } = await simulate({ selection_method: 'random', generations: 6, replicates: 30, selected_parents: 10 });
    const change = at(6).map((record, index) => record.mean_tbv - at(0)[index]!.mean_tbv);
    const standardError = Math.sqrt(change.reduce((sum, value) => sum + (value - mean(change)) ** 2, 0) / (change.length - 1) / change.length);
    expect(Math.abs(mean(change))).toBeLessThan(3 * standardError);
    // 10 parents a generation: Ne ≈ 10, so about 1/(2·10) of the heterozygosity goes each generation.
    const start = mean(at(0).map((record) => record.expected_heterozygosity));
    const end = mean(at(6).map((record) => record.expected_heterozygosity));
    const expected = (1 - 1 / 20) ** 6;
    expect(end / start).toBeGreaterThan(expected - 0.08);
    expect(end / start).toBeLessThan(expected + 0.08);
  });

  it('selection on GEBVs from markers off the QTL beats chance and gains', async () => {
    const { at, records } = await simulate({ selection_method: 'gebv', replicates: 4, generations: 3 });
    expect(mean(records.filter((record) => record.generation > 0).map((record) => record.selection_accuracy))).toBeGreaterThan(0.3);
    expect(mean(at(3).map((record, index) => record.mean_tbv - at(0)[index]!.mean_tbv))).toBeGreaterThan(1);
    expect(mean(at(3).map((record) => record.inbreeding))).toBeGreaterThan(mean(at(0).map((record) => record.inbreeding)));
  });

  it('is the same for the same seed, writes its tables, and takes founders from a VCF', async () => {
    const first = await simulate({ replicates: 2, generations: 2 });
    const second = await simulate({ replicates: 2, generations: 2 });
    expect(second.context.read('simulation/generations.csv')).toBe(first.context.read('simulation/generations.csv'));
    expect(first.context.read('simulation/summary.csv').split('\n')[0]).toBe(
      'generation,replicates,genetic_gain,genetic_gain_sd,mean_tbv,genetic_variance,inbreeding,expected_heterozygosity,selection_accuracy',
    );
    expect(first.context.read('simulation/true_qtl.csv').trim().split('\n')).toHaveLength(1 + 4 * 25);
    expect(first.context.processes).toEqual(['FOUNDERS', 'BREEDING_PROGRAMME', 'BREEDING_PROGRAMME', 'SUMMARY']);

    const founders = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-multigen-')), 'founders.vcf');
    fs.writeFileSync(founders, first.context.read('simulation/founders.vcf'));
    const fromVcf = await simulate({ founders, replicates: 2, generations: 2 });
    expect(fromVcf.context.lines.join('\n')).toMatch(/Founders from founders\.vcf: 200 samples, 500 SNPs on 4 chromosomes/);
    expect(fromVcf.at(2)).toHaveLength(2);
  });

  it('says when there are fewer individuals than parents to select', async () => {
    await expect(simulate({ selected_parents: 150, n_founders: 100 })).rejects.toThrow(/selected_parents \(150\) is more than the 100 individuals a generation has \(founders\)/);
  });
});
