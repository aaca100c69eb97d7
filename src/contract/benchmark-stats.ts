// With its extension: the pipelines import this file under Node's type stripping (GDIP's CV interval).
import { tQuantile } from './student-t.ts';

/**
 * How sure a benchmark's figures are: a metric over repeats, folds or replicates summarised as
 * mean, sd and a confidence interval, and two methods compared on the same folds or replicates.
 * Formulas and citations are in the docs' metric references (/docs/reference/metrics/…).
 *
 * - Replicates (independent simulated datasets): Student's t interval, mean ± t(1 − α/2, n − 1) · sd/√n.
 * - Repeated k-fold cross-validation: the folds share training individuals, so their scores are not
 *   independent and the plain t interval is too narrow. The corrected resampled t of Nadeau &
 *   Bengio (2003), as used for repeated k-fold by Bouckaert & Frank (2004), widens the variance to
 *   (1/J + n_test/n_train) · s² over the J = repeats × folds scores; for k folds n_test/n_train is 1/(k − 1).
 */

export interface Summary {
  /** Finite values summarised (others are left out). */
  n: number;
  mean: number | null;
  /** Sample standard deviation (n − 1); null below two values. */
  sd: number | null;
  /** The interval's ends at `level`; null below two values. */
  low: number | null;
  high: number | null;
  level: number;
}

export interface SummaryOptions {
  /** Coverage of the interval: 0.95 unless said. */
  level?: number;
  /** n_test/n_train of a resampling design (1/(k − 1) for k-fold): asks for the corrected resampled t. */
  testTrainRatio?: number;
}

const finite = (values: Iterable<number | null | undefined>) => [...values].filter((value): value is number => typeof value === 'number' && Number.isFinite(value));

/**
 * n_test/n_train of a scheme's folds, for the corrected resampled t: 1/(k − 1) when a fold holds
 * out 1/k of the lines, records or environments; CV00 tests 1/k of the lines in 1/k of the
 * environments and trains on the other (k − 1)/k of each, so (1/k²)/((k − 1)/k)² = 1/(k − 1)².
 */
export const testTrainRatio = (scheme: string, folds: number) => (scheme === 'CV00' ? 1 / (folds - 1) ** 2 : 1 / (folds - 1));

/** Mean, sd and a t interval of the finite values. */
export function summarise(values: Iterable<number | null | undefined>, options: SummaryOptions = {}): Summary {
  const level = options.level ?? 0.95;
  const kept = finite(values);
  const n = kept.length;
  if (n === 0) return { n, mean: null, sd: null, low: null, high: null, level };
  const mean = kept.reduce((sum, value) => sum + value, 0) / n;
  if (n < 2) return { n, mean, sd: null, low: null, high: null, level };
  const sd = Math.sqrt(kept.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (n - 1));
  const spread = options.testTrainRatio === undefined ? 1 / n : 1 / n + options.testTrainRatio;
  const half = tQuantile(1 - (1 - level) / 2, n - 1) * sd * Math.sqrt(spread);
  return { n, mean, sd, low: mean - half, high: mean + half, level };
}

export interface PairedComparison extends Summary {
  /** Keys scored by only one of the two, left out of the pairing. */
  unpaired: number;
  /** True when the interval of the differences excludes 0: only then are the two called different. */
  different: boolean;
}

/**
 * The differences a − b over the keys (fold, repeat or replicate) both were scored on, summarised
 * as above: two methods differ only when that interval excludes 0.
 */
export function comparePaired(a: ReadonlyMap<string, number | null>, b: ReadonlyMap<string, number | null>, options: SummaryOptions = {}): PairedComparison {
  const differences: number[] = [];
  let unpaired = 0;
  for (const [key, value] of a) {
    const other = b.get(key);
    if (typeof value === 'number' && Number.isFinite(value) && typeof other === 'number' && Number.isFinite(other)) differences.push(value - other);
    else unpaired += 1;
  }
  for (const key of b.keys()) if (!a.has(key)) unpaired += 1;
  const summary = summarise(differences, options);
  const different = summary.low !== null && summary.high !== null && (summary.low > 0 || summary.high < 0);
  return { ...summary, unpaired, different };
}

/** "0.600 [0.352, 0.848]", or the mean alone without an interval. */
export function formatInterval(summary: Summary, digits = 3): string {
  if (summary.mean === null) return '—';
  const mean = summary.mean.toFixed(digits);
  if (summary.low === null || summary.high === null) return mean;
  return `${mean} [${summary.low.toFixed(digits)}, ${summary.high.toFixed(digits)}]`;
}
