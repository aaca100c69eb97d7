import { labelValue } from '../../../contract/benchmark-labels';
import type { FilesetDetail, StoredFile } from '../../../contract/files';
import type { Page } from '../../../contract/paging';
import type { RunSummary } from '../../../contract/runs';
import { request } from '../../lib/api';
import { readStoredText } from '../../lib/download';
import type { KnownQtlTable, Method, ScoredDataset } from './discovery-scores';

/**
 * The tables a discovery results view scores, read through signed links and parsed in the page:
 * an uploaded fileset's, or a benchmark's runs' with their datasets' known QTL.
 */

export const ASSOCIATIONS = 'associations CSV';
export const KNOWN_QTL = 'known-QTL CSV';

/** The CSV reader loads with the tables, not with the page. */
const discoveryData = () => import('./discovery-data');

const methodName = (fileName: string) => fileName.replace(/\.csv$/i, '');

async function readKnownQtl(file: StoredFile): Promise<KnownQtlTable> {
  const { parseKnownQtl } = await discoveryData();
  return { name: file.name, ...parseKnownQtl(await readStoredText(file.id), file.name) };
}

async function readMethod(file: StoredFile, name: string): Promise<Method> {
  const { parseAssociations } = await discoveryData();
  const parsed = parseAssociations(await readStoredText(file.id), file.name);
  return { name, tests: parsed.rows, columns: parsed.columns, skipped: parsed.skipped, problems: parsed.problems };
}

/** An uploaded fileset's methods (one association table each, named by its file) and its known QTL. */
export async function loadDiscoveryFileset(detail: FilesetDetail): Promise<Omit<ScoredDataset, 'name'>> {
  const associationFiles = detail.files.filter((file) => file.fileTypeName === ASSOCIATIONS);
  const qtlFile = detail.files.find((file) => file.fileTypeName === KNOWN_QTL);
  if (associationFiles.length === 0 || !qtlFile) {
    throw new Error(
      `this fileset needs at least one ${ASSOCIATIONS} and one ${KNOWN_QTL}; it holds ${detail.files.map((file) => file.fileTypeName ?? 'untyped').join(', ') || 'no files'}. Add them on Upload GDIP Results`,
    );
  }
  const [methods, qtl] = await Promise.all([Promise.all(associationFiles.map((file) => readMethod(file, methodName(file.name)))), readKnownQtl(qtlFile)]);
  return { methods, qtl };
}

/** A GDIP run's association table, named by its `method:` label. */
async function runMethod(run: RunSummary): Promise<Method> {
  const outputs = await request<Page<StoredFile>>(`files?runId=${run.id}&fileType=${encodeURIComponent(ASSOCIATIONS)}&pageSize=5`);
  const table = outputs.data.find((file) => file.name.endsWith('associations.csv')) ?? outputs.data[0];
  if (!table) throw new Error(`run ${run.name} registered no ${ASSOCIATIONS}`);
  return { ...(await readMethod(table, labelValue(run.labels, 'method') ?? run.name)), runId: run.id };
}

/** A discovery benchmark's datasets: each one's known QTL and its runs' association tables, named by method. */
export async function loadDiscoveryBenchmark(byDataset: Map<string, RunSummary[]>): Promise<ScoredDataset[]> {
  const loaded = await Promise.all(
    [...byDataset].map(async ([datasetId, datasetRuns]) => {
      const fileset = await request<FilesetDetail>(`filesets/${datasetId}`);
      const qtlFile = fileset.files.find((file) => file.fileTypeName === KNOWN_QTL);
      if (!qtlFile) throw new Error(`the dataset ${fileset.name} has no ${KNOWN_QTL}`);
      const [qtl, methods] = await Promise.all([readKnownQtl(qtlFile), Promise.all(datasetRuns.map(runMethod))]);
      return { id: datasetId, name: fileset.name, methods: methods.sort((x, y) => x.name.localeCompare(y.name)), qtl };
    }),
  );
  return loaded.sort((x, y) => x.name.localeCompare(y.name, 'en', { numeric: true }));
}
