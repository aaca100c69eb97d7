/** Rounding resources up to the steps people ask a scheduler for, and writing them as Nextflow does. */

export const GB = 1024 ** 3;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Memory up to 0.5 GB steps to 4 GB, whole GB above (never below 0.5 GB). */
export function roundMemoryUp(bytes: number): number {
  const step = bytes <= 4 * GB ? GB / 2 : GB;
  return Math.max(GB / 2, Math.ceil(bytes / step - 1e-9) * step);
}

/** Time up to 5-minute steps below an hour, half hours above (never below 5 minutes). */
export function roundTimeUp(ms: number): number {
  const step = ms <= HOUR ? 5 * MINUTE : 30 * MINUTE;
  return Math.max(5 * MINUTE, Math.ceil(ms / step - 1e-9) * step);
}

/** '4 GB', '1.5 GB': the memory as a Nextflow memory string. */
export function memoryText(bytes: number): string {
  return `${Number((bytes / GB).toFixed(2))} GB`;
}

/** '2h', '90m', '15m': the time as a Nextflow duration string (whole hours when it is one). */
export function timeText(ms: number): string {
  const minutes = Math.round(ms / MINUTE);
  return minutes % 60 === 0 ? `${minutes / 60}h` : `${minutes}m`;
}

/** The same memory as a Groovy expression (`4.GB`, `1536.MB`), for closures. */
export function memoryExpression(bytes: number): string {
  const mb = Math.round(bytes / 1024 ** 2);
  return mb % 1024 === 0 ? `${mb / 1024}.GB` : `${mb}.MB`;
}

/** The same time as a Groovy expression (`2.h`, `90.min`), for closures. */
export function timeExpression(ms: number): string {
  const minutes = Math.round(ms / MINUTE);
  return minutes % 60 === 0 ? `${minutes / 60}.h` : `${minutes}.min`;
}
