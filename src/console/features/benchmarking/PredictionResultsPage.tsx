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
import { type ModelPredictions, type ModelTraitScore, type Observed, parseObserved, parsePredictions, scoreModel } from './prediction-data';
import { BenchmarkList, BenchmarkProgress, FailedRunsNote, ResultFilesetsList, useBenchmark, useFilesetTables, useLoaded } from './result-filesets';

const PREDICTIONS = 'predictions CSV';
const OBSERVED = 'phenotype CSV';
const COLORS = ['#047857', '#b45309', '#1d4ed8', '#be185d', '#6d28d9', '#0f766e'];

const formatScore = (value: number | null, digits = 3) => (value === null ? '—' : value.toFixed(digits));
const modelName = (fileName: string) => fileName.replace(/\.csv$/i, '');

/** r, with its mean ± sd across folds where there are folds. */
const formatPearson = (row: ModelTraitScore) =>
  row.foldPearson ? `${formatScore(row.pearson)} (folds ${formatScore(row.foldPearson.mean)} ± ${formatScore(row.foldPearson.sd)})` : formatScore(row.pearson);

/** The scores as CSV, a row for all individuals and one per fold; `lead` gives leaderboard rows their rank and benchmark. */
function toCsv(rows: ModelTraitScore[], lead?: Array<[number | string, string]>): string {
  const cell = (value: number | null) => (value === null ? 'NA' : String(value));
  const quote = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
  const header = `${lead ? 'rank,benchmark,' : ''}model,trait,fold,n,pearson_r,spearman_rho,rmse,bias_slope,intercept`;
  const lines = rows.flatMap((row, index) => {
    const prefix = lead ? [lead[index]![0], quote(lead[index]![1])] : [];
    return [
      [...prefix, quote(row.model), quote(row.trait), 'all', row.n, cell(row.pearson), cell(row.spearman), cell(row.rmse), cell(row.slope), cell(row.intercept)].join(','),
      ...row.folds.map((fold) =>
        [...prefix, quote(row.model), quote(row.trait), fold.fold, fold.n, cell(fold.pearson), cell(fold.spearman), cell(fold.rmse), cell(fold.slope), cell(fold.intercept)].join(','),
      ),
    ];
  });
  return `${header}\n${lines.join('\n')}\n`;
}

/** What a fileset or a benchmark scores: its models, each against its own observed values or the shared ones. */
interface Scored {
  models: ModelPredictions[];
  /** The phenotype CSV's values, for the models whose table carries none. */
  observed: { values: Observed; name: string } | null;
}

/** The models' prediction tables and the observed values of a fileset: a phenotype CSV, or an `observed` column in every table. */
async function loadPrediction(detail: FilesetDetail): Promise<Scored> {
  const predictionFiles = detail.files.filter((file) => file.fileTypeName === PREDICTIONS);
  const observedFile = detail.files.find((file) => file.fileTypeName === OBSERVED);
  const holds = detail.files.map((file) => file.fileTypeName ?? 'untyped').join(', ') || 'no files';
  if (predictionFiles.length === 0) throw new Error(`this fileset needs at least one ${PREDICTIONS}; it holds ${holds}. Add them on Upload GDIP Results`);
  const [tables, observed] = await Promise.all([
    Promise.all(predictionFiles.map(async (file) => parsePredictions(await readStoredText(file.id), file.name, modelName(file.name)))),
    observedFile ? readStoredText(observedFile.id).then(async (text) => ({ values: await parseObserved(text, observedFile.name), name: observedFile.name })) : null,
  ]);
  const models = tables.flat();
  if (!observed && models.some((model) => !model.observed)) {
    throw new Error(
      `this fileset needs a ${OBSERVED} of observed values, or an observed column in every ${PREDICTIONS} (as Auto Train's cv_predictions.csv has); it holds ${holds}. Add them on Upload GDIP Results`,
    );
  }
  return { models, observed };
}

function PredictionResults({ id }: { id: string }) {
  const tables = useFilesetTables(id, loadPrediction);
  if (tables.error) return <LoadError what={tables.what} error={tables.error} onRetry={tables.retry} />;
  if (!tables.detail || !tables.data) return <LoadingOverlay />;
  return <PredictionScoring title={tables.detail.name} {...tables.data} />;
}

/** A Make GDIP Predictions run's predictions, named by the model file it applied (its `model:` label). */
async function runPredictions(run: RunSummary): Promise<ModelPredictions[]> {
  const outputs = await request<Page<StoredFile>>(`files?runId=${run.id}&fileType=${encodeURIComponent(PREDICTIONS)}&pageSize=5`);
  const table = outputs.data[0];
  if (!table) throw new Error(`run ${run.name} registered no ${PREDICTIONS}`);
  const modelId = labelValue(run.labels, 'model');
  const model = modelId ? await request<StoredFile>(`files/${modelId}`).catch(() => null) : null;
  const name = model ? `${model.runName ?? 'upload'}: ${model.name.split('/').pop()}` : run.name;
  return parsePredictions(await readStoredText(table.id), table.name, name);
}

/** A prediction dataset's observed values (its phenotype CSV). */
async function datasetObserved(datasetId: string) {
  const fileset = await request<FilesetDetail>(`filesets/${datasetId}`);
  const observedFile = fileset.files.find((file) => file.fileTypeName === OBSERVED);
  if (!observedFile) throw new Error(`the dataset ${fileset.name} has no ${OBSERVED} of observed values`);
  return { fileset, observed: { values: await parseObserved(await readStoredText(observedFile.id), observedFile.name), name: observedFile.name } };
}

type BenchmarkDataset = Scored & { id: string; name: string };

/** A prediction benchmark's datasets: each one's observed values and its runs' predictions, named by model. */
async function loadPredictionBenchmark(byDataset: Map<string, RunSummary[]>): Promise<BenchmarkDataset[]> {
  return Promise.all(
    [...byDataset].map(async ([datasetId, datasetRuns]) => {
      const [{ fileset, observed }, models] = await Promise.all([datasetObserved(datasetId), Promise.all(datasetRuns.map(runPredictions))]);
      return { id: datasetId, name: fileset.name, models: models.flat(), observed };
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
        <PredictionScoring key={dataset.id} title={`${name} · ${dataset.name}`} models={dataset.models} observed={dataset.observed} leaderboard={`${ROUTES.predictionResults}?dataset=${dataset.id}`} />
      ))}
    </div>
  );
}

interface LeaderboardEntry {
  rank: number;
  score: ModelTraitScore;
  run: RunSummary;
}

/**
 * Every model ever benchmarked on one prediction dataset, ranked per trait by Pearson r (mean
 * across folds where there are folds). A model benchmarked twice appears once, from its latest run.
 */
async function loadLeaderboard(datasetId: string) {
  const [{ fileset, observed }, runs] = await Promise.all([
    datasetObserved(datasetId),
    request<Page<RunSummary>>(`runs?label=${encodeURIComponent(`dataset:${datasetId}`)}&pipelineId=make-gdip-predictions&status=SUCCEEDED&pageSize=200&sort=submittedAt&order=desc`),
  ]);
  const latest = new Map<string, RunSummary>();
  for (const run of runs.data) {
    const model = labelValue(run.labels, 'model') ?? `run ${run.id}`;
    if (!latest.has(model)) latest.set(model, run);
  }
  const scored = await Promise.all(
    [...latest.values()].map(async (run) =>
      (await runPredictions(run)).flatMap((model) => scoreModel(model.name, model.predictions, model.observed ?? observed.values).map((score) => ({ score, run }))),
    ),
  );
  const byTrait = new Map<string, LeaderboardEntry[]>();
  for (const entry of scored.flat()) byTrait.set(entry.score.trait, [...(byTrait.get(entry.score.trait) ?? []), { ...entry, rank: 0 }]);
  const accuracy = (score: ModelTraitScore) => score.foldPearson?.mean ?? score.pearson;
  for (const entries of byTrait.values()) {
    // Undefined r (a constant prediction, no observed individual) ranks last, unranked.
    entries.sort((a, b) => (accuracy(b.score) ?? Number.NEGATIVE_INFINITY) - (accuracy(a.score) ?? Number.NEGATIVE_INFINITY));
    entries.forEach((entry, index) => {
      entry.rank = accuracy(entry.score) === null ? 0 : index + 1;
    });
  }
  return { name: fileset.name, observedName: observed.name, runCount: runs.pagination.totalCount, traits: [...byTrait].sort(([a], [b]) => a.localeCompare(b)) };
}

function Leaderboard({ datasetId }: { datasetId: string }) {
  const board = useLoaded(datasetId, () => loadLeaderboard(datasetId));
  if (board.error) return <LoadError what="the leaderboard" error={board.error} onRetry={board.retry} />;
  if (!board.data) return <LoadingOverlay />;
  const { name, observedName, traits, runCount } = board.data;
  if (traits.length === 0) {
    return (
      <Card title={`Leaderboard: ${name}`}>
        <p className="text-sm text-stone-600">
          No prediction benchmark on this dataset has a succeeded run yet.{' '}
          <a className="text-emerald-800 hover:underline" href={ROUTES.predictionLaunch}>
            Launch one
          </a>
          .
        </p>
      </Card>
    );
  }
  const rows = traits.flatMap(([, entries]) => entries);
  return (
    <Card
      title={`Leaderboard: ${name}`}
      description={`Every model benchmarked on this dataset (${runCount} succeeded run${runCount === 1 ? '' : 's'}), ranked per trait by Pearson r against ${observedName}. A model benchmarked more than once counts once, from its latest run.`}
      actions={
        <Button
          size="sm"
          onClick={() =>
            saveBlob(
              new Blob(
                [
                  toCsv(
                    rows.map((entry) => entry.score),
                    rows.map((entry) => [entry.rank || 'NA', entry.run.groupName ?? '']),
                  ),
                ],
                { type: 'text/csv' },
              ),
              `${name}-leaderboard.csv`,
            )
          }
        >
          Export CSV
        </Button>
      }
    >
      <div className="grid gap-6">
        {traits.map(([trait, entries]) => (
          <section key={trait} aria-label={`Leaderboard for ${trait}`}>
            <h3 className="mb-2 text-sm font-semibold text-stone-800">{trait}</h3>
            <SimpleTable<LeaderboardEntry>
              label={`Leaderboard for ${trait}`}
              dense
              rows={entries}
              rowKey={(entry) => `${entry.run.id}/${entry.score.model}`}
              columns={[
                { header: 'Rank', align: 'right', cell: (entry) => (entry.rank === 0 ? '—' : entry.rank) },
                { header: 'Model', className: 'font-medium', cell: (entry) => entry.score.model },
                {
                  header: 'Benchmark',
                  cell: (entry) =>
                    entry.run.groupId ? (
                      <a className="text-emerald-800 hover:underline" href={`${ROUTES.predictionResults}?group=${entry.run.groupId}`}>
                        {entry.run.groupName}
                      </a>
                    ) : (
                      entry.run.name
                    ),
                },
                { header: 'n', align: 'right', cell: (entry) => entry.score.n },
                { header: 'Pearson r', align: 'right', className: 'font-medium', cell: (entry) => formatPearson(entry.score) },
                { header: 'Spearman ρ', align: 'right', cell: (entry) => formatScore(entry.score.spearman) },
                { header: 'RMSE', align: 'right', cell: (entry) => formatScore(entry.score.rmse) },
                { header: 'Bias (slope)', align: 'right', cell: (entry) => formatScore(entry.score.slope) },
              ]}
            />
          </section>
        ))}
      </div>
    </Card>
  );
}

/** Each model scored per trait against observed values: the table, the scatter and the comparison. */
function PredictionScoring({ title, models, observed, leaderboard }: Scored & { title: string; leaderboard?: string }) {
  const [choice, setChoice] = useState<{ model: string; trait: string } | null>(null);

  const scores = useMemo(() => models.flatMap((model) => scoreModel(model.name, model.predictions, model.observed ?? observed?.values ?? new Map())), [models, observed]);
  const traits = useMemo(() => [...new Set((scores ?? []).map((score) => score.trait))].sort(), [scores]);
  const shown = scores?.find((score) => score.model === choice?.model && score.trait === choice?.trait) ?? scores?.find((score) => score.n > 0) ?? scores?.[0] ?? null;

  const scatter = useMemo<ScatterSeries[]>(() => {
    const model = models.find((candidate) => candidate.name === shown?.model);
    if (!shown || !model) return [];
    const values = (model.observed ?? observed?.values)?.get(shown.trait);
    const points = model.predictions.filter((row) => row.trait === shown.trait && values?.has(row.id)).map((row) => ({ x: row.prediction, y: values!.get(row.id)! }));
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

  const modelNames = models.map((model) => model.name);
  return (
    <div className="grid gap-6">
      <Card
        title={`${title}: scores per model and trait`}
        description={`${models.length} model${models.length === 1 ? '' : 's'} against the observed values of ${observed?.name ?? 'each table'}. Bias is the slope of observed on predicted: 1 is unbiased, below 1 over-dispersed, above 1 too shrunk.`}
        actions={
          <div className="flex flex-wrap items-center gap-3">
            {leaderboard && (
              <a className="text-sm text-emerald-800 hover:underline" href={leaderboard}>
                Leaderboard on this dataset
              </a>
            )}
            <Button size="sm" onClick={() => saveBlob(new Blob([toCsv(scores)], { type: 'text/csv' }), `${title}-prediction-scores.csv`)}>
              Export CSV
            </Button>
          </div>
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
              cell: formatPearson,
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
 * `/benchmarking/prediction/results/fileset`: benchmarks, leaderboards and filesets holding
 * predictions; with `?dataset=`, the dataset's leaderboard; with `?id=`, each model scored per trait (n, Pearson r, Spearman ρ, RMSE, bias, and per fold
 * where folds exist), predicted against observed, and the models compared.
 */
export default function PredictionResultsPage() {
  const id = useRecordId();
  const groupId = useQueryParam('group', RECORD_ID);
  const datasetId = useQueryParam('dataset', RECORD_ID);
  return (
    <ConsoleShell title="Prediction results" route={ROUTES.predictionResults} {...(id || groupId || datasetId ? { backHref: ROUTES.predictionResults, backLabel: 'All results' } : {})}>
      {id === undefined || groupId === undefined || datasetId === undefined ? null : datasetId ? (
        <Leaderboard datasetId={datasetId} />
      ) : groupId ? (
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
            kind="prediction-data"
            param="dataset"
            title="Leaderboards"
            what="prediction datasets"
            description="Each prediction dataset's leaderboard: every model benchmarked on it, ranked per trait."
            emptyHint={
              <>
                No prediction dataset yet.{' '}
                <a className="text-emerald-800 hover:underline" href={ROUTES.registerPredictionData}>
                  Register one
                </a>
                .
              </>
            }
          />
          <ResultFilesetsList
            route={ROUTES.predictionResults}
            fileTypes={[PREDICTIONS]}
            what="predictions"
            description={`Uploaded results: filesets holding one or more ${PREDICTIONS} tables (id, trait, prediction, and optionally model, repeat, fold and observed, as in Auto Train's cv_predictions.csv) and, where the tables have no observed column, a ${OBSERVED} with the observed values of the validation set.`}
          />
        </div>
      )}
    </ConsoleShell>
  );
}
