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
