import type { Chart as DrawnChart } from 'chart.js';
import { useMemo, useRef, useState } from 'react';
import { useChart } from './use-chart';

export interface HistorySeries {
  label: string;
  color: string;
  /** x (the step) and y, in x order; a y of null (NaN, ±Infinity) is not drawn. */
  x: number[];
  y: Array<number | null>;
}

/**
 * A metric's history as a line chart that keeps every point: Chart.js draws a min-max
 * decimation of what is in view (peaks survive), and zooming in (drag across the chart, or
 * Ctrl + wheel; Shift + drag pans) redraws at full resolution once the view holds few enough
 * points. Chart.js and its zoom plugin load only when a chart is drawn (ui/charts/use-chart.ts).
 */
export function HistoryChart({ series, xLabel, yLabel, ariaLabel }: { series: HistorySeries[]; xLabel: string; yLabel: string; ariaLabel: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [view, setView] = useState<{ zoomed: boolean; inView: number; full: boolean } | null>(null);
  const datasets = useMemo(
    () =>
      series.map((entry) => ({
        label: entry.label,
        borderColor: entry.color,
        backgroundColor: entry.color,
        borderWidth: 1.5,
        pointRadius: 0,
        pointHitRadius: 4,
        // Decimation needs the points as {x, y} objects, already sorted and not parsed again.
        data: entry.x.flatMap((x, index) => {
          const y = entry.y[index];
          return y === null || y === undefined ? [] : [{ x, y }];
        }),
      })),
    [series],
  );
  const total = datasets.reduce((sum, dataset) => sum + dataset.data.length, 0);
  const notDrawn = series.reduce((sum, entry) => sum + entry.x.length, 0) - total;

  /** How many points the view holds, and whether Chart.js draws every one of them or a decimation. */
  const reportView = (chart: Pick<DrawnChart, 'scales' | 'chartArea'>, zoomed: boolean) => {
    const { min, max } = chart.scales.x ?? { min: -Infinity, max: Infinity };
    const inView = datasets.map((dataset) => dataset.data.filter((point) => point.x >= min && point.x <= max).length);
    // Chart.js decimates only when a dataset has more than four points per pixel of width in view.
    const width = chart.chartArea?.width ?? 600;
    setView({ zoomed, inView: inView.reduce((sum, count) => sum + count, 0), full: inView.every((count) => count <= 4 * width) });
  };

  const chart = useChart(
    canvas,
    (Chart, element) => {
      const drawn = new Chart(element, {
        type: 'line',
        // Fresh dataset objects: the decimation plugin swaps their `data` for the decimated points.
        data: { datasets: datasets.map((dataset) => ({ ...dataset })) },
        options: {
          parsing: false,
          normalized: true,
          interaction: { mode: 'nearest', axis: 'x', intersect: false },
          scales: {
            x: { type: 'linear', title: { display: true, text: xLabel }, ticks: { precision: 0 } },
            y: { title: { display: true, text: yLabel } },
          },
          plugins: {
            legend: { display: series.length > 1 },
            decimation: { enabled: true, algorithm: 'min-max' },
            zoom: {
              limits: { x: { min: 'original', max: 'original' } },
              pan: { enabled: true, mode: 'x', modifierKey: 'shift', onPanComplete: ({ chart: panned }) => reportView(panned, true) },
              zoom: {
                mode: 'x',
                drag: { enabled: true, backgroundColor: 'rgba(4, 120, 87, 0.12)', borderColor: 'rgb(4, 120, 87)', borderWidth: 1 },
                wheel: { enabled: true, modifierKey: 'ctrl' },
                onZoomComplete: ({ chart: zoomed }) => reportView(zoomed, true),
              },
            },
          },
        },
      });
      reportView(drawn, false);
      return drawn;
    },
    [datasets, series.length, xLabel, yLabel],
    ['zoom'],
  );

  const resetZoom = () => {
    if (!chart.current) return;
    chart.current.resetZoom();
    reportView(chart.current, false);
  };

  return (
    <figure>
      <div className="relative h-64">
        <canvas ref={canvas} role="img" aria-label={ariaLabel} />
      </div>
      <figcaption className="mt-2 flex flex-wrap items-center gap-3 text-xs text-stone-500">
        <span data-testid="chart-points">
          {view
            ? `${view.inView.toLocaleString()} of ${total.toLocaleString()} points in view · ${view.full ? 'every point drawn' : 'peaks kept, drag across the chart to zoom to full resolution'}`
            : `${total.toLocaleString()} points`}
          {notDrawn > 0 && ` · ${notDrawn.toLocaleString()} NaN or infinite values not drawn`}
        </span>
        {view?.zoomed && (
          <button type="button" onClick={resetZoom} className="font-medium text-emerald-700 hover:underline">
            Reset zoom
          </button>
        )}
      </figcaption>
    </figure>
  );
}
