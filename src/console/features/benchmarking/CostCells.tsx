import type { Summary } from '../../../contract/benchmark-stats';
import type { SimpleColumn } from '../../ui/SimpleTable';
import { type CostSummary, formatCostTime, formatMemory } from './run-costs';

/** Costs are never negative: a t interval's lower end below 0 is shown as 0. */
export const COST_RANGE: readonly [number, number] = [0, Number.POSITIVE_INFINITY];

/**
 * A mean over runs with its 95 % interval beneath, small; the mean alone below two values. `range`,
 * the values the figure can take (0 to 1 for an F1, −1 to 1 for r), bounds the interval as shown;
 * exports keep it whole.
 */
export function IntervalValue({ summary, format, note, range }: { summary: Summary; format: (value: number | null) => string; note?: string; range?: readonly [number, number] }) {
  if (summary.mean === null) return <span className="text-stone-400">—</span>;
  const [lowest, highest] = range ?? [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY];
  const interval = summary.low !== null && summary.high !== null ? `[${format(Math.max(lowest, summary.low))}, ${format(Math.min(highest, summary.high))}]` : null;
  return (
    <span className="inline-grid justify-items-end whitespace-nowrap" title={note}>
      <span className="tabular-nums">
        {format(summary.mean)}
        {note ? <span aria-hidden="true">*</span> : null}
      </span>
      {interval ? <span className="text-xs tabular-nums text-stone-500">{interval}</span> : null}
      {note ? <span className="sr-only">{note}</span> : null}
    </span>
  );
}

const CPU_PARTIAL = 'Some tasks did not report their CPU time: a lower bound.';

/** Time, CPU and Peak memory columns for a table of methods, each the mean [95 % interval] over the method's runs. */
export function costColumns<Row>(costOf: (row: Row) => CostSummary | undefined): Array<SimpleColumn<Row>> {
  const cell = (row: Row, pick: (cost: CostSummary) => Summary, format: (value: number | null) => string, note?: (cost: CostSummary) => string | undefined) => {
    const cost = costOf(row);
    return cost ? <IntervalValue summary={pick(cost)} format={format} note={note?.(cost)} range={COST_RANGE} /> : <span className="text-stone-400">…</span>;
  };
  return [
    { header: 'Time', align: 'right', cell: (row) => cell(row, (cost) => cost.wallMs, formatCostTime) },
    {
      header: 'CPU',
      align: 'right',
      cell: (row) =>
        cell(
          row,
          (cost) => cost.cpuMs,
          formatCostTime,
          (cost) => (cost.cpuPartial ? CPU_PARTIAL : undefined),
        ),
    },
    { header: 'Peak memory', align: 'right', cell: (row) => cell(row, (cost) => cost.peakRssBytes, formatMemory) },
  ];
}
