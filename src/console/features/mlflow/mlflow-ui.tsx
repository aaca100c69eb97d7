import type { MlflowMetric } from '../../../contract/mlflow';
import type { MlflowRunStatus } from '../../../contract/mlflow-url';

const STYLES: Record<MlflowRunStatus, string> = {
  SCHEDULED: 'bg-sky-50 text-sky-800 ring-sky-200',
  RUNNING: 'bg-blue-50 text-blue-800 ring-blue-200',
  FINISHED: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  FAILED: 'bg-red-50 text-red-800 ring-red-200',
  KILLED: 'bg-stone-100 text-stone-700 ring-stone-300',
};

/** MLflow's run status, in MLflow's words; a run deleted on the MLflow side says so beside it. */
export function MlflowStatusBadge({ status, deleted = false }: { status: MlflowRunStatus; deleted?: boolean }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <span data-status={status} className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${STYLES[status]}`}>
        {status === 'RUNNING' && <span className="size-1.5 animate-pulse rounded-full bg-current" aria-hidden />}
        {status}
      </span>
      {deleted && <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-800 ring-1 ring-amber-200">deleted in MLflow</span>}
    </span>
  );
}

/** A metric value as people read it: four significant digits, NaN or infinite as MLflow logged it. */
export function formatMetric(value: number | null): string {
  if (value === null) return 'NaN / ∞';
  if (value !== 0 && (Math.abs(value) >= 1e6 || Math.abs(value) < 1e-3)) return value.toExponential(3);
  return Number(value.toPrecision(4)).toString();
}

/** The first few latest metrics, by key, for a list row. */
export function KeyMetrics({ metrics, limit = 3 }: { metrics: MlflowMetric[]; limit?: number }) {
  if (metrics.length === 0) return <span className="text-stone-400">No metrics</span>;
  const shown = [...metrics].sort((a, b) => a.key.localeCompare(b.key)).slice(0, limit);
  return (
    <span className="flex flex-wrap gap-x-3 gap-y-1 text-xs">
      {shown.map((metric) => (
        <span key={metric.key} className="whitespace-nowrap">
          <span className="text-stone-500">{metric.key}</span> <span className="font-medium tabular-nums text-stone-900">{formatMetric(metric.value)}</span>
        </span>
      ))}
      {metrics.length > limit && <span className="text-stone-400">+{metrics.length - limit} more</span>}
    </span>
  );
}

/** Line colours that stay apart for up to eight runs on one chart. */
export const SERIES_COLORS = ['#047857', '#2563eb', '#d97706', '#be123c', '#7c3aed', '#0891b2', '#4d7c0f', '#57534e'];
