/**
 * Repeats for `npm run bench` (issue #36, point 6): every timed figure is measured three times and
 * printed as min, median and max, and a ratio is taken within each repeat (ours and theirs measured
 * back to back), so one slow moment on a shared machine cannot make a figure or a ratio.
 */

/** How many times each timed figure is measured; `BENCH_REPEATS` overrides the three. */
export const REPEATS = Math.max(1, Number(process.env.BENCH_REPEATS ?? 3));

export interface Spread {
  min: number;
  median: number;
  max: number;
  values: number[];
}

export function spread(values: number[]): Spread {
  if (values.length === 0) throw new Error('spread of no values');
  const sorted = [...values].sort((a, b) => a - b);
  return { min: sorted[0]!, median: sorted[Math.floor((sorted.length - 1) / 2)]!, max: sorted[sorted.length - 1]!, values };
}

/** Runs `measure` REPEATS times, one after another, and returns each repeat's result. */
export async function repeat<T>(measure: (index: number) => Promise<T> | T, times = REPEATS): Promise<T[]> {
  const results: T[] = [];
  for (let index = 0; index < times; index += 1) results.push(await measure(index));
  return results;
}

/** The milliseconds `work` takes, timed `times` times one after another. */
export async function timed(work: () => unknown, times = REPEATS): Promise<Spread> {
  const spent: number[] = [];
  for (let index = 0; index < times; index += 1) {
    const started = performance.now();
    await work();
    spent.push(performance.now() - started);
  }
  return spread(spent);
}

/** The spread of one field over the repeats. */
export const spreadOf = <T>(results: T[], field: (result: T) => number): Spread => spread(results.map(field));

/** The spread of ours / theirs, each ratio taken within one repeat; null where a repeat lacks theirs. */
export function ratioSpread<T>(results: T[], ours: (result: T) => number, theirs: (result: T) => number | null): Spread | null {
  const ratios: number[] = [];
  for (const result of results) {
    const other = theirs(result);
    if (other === null || other <= 0) return null;
    ratios.push(ours(result) / other);
  }
  return spread(ratios);
}

/** "0.84 s (min 0.80, max 0.91)": the median first, then the range; one repeat prints just the figure. */
export function formatSpread(value: Spread, digits: number, unit = ''): string {
  const figure = (x: number) => x.toFixed(digits);
  const unitPart = unit ? ` ${unit}` : '';
  if (value.values.length === 1) return `${figure(value.median)}${unitPart}`;
  return `${figure(value.median)}${unitPart} (min ${figure(value.min)}, max ${figure(value.max)}, n=${value.values.length})`;
}

/** "4.10× (3.90–4.30)". */
export function formatRatio(value: Spread | null, digits = 2): string {
  if (value === null) return 'n/a';
  if (value.values.length === 1) return `${value.median.toFixed(digits)}×`;
  return `${value.median.toFixed(digits)}× (${value.min.toFixed(digits)}–${value.max.toFixed(digits)})`;
}
