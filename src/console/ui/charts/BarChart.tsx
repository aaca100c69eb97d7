import { useEffect, useRef } from 'react';

export interface BarSeries {
  label: string;
  values: number[];
  color: string;
}

/**
 * A grouped bar chart. Chart.js is bundled (no CDN) but loaded only when a chart is drawn, so
 * pages without charts do not carry it.
 */
export function BarChart({ labels, series, yLabel, yMax, ariaLabel }: { labels: string[]; series: BarSeries[]; yLabel: string; yMax?: number; ariaLabel: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let chart: { destroy(): void } | undefined;
    let cancelled = false;
    void import('chart.js/auto').then(({ default: Chart }) => {
      if (cancelled || !canvas.current) return;
      chart = new Chart(canvas.current, {
        type: 'bar',
        data: { labels, datasets: series.map((entry) => ({ label: entry.label, data: entry.values, backgroundColor: entry.color, borderRadius: 4 })) },
        options: {
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          plugins: { legend: { position: 'bottom' } },
          scales: { y: { beginAtZero: true, ...(yMax === undefined ? {} : { max: yMax }), title: { display: true, text: yLabel } } },
        },
      });
    });
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [labels, series, yLabel, yMax]);
  return (
    <div className="relative h-72">
      <canvas ref={canvas} role="img" aria-label={ariaLabel} />
    </div>
  );
}
