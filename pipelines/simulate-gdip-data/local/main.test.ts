import { describe, expect, it } from 'vitest';
import { SIMULATE_GDIP_DATA_FIXTURE } from '../../../tests/fixtures/pipeline-params.ts';
import { testContext } from '../../_shared/testing.ts';
import { run, simulateDataset } from './main.ts';

/**
 * No GWAS-data simulator is packaged for Debian (GAPIT's and AlphaSimR's are on CRAN only), so
 * the simulation is held to population genetics instead: the heritability it is given, Fst
 * between subpopulations near the one asked, linkage disequilibrium that decays with distance,
 * QTL at usable frequencies, and the same datasets from the same seed.
 */
const PARAMS = SIMULATE_GDIP_DATA_FIXTURE;

const correlation = (x: number[], y: number[]) => {
  const mx = x.reduce((a, b) => a + b, 0) / x.length;
  const my = y.reduce((a, b) => a + b, 0) / y.length;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  x.forEach((value, i) => {
    sxy += (value - mx) * (y[i]! - my);
    sxx += (value - mx) ** 2;
    syy += (y[i]! - my) ** 2;
  });
  return sxy / Math.sqrt(sxx * syy);
};

describe('simulate GDIP data', () => {
  const dataset = simulateDataset(PARAMS, 11);
  const n = PARAMS.individuals;
  const dosage = (marker: number) => Array.from(dataset.dosages.subarray(marker * n, (marker + 1) * n));

  it('lays the markers on chromosomes in proportion to their lengths, in order', () => {
    const chr1 = dataset.markers.filter((marker) => marker.chromosome === 'chr1');
    expect(chr1.length).toBeCloseTo((2000 * 100) / 150, -1);
    expect(chr1.every((marker, i) => i === 0 || marker.position >= chr1[i - 1]!.position)).toBe(true);
    expect(Math.max(...dataset.markers.filter((marker) => marker.chromosome === 'chr2').map((marker) => marker.position))).toBeLessThanOrEqual(50e6);
  });

  it('gives each trait its heritability (genetic over phenotypic variance) and its QTL at a MAF of 5 % or more', () => {
    dataset.variances.forEach((variance, t) => {
      expect(variance.genetic / (variance.genetic + variance.residual)).toBeCloseTo([0.3, 0.8][t]!, 10);
      // The phenotypes' own variance: genetic + a residual drawn at that variance (sampling noise ~ 7 %).
      const values = Array.from(dataset.phenotypes[t]!);
      const mean = values.reduce((a, b) => a + b, 0) / n;
      const total = values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (n - 1);
      expect(total / (variance.genetic + variance.residual)).toBeGreaterThan(0.8);
      expect(total / (variance.genetic + variance.residual)).toBeLessThan(1.2);
    });
    expect(dataset.qtl).toHaveLength(20);
    expect(new Set(dataset.qtl.map((one) => one.marker)).size).toBe(20);
    for (const one of dataset.qtl) {
      const frequency = dosage(one.marker).reduce((a, b) => a + b, 0) / (2 * n);
      expect(Math.min(frequency, 1 - frequency)).toBeGreaterThanOrEqual(0.05);
    }
  });

  it('has linkage disequilibrium that decays with distance', () => {
    const chr1 = dataset.markers.map((marker, index) => ({ ...marker, index })).filter((marker) => marker.chromosome === 'chr1');
    const r2At = (minMb: number, maxMb: number) => {
      const values: number[] = [];
      for (let i = 0; i < chr1.length && values.length < 300; i += 1) {
        const partner = chr1.find((other) => other.position - chr1[i]!.position >= minMb * 1e6 && other.position - chr1[i]!.position < maxMb * 1e6);
        if (!partner) continue;
        const r = correlation(dosage(chr1[i]!.index), dosage(partner.index));
        if (Number.isFinite(r)) values.push(r * r);
      }
      return values.reduce((a, b) => a + b, 0) / values.length;
    };
    const near = r2At(0, 0.2);
    const far = r2At(20, 40);
    expect(near).toBeGreaterThan(0.3);
    expect(far).toBeLessThan(near / 3);
  });

  it('differentiates subpopulations by about the Fst asked (Hudson’s estimator over markers)', () => {
    const structured = simulateDataset({ ...PARAMS, subpopulations: 2, fst: 0.1, ld_generations: 1000 }, 5);
    let numerator = 0;
    let denominator = 0;
    for (let j = 0; j < structured.markers.length; j += 1) {
      const half = n / 2;
      let a = 0;
      let b = 0;
      for (let i = 0; i < half; i += 1) a += structured.dosages[j * n + i]!;
      for (let i = half; i < n; i += 1) b += structured.dosages[j * n + i]!;
      const p1 = a / (2 * half);
      const p2 = b / (2 * half);
      numerator += (p1 - p2) ** 2 - (p1 * (1 - p1)) / (2 * half - 1) - (p2 * (1 - p2)) / (2 * half - 1);
      denominator += p1 * (1 - p2) + p2 * (1 - p1);
    }
    // Two draws of founder haplotypes add their own drift: within a factor of two of 0.1.
    expect(numerator / denominator).toBeGreaterThan(0.05);
    expect(numerator / denominator).toBeLessThan(0.2);
  });

  it('gives the same datasets for the same seed, and writes each replicate as a VCF, phenotypes and known QTL', async () => {
    expect(simulateDataset(PARAMS, 11).dosages).toEqual(dataset.dosages);
    expect(simulateDataset(PARAMS, 12).dosages).not.toEqual(dataset.dosages);
    const context = testContext({ ...PARAMS, individuals: 50, markers: 300 });
    await run(context);
    expect(context.processes).toEqual(['SIMULATE', 'SIMULATE']);
    for (const replicate of [1, 2]) {
      expect(context.read(`replicate_${replicate}/genotypes.vcf`).startsWith('##fileformat=VCFv4')).toBe(true);
      expect(context.read(`replicate_${replicate}/phenotypes.csv`).split('\n')[0]).toBe('id,trait1,trait2');
      expect(context.read(`replicate_${replicate}/known_qtl.csv`).trim().split('\n')).toHaveLength(21);
    }
    expect(context.read('simulation_summary.csv').trim().split('\n')).toHaveLength(5);
  });

  it('says plainly when too few markers can carry the QTL asked for', () => {
    expect(() => simulateDataset({ ...PARAMS, markers: 15, qtl_per_trait: 10 }, 1)).toThrow(/markers have a minor allele frequency of at least 5 %, and 20 QTL are asked for/);
  });
});
