import { useMemo } from 'react';
import { CURVE_WINDOWS_BP } from '../../../contract/benchmark-metrics';
import type { PairedComparison, Summary } from '../../../contract/benchmark-stats';
import { saveBlob } from '../../lib/download';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { type SimpleColumn, SimpleTable } from '../../ui/SimpleTable';
import { costColumns } from './CostCells';
import { discoveryBoardCsv } from './discovery-board-csv';
import type { DiscoveryBoardRow } from './discovery-summary';
import { windowLabel } from './discovery-view';
import { summariseCosts, useRunCosts } from './run-costs';

const digits = (value: number) => value.toFixed(3);

/** A mean with its 95 % interval beneath, small; the mean alone with one dataset. */
function IntervalCell({ summary }: { summary: Summary }) {
  if (summary.mean === null) return <span className="text-stone-400">—</span>;
  return (
    <span className="inline-grid justify-items-end whitespace-nowrap">
      <span className="tabular-nums">{digits(summary.mean)}</span>
      {summary.low !== null && summary.high !== null && (
        <span className="text-xs tabular-nums text-stone-500">
          [{digits(summary.low)}, {digits(summary.high)}]
        </span>
      )}
    </span>
  );
}

/** Best, differs from the best (its paired interval excludes 0), or no clear difference. */
function VersusBest({ row, rankWindowBp }: { row: DiscoveryBoardRow; rankWindowBp: number }) {
  if (row.best) return <span className="font-medium text-emerald-800">Best at {windowLabel(rankWindowBp)}</span>;
  const versus: PairedComparison | null = row.versusBest;
  if (!versus || versus.low === null || versus.high === null) return <span className="text-stone-400">— (needs 2 datasets)</span>;
  const interval = `${digits(versus.mean!)} [${digits(versus.low)}, ${digits(versus.high)}]`;
  return versus.different ? (
    <span className="whitespace-nowrap text-amber-800">Differs from the best: {interval}</span>
  ) : (
    <span className="whitespace-nowrap text-stone-500">No clear difference: {interval}</span>
  );
}

/**
 * Each method across the datasets (a benchmark's replicates): F1, power and FDR at the chosen
 * window and rule, the type I error on null traits, the power–FDR area at the five windows, each
 * as mean [95 % interval], how it compares with the best by area, paired over the datasets, and
 * for a benchmark's runs their time, CPU and peak memory.
 */
export function DiscoveryBoard({ title, rows, windowMb, ruleText, rankWindowBp }: { title: string; rows: DiscoveryBoardRow[]; windowMb: number; ruleText: string; rankWindowBp: number }) {
  const datasets = Math.max(0, ...rows.map((row) => row.datasets));
  // A benchmark's methods come from runs, whose time, CPU and memory stand beside their scores; an uploaded fileset has none.
  const runIds = useMemo(() => rows.flatMap((row) => row.runIds), [rows]);
  const costs = useRunCosts(runIds);
  const costOf = (row: DiscoveryBoardRow) => (costs.data ? summariseCosts(row.runIds, costs.data) : undefined);
  const exportCsv = () =>
    saveBlob(new Blob([discoveryBoardCsv(rows, { windowMb, rule: ruleText, rankWindowBp }, runIds.length > 0 ? costOf : undefined)], { type: 'text/csv' }), `${title}-discovery-methods.csv`);
  return (
    <Card
      title={datasets > 1 ? `Methods across ${datasets} datasets` : 'Methods'}
      description={`Mean [95 % t interval over the datasets]. F1, power and FDR at ${windowMb} Mb and ${ruleText}, traits with known QTL pooled; type I error on the null traits at that rule; area under the power–FDR curve at each window. Ranked by area at ${windowLabel(rankWindowBp)}; a method differs from the best only where the interval of their paired differences excludes 0.`}
      actions={
        <Button size="sm" onClick={exportCsv} aria-label="Export the methods as CSV">
          Export CSV
        </Button>
      }
    >
      <SimpleTable<DiscoveryBoardRow>
        label="Methods across datasets"
        dense
        alignTop
        rows={rows}
        rowKey={(row) => row.method}
        columns={[
          { header: 'Method', className: 'font-medium', cell: (row) => row.method },
          { header: 'Datasets', align: 'right', cell: (row) => row.datasets },
          { header: 'F1', align: 'right', cell: (row) => <IntervalCell summary={row.f1} /> },
          { header: 'Power', align: 'right', cell: (row) => <IntervalCell summary={row.power} /> },
          { header: 'FDR', align: 'right', cell: (row) => <IntervalCell summary={row.fdr} /> },
          { header: 'Type I error', align: 'right', cell: (row) => (row.typeIError.n === 0 ? <span className="text-stone-400">no null traits</span> : <IntervalCell summary={row.typeIError} />) },
          ...CURVE_WINDOWS_BP.map(
            (bp): SimpleColumn<DiscoveryBoardRow> => ({
              header: `AUC ${windowLabel(bp)}`,
              align: 'right',
              className: bp === rankWindowBp ? 'bg-emerald-50/60' : '',
              cell: (row) => <IntervalCell summary={row.aucByWindow[bp]!} />,
            }),
          ),
          { header: 'Against the best', cell: (row) => <VersusBest row={row} rankWindowBp={rankWindowBp} /> },
          ...(runIds.length > 0 ? costColumns(costOf) : []),
        ]}
      />
      {costs.error && (
        <p role="alert" className="mt-2 text-sm text-amber-800">
          The runs' time, CPU and memory could not be read: {costs.error.message}{' '}
          <button type="button" className="text-emerald-800 hover:underline" onClick={costs.reload}>
            Try again
          </button>
        </p>
      )}
    </Card>
  );
}
