import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { scratchFiles, table, testContext } from '../../_shared/testing.ts';
import { run } from './main.ts';
import type { Params } from './params.generated.ts';
import { EVOSTATS_FIXTURE } from '../../../tests/fixtures/pipeline-params.ts';

/** tests/fixtures/evostats: expected values from vcftools 0.1.16, plink 1.9 and hudson_fst.py (see its README). */
const FIXTURES = path.resolve('tests/fixtures/evostats');
const EXPECTED = path.join(FIXTURES, 'expected');
const POPULATIONS = ['north', 'south', 'coast', 'all'];

async function evostats(params: Partial<Params> = {}) {
  const context = testContext({ ...EVOSTATS_FIXTURE, ...params });
  await run(context);
  const rows = (file: string) => {
    const [header, ...body] = table(context.read(`evostats/structured.${file}`));
    return body.map((cells) => Object.fromEntries(header!.map((name, index) => [name, cells[index]!])));
  };
  return { context, rows };
}

const expectedRows = (file: string, separator: RegExp = /\t/) => {
  const [header, ...body] = fs
    .readFileSync(path.join(EXPECTED, file), 'utf8')
    .trim()
    .split('\n')
    .map((line) => line.trim().split(separator));
  return body.map((cells) => Object.fromEntries(header!.map((name, index) => [name, cells[index]!])));
};

/** vcftools prints six significant digits. */
const closeTo = (actual: string | undefined, expected: string, relative = 1e-5) => {
  if (expected === 'nan' || expected === '-nan') return expect(actual).toBe('NA');
  const value = Number(actual);
  const want = Number(expected);
  expect(Math.abs(value - want), `${actual} vs ${expected}`).toBeLessThanOrEqual(Math.max(Math.abs(want) * relative, 1e-9));
};

describe('Evostats against vcftools, plink and scikit-allel’s definitions', () => {
  let sliding: Awaited<ReturnType<typeof evostats>>;
  let weir: Awaited<ReturnType<typeof evostats>>;
  beforeAll(async () => {
    sliding = await evostats();
    weir = await evostats({ fst_estimator: 'weir_cockerham' });
  });

  it('π in sliding windows equals vcftools --window-pi 100000 --window-pi-step 50000, per population', () => {
    const windows = sliding.rows('windows.tsv');
    for (const population of POPULATIONS) {
      const expected = expectedRows(`${population}.windowed.pi`);
      expect(expected.length).toBeGreaterThan(40);
      for (const row of expected) {
        const ours = windows.find((window) => window.population === population && window.chrom === row.CHROM && window.start === row.BIN_START);
        expect(ours, `${population} ${row.CHROM}:${row.BIN_START}`).toBeDefined();
        expect(ours!.end).toBe(row.BIN_END);
        expect(ours!.n_variants).toBe(row.N_VARIANTS);
        closeTo(ours!.pi, row.PI!);
      }
    }
  });

  it('Tajima’s D in 100 kb windows equals vcftools --TajimaD 100000, per population', async () => {
    const { rows } = await evostats({ window_step_kb: 100, statistics: 'tajima' });
    const windows = rows('windows.tsv');
    for (const population of POPULATIONS) {
      for (const row of expectedRows(`${population}.Tajima.D`)) {
        // vcftools' bins start at 0 (0-based); ours at 1, as its --window-pi (no site sits on an edge).
        const ours = windows.find((window) => window.population === population && window.chrom === row.CHROM && Number(window.start) === Number(row.BIN_START) + 1);
        if (row.N_SNPS === '0') continue;
        expect(ours, `${population} ${row.CHROM}:${row.BIN_START}`).toBeDefined();
        expect(ours!.n_segregating).toBe(row.N_SNPS);
        closeTo(ours!.tajima_d, row.TajimaD!);
      }
    }
  });

  it('observed and expected heterozygosity per site equal plink --hardy O(HET) and E(HET)', () => {
    const sites = sliding.rows('site_stats.tsv');
    for (const population of POPULATIONS) {
      const expected = expectedRows(`${population}.hwe`, /\s+/);
      expect(expected.length).toBeGreaterThan(600);
      for (const row of expected) {
        const ours = sites.find((site) => site.id === row.SNP && site.population === population)!;
        // plink prints four decimals.
        expect(Math.abs(Number(ours.ho) - Number(row['O(HET)']))).toBeLessThanOrEqual(5e-5 + 1e-12);
        expect(Math.abs(Number(ours.he) - Number(row['E(HET)']))).toBeLessThanOrEqual(5e-5 + 1e-12);
      }
    }
  });

  it('Weir & Cockerham’s Fst equals vcftools --weir-fst-pop, in windows and genome-wide', () => {
    const windows = weir.rows('fst_windows.tsv');
    const genome = weir.rows('fst_genome.tsv');
    for (const [one, two] of [
      ['north', 'south'],
      ['north', 'coast'],
      ['south', 'coast'],
    ]) {
      for (const row of expectedRows(`wc_${one}_${two}.windowed.weir.fst`)) {
        const ours = windows.find((window) => window.population_1 === one && window.population_2 === two && window.chrom === row.CHROM && window.start === row.BIN_START)!;
        expect(ours.n_sites).toBe(row.N_VARIANTS);
        closeTo(ours.fst, row.WEIGHTED_FST!);
        closeTo(ours.mean_fst, row.MEAN_FST!);
      }
      const log = fs.readFileSync(path.join(EXPECTED, `wc_${one}_${two}.genome.txt`), 'utf8');
      const mean = Number(/mean Fst estimate: (\S+)/.exec(log)![1]);
      const weighted = Number(/weighted Fst estimate: (\S+)/.exec(log)![1]);
      const ours = genome.find((row) => row.population_1 === one && row.population_2 === two)!;
      // The log rounds to five decimals.
      expect(Math.abs(Number(ours.fst) - weighted)).toBeLessThanOrEqual(5e-6);
      expect(Math.abs(Number(ours.mean_fst) - mean)).toBeLessThanOrEqual(5e-6);
    }
  });

  it('Hudson’s Fst equals scikit-allel’s definition (nansum(num) / nansum(den)), in windows and genome-wide', () => {
    const windows = sliding.rows('fst_windows.tsv');
    const genome = sliding.rows('fst_genome.tsv');
    const expected = expectedRows('hudson.tsv');
    expect(expected.length).toBeGreaterThan(100);
    for (const row of expected) {
      const ours =
        row.chrom === 'all'
          ? genome.find((line) => line.population_1 === row.population_1 && line.population_2 === row.population_2)
          : windows.find((line) => line.population_1 === row.population_1 && line.population_2 === row.population_2 && line.chrom === row.chrom && line.start === row.start);
      expect(ours, JSON.stringify(row)).toBeDefined();
      closeTo(ours!.fst, row.fst!, 1e-7);
    }
  });

  it('reports each step as a process and summarises the genome', () => {
    expect(sliding.context.processes).toEqual(['READ_INPUTS', 'ALLELE_FREQUENCIES', 'WINDOW_STATISTICS', 'FST', 'SUMMARY']);
    const summary = JSON.parse(sliding.context.read('evostats/structured.summary.json'));
    expect(Object.keys(summary.populations)).toEqual(POPULATIONS);
    expect(summary.populations.north.samples).toBe(24);
    expect(summary.fst).toHaveLength(3);
  });
});

describe('inputs Evostats cannot use are named with the fix', () => {
  const write = scratchFiles('evostats');

  it.each([
    ['no population column', 'sample,group\nNOR001,north\n', /needs the columns sample and population/],
    ['a sample in two populations', 'sample,population\nNOR001,north\nNOR001,south\n', /row 3: sample NOR001 is in north \(row 2\) and in south/],
    ['no sample of the VCF', 'sample,population\nX1,north\nX2,south\n', /None of the 2 samples of .* is in the VCF \(first in the map: X1, X2; first in the VCF: NOR001/],
    ['a population called all', 'sample,population\nNOR001,all\n', /"all" names the statistics over every sample/],
  ])('%s', async (_, text, message) => {
    await expect(evostats({ populations: write('populations.csv', text) })).rejects.toThrow(message);
  });

  it('Fst with one population', async () => {
    await expect(evostats({ populations: write('one.csv', 'sample,population\nNOR001,north\nNOR002,north\n') })).rejects.toThrow(/Fst needs two or more populations/);
  });

  it('a step larger than the window', async () => {
    await expect(evostats({ window_size_kb: 50, window_step_kb: 100 })).rejects.toThrow(/window_step_kb \(100\) is larger than window_size_kb \(50\)/);
  });
});
