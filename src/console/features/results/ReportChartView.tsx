import { useMemo } from 'react';
import type { ReportChart } from '../../../contract/reports';
import { BarChart, type BarSeries } from '../../ui/charts/BarChart';
import { ScatterChart, type ScatterSeries } from '../../ui/charts/ScatterChart';

/** Series colours; a Manhattan plot's two series are its alternating chromosomes. */
export const RESULT_COLORS = ['#047857', '#b45309', '#1d4ed8', '#be185d', '#6d28d9', '#0f766e', '#a16207', '#475569'];
const CHROMOSOME_SHADES = ['#1f2937', '#9ca3af'];

/** What a chart is called on screen: its title, and the facet (the trait) it is drawn for. */
export const chartTitle = (chart: ReportChart) => (chart.facet ? `${chart.title} · ${chart.facet}` : chart.title);

function barSeries(chart: ReportChart): BarSeries[] {
  return chart.series.map((entry, index) => ({
    label: entry.label,
    color: RESULT_COLORS[index % RESULT_COLORS.length]!,
    // Chart.js leaves a gap where a value is missing.
    values: (entry.values ?? []).map((value) => value ?? Number.NaN),
    errors: entry.errors ?? undefined,
    ranges: entry.ranges,
  }));
}

function pointSeries(chart: ReportChart): ScatterSeries[] {
  const many = chart.shown > 3000;
  const series: ScatterSeries[] = chart.series.map((entry, index) => {
    const isExpected = chart.kind === 'qq' && index === chart.series.length - 1;
    return {
      label: entry.label,
      color: isExpected
        ? '#dc2626'
        : chart.kind === 'manhattan' && !chart.series.some((one) => !/chromosomes$/.test(one.label))
          ? CHROMOSOME_SHADES[index % 2]!
          : RESULT_COLORS[index % RESULT_COLORS.length]!,
      points: entry.points ?? [],
      line: chart.kind === 'line' || chart.kind === 'profiles' || isExpected,
      radius: chart.kind === 'manhattan' || chart.kind === 'qq' ? 1.5 : chart.kind === 'profiles' ? 0 : undefined,
      dense: !isExpected && many && chart.kind !== 'profiles',
      hideInLegend: (chart.kind === 'manhattan' && /chromosomes$/.test(entry.label)) || (chart.kind === 'profiles' && chart.series.length > 8),
    };
  });
  if (chart.kind === 'manhattan' && chart.threshold !== null) {
    series.push({
      label: `Threshold (${chart.threshold})`,
      color: '#2563eb',
      line: true,
      points: [
        { x: 0, y: chart.threshold },
        { x: chart.xMax ?? 1, y: chart.threshold },
      ],
    });
  }
  return series;
}

/** One chart of a report, drawn with the console's chart kit from the data the server binned and thinned. */
export function ReportChartView({ chart }: { chart: ReportChart }) {
  const title = chartTitle(chart);
  const bars = useMemo(() => (chart.categories ? barSeries(chart) : null), [chart]);
  const points = useMemo(() => (chart.categories ? null : pointSeries(chart)), [chart]);
  return (
    <figure className="min-w-0" data-testid="report-chart" data-kind={chart.kind}>
      <figcaption className="mb-2 text-sm font-medium text-stone-800">{title}</figcaption>
      {bars && chart.categories ? (
        <BarChart labels={chart.categories} series={bars} stacked={chart.kind === 'histogram' && bars.length > 1} yLabel={chart.yLabel} ariaLabel={`${title}: ${chart.yLabel} by ${chart.xLabel}`} />
      ) : (
        <ScatterChart
          series={points ?? []}
          xLabel={chart.xLabel}
          yLabel={chart.yLabel}
          xTicks={chart.ticks ?? undefined}
          xMin={chart.kind === 'manhattan' ? 0 : undefined}
          xMax={chart.xMax ?? undefined}
          yMin={chart.kind === 'manhattan' || chart.kind === 'qq' ? 0 : undefined}
          ariaLabel={`${title}: ${chart.yLabel} against ${chart.xLabel}`}
        />
      )}
      <p className="mt-1 text-xs text-stone-500">
        From {chart.file}
        {chart.shown < chart.total
          ? chart.kind === 'profiles'
            ? ` · the first ${chart.shown} of ${chart.total.toLocaleString('en')} rows drawn`
            : ` · ${chart.shown.toLocaleString('en')} of ${chart.total.toLocaleString('en')} points drawn (thinned to one per pixel; every point near the top kept)`
          : ''}
      </p>
    </figure>
  );
}
