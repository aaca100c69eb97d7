import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { structuredPopulation } from '../../../tests/fixtures/gdip-mlm/structured-population.ts';
import { centredKinship, createMixedScanner, genomicControl } from './mixed-scan.ts';
import { createScanner } from './scan.ts';

// GEMMA 0.98.5's `-gk 1` then `-lmm 1` on the structured population (two subpopulations of
// full-sib families, 300 × 2,000): tests/fixtures/gdip-mlm/make-expected.sh wrote the fixture.
const FIXTURE = path.resolve('tests/fixtures/gdip-mlm');
const gemmaRows = gunzipSync(fs.readFileSync(path.join(FIXTURE, 'gemma.assoc.txt.gz')))
  .toString()
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => line.split('\t'));
const gemmaLog = fs.readFileSync(path.join(FIXTURE, 'gemma.log.txt'), 'utf8');
const logged = (name: string) => Number(new RegExp(`## ${name} estimate in the null model = +(\\S+)`).exec(gemmaLog)![1]);

const population = structuredPopulation();
const n = population.individuals;
const columns = Array.from({ length: population.markers }, (_, k) => Float64Array.from(population.genotypes.subarray(k * n, (k + 1) * n)));
const kinship = centredKinship(columns, n);
const intercept = [new Float64Array(n).fill(1)];
const relative = (ours: number, theirs: string) => Math.abs(ours - Number(theirs)) / Math.abs(Number(theirs));

describe('the mixed-model scan on a structured population', () => {
  it('fits the null model as GEMMA does: its vg, ve and pve to the digits it prints', () => {
    const { nullModel } = createMixedScanner(population.phenotype, intercept, kinship, 'exact');
    expect(relative(nullModel.vg, String(logged('vg')))).toBeLessThan(2e-6);
    expect(relative(nullModel.ve, String(logged('ve')))).toBeLessThan(2e-6);
    expect(relative(nullModel.pve, String(logged('pve')))).toBeLessThan(2e-6);
  });

  it("gives GEMMA's β, SE, p_wald and per-marker REML λ for every marker (exact test)", () => {
    const { scan } = createMixedScanner(population.phenotype, intercept, kinship, 'exact');
    const worst = { beta: 0, se: 0, p: 0, lambda: 0 };
    for (const [k, row] of gemmaRows.entries()) {
      expect(row[1]).toBe(`m${k + 1}`);
      const result = scan(columns[k]!)!;
      worst.beta = Math.max(worst.beta, relative(result.beta, row[7]!));
      worst.se = Math.max(worst.se, relative(result.se, row[8]!));
      worst.lambda = Math.max(worst.lambda, relative(result.lambda, row[10]!));
      worst.p = Math.max(worst.p, relative(result.p, row[11]!));
    }
    // GEMMA prints 7 significant digits (relative rounding up to 5e-7 for a leading 1, 5e-6 at worst).
    expect(worst.beta).toBeLessThan(5e-6);
    expect(worst.se).toBeLessThan(1e-6);
    expect(worst.p).toBeLessThan(1e-6);
    expect(worst.lambda).toBeLessThan(1e-6);
  });

  it('corrects the inflation of the plain scan: genomic-control λ near 1 where the plain one is far above', () => {
    const mixed = createMixedScanner(population.phenotype, intercept, kinship, 'exact').scan;
    const p3d = createMixedScanner(population.phenotype, intercept, kinship, 'p3d').scan;
    const plain = createScanner(population.phenotype, intercept);
    const pValues = { plain: [] as number[], exact: [] as number[], p3d: [] as number[] };
    for (const column of columns) {
      pValues.plain.push(plain(column)!.p);
      pValues.exact.push(mixed(column)!.p);
      pValues.p3d.push(p3d(column)!.p);
    }
    expect(genomicControl(pValues.plain)).toBeGreaterThan(3);
    expect(genomicControl(pValues.exact)).toBeGreaterThan(0.9);
    expect(genomicControl(pValues.exact)).toBeLessThan(1.1);
    expect(genomicControl(pValues.p3d)).toBeGreaterThan(0.9);
    expect(genomicControl(pValues.p3d)).toBeLessThan(1.1);
  });

  it('P3D tests every marker at the null model’s λ, which differs little from the exact test away from large effects', () => {
    const exact = createMixedScanner(population.phenotype, intercept, kinship, 'exact');
    const p3d = createMixedScanner(population.phenotype, intercept, kinship, 'p3d');
    for (const column of columns.slice(0, 50)) {
      const approximate = p3d.scan(column)!;
      expect(approximate.lambda).toBe(p3d.nullModel.lambda);
      const reference = exact.scan(column)!;
      expect(Math.abs(approximate.beta - reference.beta)).toBeLessThan(0.05 * reference.se);
    }
  });

  it('leaves out a marker the fixed effects already contain', () => {
    const { scan } = createMixedScanner(population.phenotype, intercept, kinship, 'exact');
    expect(scan(new Float64Array(n).fill(2))).toBeNull();
  });

  it('tests markers rotated four at a time exactly as one by one, a constant one left out', () => {
    const { scan, scanMany } = createMixedScanner(population.phenotype, intercept, kinship, 'exact');
    const markers = [...columns.slice(0, 6), new Float64Array(n).fill(1), columns[6]!];
    const many = scanMany(markers);
    expect(many[6]).toBeNull();
    for (const [index, marker] of markers.entries()) {
      if (index === 6) continue;
      const single = scan(marker)!;
      expect(Math.abs(many[index]!.beta - single.beta)).toBeLessThan(1e-12 * Math.abs(single.se));
      expect(Math.abs(many[index]!.lambda - single.lambda)).toBeLessThan(1e-9 * single.lambda);
    }
  });
});
