import type { ChartComponentLike } from 'chart.js';
import { type RefObject, useEffect, useRef } from 'react';

type ChartClass = typeof import('chart.js/auto').default;
type ChartHandle = { destroy(): void };

/** Chart.js extensions a chart may ask for, each loaded with the first chart that needs it. */
const EXTENSIONS = {
  /** Drag or Ctrl + wheel to zoom, Shift + drag to pan (the metric histories). */
  zoom: async (): Promise<ChartComponentLike[]> => [(await import('chartjs-plugin-zoom')).default],
  /** The box plot chart type (a run's task resources). */
  boxplot: async (): Promise<ChartComponentLike[]> => {
    const { BoxPlotController, BoxAndWiskers } = await import('@sgratzl/chartjs-chart-boxplot');
    return [BoxPlotController, BoxAndWiskers];
  },
};
export type ChartExtension = keyof typeof EXTENSIONS;

let chartClass: Promise<ChartClass> | undefined;
const registrations = new Map<ChartExtension, Promise<void>>();

/**
 * Chart.js with the console's look, loaded once: charts fill the box their page gives them, draw
 * at once (no animation: a dense history would animate for seconds) and keep their legend below.
 */
function loadChartJs(): Promise<ChartClass> {
  chartClass ??= import('chart.js/auto').then(({ default: Chart }) => {
    Chart.defaults.maintainAspectRatio = false;
    Chart.defaults.animation = false;
    Chart.defaults.plugins.legend.position = 'bottom';
    return Chart;
  });
  return chartClass;
}

/** Chart.js with `extensions` registered, each once for the whole page. */
async function loadChartJsWith(extensions: readonly ChartExtension[]): Promise<ChartClass> {
  const Chart = await loadChartJs();
  await Promise.all(
    extensions.map((name) => {
      let registered = registrations.get(name);
      if (!registered) {
        registered = EXTENSIONS[name]().then((components) => Chart.register(...components));
        registrations.set(name, registered);
      }
      return registered;
    }),
  );
  return Chart;
}

/**
 * Draws a Chart.js chart on `canvas`: Chart.js (and the `extensions` it needs) is loaded on first
 * use, so pages without charts do not carry it; the chart is drawn again when one of `deps`
 * changes and destroyed with the component, and the canvas is marked `data-drawn` once drawn.
 * `draw` is read through a ref, so a new closure on each render draws nothing. Returns the chart
 * drawn last, for controls beside it (a "Reset zoom" button).
 */
export function useChart<Drawn extends ChartHandle>(
  canvas: RefObject<HTMLCanvasElement | null>,
  draw: (Chart: ChartClass, element: HTMLCanvasElement) => Drawn,
  deps: unknown[],
  extensions: readonly ChartExtension[] = [],
): RefObject<Drawn | null> {
  const latest = useRef(draw);
  latest.current = draw;
  const chart = useRef<Drawn | null>(null);
  useEffect(() => {
    let cancelled = false;
    void loadChartJsWith(extensions).then((Chart) => {
      if (cancelled || !canvas.current) return;
      chart.current = latest.current(Chart, canvas.current);
      canvas.current.dataset.drawn = 'true';
    });
    return () => {
      cancelled = true;
      chart.current?.destroy();
      chart.current = null;
    };
    // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's inputs to draw are the dependencies
  }, deps);
  return chart;
}
