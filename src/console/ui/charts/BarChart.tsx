import type { Plugin } from 'chart.js';
import { useRef } from 'react';
import { useChart } from './use-chart';

export interface BarSeries {
  label: string;
  values: number[];
  color: string;
  /** ± this much around each value, drawn as an error bar (a standard deviation); null: none. */
  errors?: Array<number | null>;
  /** Or each value's interval, drawn from low to high (a 95 % interval); null: none. */
  ranges?: Array<{ low: number; high: number } | null>;
}

/** Where a bar's error bar runs: its interval, or its value ± its error. */
function extentOf(dataset: { errors?: Array<number | null>; ranges?: Array<{ low: number; high: number } | null> }, value: unknown, at: number): { low: number; high: number } | null {
  const range = dataset.ranges?.[at];
  if (range) return range;
  const error = dataset.errors?.[at];
  return error === null || error === undefined || typeof value !== 'number' ? null : { low: value - error, high: value + error };
}

/** Draws each series' error bars over its bars (Chart.js has none of its own). */
const errorBars: Plugin<'bar'> = {
  id: 'seedbedErrorBars',
  afterDatasetsDraw(chart) {
    const { ctx } = chart;
    chart.data.datasets.forEach((dataset, index) => {
      const bars = dataset as { errors?: Array<number | null>; ranges?: Array<{ low: number; high: number } | null> };
      const meta = chart.getDatasetMeta(index);
      if ((!bars.errors && !bars.ranges) || meta.hidden) return;
      ctx.save();
      ctx.strokeStyle = '#1c1917';
      ctx.lineWidth = 1.25;
      meta.data.forEach((bar, at) => {
        const extent = extentOf(bars, dataset.data[at], at);
        if (!extent) return;
        const top = chart.scales.y!.getPixelForValue(extent.high);
        const bottom = chart.scales.y!.getPixelForValue(extent.low);
        ctx.beginPath();
        ctx.moveTo(bar.x, top);
        ctx.lineTo(bar.x, bottom);
        ctx.moveTo(bar.x - 4, top);
        ctx.lineTo(bar.x + 4, top);
        ctx.moveTo(bar.x - 4, bottom);
        ctx.lineTo(bar.x + 4, bottom);
        ctx.stroke();
      });
      ctx.restore();
    });
  },
};

/**
 * A grouped bar chart, or with `stacked` one bar per label made of every series. Chart.js is
 * bundled (no CDN) but loaded only when a chart is drawn, so pages without charts do not carry it.
 */
export function BarChart({
  labels,
  series,
  yLabel,
  yMin,
  yMax,
  ariaLabel,
  stacked = false,
  height = 'h-72',
}: {
  labels: string[];
  series: BarSeries[];
  yLabel: string;
  yMin?: number;
  yMax?: number;
  ariaLabel: string;
  stacked?: boolean;
  height?: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  // The axis reaches the error bars' ends, not only the bars' (a 95 % interval may pass both).
  const extents = series.flatMap((entry) => entry.values.flatMap((value, at) => extentOf(entry, value, at) ?? [])).filter((extent) => Number.isFinite(extent.low) && Number.isFinite(extent.high));
  const reach = extents.length > 0 ? { suggestedMin: Math.min(...extents.map((extent) => extent.low)), suggestedMax: Math.max(...extents.map((extent) => extent.high)) } : {};
  useChart(
    canvas,
    (Chart, element) =>
      new Chart(element, {
        type: 'bar',
        data: {
          labels,
          datasets: series.map((entry) => ({ label: entry.label, data: entry.values, backgroundColor: entry.color, borderRadius: stacked ? 0 : 4, errors: entry.errors, ranges: entry.ranges })),
        },
        plugins: [errorBars],
        options: {
          scales: {
            x: { stacked, ...(stacked ? { grid: { display: false } } : {}) },
            y: {
              stacked,
              beginAtZero: true,
              ...reach,
              ...(yMin === undefined ? {} : { min: yMin }),
              ...(yMax === undefined ? {} : { max: yMax }),
              ...(stacked ? { ticks: { precision: 0 } } : {}),
              title: { display: true, text: yLabel },
            },
          },
        },
      }),
    [labels, series, yLabel, yMin, yMax, stacked],
  );
  return (
    <div className={`relative ${height}`}>
      <canvas ref={canvas} role="img" aria-label={ariaLabel} />
    </div>
  );
}
