import type { Plugin } from 'chart.js';
import { useRef } from 'react';
import { useChart } from './use-chart';

export interface BarSeries {
  label: string;
  values: number[];
  color: string;
  /** ± this much around each value, drawn as an error bar (a standard deviation); null: none. */
  errors?: Array<number | null>;
}

/** Draws each series' error bars over its bars (Chart.js has none of its own). */
const errorBars: Plugin<'bar'> = {
  id: 'seedbedErrorBars',
  afterDatasetsDraw(chart) {
    const { ctx } = chart;
    chart.data.datasets.forEach((dataset, index) => {
      const errors = (dataset as { errors?: Array<number | null> }).errors;
      const meta = chart.getDatasetMeta(index);
      if (!errors || meta.hidden) return;
      ctx.save();
      ctx.strokeStyle = '#1c1917';
      ctx.lineWidth = 1.25;
      meta.data.forEach((bar, at) => {
        const error = errors[at];
        const value = dataset.data[at];
        if (error === null || error === undefined || typeof value !== 'number') return;
        const top = chart.scales.y!.getPixelForValue(value + error);
        const bottom = chart.scales.y!.getPixelForValue(value - error);
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
  useChart(
    canvas,
    (Chart, element) =>
      new Chart(element, {
        type: 'bar',
        data: { labels, datasets: series.map((entry) => ({ label: entry.label, data: entry.values, backgroundColor: entry.color, borderRadius: stacked ? 0 : 4, errors: entry.errors })) },
        plugins: [errorBars],
        options: {
          scales: {
            x: { stacked, ...(stacked ? { grid: { display: false } } : {}) },
            y: {
              stacked,
              beginAtZero: true,
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
