import { useRef } from 'react';
import type { ProcessMetrics, RunTimeline, Spread } from '../../../contract/runs';
import { formatBytes, formatDuration } from '../../lib/format';
import { useChart } from '../../ui/charts/use-chart';

/**
 * The run page's charts, loaded with Chart.js only when the Overview shows them: the task
 * timeline (a bar per task from submit through start to complete, coloured by process) and the
 * spread of each process's task duration, %CPU and peak memory as box plots (Seqera's Metrics).
 */

export const PROCESS_COLORS = ['#047857', '#1d4ed8', '#b45309', '#be185d', '#6d28d9', '#0f766e', '#a16207', '#475569', '#dc2626', '#0891b2'];
const WAITING = '#d6d3d1';

/** One bar per task: grey while it waited (submit to start), the process's colour while it ran. */
export function TimelineChart({ timeline }: { timeline: RunTimeline }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const origin = timeline.tasks.reduce((first, task) => Math.min(first, task[1]), Number.POSITIVE_INFINITY);
  const now = Date.now();
  useChart(
    canvas,
    (Chart, element) => {
      const rows = timeline.tasks.map((_, index) => String(index + 1));
      const seconds = (time: number) => (time - origin) / 1000;
      const waiting = timeline.tasks.map((task) => [seconds(task[1]), seconds(task[2] ?? task[3] ?? now)] as [number, number]);
      const datasets = [
        { label: 'Waiting', data: waiting, backgroundColor: WAITING },
        ...timeline.processes.map((process, at) => ({
          label: process,
          data: timeline.tasks.map((task) => (task[0] === at && task[2] !== null ? ([seconds(task[2]), seconds(task[3] ?? now)] as [number, number]) : null)),
          backgroundColor: PROCESS_COLORS[at % PROCESS_COLORS.length],
        })),
      ];
      return new Chart(element, {
        type: 'bar',
        data: { labels: rows, datasets: datasets.map((dataset) => ({ ...dataset, barPercentage: 1, categoryPercentage: 1, grouped: false, minBarLength: 1 })) },
        options: {
          indexAxis: 'y',
          plugins: {
            // Below the canvas instead (TimelineLegend): Chart.js's own took the plot's height, and a phone's width wrapped it past the canvas.
            legend: { display: false },
            tooltip: { callbacks: { label: (item) => `${item.dataset.label}: ${formatDuration(((item.raw as [number, number])[1] - (item.raw as [number, number])[0]) * 1000)}` } },
          },
          scales: {
            x: { type: 'linear', min: 0, title: { display: true, text: 'Seconds since the first task was submitted' } },
            y: {
              title: { display: true, text: timeline.sampled ? `Tasks (every ${Math.ceil(timeline.total / timeline.tasks.length)}th of ${timeline.total.toLocaleString('en')})` : 'Tasks' },
              ticks: { display: false },
              grid: { display: false },
            },
          },
        },
      });
    },
    [timeline],
  );
  const height = Math.min(520, Math.max(160, 60 + timeline.tasks.length * 6));
  return (
    <div>
      <div className="relative" style={{ height }}>
        <canvas ref={canvas} role="img" aria-label={`Timeline of ${timeline.tasks.length} tasks, coloured by process`} />
      </div>
      <TimelineLegend processes={timeline.processes} />
    </div>
  );
}

/** What the timeline's colours mean, as a list that wraps on any width. */
function TimelineLegend({ processes }: { processes: string[] }) {
  const entries: Array<[string, string]> = [['Waiting', WAITING], ...processes.map((process, at): [string, string] => [process, PROCESS_COLORS[at % PROCESS_COLORS.length]!])];
  return (
    <ul className="mt-2 flex flex-wrap justify-center gap-x-4 gap-y-1 text-xs text-stone-600" aria-label="Timeline colours" data-testid="timeline-legend">
      {entries.map(([label, color]) => (
        <li key={label} className="flex items-center gap-1.5">
          <span className="inline-block h-2.5 w-5 rounded-sm" style={{ backgroundColor: color }} aria-hidden="true" />
          {label}
        </li>
      ))}
    </ul>
  );
}

const RESOURCES: Array<{ key: 'durationMs' | 'cpuPercent' | 'peakRssBytes'; title: string; scale: (value: number) => number; unit: string; format: (value: number) => string }> = [
  { key: 'durationMs', title: 'Task duration', scale: (value) => value / 1000, unit: 'seconds', format: (value) => formatDuration(value * 1000) },
  { key: 'cpuPercent', title: '%CPU', scale: (value) => value, unit: '%CPU', format: (value) => `${value.toFixed(0)} %` },
  { key: 'peakRssBytes', title: 'Peak memory', scale: (value) => value / 1024 ** 2, unit: 'MiB', format: (value) => formatBytes(value * 1024 ** 2) },
];

function BoxPlot({ processes, resource }: { processes: ProcessMetrics[]; resource: (typeof RESOURCES)[number] }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const reported = processes.filter((process) => process[resource.key] !== null);
  useChart(
    canvas,
    (Chart, element) => {
      const scaled = (spread: Spread) => ({
        min: resource.scale(spread.min),
        q1: resource.scale(spread.q1),
        median: resource.scale(spread.median),
        q3: resource.scale(spread.q3),
        max: resource.scale(spread.max),
        mean: resource.scale(spread.mean),
        whiskerMin: resource.scale(spread.min),
        whiskerMax: resource.scale(spread.max),
        items: [],
        outliers: [],
      });
      return new Chart(element, {
        type: 'boxplot',
        data: {
          labels: reported.map((process) => process.process),
          datasets: [
            {
              label: resource.title,
              data: reported.map((process) => scaled(process[resource.key]!)),
              backgroundColor: reported.map((process) => `${PROCESS_COLORS[processes.indexOf(process) % PROCESS_COLORS.length]}55`),
              borderColor: reported.map((process) => PROCESS_COLORS[processes.indexOf(process) % PROCESS_COLORS.length]!),
              borderWidth: 1.5,
              meanBackgroundColor: '#1c1917',
            },
          ],
        },
        options: {
          plugins: { legend: { display: false } },
          scales: { y: { beginAtZero: true, title: { display: true, text: resource.unit } } },
        },
      });
    },
    [processes, resource],
    ['boxplot'],
  );
  return (
    <figure className="grid gap-1">
      <figcaption className="text-sm font-semibold text-stone-800">{resource.title}</figcaption>
      {reported.length === 0 ? (
        <p className="text-sm text-stone-500">No task has reported it yet.</p>
      ) : (
        <>
          <div className="relative h-56">
            <canvas ref={canvas} role="img" aria-label={`${resource.title} per process: median, quartiles and range`} />
          </div>
          <p className="text-xs text-stone-500">{reported.map((process) => `${process.process}: median ${resource.format(resource.scale(process[resource.key]!.median))}`).join(' · ')}</p>
        </>
      )}
    </figure>
  );
}

/** Per process, box plots of task duration, %CPU and peak memory: box from q1 to q3, line at the median, whiskers to the extremes, dot at the mean. */
export function ResourceCharts({ processes }: { processes: ProcessMetrics[] }) {
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      {RESOURCES.map((resource) => (
        <BoxPlot key={resource.key} processes={processes} resource={resource} />
      ))}
    </div>
  );
}
