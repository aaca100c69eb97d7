import { useMemo, useState } from 'react';
import { toCsv } from '../../../contract/csv-cells';
import { TREND_BUCKETS, TREND_CSV_HEADERS, TREND_GROUPS } from '../../../contract/resource-codes';
import type { Trends, TrendSeries } from '../../../contract/resources';
import { downloadText } from '../../lib/download';
import { useRequest } from '../../lib/use-request';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { BarChart } from '../../ui/charts/BarChart';
import { LoadError } from '../../ui/LoadError';
import { SimpleTable, type SimpleColumn } from '../../ui/SimpleTable';

const INPUT = 'mt-1 block w-full rounded-md border-0 px-2.5 py-1.5 text-sm text-stone-900 ring-1 ring-stone-300 ring-inset focus:ring-2 focus:ring-emerald-600';
const COLORS = ['#047857', '#0369a1', '#b45309', '#7c3aed', '#be123c', '#4d7c0f', '#0f766e', '#a16207', '#57534e', '#9333ea'];
const GROUP_LABELS: Record<(typeof TREND_GROUPS)[number], string> = { pipeline: 'Pipeline', label: 'Label', user: 'User' };
const METRICS = [
  { key: 'cpuHours', title: 'CPU-hours', unit: 'CPU-hours' },
  { key: 'memoryGbHours', title: 'Memory GB-hours', unit: 'GB-hours' },
  { key: 'wallHours', title: 'Wall time', unit: 'hours' },
] as const;

/** The reader's own calendar day, `days` ago (YYYY-MM-DD). */
function localDay(daysAgo: number): string {
  const day = new Date();
  day.setDate(day.getDate() - daysAgo);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const hours = (value: number) => value.toFixed(2);

/** Every bucket × key as a CSV row, with the contract's CSV writer. */
export function trendsCsv(trends: Trends): string {
  const rows = trends.buckets.flatMap((bucket, at) =>
    trends.series.map((series) => ({ bucket, key: series.key, cpu_hours: series.cpuHours[at], memory_gb_hours: series.memoryGbHours[at], wall_hours: series.wallHours[at] })),
  );
  return toCsv(TREND_CSV_HEADERS, rows);
}

const TOTAL_COLUMNS: Array<SimpleColumn<TrendSeries>> = [
  { header: 'Series', cell: (row) => row.key },
  { header: 'CPU-hours', align: 'right', className: 'tabular-nums', cell: (row) => hours(sum(row.cpuHours)) },
  { header: 'GB-hours', align: 'right', className: 'tabular-nums', cell: (row) => hours(sum(row.memoryGbHours)) },
  { header: 'Wall hours', align: 'right', className: 'tabular-nums', cell: (row) => hours(sum(row.wallHours)) },
];

/** CPU-hours, memory GB-hours and wall time per day or week, stacked by pipeline, label or user, in the reader's time zone. */
export function TrendsCard() {
  const timeZone = useMemo(() => Intl.DateTimeFormat().resolvedOptions().timeZone, []);
  const [form, setForm] = useState({ from: localDay(29), to: localDay(0), bucket: 'day', groupBy: 'pipeline' });
  const path = `resources/trends?${new URLSearchParams({ ...form, timeZone })}`;
  const { data, error, reload, loading } = useRequest<Trends>(form.from && form.to ? path : null);
  const set = (name: keyof typeof form) => (event: { target: { value: string } }) => setForm({ ...form, [name]: event.target.value });
  const charts = useMemo(
    () =>
      METRICS.map((metric) => ({
        ...metric,
        series: (data?.series ?? []).map((series, index) => ({ label: series.key, values: series[metric.key], color: COLORS[index % COLORS.length]! })),
      })),
    [data],
  );

  return (
    <Card
      title="Trends"
      description={`CPU-hours, memory GB-hours and wall time per ${form.bucket}, in your time zone (${timeZone}).`}
      actions={
        data && data.series.length > 0 ? (
          <Button size="sm" onClick={() => downloadText(`resource-trends-${form.from}-${form.to}.csv`, trendsCsv(data))}>
            Export CSV
          </Button>
        ) : undefined
      }
    >
      <form className="mb-5 grid gap-3 sm:grid-cols-4" aria-label="Trends period" onSubmit={(event) => event.preventDefault()}>
        <div>
          <label htmlFor="trends-from" className="block text-sm font-medium text-stone-800">
            From
          </label>
          <input id="trends-from" type="date" className={INPUT} value={form.from} onChange={set('from')} />
        </div>
        <div>
          <label htmlFor="trends-to" className="block text-sm font-medium text-stone-800">
            To
          </label>
          <input id="trends-to" type="date" className={INPUT} value={form.to} onChange={set('to')} />
        </div>
        <div>
          <label htmlFor="trends-bucket" className="block text-sm font-medium text-stone-800">
            Per
          </label>
          <select id="trends-bucket" className={INPUT} value={form.bucket} onChange={set('bucket')}>
            {TREND_BUCKETS.map((bucket) => (
              <option key={bucket} value={bucket}>
                {bucket}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="trends-group" className="block text-sm font-medium text-stone-800">
            Stacked by
          </label>
          <select id="trends-group" className={INPUT} value={form.groupBy} onChange={set('groupBy')}>
            {TREND_GROUPS.map((group) => (
              <option key={group} value={group}>
                {GROUP_LABELS[group]}
              </option>
            ))}
          </select>
        </div>
      </form>
      {error && <LoadError what="the trends" error={error} onRetry={reload} />}
      {!data && !error && loading && <p className="text-sm text-stone-500">Adding up tasks…</p>}
      {data && (
        <>
          <p className="mb-4 text-sm text-stone-700" data-testid="trends-totals">
            Total: <strong className="tabular-nums">{hours(data.totals.cpuHours)}</strong> CPU-hours, <strong className="tabular-nums">{hours(data.totals.memoryGbHours)}</strong> GB-hours,{' '}
            <strong className="tabular-nums">{hours(data.totals.wallHours)}</strong> wall hours. <span className="text-stone-500">{data.note}</span>
          </p>
          {data.series.length === 0 ? (
            <p className="text-sm text-stone-600">No task ran in this period.</p>
          ) : (
            <>
              <div className="mb-4 grid gap-4 xl:grid-cols-3">
                {charts.map((chart) => (
                  <figure key={chart.key} className="min-w-0">
                    <figcaption className="mb-1 text-sm font-medium text-stone-700">{chart.title}</figcaption>
                    <BarChart labels={data.buckets} series={chart.series} yLabel={chart.unit} stacked height="h-64" ariaLabel={`${chart.title} per ${form.bucket}, stacked by ${form.groupBy}`} />
                  </figure>
                ))}
              </div>
              <SimpleTable columns={TOTAL_COLUMNS} rows={data.series} rowKey={(row) => row.key} label="Totals per series" dense />
            </>
          )}
        </>
      )}
    </Card>
  );
}
