/**
 * Thresholds compared exactly. A parameter such as `min_maf = 0.1` is the decimal 1/10, but
 * the double nearest it is not, and `1 − 0.9` is 0.09999999999999998: comparing frequencies
 * in floating point drops sites that sit exactly on a threshold. Counts are integers, so
 * `count / total ≥ 0.1` is decided as `count × 10 ≥ 1 × total` in integers.
 */

export interface Fraction {
  numerator: bigint;
  denominator: bigint;
}

/** The decimal a number is written as (its shortest round-trip form), as an exact fraction. */
export function decimalFraction(value: number): Fraction {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`A threshold must be a finite number ≥ 0, not ${value}.`);
  const match = /^(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/.exec(String(value));
  if (!match) throw new RangeError(`Cannot read ${value} as a decimal.`);
  const [, whole, fraction = '', exponentText = '0'] = match;
  const digits = BigInt(`${whole}${fraction}`);
  const exponent = Number(exponentText) - fraction.length;
  return exponent >= 0 ? { numerator: digits * 10n ** BigInt(exponent), denominator: 1n } : { numerator: digits, denominator: 10n ** BigInt(-exponent) };
}

/**
 * Whether `count × denominator` against `numerator × total` can be compared as doubles: a product
 * of whole numbers is exact while it stays at most 2^53 − 1, which covers any count of samples or
 * alleles against a threshold of a few decimals; past that the comparison falls back to BigInt.
 * (The sites loop calls these once per site: a BigInt per call was most of the filter's time.)
 */
const exactProducts = (left: number, right: number) => left <= Number.MAX_SAFE_INTEGER && right <= Number.MAX_SAFE_INTEGER;

/** `count / total ≥ threshold`, exactly. */
export function atLeast(count: number, total: number, threshold: Fraction): boolean {
  const left = count * Number(threshold.denominator);
  const right = Number(threshold.numerator) * total;
  if (exactProducts(left, right)) return left >= right;
  return BigInt(count) * threshold.denominator >= threshold.numerator * BigInt(total);
}

/** `count / total ≤ threshold`, exactly. */
export function atMost(count: number, total: number, threshold: Fraction): boolean {
  const left = count * Number(threshold.denominator);
  const right = Number(threshold.numerator) * total;
  if (exactProducts(left, right)) return left <= right;
  return BigInt(count) * threshold.denominator <= threshold.numerator * BigInt(total);
}
