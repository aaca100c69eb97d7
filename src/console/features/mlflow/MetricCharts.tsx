import { useMemo } from 'react';
import type { MlflowHistory } from '../../../contract/mlflow';
import { HistoryChart, type HistorySeries } from '../../ui/charts/HistoryChart';
import { SERIES_COLORS } from './mlflow-ui';

/** The histories of one or more runs: one chart per metric, each run a line on it. */
export function MetricCharts({ runs }: { runs: Array<{ label: string; histories: MlflowHistory[] }> }) {
  const charts = useMemo(() => {
    const keys = [...new Set(runs.flatMap((run) => run.histories.map((history) => history.key)))].sort((a, b) => a.localeCompare(b));
    return keys.map((key) => ({
      key,
      series: runs.flatMap((run, index): HistorySeries[] => {
        const history = run.histories.find((entry) => entry.key === key);
        return history ? [{ label: run.label, color: SERIES_COLORS[index % SERIES_COLORS.length]!, x: history.steps, y: history.values }] : [];
      }),
    }));
  }, [runs]);
  if (charts.length === 0) return <p className="text-sm text-stone-500">No metrics logged.</p>;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {charts.map((chart) => (
        <section key={chart.key} aria-label={`Metric ${chart.key}`} className="min-w-0">
          <h3 className="mb-1 font-mono text-sm font-medium text-stone-800">{chart.key}</h3>
          <HistoryChart series={chart.series} xLabel="Step" yLabel={chart.key} ariaLabel={`${chart.key} by step${chart.series.length > 1 ? `, ${chart.series.length} runs` : ''}`} />
        </section>
      ))}
    </div>
  );
}
