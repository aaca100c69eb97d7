import { describe, expect, it } from 'vitest';
import { seededRandom as uniform } from '../../src/contract/cv-folds.ts';
import { remlLambda } from './ridge.ts';

/** n individuals × p markers coded 0/1/2, their kernel ZZ' and a trait of genetic values plus noise of `noiseSd`. */
function population(n: number, p: number, noiseSd: number, seed: number) {
  const random = uniform(seed);
  const z = Array.from({ length: n }, () => Array.from({ length: p }, () => Math.floor(random() * 3)));
  const effects = Array.from({ length: p }, () => random() - 0.5);
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const y = Float64Array.from(z, (row) => row.reduce((sum, code, j) => sum + code * effects[j]!, 0) + noiseSd * normal());
  const kernel = new Float64Array(n * n);
  for (let i = 0; i < n; i += 1) for (let j = 0; j < n; j += 1) kernel[i * n + j] = z[i]!.reduce((sum, code, k) => sum + code * z[j]![k]!, 0);
  return { view: { kernel, size: n, rows: [...Array(n).keys()] }, y, intercept: [new Float64Array(n).fill(1)] };
}

describe('the REML estimate’s genomic heritability', () => {
  it('is the markers’ share of the variance the fixed effects leave, from the same σu² and σe²', () => {
    const { view, y, intercept } = population(120, 40, 1, 7);
    const estimate = remlLambda(view, intercept, y);
    // tr(SKS)/(n − 1) with S centring (the intercept alone): K's mean diagonal less its grand mean.
    const n = view.size;
    let diagonal = 0;
    let total = 0;
    for (let i = 0; i < n; i += 1) {
      diagonal += view.kernel[i * n + i]!;
      for (let j = 0; j < n; j += 1) total += view.kernel[i * n + j]!;
    }
    const scale = (diagonal - total / n) / (n - 1);
    const genetic = estimate.sigmaU2 * scale;
    expect(estimate.heritability).toBeCloseTo(genetic / (genetic + estimate.sigmaE2), 10);
    expect(estimate.heritability).toBeGreaterThan(0.2);
    expect(estimate.heritability).toBeLessThan(0.98);
    expect(estimate.atBound).toBe(false);
  });

  it('is 1 at the edge of the search when the markers give the trait exactly, and near 0 when they give none of it', () => {
    const exact = population(120, 40, 0, 11);
    const fitted = remlLambda(exact.view, exact.intercept, exact.y);
    expect(fitted.atBound).toBe(true);
    expect(fitted.heritability).toBeGreaterThan(0.999999);

    // A trait drawn apart from the markers.
    const draw = uniform(13);
    const unrelated = Float64Array.from({ length: 120 }, () => draw());
    expect(remlLambda(exact.view, exact.intercept, unrelated).heritability).toBeLessThan(0.2);
  });
});
