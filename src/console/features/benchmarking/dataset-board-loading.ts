import { isPredictionCvRun } from '../../../contract/benchmark-labels';
import type { FilesetDetail } from '../../../contract/files';
import { MAX_PAGE_SIZE, type Page } from '../../../contract/paging';
import { runOutcome } from './run-outcome';
import type { RunSummary } from '../../../contract/runs';
import { request } from '../../lib/api';
import { loadDiscoveryBenchmark } from './discovery-loading';
import type { ScoredDataset } from './discovery-scores';
import { runCvPredictions } from './prediction-cv-loading';
import { datasetObserved, type ObservedTable, runPredictions } from './prediction-loading';
import type { CvRunPredictions } from './prediction-summary';
import type { ModelPredictions } from './prediction-data';

/**
 * What a dataset's board reads: the dataset (a known GDIP dataset or prediction data), every run
 * ever labelled with it (any benchmark, any group), and the succeeded runs' tables. A run that did
 * not succeed is listed, never scored.
 */

export const BOARD_KINDS = ['known-gdip', 'prediction-data'] as const;

/** A benchmark's runs on the dataset: the runs of one run group (or a run outside any), scored together. */
export interface BoardOccasion {
  key: string;
  /** The benchmark (run group) the runs belong to, if any. */
  groupId: number | null;
  groupName: string | null;
}

/** A discovery benchmark's methods on the dataset (each keeps the run it comes from). */
export interface DiscoveryOccasion extends BoardOccasion {
  scored: ScoredDataset;
}

/** A trained model's run on the dataset (Make GDIP Predictions on its validation set): its models, named by the model file. */
export interface PredictionRun extends BoardOccasion {
  run: RunSummary;
  /** `validation set`: the dataset's observed values, with no folds of its own. */
  scheme: string;
  models: ModelPredictions[];
}

export interface DatasetBoard {
  dataset: FilesetDetail;
  /** Every run labelled with the dataset, newest first. */
  runs: RunSummary[];
  discovery: DiscoveryOccasion[];
  prediction: PredictionRun[];
  /** Methods cross-validated on the dataset's frozen folds. */
  crossValidation: CvRunPredictions[];
  /** The benchmark (run group) of every scored run, or null outside any. */
  groupOf: Map<number, { id: number; name: string } | null>;
  observed: ObservedTable | null;
}

export type BenchmarkKind = 'discovery' | 'prediction';

/** The kind of benchmark a run belongs to, by its `benchmark:` label. */
export function benchmarkKindOf(run: RunSummary): BenchmarkKind | null {
  if (run.labels.includes('benchmark:discovery')) return 'discovery';
  if (run.labels.some((label) => label.startsWith('benchmark:prediction'))) return 'prediction';
  return null;
}

/** Every run labelled with the dataset, any group, newest first: all pages. */
export async function datasetRuns(datasetId: string): Promise<RunSummary[]> {
  const label = encodeURIComponent(`dataset:${datasetId}`);
  const runs: RunSummary[] = [];
  for (let page = 0; ; page += 1) {
    const answer = await request<Page<RunSummary>>(`runs?label=${label}&pageSize=${MAX_PAGE_SIZE}&page=${page}&sort=submittedAt&order=desc`);
    runs.push(...answer.data);
    if (answer.data.length === 0 || runs.length >= answer.pagination.totalCount) return runs;
  }
}

/** Runs by the benchmark (run group) they belong to; a run outside any group is one of its own. */
function byOccasion(runs: RunSummary[]): Array<[BoardOccasion, RunSummary[]]> {
  const occasions = new Map<string, [BoardOccasion, RunSummary[]]>();
  for (const run of runs) {
    const key = run.groupId ? `group:${run.groupId}` : `run:${run.id}`;
    const entry = occasions.get(key) ?? [{ key, groupId: run.groupId, groupName: run.groupName }, []];
    entry[1].push(run);
    occasions.set(key, entry);
  }
  return [...occasions.values()];
}

async function discoveryOccasions(datasetId: string, runs: RunSummary[]): Promise<DiscoveryOccasion[]> {
  return Promise.all(
    byOccasion(runs).map(async ([occasion, occasionRuns]) => {
      const [scored] = await loadDiscoveryBenchmark(new Map([[datasetId, occasionRuns]]));
      // Named by the benchmark, so that a method's runs pair by benchmark (one run per method and benchmark).
      return { ...occasion, scored: { ...scored!, name: occasion.key } };
    }),
  );
}

async function predictionRun(run: RunSummary): Promise<PredictionRun> {
  return {
    key: run.groupId ? `group:${run.groupId}` : `run:${run.id}`,
    groupId: run.groupId,
    groupName: run.groupName,
    run,
    scheme: 'validation set',
    models: await runPredictions(run),
  };
}

/** The dataset, its runs, and the succeeded runs' tables read and parsed. */
export async function loadDatasetBoard(datasetId: string): Promise<DatasetBoard> {
  const [dataset, runs] = await Promise.all([request<FilesetDetail>(`filesets/${datasetId}`), datasetRuns(datasetId)]);
  if (!(BOARD_KINDS as readonly string[]).includes(dataset.kind)) {
    throw new Error(
      `${dataset.name} is a fileset of plain files, not a benchmark dataset: boards are kept for known GDIP datasets and prediction data. Register one on Register Known GDIP Data or Register Prediction Data`,
    );
  }
  const succeeded = (kind: BenchmarkKind) => runs.filter((run) => runOutcome(run) === 'succeeded' && benchmarkKindOf(run) === kind);
  const predictionRuns = succeeded('prediction');
  const [discovery, prediction, crossValidation] = await Promise.all([
    succeeded('discovery').length > 0 ? discoveryOccasions(datasetId, succeeded('discovery')) : [],
    Promise.all(predictionRuns.filter((run) => !isPredictionCvRun(run.labels)).map(predictionRun)),
    Promise.all(predictionRuns.filter((run) => isPredictionCvRun(run.labels)).map(runCvPredictions)),
  ]);
  // Models scored against the dataset's observed values: those whose table carries none (a model applied to a validation set).
  const needsObserved = prediction.some((entry) => entry.models.some((model) => !model.observed));
  const observed = needsObserved ? (await datasetObserved(datasetId)).observed : null;
  const groupOf = new Map(runs.map((run) => [run.id, run.groupId ? { id: run.groupId, name: run.groupName ?? `Benchmark ${run.groupId}` } : null]));
  return { dataset, runs, discovery, prediction, crossValidation, groupOf, observed };
}
