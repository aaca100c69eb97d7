import { useMemo } from 'react';
import type { ProcessUsage, RunResources } from '../../../contract/resources';
import { formatBytes, formatDuration } from '../../lib/format';
import { useRequest } from '../../lib/use-request';
import { Card } from '../../ui/Card';
import { BarChart } from '../../ui/charts/BarChart';
import { LoadError } from '../../ui/LoadError';
import { SimpleTable, type SimpleColumn } from '../../ui/SimpleTable';

const GB = 1024 ** 3;
const cores = (value: number | null) => (value === null ? '—' : value.toFixed(value < 10 ? 1 : 0));
const bytes = (value: number | null) => (value === null ? '—' : formatBytes(value));

/** Requested, then the median and largest use: "8 · 2.9 / 3.3". */
function Triple({ requested, median, max, over }: { requested: string; median: string; max: string; over: boolean }) {
  return (
    <span className="whitespace-nowrap tabular-nums">
      <span className={over ? 'font-semibold text-amber-800' : 'text-stone-900'}>{requested}</span>
      <span className="text-stone-400"> · </span>
      {median} / {max}
    </span>
  );
}

function Flags({ usage }: { usage: ProcessUsage }) {
  const flags: Array<{ text: string; tone: string }> = [];
  if (usage.killedForMemory > 0) flags.push({ text: `${usage.killedForMemory} killed for memory`, tone: 'bg-red-50 text-red-800 ring-red-200' });
  if (usage.killedForTime > 0) flags.push({ text: `${usage.killedForTime} killed for time`, tone: 'bg-red-50 text-red-800 ring-red-200' });
  for (const what of usage.overRequested) flags.push({ text: `asks for twice the ${what === 'cpus' ? 'CPUs' : what} it uses`, tone: 'bg-amber-50 text-amber-900 ring-amber-200' });
  if (flags.length === 0) return <span className="text-stone-400">—</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {flags.map((flag) => (
        <span key={flag.text} className={`rounded px-1.5 py-0.5 text-xs whitespace-nowrap ring-1 ${flag.tone}`}>
          {flag.text}
        </span>
      ))}
    </span>
  );
}

const COLUMNS: Array<SimpleColumn<ProcessUsage>> = [
  { header: 'Process', className: 'font-mono text-xs', cell: (row) => row.process },
  { header: 'Tasks', align: 'right', cell: (row) => `${row.tasks}${row.failed ? ` (${row.failed} failed)` : ''}` },
  {
    header: 'CPUs: asked · median / max used',
    cell: (row) => <Triple requested={cores(row.cpus.requested)} median={cores(row.cpus.usedMedian)} max={cores(row.cpus.usedMax)} over={row.overRequested.includes('cpus')} />,
  },
  {
    header: 'Memory: asked · median / max peak',
    cell: (row) => <Triple requested={bytes(row.memory.requestedBytes)} median={bytes(row.memory.peakMedianBytes)} max={bytes(row.memory.peakMaxBytes)} over={row.overRequested.includes('memory')} />,
  },
  {
    header: 'Time: asked · median / max',
    cell: (row) => (
      <Triple
        requested={formatDuration(row.time.requestedMs)}
        median={formatDuration(row.time.realtimeMedianMs)}
        max={formatDuration(row.time.realtimeMaxMs)}
        over={row.overRequested.includes('time')}
      />
    ),
  },
  { header: 'Stands out', cell: (row) => <Flags usage={row} /> },
];

/** The charts: per process, what was asked for beside the median and largest use. */
function UsageCharts({ processes, requests }: { processes: ProcessUsage[]; requests: boolean }) {
  const labels = useMemo(() => processes.map((process) => process.process.split(':').pop() ?? process.process), [processes]);
  const charts = useMemo(() => {
    const series = (pick: (process: ProcessUsage) => [number | null, number | null, number | null], scale: number) => [
      ...(requests ? [{ label: 'Asked for', values: processes.map((process) => (pick(process)[0] ?? 0) / scale), color: '#d6d3d1' }] : []),
      { label: 'Median use', values: processes.map((process) => (pick(process)[1] ?? 0) / scale), color: '#6ee7b7' },
      { label: 'Largest use', values: processes.map((process) => (pick(process)[2] ?? 0) / scale), color: '#047857' },
    ];
    return [
      { title: 'CPUs', yLabel: 'CPUs', series: series((process) => [process.cpus.requested, process.cpus.usedMedian, process.cpus.usedMax], 1) },
      { title: 'Memory', yLabel: 'GB', series: series((process) => [process.memory.requestedBytes, process.memory.peakMedianBytes, process.memory.peakMaxBytes], GB) },
      { title: 'Time', yLabel: 'minutes', series: series((process) => [process.time.requestedMs, process.time.realtimeMedianMs, process.time.realtimeMaxMs], 60_000) },
    ];
  }, [processes, requests]);
  return (
    <div className="mb-4 grid gap-4 lg:grid-cols-3">
      {charts.map((chart) => (
        <figure key={chart.title} className="min-w-0">
          <figcaption className="mb-1 text-sm font-medium text-stone-700">{chart.title}</figcaption>
          <BarChart labels={labels} series={chart.series} yLabel={chart.yLabel} height="h-56" ariaLabel={`${chart.title} per process: asked for, median and largest use`} />
        </figure>
      ))}
    </div>
  );
}

/** The run page's Resources tab: per process, what its tasks asked for against what they used. */
export default function RunResourcesPanel({ runId, refreshKey }: { runId: number; refreshKey: unknown }) {
  const { data, error, reload } = useRequest<RunResources>(`runs/${runId}/resources`, refreshKey);
  if (error && !data) return <LoadError what="the run’s resources" error={error} onRetry={reload} />;
  if (!data) return <p className="text-sm text-stone-500">Loading resources…</p>;
  const requests = data.processes.some((process) => process.cpus.requested !== null || process.memory.requestedBytes !== null);
  const description =
    data.engine === 'local'
      ? 'The built-in engine reports what each step used (wall time, CPU, peak memory) and asks for nothing.'
      : 'What each process asked for (the largest request of its tasks) against its tasks’ median and largest use, from Nextflow’s trace. Amber: asked for more than twice what it used.';
  return (
    <Card title="Resources per process" description={description}>
      {data.processes.length === 0 ? (
        <p className="text-sm text-stone-600">No task of this run has reported its use yet.</p>
      ) : (
        <>
          <UsageCharts processes={data.processes} requests={requests} />
          <SimpleTable columns={COLUMNS} rows={data.processes} rowKey={(row) => row.process} label="Resources per process" dense />
        </>
      )}
    </Card>
  );
}
