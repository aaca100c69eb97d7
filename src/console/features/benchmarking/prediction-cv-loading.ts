import { isPredictionCvRun, labelValue } from '../../../contract/benchmark-labels';
import type { FilesetDetail, StoredFile } from '../../../contract/files';
import type { Page } from '../../../contract/paging';
import type { RunSummary } from '../../../contract/runs';
import { request } from '../../lib/api';
import { readStoredText } from '../../lib/download';
import { type BenchmarkDataset, loadPredictionBenchmark } from './prediction-loading';
import type { CvPrediction, CvRunPredictions } from './prediction-summary';

/**
 * A cross-validation benchmark's tables: each run's held-out predictions (its cv_predictions.csv:
 * Auto Train's `cv/`, GDIP's `prediction/`), read through signed links and parsed in the page.
 */

const CV_PREDICTIONS = /(^|\/)cv_predictions\.csv$/;
const MISSING = new Set(['', 'NA', 'NaN', 'nan', 'null', '.']);

/**
 * The held-out predictions of a cv_predictions.csv: id, trait, fold, observed and the prediction
 * (`prediction` in Auto Train's, `predicted` in GDIP's), with repeat (1 where there is none) and
 * environment where the table has them; folds are numbered from 1, as in the folds file. Rows without an observed value or a prediction are left out.
 */
export async function parseCvPredictions(text: string, fileName: string): Promise<CvPrediction[]> {
  const { default: Papa } = await import('papaparse');
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: 'greedy', transformHeader: (header) => header.trim() });
  const columns = parsed.meta.fields ?? [];
  const predicted = columns.includes('prediction') ? 'prediction' : 'predicted';
  const missing = ['id', 'trait', 'fold', 'observed', predicted].filter((column) => !columns.includes(column));
  if (missing.length > 0)
    throw new Error(`The cross-validation predictions ${fileName} lack the column${missing.length === 1 ? '' : 's'} ${missing.join(', ')}; its header has ${columns.join(', ')}.`);
  // GDIP's table counts its folds from 0 (as its fold column always has), Auto Train's and the folds file from 1.
  const firstFold = parsed.data.some((row) => row.fold?.trim() === '0') ? 0 : 1;
  const rows: CvPrediction[] = [];
  for (const row of parsed.data) {
    const observedCell = row.observed?.trim() ?? '';
    const predictedCell = row[predicted]?.trim() ?? '';
    if (!row.id || !row.trait || MISSING.has(observedCell) || MISSING.has(predictedCell)) continue;
    rows.push({
      id: row.id,
      trait: row.trait,
      repeat: Number(row.repeat ?? 1) || 1,
      fold: Number(row.fold) - firstFold + 1,
      observed: Number(observedCell),
      predicted: Number(predictedCell),
      environment: row.environment?.trim() ?? '',
    });
  }
  return rows;
}

/** One run's method (its `method:` label), scheme (`scheme:`) and held-out predictions. */
export async function runCvPredictions(run: RunSummary): Promise<CvRunPredictions> {
  const outputs = await request<Page<StoredFile>>(`files?runId=${run.id}&pageSize=200`);
  const table = outputs.data.find((file) => CV_PREDICTIONS.test(file.name));
  if (!table) throw new Error(`run ${run.name} registered no cv_predictions.csv: open the run to see what it wrote`);
  return {
    runId: run.id,
    method: labelValue(run.labels, 'method') ?? run.name,
    pipeline: run.pipelineId,
    scheme: labelValue(run.labels, 'scheme') ?? 'folds of its own',
    predictions: await parseCvPredictions(await readStoredText(table.id), table.name),
  };
}

/** One dataset of a cross-validation benchmark, with its runs' predictions. */
export interface CvBenchmarkDataset {
  id: string;
  name: string;
  runs: CvRunPredictions[];
}

/** A cross-validation benchmark's datasets, each with its methods' held-out predictions. */
export async function loadCvBenchmark(byDataset: Map<string, RunSummary[]>): Promise<CvBenchmarkDataset[]> {
  return Promise.all(
    [...byDataset].map(async ([datasetId, datasetRuns]) => {
      const [fileset, runs] = await Promise.all([request<FilesetDetail>(`filesets/${datasetId}`), Promise.all(datasetRuns.map(runCvPredictions))]);
      return { id: datasetId, name: fileset.name, runs };
    }),
  );
}

/** A prediction benchmark of either kind: methods cross-validated on frozen folds, or trained models applied to datasets. */
export type PredictionBenchmark = { kind: 'cross-validation'; datasets: CvBenchmarkDataset[] } | { kind: 'trained-models'; datasets: BenchmarkDataset[] };

/** A prediction benchmark's datasets, read as its runs' labels say it was launched. */
export async function loadAnyPredictionBenchmark(byDataset: Map<string, RunSummary[]>): Promise<PredictionBenchmark> {
  const crossValidated = [...byDataset.values()].some((runs) => runs.some((run) => isPredictionCvRun(run.labels)));
  return crossValidated ? { kind: 'cross-validation', datasets: await loadCvBenchmark(byDataset) } : { kind: 'trained-models', datasets: await loadPredictionBenchmark(byDataset) };
}
