import type { TrackedMlflowRun } from '../../../contract/mlflow';
import type { Page } from '../../../contract/paging';
import { ROUTES } from '../../app/routes';
import { useRequest } from '../../lib/use-request';
import { Card } from '../../ui/Card';
import { LoadError } from '../../ui/LoadError';
import { linkColumn, SimpleTable } from '../../ui/SimpleTable';
import { KeyMetrics, MlflowStatusBadge } from './mlflow-ui';

/** A Seedbed run's MLflow runs with their key metrics, and the way to track another. */
export function RunMlflowRuns({ runId }: { runId: number }) {
  const { data, error, reload } = useRequest<Page<TrackedMlflowRun>>(`mlflow-runs?runId=${runId}&pageSize=100`);
  return (
    <Card
      title="MLflow runs"
      description="Model training this run logged to MLflow, as last read"
      actions={
        <a className="rounded-md px-4 py-2 text-sm font-semibold text-stone-700 ring-1 ring-stone-300 hover:bg-stone-50" href={`${ROUTES.trackMlflowRun}?run=${runId}`}>
          Track an MLflow run
        </a>
      }
    >
      {error ? (
        <LoadError what="the MLflow runs" error={error} onRetry={reload} />
      ) : !data ? (
        <p className="text-sm text-stone-500">Loading…</p>
      ) : data.data.length === 0 ? (
        <p className="text-sm text-stone-500">None tracked yet. If this run logged to MLflow, track that run to see its metrics here.</p>
      ) : (
        <SimpleTable<TrackedMlflowRun>
          label="MLflow runs"
          rows={data.data}
          rowKey={(row) => row.id}
          columns={[
            linkColumn({ header: 'Name', route: ROUTES.mlflowRunView, id: (row) => row.id, name: (row) => row.name, linkClassName: 'font-medium' }),
            { header: 'Status', cell: (row) => <MlflowStatusBadge status={row.status} deleted={row.deletedInMlflowAt !== null} /> },
            { header: 'Key metrics', cell: (row) => <KeyMetrics metrics={row.latestMetrics} limit={4} /> },
          ]}
        />
      )}
    </Card>
  );
}
