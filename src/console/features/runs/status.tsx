import type { RunStatus } from '../../../contract/run-codes';

const STYLES: Record<RunStatus, string> = {
  SUBMITTED: 'bg-sky-50 text-sky-800 ring-sky-200',
  RUNNING: 'bg-blue-50 text-blue-800 ring-blue-200',
  SUCCEEDED: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  FAILED: 'bg-red-50 text-red-800 ring-red-200',
  CANCELLED: 'bg-stone-100 text-stone-700 ring-stone-300',
  UNKNOWN: 'bg-amber-50 text-amber-800 ring-amber-200',
};

/**
 * A run's status as a coloured badge. `phoneOnly`: a second badge for a phone's width, where the
 * list's Status column is scrolled out of view; it carries no data-status, which names the one badge.
 */
export function StatusBadge({ status, phoneOnly = false }: { status: RunStatus; phoneOnly?: boolean }) {
  return (
    <span
      data-status={phoneOnly ? undefined : status}
      // Read once: a screen reader hears the Status column's badge.
      aria-hidden={phoneOnly || undefined}
      className={`${phoneOnly ? 'mt-1 flex w-fit sm:hidden' : 'inline-flex'} items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${STYLES[status] ?? STYLES.UNKNOWN}`}
    >
      {status === 'RUNNING' && <span className="size-1.5 animate-pulse rounded-full bg-current" aria-hidden />}
      {status}
    </span>
  );
}

/** Runs that ended without succeeding: their tasks done are drawn grey, not green, so that the bar never says "all went well" beside a FAILED badge. */
const UNSUCCESSFUL: ReadonlySet<RunStatus> = new Set(['FAILED', 'CANCELLED', 'UNKNOWN']);

/** Tasks done of those known, as a bar with the numbers beside it; failed tasks in red. */
export function ProgressBar({ done, total, failed = 0, label, status }: { done: number; total: number; failed?: number; label: string; status?: RunStatus }) {
  const fraction = total === 0 ? 0 : done / total;
  const failedFraction = total === 0 ? 0 : failed / total;
  const unsuccessful = status !== undefined && UNSUCCESSFUL.has(status);
  return (
    <div className="flex items-center gap-2" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={total} aria-valuenow={done}>
      <div className="flex h-2 w-32 overflow-hidden rounded-full bg-stone-200">
        <div className={unsuccessful ? 'bg-stone-400' : 'bg-emerald-600'} data-testid="tasks-done-bar" style={{ width: `${fraction * 100}%` }} />
        <div className="bg-red-500" style={{ width: `${failedFraction * 100}%` }} />
      </div>
      <span className="whitespace-nowrap text-xs tabular-nums text-stone-600">
        {done} / {total}
      </span>
    </div>
  );
}
