import { useEffect, useMemo, useState } from 'react';
import type { MlflowHistories, TrackedMlflowRunDetail } from '../../../contract/mlflow';
import { ConsoleShell } from '../../app/ConsoleShell';
import { ROUTES } from '../../app/routes';
import { request } from '../../lib/api';
import { formatDuration } from '../../lib/format';
import { useRequest } from '../../lib/use-request';
import { Card } from '../../ui/Card';
import { CompareTable, DifferencesOnlySwitch, idsFromAddress, sideBySide } from '../../ui/CompareTable';
import { LoadError } from '../../ui/LoadError';
import { LoadingOverlay } from '../../ui/LoadingOverlay';
import { MetricCharts } from './MetricCharts';
import { formatMetric, MlflowStatusBadge, SERIES_COLORS } from './mlflow-ui';
import { ViewLink } from '../../ui/ViewLink';

const LIST = ROUTES.trackMlflowRun;

interface Compared {
  run: TrackedMlflowRunDetail;
  histories: MlflowHistories;
}

/** Each run with its metric histories, every request at once. */
const loadCompared = (ids: number[]): Promise<Compared[]> =>
  Promise.all(
    ids.map(async (id) => {
      const [run, histories] = await Promise.all([request<TrackedMlflowRunDetail>(`mlflow-runs/${id}`), request<MlflowHistories>(`mlflow-runs/${id}/metric-histories`)]);
      return { run, histories };
    }),
  );

function Comparison() {
  const [ids, setIds] = useState<number[] | undefined>(undefined);
  // Every row first; hiding the equal ones is on request (the product's word), as a reader checks what was the same too.
  const [differencesOnly, setDifferencesOnly] = useState(false);
  useEffect(() => setIds(idsFromAddress(SERIES_COLORS.length)), []);
  const comparison = useRequest(ids && ids.length >= 2 ? () => loadCompared(ids) : null, ids?.join(','));
  const compared = comparison.data;

  const params = useMemo(() => (compared ? sideBySide(compared.map(({ run }) => new Map(run.params.map((param) => [param.key, param.value])))) : []), [compared]);
  const metrics = useMemo(() => (compared ? sideBySide(compared.map(({ run }) => new Map(run.latestMetrics.map((metric) => [metric.key, formatMetric(metric.value)])))) : []), [compared]);
  const columns = useMemo(() => compared?.map(({ run }, index) => ({ id: run.id, name: run.name, color: SERIES_COLORS[index]! })) ?? [], [compared]);
  const chartRuns = useMemo(() => compared?.map(({ run, histories }) => ({ label: run.name, histories: histories.data })) ?? [], [compared]);

  if (ids === undefined) return null;
  if (ids.length < 2) return <LoadError what="the comparison" error={new Error('pick two or more tracked runs on the list (?ids=1,2)')} onRetry={() => window.location.assign(LIST)} />;
  if (comparison.error) return <LoadError what="the compared runs" error={comparison.error} onRetry={comparison.reload} />;
  if (!compared) return <LoadingOverlay />;

  return (
    <div className="grid gap-6">
      <Card title={`${compared.length} MLflow runs`} description="Status and duration of each">
        <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {compared.map(({ run }, index) => (
            <li key={run.id} className="flex flex-wrap items-center gap-2 text-sm">
              <span className="inline-block size-3 rounded-full" style={{ backgroundColor: SERIES_COLORS[index] }} aria-hidden />
              <ViewLink route={ROUTES.mlflowRunView} id={run.id} className="font-medium">
                {run.name}
              </ViewLink>
              <MlflowStatusBadge status={run.status} deleted={run.deletedInMlflowAt !== null} />
              <span className="text-stone-500">{formatDuration(run.startTime ? (run.endTime ? Date.parse(run.endTime) : Date.now()) - Date.parse(run.startTime) : null)}</span>
            </li>
          ))}
        </ul>
      </Card>
      <Card title="Parameters and latest metrics" description="Side by side; rows that differ are shaded" actions={<DifferencesOnlySwitch checked={differencesOnly} onChange={setDifferencesOnly} />}>
        <h3 className="mb-1 text-sm font-semibold text-stone-800">Parameters</h3>
        <CompareTable title="Parameters" rows={params} columns={columns} differencesOnly={differencesOnly} />
        <h3 className="mt-6 mb-1 text-sm font-semibold text-stone-800">Latest metrics</h3>
        <CompareTable title="Latest metrics" rows={metrics} columns={columns} differencesOnly={differencesOnly} />
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
