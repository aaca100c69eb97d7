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
