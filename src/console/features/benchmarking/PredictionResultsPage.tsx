import { useMemo, useState } from 'react';
import { labelValue } from '../../../contract/benchmark-labels';
import type { Page } from '../../../contract/paging';
import type { RunSummary } from '../../../contract/runs';
import { request } from '../../lib/api';
import { RECORD_ID, useQueryParam } from '../../lib/use-query-param';
import type { FilesetDetail, StoredFile } from '../../../contract/files';
import { ConsoleShell } from '../../app/ConsoleShell';
import { ROUTES } from '../../app/routes';
import { readStoredText, saveBlob } from '../../lib/download';
import { useRecordId } from '../../lib/use-record-id';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { BarChart } from '../../ui/charts/BarChart';
import { ScatterChart, type ScatterSeries } from '../../ui/charts/ScatterChart';
import { LoadError } from '../../ui/LoadError';
import { LoadingOverlay } from '../../ui/LoadingOverlay';
import { SimpleTable } from '../../ui/SimpleTable';
import { type ModelTraitScore, type Observed, type Prediction, parseObserved, parsePredictions, scoreModel } from './prediction-data';
import { BenchmarkList, BenchmarkProgress, FailedRunsNote, ResultFilesetsList, useBenchmark, useFilesetTables } from './result-filesets';

const PREDICTIONS = 'predictions CSV';
const OBSERVED = 'phenotype CSV';
const COLORS = ['#047857', '#b45309', '#1d4ed8', '#be185d', '#6d28d9', '#0f766e'];

const formatScore = (value: number | null, digits = 3) => (value === null ? '—' : value.toFixed(digits));
const modelName = (fileName: string) => fileName.replace(/\.csv$/i, '');

function toCsv(rows: ModelTraitScore[]): string {
  const cell = (value: number | null) => (value === null ? 'NA' : String(value));
  const header = 'model,trait,fold,n,pearson_r,spearman_rho,rmse,bias_slope,intercept';
  const lines = rows.flatMap((row) => [
    [row.model, row.trait, 'all', row.n, cell(row.pearson), cell(row.spearman), cell(row.rmse), cell(row.slope), cell(row.intercept)].join(','),
    ...row.folds.map((fold) => [row.model, row.trait, fold.fold, fold.n, cell(fold.pearson), cell(fold.spearman), cell(fold.rmse), cell(fold.slope), cell(fold.intercept)].join(',')),
  ]);
  return `${header}\n${lines.join('\n')}\n`;
}

/** The models' prediction tables and the observed values of a fileset. */
async function loadPrediction(detail: FilesetDetail): Promise<{ models: Array<{ name: string; predictions: Prediction[] }>; observed: { values: Observed; name: string } }> {
  const predictionFiles = detail.files.filter((file) => file.fileTypeName === PREDICTIONS);
  const observedFile = detail.files.find((file) => file.fileTypeName === OBSERVED);
  if (predictionFiles.length === 0 || !observedFile) {
    throw new Error(
      `this fileset needs at least one ${PREDICTIONS} and a ${OBSERVED} of observed values; it holds ${detail.files.map((file) => file.fileTypeName ?? 'untyped').join(', ') || 'no files'}. Add them on Upload GDIP Results`,
    );
  }
  const [models, observed] = await Promise.all([
    Promise.all(predictionFiles.map(async (file) => ({ name: modelName(file.name), predictions: parsePredictions(await readStoredText(file.id), file.name) }))),
    readStoredText(observedFile.id).then((text) => ({ values: parseObserved(text, observedFile.name), name: observedFile.name })),
  ]);
  return { models, observed };
}

type ModelTables = Array<{ name: string; predictions: Prediction[] }>;

function PredictionResults({ id }: { id: string }) {
  const tables = useFilesetTables(id, loadPrediction);
  if (tables.error) return <LoadError what={tables.what} error={tables.error} onRetry={tables.retry} />;
  if (!tables.detail || !tables.data) return <LoadingOverlay />;
  return <PredictionScoring title={tables.detail.name} models={tables.data.models} observed={tables.data.observed} />;
}

type BenchmarkDataset = { name: string; models: ModelTables; observed: { values: Observed; name: string } };

/** A prediction benchmark's datasets: each one's observed values and its runs' predictions, named by model. */
async function loadPredictionBenchmark(byDataset: Map<string, RunSummary[]>): Promise<BenchmarkDataset[]> {
  return Promise.all(
    [...byDataset].map(async ([datasetId, datasetRuns]) => {
      const fileset = await request<FilesetDetail>(`filesets/${datasetId}`);
      const observedFile = fileset.files.find((file) => file.fileTypeName === OBSERVED);
      if (!observedFile) throw new Error(`the dataset ${fileset.name} has no ${OBSERVED} of observed values`);
      const observed = { values: parseObserved(await readStoredText(observedFile.id), observedFile.name), name: observedFile.name };
      const models = await Promise.all(
        datasetRuns.map(async (run) => {
          const outputs = await request<Page<StoredFile>>(`files?runId=${run.id}&fileType=${encodeURIComponent(PREDICTIONS)}&pageSize=5`);
          const table = outputs.data[0];
          if (!table) throw new Error(`run ${run.name} registered no ${PREDICTIONS}`);
          const modelId = labelValue(run.labels, 'model');
          const model = modelId ? await request<StoredFile>(`files/${modelId}`).catch(() => null) : null;
          const name = model ? `${model.runName ?? 'upload'}: ${model.name.split('/').pop()}` : run.name;
          return { name, predictions: parsePredictions(await readStoredText(table.id), table.name) };
        }),
      );
      return { name: fileset.name, models, observed };
    }),
  );
}

/** A prediction benchmark: its Make GDIP Predictions runs (model × dataset, by their labels), each scored against its dataset's observed values. */
function BenchmarkResults({ groupId }: { groupId: string }) {
  const benchmark = useBenchmark(groupId, loadPredictionBenchmark);
  if (benchmark.failure) return <LoadError what="the benchmark" error={benchmark.failure} onRetry={benchmark.retry} />;
  if (!benchmark.group) return <LoadingOverlay />;
  if (!benchmark.ready) return <BenchmarkProgress group={benchmark.group} progress={benchmark.progress} />;
  if (!benchmark.data) return <LoadingOverlay />;
  const name = benchmark.group.name;
  return (
    <div className="grid gap-6">
      <FailedRunsNote group={benchmark.group} progress={benchmark.progress} />
      {benchmark.data.map((dataset) => (
        <PredictionScoring key={dataset.name} title={`${name} · ${dataset.name}`} models={dataset.models} observed={dataset.observed} />
      ))}
    </div>
  );
}

/** Each model scored per trait against observed values: the table, the scatter and the comparison. */
function PredictionScoring({ title, models, observed }: { title: string; models: ModelTables; observed: { values: Observed; name: string } }) {
  const [choice, setChoice] = useState<{ model: string; trait: string } | null>(null);

  const scores = useMemo(() => (models && observed ? models.flatMap((model) => scoreModel(model.name, model.predictions, observed.values)) : null), [models, observed]);
  const traits = useMemo(() => [...new Set((scores ?? []).map((score) => score.trait))].sort(), [scores]);
  const shown = scores?.find((score) => score.model === choice?.model && score.trait === choice?.trait) ?? scores?.find((score) => score.n > 0) ?? scores?.[0] ?? null;

  const scatter = useMemo<ScatterSeries[]>(() => {
    if (!shown || !models || !observed) return [];
    const values = observed.values.get(shown.trait);
    const points = (models.find((model) => model.name === shown.model)?.predictions ?? [])
      .filter((row) => row.trait === shown.trait && values?.has(row.id))
      .map((row) => ({ x: row.prediction, y: values!.get(row.id)! }));
    if (points.length === 0) return [];
    const xs = points.map((point) => point.x);
    const low = points.reduce((least, point) => Math.min(least, point.x, point.y), Number.POSITIVE_INFINITY);
    const high = points.reduce((most, point) => Math.max(most, point.x, point.y), Number.NEGATIVE_INFINITY);
    const series: ScatterSeries[] = [
      { label: 'Individuals', color: '#047857', points, radius: 3 },
      {
        label: '1:1 (perfect, unbiased)',
        color: '#9ca3af',
        line: true,
        points: [
          { x: low, y: low },
          { x: high, y: high },
        ],
      },
    ];
    if (shown.slope !== null && shown.intercept !== null) {
      const minX = xs.reduce((least, x) => Math.min(least, x), Number.POSITIVE_INFINITY);
      const maxX = xs.reduce((most, x) => Math.max(most, x), Number.NEGATIVE_INFINITY);
      series.push({
        label: `Fitted: observed = ${shown.intercept.toFixed(2)} + ${shown.slope.toFixed(3)} × predicted`,
        color: '#b45309',
        line: true,
        points: [
          { x: minX, y: shown.intercept + shown.slope * minX },
          { x: maxX, y: shown.intercept + shown.slope * maxX },
        ],
      });
    }
    return series;
  }, [shown, models, observed]);

  if (!scores) return <LoadingOverlay />;

  const modelNames = models.map((model) => model.name);
  return (
    <div className="grid gap-6">
      <Card
        title={`${title}: scores per model and trait`}
        description={`${models.length} model${models.length === 1 ? '' : 's'} against the observed values of ${observed.name}. Bias is the slope of observed on predicted: 1 is unbiased, below 1 over-dispersed, above 1 too shrunk.`}
        actions={
          <Button size="sm" onClick={() => saveBlob(new Blob([toCsv(scores)], { type: 'text/csv' }), `${title}-prediction-scores.csv`)}>
            Export CSV
          </Button>
        }
      >
        <SimpleTable<ModelTraitScore>
          label="Prediction scores"
          dense
          rows={scores}
          rowKey={(row) => `${row.model}/${row.trait}`}
          columns={[
            { header: 'Model', className: 'font-medium', cell: (row) => row.model },
            { header: 'Trait', cell: (row) => row.trait },
            { header: 'n', align: 'right', cell: (row) => (row.unmatched > 0 ? <span title={`${row.unmatched} predicted individuals have no observed value`}>{row.n} *</span> : row.n) },
            {
              header: 'Pearson r',
              align: 'right',
              className: 'font-medium',
              cell: (row) => (row.foldPearson ? `${formatScore(row.pearson)} (folds ${formatScore(row.foldPearson.mean)} ± ${formatScore(row.foldPearson.sd)})` : formatScore(row.pearson)),
            },
            { header: 'Spearman ρ', align: 'right', cell: (row) => formatScore(row.spearman) },
            { header: 'RMSE', align: 'right', cell: (row) => formatScore(row.rmse) },
            { header: 'Bias (slope)', align: 'right', cell: (row) => formatScore(row.slope) },
            { header: 'Intercept', align: 'right', cell: (row) => formatScore(row.intercept) },
          ]}
        />
        {scores.some((row) => row.unmatched > 0) && <p className="mt-2 text-xs text-stone-500">* Some predicted individuals have no observed value for the trait and are left out.</p>}
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Models compared" description="Pearson r per trait; error bars are ± one standard deviation across cross-validation folds, where the predictions name folds.">
          <BarChart
            labels={traits}
            series={modelNames.map((model, index) => {
              const byTrait = traits.map((trait) => scores.find((score) => score.model === model && score.trait === trait));
              return {
                label: model,
                color: COLORS[index % COLORS.length]!,
                values: byTrait.map((score) => score?.foldPearson?.mean ?? score?.pearson ?? 0),
                errors: byTrait.map((score) => score?.foldPearson?.sd ?? null),
              };
            })}
            yLabel="Pearson r"
            yMax={1}
            ariaLabel="Pearson r of each model per trait"
          />
        </Card>
        <Card
          title="Predicted against observed"
          actions={
            <select
              aria-label="Model and trait"
              className="rounded-md border border-stone-300 bg-white px-2 py-1 text-sm"
              value={shown ? `${shown.model}\u0000${shown.trait}` : ''}
              onChange={(event) => {
                const [model, trait] = event.target.value.split('\u0000');
                setChoice({ model: model!, trait: trait! });
              }}
            >
              {scores.map((score) => (
                <option key={`${score.model}/${score.trait}`} value={`${score.model}\u0000${score.trait}`}>
                  {score.model} · {score.trait}
                </option>
              ))}
            </select>
          }
        >
          {scatter.length > 0 ? (
            <ScatterChart series={scatter} xLabel="Predicted" yLabel="Observed" ariaLabel={`Predicted against observed, ${shown?.model}, ${shown?.trait}`} />
          ) : (
            <p className="text-sm text-stone-500">No individual of this model and trait has an observed value.</p>
          )}
        </Card>
      </div>
    </div>
  );
}

/**
 * `/benchmarking/prediction/results/fileset`: filesets holding predictions and observed values;
 * with `?id=`, each model scored per trait (n, Pearson r, Spearman ρ, RMSE, bias, and per fold
 * where folds exist), predicted against observed, and the models compared.
 */
export default function PredictionResultsPage() {
  const id = useRecordId();
  const groupId = useQueryParam('group', RECORD_ID);
  return (
    <ConsoleShell title="Prediction results" route={ROUTES.predictionResults} {...(id || groupId ? { backHref: ROUTES.predictionResults, backLabel: 'All results' } : {})}>
      {id === undefined || groupId === undefined ? null : groupId ? (
        <BenchmarkResults groupId={groupId} />
      ) : id ? (
        <PredictionResults id={id} />
      ) : (
        <div className="grid gap-6">
          <BenchmarkList
            route={ROUTES.predictionResults}
            kind="prediction-benchmark"
            launchRoute={ROUTES.predictionLaunch}
            description="Trained models run on prediction datasets from Launch prediction, scored when their runs end."
          />
          <ResultFilesetsList
            route={ROUTES.predictionResults}
            fileTypes={[PREDICTIONS, OBSERVED]}
            what="predictions with observed values"
            description={`Uploaded results: filesets holding one or more ${PREDICTIONS} tables (id, trait, prediction, and optionally fold; one per model) and a ${OBSERVED} with the observed values of the validation set.`}
          />
        </div>
      )}
    </ConsoleShell>
  );
}
