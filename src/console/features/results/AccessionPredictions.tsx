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

/**
 * One chart per trait, oldest run first along the axis with a tick per run: each trait on its own
 * scale, since on a shared axis a yield of 7 t/ha lies flat under a height of 100 cm.
 */
function chartsPerTrait(predictions: Prediction[]) {
  const runs = [...new Map(predictions.map((entry) => [entry.runId, entry])).values()].sort((a, b) => (a.completedAt ?? '').localeCompare(b.completedAt ?? '') || a.runId - b.runId);
  const position = new Map(runs.map((run, index) => [run.runId, index]));
  const ticks = runs.map((run, index) => ({ value: index, label: run.runName }));
  const traits = [...new Set(predictions.map((entry) => entry.trait))];
  return traits.map((trait, index) => ({
    trait,
    ticks,
    series: [
      {
        label: trait,
        color: RESULT_COLORS[index % RESULT_COLORS.length]!,
        line: true,
        radius: 4,
        points: predictions
          .filter((entry) => entry.trait === trait && entry.prediction !== null)
          .map((entry) => ({ x: position.get(entry.runId)!, y: entry.prediction! }))
          .sort((a, b) => a.x - b.x),
      },
    ] satisfies ScatterSeries[],
  }));
}

/**
 * An accession's page: its predictions (GEBVs) in the prediction outputs of recent runs, matched
 * by its name or a synonym, with a chart per trait of its prediction over the runs.
 */
export function AccessionPredictions({ accessionId }: { accessionId: number }) {
  const { data, error, reload } = useRequest<Predictions>(`accessions/${accessionId}/predictions`);
  const charts = useMemo(() => (data ? chartsPerTrait(data.predictions) : null), [data]);
  const description = 'Its rows in the predictions CSVs of the most recent runs that wrote one, matched by its name or a synonym';
  if (error && !data)
    return (
      <Card title="Predictions" description={description}>
        <LoadError what="the accession’s predictions" error={error} onRetry={reload} />
      </Card>
    );
  if (!data || !charts) return null;
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
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {charts.map((chart) => (
              <figure key={chart.trait} className="min-w-0" data-testid="prediction-chart">
                <figcaption className="mb-1 text-sm font-medium text-stone-800">{chart.trait}</figcaption>
                <ScatterChart
                  series={chart.series}
                  xTicks={chart.ticks}
                  xLabel="Run"
                  yLabel="Prediction"
                  legend={false}
                  ariaLabel={`Predictions of ${chart.trait} for this accession over the runs`}
                  height="h-48"
                />
              </figure>
            ))}
          </div>
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
