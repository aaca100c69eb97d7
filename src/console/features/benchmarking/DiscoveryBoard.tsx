import { useMemo } from 'react';
import { CURVE_WINDOWS_BP } from '../../../contract/benchmark-metrics';
import type { PairedComparison, Summary } from '../../../contract/benchmark-stats';
import { saveBlob } from '../../lib/download';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { type SimpleColumn, SimpleTable } from '../../ui/SimpleTable';
import { costColumns } from './CostCells';
import { discoveryBoardCsv } from './discovery-board-csv';
import { AT_RULE, type AtRule, type DiscoveryBoardRow } from './discovery-summary';
import { windowLabel } from './discovery-view';
import { summariseCosts, useRunCosts } from './run-costs';

const digits = (value: number) => value.toFixed(3);
/** Every score here is a share or an area, between 0 and 1: its interval is shown within that range (the CSV keeps it whole). */
const clip = (value: number) => Math.min(1, Math.max(0, value));

/** A mean with its 95 % interval beneath, small; the mean alone with one dataset. */
function IntervalCell({ summary }: { summary: Summary }) {
  if (summary.mean === null) return <span className="text-stone-400">—</span>;
  return (
    <span className="inline-grid justify-items-end whitespace-nowrap">
      <span className="tabular-nums">{digits(summary.mean)}</span>
      {summary.low !== null && summary.high !== null && (
        <span className="text-xs tabular-nums text-stone-500">
          [{digits(clip(summary.low))}, {digits(clip(summary.high))}]
        </span>
      )}
    </span>
  );
}

const AT_RULE_NAMES: Record<AtRule, string> = { f1: 'F1', power: 'Power', fdr: 'FDR' };
const signed = (value: number) => `${value > 0 ? '+' : value < 0 ? '−' : ''}${digits(Math.abs(value))}`;

/**
 * Best, differs from the best by area (its paired interval excludes 0), or no clear difference by
 * area, with the difference beneath; then each of F1, power and FDR at the rule whose paired
 * difference from the best's is clear, so a method level by area that calls more false hits says so.
 */
function VersusBest({ row, rankWindowBp }: { row: DiscoveryBoardRow; rankWindowBp: number }) {
  if (row.best) return <span className="font-medium text-emerald-800">Best at {windowLabel(rankWindowBp)}</span>;
  const versus: PairedComparison | null = row.versusBest;
  if (!versus || versus.low === null || versus.high === null) return <span className="text-stone-400">— (needs 2 datasets)</span>;
  const clear = AT_RULE.flatMap((score) => {
    const { different = false, mean = null, low = null, high = null } = row.versusBestAtRule?.[score] ?? {};
    return different && mean !== null && low !== null && high !== null ? [{ score, mean, low, high }] : [];
  });
  return (
    <span className="inline-grid whitespace-nowrap">
      <span className={versus.different ? 'font-medium text-amber-800' : 'text-stone-600'}>{versus.different ? 'Area differs from the best' : 'No clear difference in area'}</span>
      <span className="text-xs tabular-nums text-stone-500">
        {signed(versus.mean!)} [{signed(versus.low)}, {signed(versus.high)}]
      </span>
      {clear.map((entry) => (
        <span key={entry.score} className="mt-1 text-xs tabular-nums text-amber-800" data-testid="versus-best-at-rule">
          {AT_RULE_NAMES[entry.score]} {entry.mean > 0 ? 'higher' : 'lower'} at the rule: {signed(entry.mean)} [{signed(entry.low)}, {signed(entry.high)}]
        </span>
      ))}
    </span>
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
      description={`Mean [95 % t interval over the datasets, shown within 0 to 1]. F1, power and FDR at ${windowMb} Mb and ${ruleText}, traits with known QTL pooled; type I error on the null traits at that rule; area under the power–FDR curve at each window. Ranked by area at ${windowLabel(rankWindowBp)}; a method differs from the best only where the interval of their paired differences excludes 0, by area and then by F1, power or FDR at the rule. FDR counts hits (the false ones over all), while precision counts each QTL found once, so FDR is not 1 − precision when several hits fall on one QTL.`}
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
          { header: `AUC ${windowLabel(rankWindowBp)}`, align: 'right', cell: (row) => <IntervalCell summary={row.aucByWindow[rankWindowBp]!} /> },
          { header: 'Against the best', cell: (row) => <VersusBest row={row} rankWindowBp={rankWindowBp} /> },
          ...(runIds.length > 0 ? costColumns(costOf) : []),
        ]}
      />
      <h3 className="mt-6 mb-1 text-sm font-semibold text-stone-800">Area under the power–FDR curve by window</h3>
      <SimpleTable<DiscoveryBoardRow>
        label="Power–FDR areas by window"
        dense
        alignTop
        rows={rows}
        rowKey={(row) => row.method}
        columns={[
          { header: 'Method', className: 'font-medium', cell: (row) => row.method },
          ...CURVE_WINDOWS_BP.map(
            (bp): SimpleColumn<DiscoveryBoardRow> => ({
              header: windowLabel(bp),
              align: 'right',
              className: bp === rankWindowBp ? 'bg-emerald-50/60' : '',
              cell: (row) => <IntervalCell summary={row.aucByWindow[bp]!} />,
            }),
          ),
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
