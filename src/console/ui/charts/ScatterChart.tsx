import { useRef } from 'react';
import { useChart } from './use-chart';

export interface ScatterSeries {
  label: string;
  color: string;
  points: Array<{ x: number; y: number }>;
  /** Join the points with a line (a curve, a reference line) instead of drawing dots. */
  line?: boolean;
  /** Dot radius in pixels (default 2); 0 hides the dots of a line. */
  radius?: number;
  /** Chart.js point style, e.g. 'triangle' for markers such as known QTL. */
  pointStyle?: 'circle' | 'triangle' | 'rectRot' | 'crossRot';
  /** Hide from the legend (a reference line). */
  hideInLegend?: boolean;
  /**
   * Tens of thousands of dots (a Manhattan plot's markers): drawn as squares in one path, one per
   * pixel, instead of one Chart.js fill per point; hovering still finds them.
   */
  dense?: boolean;
}

type Scale = { getPixelForValue(value: number): number };
type DrawnChart = {
  ctx: CanvasRenderingContext2D;
  chartArea: { left: number; top: number; right: number; bottom: number };
  scales: Record<string, Scale>;
  isDatasetVisible(index: number): boolean;
};

/** The dense series' dots, under everything else: one path per series, a pixel taken once. */
function drawDense(chart: DrawnChart, series: ScatterSeries[]) {
  const { ctx, chartArea: area, scales } = chart;
  const width = Math.ceil(area.right - area.left) + 1;
  const height = Math.ceil(area.bottom - area.top) + 1;
  const taken = new Uint8Array(width * height);
  ctx.save();
  ctx.beginPath();
  ctx.rect(area.left, area.top, area.right - area.left, area.bottom - area.top);
  ctx.clip();
  series.forEach((entry, index) => {
    if (!entry.dense || !chart.isDatasetVisible(index)) return;
    const radius = entry.radius ?? 2;
    ctx.fillStyle = entry.color;
    ctx.beginPath();
    for (const point of entry.points) {
      const x = Math.round(scales.x!.getPixelForValue(point.x));
      const y = Math.round(scales.y!.getPixelForValue(point.y));
      const column = x - Math.floor(area.left);
      const row = y - Math.floor(area.top);
      if (column < 0 || row < 0 || column >= width || row >= height || taken[row * width + column]) continue;
      taken[row * width + column] = 1;
      ctx.rect(x - radius, y - radius, radius * 2, radius * 2);
    }
    ctx.fill();
  });
  ctx.restore();
}

export interface AxisTick {
  value: number;
  label: string;
}

/**
 * Points and lines on two numeric axes: Manhattan and QQ plots, power against FDR, predicted
 * against observed. Tens of thousands of points draw at once: the data are given as {x, y}
 * objects, not parsed again, without animation, and a dense series is drawn in one path. Chart.js
 * loads only when a chart is drawn.
 */
export function ScatterChart({
  series,
  xLabel,
  yLabel,
  ariaLabel,
  xTicks,
  xMin,
  xMax,
  yMin,
  yMax,
  height = 'h-72',
  legend = true,
}: {
  series: ScatterSeries[];
  xLabel: string;
  yLabel: string;
  ariaLabel: string;
  /** Fixed ticks with labels (a Manhattan plot's chromosomes). */
  xTicks?: AxisTick[];
  xMin?: number;
  xMax?: number;
  yMin?: number;
  yMax?: number;
  height?: string;
  /** Whether the series are named under the chart (false where the chart's own title names its one series). */
  legend?: boolean;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useChart(
    canvas,
    (Chart, element) => {
      const tickLabels = new Map((xTicks ?? []).map((tick) => [tick.value, tick.label]));
      return new Chart(element, {
        type: 'scatter',
        data: {
          datasets: series.map((entry) => ({
            label: entry.label,
            data: entry.points,
            borderColor: entry.color,
            backgroundColor: entry.color,
            showLine: entry.line ?? false,
            borderWidth: entry.line ? 1.5 : 0,
            // A dense series is drawn by drawDense; Chart.js only finds its points under the pointer.
            pointRadius: entry.dense ? 0 : (entry.radius ?? (entry.line ? 0 : 2)),
            pointHitRadius: entry.dense ? (entry.radius ?? 2) + 1 : 1,
            pointHoverRadius: entry.line ? 3 : 4,
            pointStyle: entry.pointStyle ?? 'circle',
          })),
        },
        plugins: series.some((entry) => entry.dense) ? [{ id: 'dense-dots', beforeDatasetsDraw: (drawn: unknown) => drawDense(drawn as DrawnChart, series) }] : [],
        options: {
          parsing: false,
          normalized: true,
          plugins: {
            legend: { display: legend, labels: { filter: (item) => !series[item.datasetIndex ?? 0]?.hideInLegend } },
            // A point on a labelled tick (a run, a fold) is named by its label, not by its place on the axis.
            tooltip: {
              enabled: true,
              callbacks: xTicks
                ? {
                    label: (item) => {
                      const point = item.raw as { x: number; y: number };
                      return `${item.dataset.label}: ${point.y.toLocaleString('en')} (${tickLabels.get(point.x) ?? point.x.toLocaleString('en')})`;
                    },
                  }
                : {},
            },
          },
          scales: {
            x: {
              type: 'linear',
              ...(xMin === undefined ? {} : { min: xMin }),
              ...(xMax === undefined ? {} : { max: xMax }),
              title: { display: true, text: xLabel },
              ...(xTicks
                ? {
                    afterBuildTicks: (axis: { ticks: Array<{ value: number }> }) => {
                      axis.ticks = xTicks.map((tick) => ({ value: tick.value }));
                    },
                    ticks: { callback: (value: string | number) => tickLabels.get(Number(value)) ?? '', autoSkip: false, maxRotation: 0 },
                    grid: { display: false },
                  }
                : {}),
            },
            y: {
              type: 'linear',
              ...(yMin === undefined ? {} : { min: yMin }),
              ...(yMax === undefined ? {} : { max: yMax }),
              title: { display: true, text: yLabel },
            },
          },
        },
      });
    },
    [series, xLabel, yLabel, xTicks, xMin, xMax, yMin, yMax, legend],
  );
  return (
    <div className={`relative ${height}`}>
      <canvas ref={canvas} role="img" aria-label={ariaLabel} />
    </div>
  );
}
