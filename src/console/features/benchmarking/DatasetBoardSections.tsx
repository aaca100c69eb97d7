import { useMemo } from 'react';
import { CURVE_WINDOWS_BP } from '../../../contract/benchmark-metrics';
import { ROUTES } from '../../app/routes';
import { downloadText } from '../../lib/download';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { AccuracyCostChart, boardCostColumns, CORRELATION, COST_KEYS, type CostKey, costValue, NON_NEGATIVE, RunsCell, SHARE, scoreCell, useAddressParam } from './board-parts';
import { type SimpleColumn, SimpleTable } from '../../ui/SimpleTable';
import { type DetectionRow, detectionCsv, type PredictionRow, parseSort, predictionCsv, sortRows } from './dataset-board-rows';
import type { CostSummary } from './run-costs';

const selectClass = 'rounded-md border border-stone-300 bg-white px-2 py-1.5 text-sm';

/** 1_000 → "1 kb", 1_000_000 → "1 Mb". */
export const windowText = (bp: number) => (bp >= 1_000_000 ? `${bp / 1_000_000} Mb` : `${bp / 1_000} kb`);

type Costed<Row> = Row & { cost?: CostSummary };

type DetectionKey = 'method' | 'auc' | 'f1' | 'typeIError' | CostKey;
const DETECTION_KEYS: readonly DetectionKey[] = ['method', 'auc', 'f1', 'typeIError', ...COST_KEYS];

/** Detection: each method's area under the power–FDR curve at the window, F1 and type I error, with cost. */
export function DetectionBoard({
  dataset,
  rows,
  windowBp,
  onWindowChange,
  ruleText,
}: {
  dataset: string;
  rows: Array<Costed<DetectionRow>>;
  windowBp: number;
  onWindowChange: (windowBp: number) => void;
  ruleText: string;
}) {
  const [sortText, setSortText] = useAddressParam('dsort');
  const sort = useMemo(() => parseSort(sortText, DETECTION_KEYS, { key: 'auc', order: 'desc' }), [sortText]);
  const sorted = useMemo(
    () =>
      sortRows(rows, sort, (row, key) =>
        key === 'method' ? row.method : key === 'auc' ? row.auc.mean : key === 'f1' ? row.f1.mean : key === 'typeIError' ? row.typeIError.mean : costValue(row.cost, key),
      ),
    [rows, sort],
  );
  const columns: Array<SimpleColumn<Costed<DetectionRow>, DetectionKey>> = [
    { header: 'Method', sortKey: 'method', className: 'font-medium', cell: (row) => row.method },
    { header: `AUC ${windowText(windowBp)}`, sortKey: 'auc', align: 'right', className: 'font-medium', cell: (row) => scoreCell(row.auc, SHARE) },
    { header: 'F1', sortKey: 'f1', align: 'right', cell: (row) => scoreCell(row.f1, SHARE) },
    { header: 'Type I error', sortKey: 'typeIError', align: 'right', cell: (row) => scoreCell(row.typeIError, SHARE) },
    ...boardCostColumns<Costed<DetectionRow>, DetectionKey>(),
    { header: 'Runs', cell: (row) => <RunsCell runIds={row.runIds} benchmarks={row.benchmarks} resultsRoute={ROUTES.discoveryResults} /> },
  ];
  return (
    <Card
      title="Detection"
      description={`Each method over its runs on this dataset (one per benchmark): area under the power–FDR curve at a ${windowText(windowBp)} window, F1 at that window and ${ruleText}, type I error on null traits (${ruleText}), as mean [95 % interval] where a method ran more than once.`}
      actions={
        <>
          <label className="flex items-center gap-2 text-sm text-stone-700">
            Window
            <select className={selectClass} value={windowBp} onChange={(event) => onWindowChange(Number(event.target.value))}>
              {CURVE_WINDOWS_BP.map((bp) => (
                <option key={bp} value={bp}>
                  {windowText(bp)}
                </option>
              ))}
            </select>
          </label>
          <Button size="sm" onClick={() => downloadText(`${dataset}-detection-board.csv`, detectionCsv(dataset, sorted, windowBp, ruleText))}>
            Export CSV
          </Button>
        </>
      }
    >
      <div className="grid gap-6">
        <SimpleTable
          label="Detection board"
          columns={columns}
          rows={sorted}
          rowKey={(row) => row.method}
          dense
          alignTop
          sorting={{ sort, onSort: (next) => setSortText(`${next.key}:${next.order}`), ascendingFirst: new Set<DetectionKey>(['typeIError', ...COST_KEYS, 'method']) }}
        />
        <section aria-label="Detection accuracy against CPU time">
          <h3 className="mb-2 text-sm font-semibold text-stone-800">Area under the power–FDR curve against CPU time</h3>
          <AccuracyCostChart rows={sorted} label={(row) => row.method} accuracy={(row) => row.auc} accuracyLabel={`AUC at ${windowText(windowBp)}`} />
        </section>
      </div>
    </Card>
  );
}

type PredictionKey = 'method' | 'scheme' | 'trait' | 'r' | 'rho' | 'rmse' | 'bias' | CostKey;
const PREDICTION_KEYS: readonly PredictionKey[] = ['method', 'scheme', 'trait', 'r', 'rho', 'rmse', 'bias', ...COST_KEYS];

/** Prediction: each method per scheme and trait, r, ρ, RMSE and bias, with cost. */
export function PredictionBoard({ dataset, rows }: { dataset: string; rows: Array<Costed<PredictionRow>> }) {
  const [sortText, setSortText] = useAddressParam('psort');
  const [traitText, setTraitText] = useAddressParam('trait');
  const sort = useMemo(() => parseSort(sortText, PREDICTION_KEYS, { key: 'r', order: 'desc' }), [sortText]);
  const traits = useMemo(() => [...new Set(rows.map((row) => row.trait))].sort(), [rows]);
  const chartTrait = traitText && traits.includes(traitText) ? traitText : (traits[0] ?? null);
  const sorted = useMemo(
    () =>
      sortRows(rows, sort, (row, key) => {
        if (key === 'method' || key === 'scheme' || key === 'trait') return row[key];
        if (key === 'r' || key === 'rho' || key === 'rmse' || key === 'bias') return row[key].mean;
        return costValue(row.cost, key);
      }),
    [rows, sort],
  );
  const columns: Array<SimpleColumn<Costed<PredictionRow>, PredictionKey>> = [
    { header: 'Method', sortKey: 'method', className: 'font-medium', cell: (row) => row.method },
    { header: 'Scheme', sortKey: 'scheme', cell: (row) => row.scheme },
    { header: 'Trait', sortKey: 'trait', cell: (row) => row.trait },
    { header: 'Pearson r', sortKey: 'r', align: 'right', className: 'font-medium', cell: (row) => scoreCell(row.r, CORRELATION) },
    { header: 'Spearman ρ', sortKey: 'rho', align: 'right', cell: (row) => scoreCell(row.rho, CORRELATION) },
    { header: 'RMSE', sortKey: 'rmse', align: 'right', cell: (row) => scoreCell(row.rmse, NON_NEGATIVE) },
    { header: 'Bias (slope)', sortKey: 'bias', align: 'right', cell: (row) => scoreCell(row.bias) },
    ...boardCostColumns<Costed<PredictionRow>, PredictionKey>(),
    { header: 'Runs', cell: (row) => <RunsCell runIds={row.runIds} benchmarks={row.benchmarks} resultsRoute={ROUTES.predictionResults} /> },
  ];
  return (
    <Card
      title="Prediction"
      description="Each method per cross-validation scheme and trait: with folds, mean [95 % interval] over every fold of its runs (the corrected resampled t); without, over its runs. Bias is the slope of observed on predicted: 1 is unbiased."
      actions={
        <Button size="sm" onClick={() => downloadText(`${dataset}-prediction-board.csv`, predictionCsv(dataset, sorted))}>
          Export CSV
        </Button>
      }
    >
      <div className="grid gap-6">
        <SimpleTable
          label="Prediction board"
          columns={columns}
          rows={sorted}
          rowKey={(row) => JSON.stringify([row.method, row.scheme, row.trait])}
          dense
          alignTop
          sorting={{ sort, onSort: (next) => setSortText(`${next.key}:${next.order}`), ascendingFirst: new Set<PredictionKey>(['rmse', ...COST_KEYS, 'method', 'scheme', 'trait']) }}
        />
        {chartTrait && (
          <section aria-label="Prediction accuracy against CPU time">
            <div className="mb-2 flex flex-wrap items-center gap-3">
              <h3 className="text-sm font-semibold text-stone-800">Pearson r against CPU time</h3>
              {traits.length > 1 && (
                <label className="ml-auto flex items-center gap-2 text-sm text-stone-700">
                  Trait
                  <select className={selectClass} value={chartTrait} onChange={(event) => setTraitText(event.target.value)}>
                    {traits.map((trait) => (
                      <option key={trait} value={trait}>
                        {trait}
                      </option>
                    ))}
                  </select>
                </label>
              )}
            </div>
            <AccuracyCostChart
              rows={sorted.filter((row) => row.trait === chartTrait)}
              label={(row) => `${row.method} (${row.scheme})`}
              accuracy={(row) => row.r}
              accuracyLabel={`Pearson r, ${chartTrait}`}
            />
          </section>
        )}
      </div>
    </Card>
  );
}
