import { useMemo } from 'react';
import type { AccessionPredictions as Predictions } from '../../../contract/reports';
import { ROUTES, viewRoute } from '../../app/routes';
import { formatDateTime } from '../../lib/format';
import { useRequest } from '../../lib/use-request';
import { Card } from '../../ui/Card';
import { ScatterChart, type ScatterSeries } from '../../ui/charts/ScatterChart';
import { LoadError } from '../../ui/LoadError';
import { SimpleTable } from '../../ui/SimpleTable';
import { RESULT_COLORS } from './ReportChartView';
import { formatReportNumber } from './report-format';

type Prediction = Predictions['predictions'][number];

/** Oldest run first along the axis, one tick per run; a trait per series. */
function overRuns(predictions: Prediction[]) {
  const runs = [...new Map(predictions.map((entry) => [entry.runId, entry])).values()].sort((a, b) => (a.completedAt ?? '').localeCompare(b.completedAt ?? '') || a.runId - b.runId);
  const position = new Map(runs.map((run, index) => [run.runId, index]));
  const traits = [...new Set(predictions.map((entry) => entry.trait))];
  const series: ScatterSeries[] = traits.map((trait, index) => ({
    label: trait,
    color: RESULT_COLORS[index % RESULT_COLORS.length]!,
    line: true,
    radius: 4,
    points: predictions
      .filter((entry) => entry.trait === trait && entry.prediction !== null)
      .map((entry) => ({ x: position.get(entry.runId)!, y: entry.prediction! }))
      .sort((a, b) => a.x - b.x),
  }));
  return { series, ticks: runs.map((run, index) => ({ value: index, label: run.runName })) };
}

/**
 * An accession's page: its predictions (GEBVs) in the prediction outputs of recent runs, matched
 * by its name or a synonym, with a chart of each trait's prediction over the runs.
 */
export function AccessionPredictions({ accessionId }: { accessionId: number }) {
  const { data, error, reload } = useRequest<Predictions>(`accessions/${accessionId}/predictions`);
  const chart = useMemo(() => (data ? overRuns(data.predictions) : null), [data]);
  const description = 'Its rows in the predictions CSVs of the most recent runs that wrote one, matched by its name or a synonym';
  if (error && !data)
    return (
      <Card title="Predictions" description={description}>
        <LoadError what="the accession’s predictions" error={error} onRetry={reload} />
      </Card>
    );
  if (!data || !chart) return null;
  return (
    <Card title="Predictions" description={description}>
      {data.predictions.length === 0 ? (
        <p className="text-sm text-stone-500" data-testid="no-predictions">
          {data.runsSearched === 0
            ? `No run has written predictions yet: those naming ${data.names.join(' or ')} will show here.`
            : `None of the ${data.runsSearched === 1 ? 'one run' : `${data.runsSearched} most recent runs`} with predictions names ${data.names.join(' or ')}.`}
        </p>
      ) : (
        <div className="grid gap-4">
          <ScatterChart series={chart.series} xTicks={chart.ticks} xLabel="Run" yLabel="Prediction" ariaLabel="Predictions of this accession over the runs, one line per trait" height="h-60" />
          <SimpleTable
            label="Predictions"
            dense
            rows={data.predictions}
            rowKey={(entry) => `${entry.runId}/${entry.file}/${entry.trait}/${entry.matchedName}`}
            columns={[
              {
                header: 'Run',
                cell: (entry) => (
                  <a className="text-emerald-800 hover:underline" href={viewRoute(ROUTES.runView, entry.runId)}>
                    {entry.runName}
                  </a>
                ),
              },
              { header: 'Finished', className: 'whitespace-nowrap text-stone-600', cell: (entry) => formatDateTime(entry.completedAt) },
              { header: 'Trait', cell: (entry) => entry.trait },
              { header: 'Prediction', align: 'right', className: 'tabular-nums', cell: (entry) => formatReportNumber(entry.prediction) },
              { header: 'GEBV', align: 'right', className: 'tabular-nums', cell: (entry) => formatReportNumber(entry.gebv) },
              { header: 'As', className: 'text-stone-600', cell: (entry) => entry.matchedName },
              { header: 'File', className: 'font-mono text-xs text-stone-600', cell: (entry) => entry.file },
            ]}
          />
        </div>
      )}
    </Card>
  );
}
