import type { ReportNumber } from '../../../contract/reports';

/** A report's number as shown: whole numbers as they are, others to the digits the pipeline declares; a missing one as a dash. */
export function formatReportNumber(value: number | null, digits = 4): string {
  if (value === null) return '—';
  if (Number.isInteger(value) || digits === 0) return Math.round(value).toLocaleString('en');
  const magnitude = Math.abs(value);
  if (magnitude !== 0 && (magnitude < 1e-4 || magnitude >= 1e6)) return value.toExponential(Math.max(digits - 1, 0));
  return String(Number(value.toPrecision(digits)));
}

export const formatNumberOf = (number: Pick<ReportNumber, 'value' | 'digits'>) => formatReportNumber(number.value, number.digits);

/** “95 % CI 0.431 to 0.590”, to the number's digits, or that the pipeline wrote none (a single fold has no interval). */
export function formatIntervalOf(number: Pick<ReportNumber, 'interval' | 'digits'>): string {
  if (!number.interval) return '';
  const { low, high, level } = number.interval;
  if (low === null || high === null) return `${Math.round(level * 100)} % CI not computed`;
  return `${Math.round(level * 100)} % CI ${formatReportNumber(low, number.digits)} to ${formatReportNumber(high, number.digits)}`;
}

const WRITTEN_NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
const WHOLE_NUMBER = /^[-+]?\d+$/;
/** What a pipeline writes where a number is missing: left as written. */
const MISSING = new Set(['', 'NA', 'NaN', 'nan', 'null']);

/**
 * Which columns of a report table hold measurements: every filled cell a number and at least one
 * with decimals. Their cells show to the digits of the summary numbers above them, not the 8
 * decimals a pipeline writes; a column of whole numbers (positions, counts, ids such as 007) and
 * any column with text in it stay as written.
 */
export function measuredColumns(rows: readonly string[][], columnCount: number): boolean[] {
  return Array.from({ length: columnCount }, (_, column) => {
    const cells = rows.map((row) => row[column] ?? '').filter((cell) => !MISSING.has(cell));
    return cells.length > 0 && cells.every((cell) => WRITTEN_NUMBER.test(cell)) && cells.some((cell) => !WHOLE_NUMBER.test(cell));
  });
}

/** A cell of a measured column as shown (`formatReportNumber`'s digits), or the cell as written. */
export function formatMeasuredCell(cell: string, measured: boolean): string {
  return measured && !MISSING.has(cell) ? formatReportNumber(Number(cell)) : cell;
}
