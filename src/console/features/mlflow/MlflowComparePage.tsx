import { useCallback, useEffect, useMemo, useState } from 'react';
import type { MlflowHistories, TrackedMlflowRunDetail } from '../../../contract/mlflow';
import { ConsoleShell } from '../../app/ConsoleShell';
import { ROUTES, viewRoute } from '../../app/routes';
import { request } from '../../lib/api';
import { formatDuration } from '../../lib/format';
import { Card } from '../../ui/Card';
import { LoadError } from '../../ui/LoadError';
import { LoadingOverlay } from '../../ui/LoadingOverlay';
import { Switch } from '../../ui/Switch';
import { MetricCharts } from './MetricCharts';
import { formatMetric, MlflowStatusBadge, SERIES_COLORS } from './mlflow-ui';

const LIST = ROUTES.trackMlflowRun;

interface Compared {
  run: TrackedMlflowRunDetail;
  histories: MlflowHistories;
}

/** The ids in `?ids=1,2,3`, at most eight, each once. */
function idsFromAddress(): number[] {
  const text = new URLSearchParams(window.location.search).get('ids') ?? '';
  return [
    ...new Set(
      text
        .split(',')
        .filter((part) => /^\d+$/.test(part))
        .map(Number),
    ),
  ].slice(0, SERIES_COLORS.length);
}

/** One row per key: each run's value, and whether they differ. */
function sideBySide(runs: Compared[], valuesOf: (run: TrackedMlflowRunDetail) => Map<string, string>) {
  const maps = runs.map(({ run }) => valuesOf(run));
  const keys = [...new Set(maps.flatMap((map) => [...map.keys()]))].sort((a, b) => a.localeCompare(b));
  return keys.map((key) => {
    const values = maps.map((map) => map.get(key));
    return { key, values, differs: new Set(values).size > 1 };
  });
}

function CompareTable({ title, rows, runs, differencesOnly }: { title: string; rows: ReturnType<typeof sideBySide>; runs: Compared[]; differencesOnly: boolean }) {
  const shown = differencesOnly ? rows.filter((row) => row.differs) : rows;
  return (
    <div className="-mx-6 overflow-x-auto">
      <table className="w-full text-left text-sm" aria-label={title}>
        <thead className="text-xs uppercase tracking-wide text-stone-500">
          <tr>
            <th className="py-2 pr-3 pl-6 font-medium">Key</th>
            {runs.map(({ run }, index) => (
              <th key={run.id} className="px-3 py-2 font-medium normal-case">
                <span className="mr-1.5 inline-block size-2.5 rounded-full" style={{ backgroundColor: SERIES_COLORS[index] }} aria-hidden />
                {run.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {shown.map((row) => (
            <tr key={row.key} className={row.differs ? 'bg-amber-50/60' : undefined} data-differs={row.differs}>
              <td className="py-2 pr-3 pl-6 font-mono text-xs text-stone-600">{row.key}</td>
              {row.values.map((value, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: one cell per compared run, in the runs' order
                <td key={index} className="px-3 py-2 font-mono text-xs break-all text-stone-900">
                  {value ?? <span className="text-stone-400">—</span>}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {shown.length === 0 && <p className="px-6 py-4 text-sm text-stone-500">{rows.length === 0 ? 'None logged.' : 'No differences: every run has the same values.'}</p>}
    </div>
  );
}

function Comparison() {
  const [ids, setIds] = useState<number[] | undefined>(undefined);
  const [compared, setCompared] = useState<Compared[] | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const [differencesOnly, setDifferencesOnly] = useState(true);

  const load = useCallback(async (which: number[]) => {
    setError(null);
    try {
      setCompared(
        await Promise.all(
          which.map(async (id) => {
            const [run, histories] = await Promise.all([request<TrackedMlflowRunDetail>(`mlflow-runs/${id}`), request<MlflowHistories>(`mlflow-runs/${id}/metric-histories`)]);
            return { run, histories };
          }),
        ),
      );
    } catch (failure) {
      setError(failure instanceof Error ? failure : new Error(String(failure)));
    }
  }, []);

  useEffect(() => {
    const which = idsFromAddress();
    setIds(which);
    if (which.length >= 2) void load(which);
  }, [load]);

  const params = useMemo(() => (compared ? sideBySide(compared, (run) => new Map(run.params.map((param) => [param.key, param.value]))) : []), [compared]);
  const metrics = useMemo(() => (compared ? sideBySide(compared, (run) => new Map(run.latestMetrics.map((metric) => [metric.key, formatMetric(metric.value)]))) : []), [compared]);
  const chartRuns = useMemo(() => compared?.map(({ run, histories }) => ({ label: run.name, histories: histories.data })) ?? [], [compared]);

  if (ids === undefined) return null;
  if (ids.length < 2) return <LoadError what="the comparison" error={new Error('pick two or more tracked runs on the list (?ids=1,2)')} onRetry={() => window.location.assign(LIST)} />;
  if (error) return <LoadError what="the compared runs" error={error} onRetry={() => void load(ids)} />;
  if (!compared) return <LoadingOverlay />;

  return (
    <div className="grid gap-6">
      <Card title={`${compared.length} MLflow runs`} description="Status and duration of each">
        <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {compared.map(({ run }, index) => (
            <li key={run.id} className="flex flex-wrap items-center gap-2 text-sm">
              <span className="inline-block size-3 rounded-full" style={{ backgroundColor: SERIES_COLORS[index] }} aria-hidden />
              <a href={viewRoute(ROUTES.mlflowRunView, run.id)} className="font-medium text-emerald-800 hover:underline">
                {run.name}
              </a>
              <MlflowStatusBadge status={run.status} deleted={run.deletedInMlflowAt !== null} />
              <span className="text-stone-500">{formatDuration(run.startTime ? (run.endTime ? Date.parse(run.endTime) : Date.now()) - Date.parse(run.startTime) : null)}</span>
            </li>
          ))}
        </ul>
      </Card>
      <Card
        title="Parameters and latest metrics"
        description="Side by side; rows that differ are shaded"
        actions={
          <span className="flex items-center gap-2 text-sm text-stone-700">
            <Switch id="differences-only" checked={differencesOnly} onChange={setDifferencesOnly} label="Differences only" />
            <label htmlFor="differences-only">Differences only</label>
          </span>
        }
      >
        <h3 className="mb-1 text-sm font-semibold text-stone-800">Parameters</h3>
        <CompareTable title="Parameters" rows={params} runs={compared} differencesOnly={differencesOnly} />
        <h3 className="mt-6 mb-1 text-sm font-semibold text-stone-800">Latest metrics</h3>
        <CompareTable title="Latest metrics" rows={metrics} runs={compared} differencesOnly={differencesOnly} />
      </Card>
      <Card title="Metric histories" description="Every point of each run, overlaid one chart per metric (drag to zoom)">
        <MetricCharts runs={chartRuns} />
      </Card>
    </div>
  );
}

/** `/upload/mlflow-run/compare?ids=`: two or more tracked MLflow runs side by side. */
export default function MlflowComparePage() {
  return (
    <ConsoleShell title="Compare MLflow runs" route={ROUTES.mlflowCompare} backHref={LIST} backLabel="Track MLflow Run">
      <Comparison />
    </ConsoleShell>
  );
}
