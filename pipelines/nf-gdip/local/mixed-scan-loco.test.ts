import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { largeStructuredPopulation } from '../../../tests/fixtures/gdip-mlm/structured-population.ts';
import { centredKinship, createMixedScanner, genomicControl, locoKinships } from './mixed-scan.ts';
import { createScanner } from './scan.ts';

// GEMMA 0.98.5's `-gk 1` then `-lmm 1` on 500 individuals (two subpopulations of 25 full-sib
// families) × 10,000 markers on five chromosomes, with one kinship and leaving each chromosome
// out (`-loco`): tests/fixtures/gdip-mlm/make-expected-loco.sh wrote both fixtures (marker, beta,
// se, l_remle, p_wald; GEMMA prints 7 significant digits).
const FIXTURE = path.resolve('tests/fixtures/gdip-mlm');
const gemma = (name: string) =>
  new Map(
    gunzipSync(fs.readFileSync(path.join(FIXTURE, name)))
      .toString()
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => {
        const [marker, beta, se, lambda, p] = line.split('\t').map(String);
        return [marker!, { beta: Number(beta), se: Number(se), lambda: Number(lambda), p: Number(p) }];
      }),
  );

const population = largeStructuredPopulation();
const n = population.individuals;
const columns = Array.from({ length: population.markers }, (_, k) => Float64Array.from(population.genotypes.subarray(k * n, (k + 1) * n)));
const chromosomes = columns.map((_, k) => String(population.chromosome(k)));
const intercept = [new Float64Array(n).fill(1)];
const relative = (ours: number, theirs: number) => Math.abs(ours - theirs) / Math.abs(theirs);

/** The largest relative difference from GEMMA over the markers scanned, per statistic. */
function worstAgainst(expected: Map<string, { beta: number; se: number; lambda: number; p: number }>, scanned: Array<{ marker: number; beta: number; se: number; lambda: number; p: number }>) {
  const worst = { beta: 0, se: 0, lambda: 0, p: 0, compared: 0 };
  for (const result of scanned) {
    const row = expected.get(`m${result.marker + 1}`)!;
    worst.beta = Math.max(worst.beta, relative(result.beta, row.beta));
    worst.se = Math.max(worst.se, relative(result.se, row.se));
    worst.lambda = Math.max(worst.lambda, relative(result.lambda, row.lambda));
    worst.p = Math.max(worst.p, relative(result.p, row.p));
    worst.compared += 1;
  }
  return worst;
}

describe('the mixed-model scan of 500 × 10,000 against GEMMA, with one kinship and leaving each chromosome out', { timeout: 120_000 }, () => {
  it("gives GEMMA's β, SE, p_wald and REML λ for every marker with the kinship of all markers", () => {
    const scanner = createMixedScanner(population.phenotype, intercept, centredKinship(columns, n), 'exact');
    const scanned = scanner.scanMany(columns).map((result, marker) => ({ marker, ...result! }));
    const worst = worstAgainst(gemma('gemma-500x10000.assoc.txt.gz'), scanned);
    expect(worst.compared).toBe(10_000);
    // GEMMA prints 7 significant digits (relative rounding up to 5e-7 for a leading 1; 5e-7 was reached).
    expect(worst.beta).toBeLessThan(1e-6);
    expect(worst.se).toBeLessThan(1e-6);
    expect(worst.lambda).toBeLessThan(1e-6);
    expect(worst.p).toBeLessThan(1e-6);
  });

  it("gives GEMMA's -loco results: each chromosome's markers tested against the kinship of the other four", () => {
    const scanned: Array<{ marker: number; beta: number; se: number; lambda: number; p: number }> = [];
    const plain = createScanner(population.phenotype, intercept);
    const pValues = { plain: [] as number[], loco: [] as number[] };
    let chromosomesSeen = 0;
    for (const { markers, kinship } of locoKinships(columns, chromosomes, n)) {
      chromosomesSeen += 1;
      const results = createMixedScanner(population.phenotype, intercept, kinship, 'exact').scanMany(markers.map((marker) => columns[marker]!));
      for (const [position, marker] of markers.entries()) {
        scanned.push({ marker, ...results[position]! });
        pValues.loco.push(results[position]!.p);
        pValues.plain.push(plain(columns[marker]!)!.p);
      }
    }
    expect(chromosomesSeen).toBe(5);
    const worst = worstAgainst(gemma('gemma-500x10000-loco.assoc.txt.gz'), scanned);
    expect(worst.compared).toBe(10_000);
    expect(worst.beta).toBeLessThan(1e-6);
    expect(worst.se).toBeLessThan(1e-6);
    expect(worst.lambda).toBeLessThan(1e-6);
    expect(worst.p).toBeLessThan(1e-6);
    // The plain scan is inflated by the structure; the LOCO scan is not.
    expect(genomicControl(pValues.plain)).toBeGreaterThan(3);
    expect(genomicControl(pValues.loco)).toBeGreaterThan(0.9);
    expect(genomicControl(pValues.loco)).toBeLessThan(1.15);
  });

  it('refuses leave-one-chromosome-out on markers of a single chromosome, saying why and what to do', () => {
    expect(() => locoKinships(columns.slice(0, 10), Array(10).fill('1'), n).next()).toThrow(/at least two chromosomes.*Turn kinship_loco off/);
  });
});
