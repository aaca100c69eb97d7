import { useEffect, useState } from 'react';
import type { Summary } from '../../../contract/benchmark-stats';
import { formatInterval } from '../../../contract/benchmark-stats';
import { ROUTES } from '../../app/routes';
import { ScatterChart } from '../../ui/charts/ScatterChart';
import { ViewLink } from '../../ui/ViewLink';
import type { SimpleColumn } from '../../ui/SimpleTable';
import { costColumns, IntervalValue } from './CostCells';
import type { Benchmark } from './dataset-board-rows';
import { benchmarkResultsRoute } from './result-links';
import { type CostSummary, formatCostTime } from './run-costs';
import { seriesColor } from './series-colors';

/** A parameter of the page's address kept in step with a control (replaceState: no history entry per click). */
export function useAddressParam(name: string): [string | null, (value: string | null) => void] {
  const [value, setValue] = useState<string | null>(() => new URLSearchParams(window.location.search).get(name));
  useEffect(() => {
    const query = new URLSearchParams(window.location.search);
    if (value === null) query.delete(name);
    else query.set(name, value);
    const text = query.toString();
    window.history.replaceState(null, '', `${window.location.pathname}${text ? `?${text}` : ''}`);
  }, [name, value]);
  return [value, setValue];
}

const score = (value: number | null) => (value === null ? '—' : value.toFixed(3));

/** The values a score can take, which bound its interval as shown: a share (F1, area, error rate), a correlation, an error. */
export const SHARE: readonly [number, number] = [0, 1];
export const CORRELATION: readonly [number, number] = [-1, 1];
export const NON_NEGATIVE: readonly [number, number] = [0, Number.POSITIVE_INFINITY];

/** An accuracy figure: mean with its 95 % interval beneath, within `range` where the score has one. */
export const scoreCell = (summary: Summary, range?: readonly [number, number]) => <IntervalValue summary={summary} format={score} range={range} />;

/** A row's runs (the first three, then how many more) and its benchmarks, each a link. */
export function RunsCell({ runIds, benchmarks, resultsRoute }: { runIds: number[]; benchmarks: Benchmark[]; resultsRoute: string }) {
  return (
    <span className="grid gap-0.5 text-xs whitespace-nowrap">
      <span className="flex flex-wrap gap-x-2">
        {runIds.slice(0, 3).map((id) => (
          <ViewLink key={id} route={ROUTES.runView} id={id}>
            run {id}
          </ViewLink>
        ))}
        {runIds.length > 3 && <span className="text-stone-500">+{runIds.length - 3} more</span>}
      </span>
      {benchmarks.map((benchmark) => (
        <a key={benchmark.id} className="text-emerald-800 hover:underline" href={benchmarkResultsRoute(resultsRoute, benchmark.id)}>
          {benchmark.name}
        </a>
      ))}
    </span>
  );
}

export type CostKey = 'wall' | 'cpu' | 'memory';
export const COST_KEYS: readonly CostKey[] = ['wall', 'cpu', 'memory'];

export const costValue = (cost: CostSummary | undefined, key: CostKey) => (cost ? { wall: cost.wallMs, cpu: cost.cpuMs, memory: cost.peakRssBytes }[key].mean : null);

/** Time, CPU and Peak memory (costColumns), sortable by their means. */
export function boardCostColumns<Row extends { cost?: CostSummary }, Key extends string>(): Array<SimpleColumn<Row, Key | CostKey>> {
  return costColumns<Row>((row) => row.cost).map((column, index) => ({ ...column, sortKey: COST_KEYS[index] }));
}

/** Accuracy against CPU time, one point per row (method): what a little more accuracy costs. */
export function AccuracyCostChart<Row extends { cost?: CostSummary }>({
  rows,
  label,
  accuracy,
  accuracyLabel,
}: {
  rows: Row[];
  label: (row: Row) => string;
  accuracy: (row: Row) => Summary;
  accuracyLabel: string;
}) {
  const placed = rows.flatMap((row, index) => {
    const y = accuracy(row).mean;
    const x = row.cost?.cpuMs.mean ?? null;
    return y === null || x === null ? [] : [{ row, index, x, y }];
  });
  if (placed.length === 0) return <p className="text-sm text-stone-500">The chart appears once methods have both a score and a CPU time.</p>;
  // The axis in the unit the slowest method's CPU time reads best in.
  const slowest = Math.max(...placed.map((point) => point.x));
  const [unit, perUnit]: [string, number] = slowest < 120_000 ? ['seconds', 1000] : slowest < 7_200_000 ? ['minutes', 60_000] : ['hours', 3_600_000];
  const series = placed.map(({ row, index, x, y }) => ({
    label: `${label(row)}: ${formatInterval(accuracy(row))}, CPU ${formatCostTime(x)}`,
    color: seriesColor(index),
    points: [{ x: x / perUnit, y }],
    radius: 5,
  }));
  return <ScatterChart series={series} xLabel={`CPU time (${unit}, mean over runs)`} yLabel={accuracyLabel} xMin={0} ariaLabel={`${accuracyLabel} against CPU time, one point per method`} />;
}
