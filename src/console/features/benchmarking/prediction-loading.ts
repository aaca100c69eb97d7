import { labelValue } from '../../../contract/benchmark-labels';
import type { FilesetDetail, StoredFile } from '../../../contract/files';
import type { Page } from '../../../contract/paging';
import type { RunSummary } from '../../../contract/runs';
import { request } from '../../lib/api';
import { readStoredText } from '../../lib/download';
import { type ModelPredictions, type Observed, parseObserved, parsePredictions } from './prediction-data';

/**
 * The tables a prediction results view scores, read through signed links and parsed in the page:
 * an uploaded fileset's, a benchmark's runs' with their datasets' observed values, or every run
 * ever made on one dataset (its leaderboard).
 */

export const PREDICTIONS = 'predictions CSV';
export const OBSERVED = 'phenotype CSV';

/** Observed values and the table they were read from. */
export interface ObservedTable {
  values: Observed;
  name: string;
}

/** What a fileset or a benchmark's dataset scores: its models, each against its own observed values or the shared ones. */
export interface PredictionTables {
  models: ModelPredictions[];
  /** The phenotype CSV's values, for the models whose table carries none. */
  observed: ObservedTable | null;
}

const modelName = (fileName: string) => fileName.replace(/\.csv$/i, '');

async function readObserved(file: StoredFile): Promise<ObservedTable> {
  return { values: await parseObserved(await readStoredText(file.id), file.name), name: file.name };
}

/** The models' prediction tables and the observed values of a fileset: a phenotype CSV, or an `observed` column in every table. */
export async function loadPredictionFileset(detail: FilesetDetail): Promise<PredictionTables> {
  const predictionFiles = detail.files.filter((file) => file.fileTypeName === PREDICTIONS);
  const observedFile = detail.files.find((file) => file.fileTypeName === OBSERVED);
  const holds = detail.files.map((file) => file.fileTypeName ?? 'untyped').join(', ') || 'no files';
  if (predictionFiles.length === 0) throw new Error(`this fileset needs at least one ${PREDICTIONS}; it holds ${holds}. Add them on Upload GDIP Results`);
  const [tables, observed] = await Promise.all([
    Promise.all(predictionFiles.map(async (file) => parsePredictions(await readStoredText(file.id), file.name, modelName(file.name)))),
    observedFile ? readObserved(observedFile) : null,
  ]);
  const models = tables.flat();
  if (!observed && models.some((model) => !model.observed)) {
    throw new Error(
      `this fileset needs a ${OBSERVED} of observed values, or an observed column in every ${PREDICTIONS} (as Auto Train's cv_predictions.csv has); it holds ${holds}. Add them on Upload GDIP Results`,
    );
  }
  return { models, observed };
}

/**
 * A trained model as a board names it: the file, and where it came from: its run by name and id
 * (two runs may share a name, and their models are two methods, not two replicates of one), or
 * the upload by file id.
 */
export function modelMethodName(model: Pick<StoredFile, 'id' | 'name' | 'runId' | 'runName'>): string {
  const source = model.runId ? `${model.runName ?? 'run'} (run ${model.runId})` : `upload (file ${model.id})`;
  return `${source}: ${model.name.split('/').pop()}`;
}

/** A Make GDIP Predictions run's predictions, named by the model file it applied (its `model:` label). */
export async function runPredictions(run: RunSummary): Promise<ModelPredictions[]> {
  const outputs = await request<Page<StoredFile>>(`files?runId=${run.id}&fileType=${encodeURIComponent(PREDICTIONS)}&pageSize=5`);
  const table = outputs.data[0];
  if (!table) throw new Error(`run ${run.name} registered no ${PREDICTIONS}`);
  const modelId = labelValue(run.labels, 'model');
  const model = modelId ? await request<StoredFile>(`files/${modelId}`).catch(() => null) : null;
  const name = model ? modelMethodName(model) : run.name;
  return parsePredictions(await readStoredText(table.id), table.name, name);
}

/** A prediction dataset and its observed values (its phenotype CSV). */
export async function datasetObserved(datasetId: string): Promise<{ fileset: FilesetDetail; observed: ObservedTable }> {
  const fileset = await request<FilesetDetail>(`filesets/${datasetId}`);
  const observedFile = fileset.files.find((file) => file.fileTypeName === OBSERVED);
  if (!observedFile) throw new Error(`the dataset ${fileset.name} has no ${OBSERVED} of observed values`);
  return { fileset, observed: await readObserved(observedFile) };
}

/** One dataset of a prediction benchmark, with its runs' predictions. */
export type BenchmarkDataset = PredictionTables & { id: string; name: string };

/** A prediction benchmark's datasets: each one's observed values and its runs' predictions, named by model. */
export async function loadPredictionBenchmark(byDataset: Map<string, RunSummary[]>): Promise<BenchmarkDataset[]> {
  return Promise.all(
    [...byDataset].map(async ([datasetId, datasetRuns]) => {
      const [{ fileset, observed }, models] = await Promise.all([datasetObserved(datasetId), Promise.all(datasetRuns.map(runPredictions))]);
      return { id: datasetId, name: fileset.name, models: models.flat(), observed };
    }),
  );
}
