import { type ReactNode, useMemo, useState } from 'react';
import type { PairedComparison, Summary } from '../../../contract/benchmark-stats';
import { CV_SCHEME_LABELS, type CvScheme } from '../../../contract/cv-folds';
import { ROUTES } from '../../app/routes';
import { saveBlob } from '../../lib/download';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { ScatterChart, type ScatterSeries } from '../../ui/charts/ScatterChart';
import { SimpleTable } from '../../ui/SimpleTable';
import { ViewLink } from '../../ui/ViewLink';
import { costColumns } from './CostCells';
import { type BestComparison, compareWithBest, type CvRunPredictions, type PredictionBoardRow, predictionBoardRows } from './prediction-summary';
import { summariseCosts, useRunCosts } from './run-costs';
import { datasetBoardRoute } from './result-links';
import { predictionBoardCsv } from './scores-csv';
import { seriesColor } from './series-colors';

const PIPELINE_NAMES: Record<string, string> = { 'nf-gdip': 'GDIP', 'nf-auto-train': 'Auto Train' };
const schemeLabel = (scheme: string) => CV_SCHEME_LABELS[scheme as CvScheme] ?? scheme;
const rowKey = (row: { scheme: string; trait: string; method: string }) => `${row.scheme}\u0000${row.trait}\u0000${row.method}`;

const score = (value: number) => value.toFixed(3);

/** A mean with its 95 % interval beneath, small, so that four scores and the costs fit a row; the mean alone below two folds. */
function ScoreInterval({ summary, children }: { summary: Summary; children?: ReactNode }) {
  if (summary.mean === null) return <span className="text-stone-400">—</span>;
  const interval = summary.low !== null && summary.high !== null ? `[${score(summary.low)}, ${score(summary.high)}]` : null;
  return (
    <span className="inline-grid justify-items-end whitespace-nowrap" title={interval ? `${score(summary.mean)}, 95 % interval ${interval}` : undefined}>
      <span className="tabular-nums">{score(summary.mean)}</span>
      {interval ? <span className="text-xs tabular-nums text-stone-500">{interval}</span> : null}
      {children}
    </span>
  );
}

/** A method against the best: the best itself, or the paired difference of r with its interval and whether it excludes 0. */
function VersusBest({ entry }: { entry: BestComparison | undefined }) {
  if (!entry) return '—';
  if (!entry.comparison) return <span className="font-medium text-emerald-800">best</span>;
  const comparison: PairedComparison = entry.comparison;
  return (
    <ScoreInterval summary={comparison}>
      <span
        className={`text-xs ${comparison.different ? 'font-medium text-amber-800' : 'text-stone-500'}`}
        title={comparison.unpaired > 0 ? `${comparison.unpaired} folds scored by only one of the two are left out` : undefined}
      >
        {comparison.different ? 'differs' : 'no clear difference'}
      </span>
    </ScoreInterval>
  );
}

/** r of each fold (repeat · fold along x) by method, for one scheme and trait. */
function FoldChart({ rows }: { rows: PredictionBoardRow[] }) {
  const keys = useMemo(() => {
    const all = new Set(rows.flatMap((row) => [...row.perFold.r.keys()]));
    return [...all].sort((a, b) => {
      const [ra, fa] = a.split(':').map(Number);
      const [rb, fb] = b.split(':').map(Number);
      return ra! - rb! || fa! - fb!;
    });
  }, [rows]);
  const series = useMemo<ScatterSeries[]>(
    () =>
      rows.map((row, index) => ({
        label: row.method,
        color: seriesColor(index),
        line: true,
        radius: 3,
        points: keys.flatMap((key, at) => {
          const value = row.perFold.r.get(key);
          return typeof value === 'number' ? [{ x: at + 1, y: value }] : [];
        }),
      })),
    [rows, keys],
  );
  const ticks = useMemo(() => keys.map((key, at) => ({ value: at + 1, label: key.replace(':', '·') })), [keys]);
  return <ScatterChart series={series} xTicks={ticks} xMin={0.5} xMax={keys.length + 0.5} xLabel="Repeat · fold" yLabel="Pearson r" ariaLabel="Pearson r of each fold by method" />;
}

/**
 * One dataset of a cross-validation benchmark: per scheme, method and trait, r, ρ, RMSE and bias as
 * mean [95 % CI] over the repeats × folds, each method against the best, each run's time, CPU and peak
 * memory, and r per fold by method; the dataset's name links to its board.
 */
export function PredictionCvBoard({ title, dataset, runs }: { title: string; dataset: { id: number | string; name: string }; runs: CvRunPredictions[] }) {
  const rows = useMemo(() => predictionBoardRows(runs), [runs]);
  const comparisons = useMemo(() => compareWithBest(rows), [rows]);
  const comparisonOf = (row: PredictionBoardRow) => comparisons.find((entry) => rowKey(entry) === rowKey(row));
  const costs = useRunCosts(useMemo(() => runs.map((run) => run.runId), [runs]));
  const costOf = (row: PredictionBoardRow) => (costs.data ? summariseCosts(row.runIds, costs.data) : undefined);
  const views = useMemo(() => [...new Set(rows.map((row) => `${row.scheme}\u0000${row.trait}`))], [rows]);
  const [view, setView] = useState<string | null>(null);
  const shown = view && views.includes(view) ? view : (views[0] ?? '');
  const [shownScheme, shownTrait] = shown.split('\u0000');
  const chartRows = useMemo(() => rows.filter((row) => row.scheme === shownScheme && row.trait === shownTrait), [rows, shownScheme, shownTrait]);
  const repeats = Math.max(0, ...runs.flatMap((run) => run.predictions.map((prediction) => prediction.repeat)));
  const schemes = [...new Set(rows.map((row) => row.scheme))];
  return (
    <div className="grid gap-6">
      <Card
        title={`${title}: cross-validation on the frozen folds`}
        description={`${schemes.map(schemeLabel).join('; ')}. Each score is the mean over the ${repeats > 1 ? `${repeats} repeats × ` : ''}folds with its 95 % interval by the corrected resampled t (Nadeau & Bengio 2003), which allows for folds sharing training lines. A method differs from the best only when the interval of their paired differences in r, fold by fold, excludes 0. Bias is the slope of observed on predicted: 1 is unbiased.`}
        actions={
          <>
            <a className="text-sm text-emerald-800 hover:underline" href={datasetBoardRoute(dataset.id)} title="Every method benchmarked on this dataset, with cost">
              {dataset.name}: dataset board
            </a>
            <Button size="sm" onClick={() => saveBlob(new Blob([predictionBoardCsv(rows, comparisons, costOf)], { type: 'text/csv' }), `${title}-cross-validation.csv`)}>
              Export CSV
            </Button>
          </>
        }
      >
        <SimpleTable<PredictionBoardRow>
          label="Cross-validation scores"
          dense
          alignTop
          rows={rows}
          rowKey={rowKey}
          columns={[
            { header: 'Scheme', cell: (row) => <span title={schemeLabel(row.scheme)}>{row.scheme}</span> },
            { header: 'Trait', cell: (row) => row.trait },
            {
              header: 'Method',
              cell: (row) => (
                <span className="grid whitespace-nowrap">
                  <span className="font-medium">{row.method}</span>
                  <span className="text-xs text-stone-500">{PIPELINE_NAMES[row.pipeline] ?? row.pipeline}</span>
                </span>
              ),
            },
            { header: 'Pearson r', align: 'right', className: 'font-medium', cell: (row) => <ScoreInterval summary={row.r} /> },
            { header: 'Spearman ρ', align: 'right', cell: (row) => <ScoreInterval summary={row.rho} /> },
            { header: 'RMSE', align: 'right', cell: (row) => <ScoreInterval summary={row.rmse} /> },
            { header: 'Bias (slope)', align: 'right', cell: (row) => <ScoreInterval summary={row.bias} /> },
            { header: 'Folds', align: 'right', cell: (row) => row.folds },
            { header: 'r − best r', align: 'right', cell: (row) => <VersusBest entry={comparisonOf(row)} /> },
            ...costColumns(costOf),
            {
              header: 'Runs',
              cell: (row) => (
                <span className="flex flex-wrap gap-2">
                  {row.runIds.map((id) => (
                    <ViewLink key={id} route={ROUTES.runView} id={id}>
                      {`#${id}`}
                    </ViewLink>
                  ))}
                </span>
              ),
            },
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
      <Card
        title="Pearson r per fold"
        description="Each method's r on each repeat and fold: methods are compared on the same folds, so a method above another on most folds is better even where their intervals overlap."
        actions={
          views.length > 1 ? (
            <select aria-label="Scheme and trait" className="rounded-md border border-stone-300 bg-white px-2 py-1 text-sm" value={shown} onChange={(event) => setView(event.target.value)}>
              {views.map((entry) => (
                <option key={entry} value={entry}>
                  {entry.replace('\u0000', ' · ')}
                </option>
              ))}
            </select>
          ) : undefined
        }
      >
        <FoldChart rows={chartRows} />
      </Card>
    </div>
  );
}
