import { type RefObject, useEffect, useRef } from 'react';

type ChartClass = typeof import('chart.js/auto').default;
type ChartHandle = { destroy(): void };

/**
 * Draws a Chart.js chart on `canvas`: Chart.js is loaded on first use (pages without charts do
 * not carry it), the chart is drawn again when one of `deps` changes and destroyed with the
 * component, and the canvas is marked `data-drawn` once drawn. `draw` is read through a ref, so
 * a new closure on each render draws nothing.
 */
export function useChart(canvas: RefObject<HTMLCanvasElement | null>, draw: (Chart: ChartClass, element: HTMLCanvasElement) => Promise<ChartHandle> | ChartHandle, deps: unknown[]) {
  const latest = useRef(draw);
  latest.current = draw;
  useEffect(() => {
    let chart: ChartHandle | undefined;
    let cancelled = false;
    void import('chart.js/auto').then(async ({ default: Chart }) => {
      if (cancelled || !canvas.current) return;
      const drawn = await latest.current(Chart, canvas.current);
      chart = drawn;
      if (cancelled) drawn.destroy();
      else canvas.current.dataset.drawn = 'true';
    });
    return () => {
      cancelled = true;
      chart?.destroy();
    };
    // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's inputs to draw are the dependencies
  }, deps);
}
