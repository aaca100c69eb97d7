import fs from 'node:fs';
import path from 'node:path';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AccessionPredictions, RunReport, RunSummaries } from '../../contract/reports';
import type { Database } from '../db/client';
import { accessions, files, filesetFiles, filesets, runs } from '../db/schema';
import { DomainError } from '../domain-errors';
import type { CataloguePipeline } from '../pipelines/catalogue';
import { withDefaults } from '../pipelines/param-defaults';
import { listOutputs } from '../runs/outputs';
import { withRunFolder } from '../runs/run-folder';
import type { FileStore } from '../storage/file-store';
import { type ComputedReport, computeReport, type OutputReader, type ReportParts } from './compute-report';
import { cellOf, eachDelimitedRow, globPattern, numberOf, textOf } from './output-rows';

/** What the report service needs of the API's dependencies. */
export interface ReportDeps {
  db: Database;
  dataDir: string;
  catalogue: Map<string, CataloguePipeline>;
  files: FileStore;
}

type RunRow = typeof runs.$inferSelect;

/** The run's outputs as the report reads them: stored files through storage (folder or S3), the rest from the run's folder. */
export async function outputReaderOf(deps: ReportDeps, run: RunRow): Promise<{ reader: OutputReader; signature: string; remote: string | null }> {
  const listed = await listOutputs(deps.db, withRunFolder(run, deps.dataDir), deps.catalogue.get(run.pipelineId), deps.dataDir);
  const pipeline = deps.catalogue.get(run.pipelineId);
  // The same files, stored or not, at the same sizes and times: the report computed from them still holds.
  const signature = JSON.stringify([run.status, listed.outputs.map((output) => [output.path, output.sizeBytes, output.modifiedAt, output.fileId])]);
  const reader: OutputReader = {
    // A parameter left at its default (a significance threshold) is read from the pipeline's schema.
    params: pipeline ? withDefaults(pipeline, run.params) : run.params,
    outputs: listed.outputs.map((output) => ({ path: output.path, sizeBytes: output.sizeBytes, fileId: output.fileId })),
    async open(output) {
      if (output.fileId !== null) {
        const { storage, key } = await deps.files.locate(output.fileId);
        return storage.read(key);
      }
      return fs.createReadStream(path.join(listed.location, output.path));
    },
  };
  return { reader, signature, remote: listed.local ? null : listed.location };
}

const notDeclared = (pipeline: CataloguePipeline | undefined, pipelineId: string): string[] =>
  pipeline?.report.problem ? [pipeline.report.problem] : pipeline ? [] : [`The pipeline ${pipelineId} is no longer in the catalogue (SEEDBED_PIPELINES_DIR), so its report is unknown.`];

/** Reports computed lately, per API (its dependencies), by run and parts: kept while the run's outputs are the same files. */
const computed = new WeakMap<object, Map<string, { signature: string; report: ComputedReport }>>();
const CACHED_REPORTS = 50;

async function computeFor(deps: ReportDeps, run: RunRow, parts: ReportParts): Promise<ComputedReport & { declared: boolean }> {
  const pipeline = deps.catalogue.get(run.pipelineId);
  const declaration = pipeline?.report.declaration;
  if (!declaration) return { declared: false, numbers: [], charts: [], tables: [], previews: [], problems: notDeclared(pipeline, run.pipelineId) };
  const { reader, signature, remote } = await outputReaderOf(deps, run);
  if (remote !== null) {
    const problem = `The run wrote its outputs to ${remote}, outside this server, so Seedbed cannot read them for its report; give it an outdir inside its own folder (such as results) to see its results here.`;
    return { declared: true, numbers: [], charts: [], tables: [], previews: [], problems: [problem] };
  }
  const cache = computed.get(deps) ?? new Map<string, { signature: string; report: ComputedReport }>();
  computed.set(deps, cache);
  const key = `${run.id}/${parts.charts}/${parts.tables}`;
  const hit = cache.get(key);
  if (hit && hit.signature === signature) return { declared: true, ...hit.report };
  const report = await computeReport(declaration, reader, parts);
  cache.delete(key);
  cache.set(key, { signature, report });
  // The oldest entry goes first (a Map keeps its insertion order).
  if (cache.size > CACHED_REPORTS) cache.delete(cache.keys().next().value!);
  return { declared: true, ...report };
}

/** `GET /runs/{id}/report`: the declared numbers, charts and tables of one run, with accession links. */
export async function runReport(deps: ReportDeps, runId: number): Promise<RunReport> {
  const [run] = await deps.db.select().from(runs).where(eq(runs.id, runId));
  if (!run) throw new DomainError('not-found', `No run has id ${runId}.`);
  const report = await computeFor(deps, run, { charts: true, tables: true });
  for (const table of report.tables) {
    if (table.accessionColumn === null) continue;
    const ids = await accessionIdsByName(
      deps.db,
      table.rows.map((row) => row[table.accessionColumn!]!),
    );
    table.accessionIds = table.rows.map((row) => ids.get(row[table.accessionColumn!]!.toLowerCase()) ?? null);
  }
  return { runId: run.id, pipelineId: run.pipelineId, status: run.status, ...report, datasets: await datasetsOf(deps.db, run.id) };
}

/** The filesets holding a run's outputs, oldest first: the datasets a simulation registered, a fileset its results went into. */
function datasetsOf(db: Database, runId: number): Promise<RunReport['datasets']> {
  return db
    .selectDistinct({ id: filesets.id, name: filesets.name, kind: filesets.kind })
    .from(filesets)
    .innerJoin(filesetFiles, eq(filesetFiles.filesetId, filesets.id))
    .innerJoin(files, eq(files.id, filesetFiles.fileId))
    .where(eq(files.runId, runId))
    .orderBy(filesets.id);
}

/** `GET /run-summaries?ids=`: each run's declared numbers, for comparisons (charts and tables are not read). */
export async function runSummaries(deps: ReportDeps, ids: number[]): Promise<RunSummaries> {
  const found = ids.length > 0 ? await deps.db.select().from(runs).where(inArray(runs.id, ids)) : [];
  const byId = new Map(found.map((run) => [run.id, run]));
  const summaries = await Promise.all(
    ids
      .filter((id) => byId.has(id))
      .map(async (id) => {
        const run = byId.get(id)!;
        const { numbers, problems } = await computeFor(deps, run, { charts: false, tables: false });
        const pipeline = deps.catalogue.get(run.pipelineId);
        // With the defaults filled in: a run that left min_maf at its default still has a point on the chart.
        return { runId: run.id, pipelineId: run.pipelineId, status: run.status, params: pipeline ? withDefaults(pipeline, run.params) : run.params, numbers, problems };
      }),
  );
  return { summaries, unknownIds: ids.filter((id) => !byId.has(id)) };
}

/** Accession ids by lower-cased name or synonym, for names shown in a report's table. */
async function accessionIdsByName(db: Database, names: string[]): Promise<Map<string, number>> {
  const lower = [...new Set(names.map((name) => name.toLowerCase()).filter(Boolean))];
  if (lower.length === 0) return new Map();
  const literal = sql`${`{${lower.map((name) => `"${name.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`;
  const rows = await db
    .select({ id: accessions.id, name: accessions.germplasmName, synonyms: accessions.synonyms })
    .from(accessions)
    .where(sql`lower(${accessions.germplasmName}) = any(${literal}) or ${accessions.synonymsLower} && ${literal}`);
  const ids = new Map<string, number>();
  for (const row of rows) {
    for (const synonym of row.synonyms) if (lower.includes(synonym.toLowerCase())) ids.set(synonym.toLowerCase(), row.id);
  }
  // The name wins over another accession's synonym.
  for (const row of rows) ids.set(row.name.toLowerCase(), row.id);
  return ids;
}

/** Most recent succeeded runs with prediction outputs that an accession's page reads. */
export const MAX_PREDICTION_RUNS = 20;

/**
 * `GET /accessions/{id}/predictions`: the accession's rows in the prediction outputs (declared by
 * their pipelines' report.json "predictions") of the most recent succeeded runs.
 */
export async function accessionPredictions(deps: ReportDeps, accessionId: number): Promise<AccessionPredictions> {
  const [accession] = await deps.db.select({ name: accessions.germplasmName, synonyms: accessions.synonyms }).from(accessions).where(eq(accessions.id, accessionId));
  if (!accession) throw new DomainError('not-found', `No accession has id ${accessionId}.`);
  const names = [accession.name, ...accession.synonyms];
  const wanted = new Map(names.map((name) => [name.toLowerCase(), name]));
  const patterns = new Map(
    [...deps.catalogue.values()].flatMap((pipeline) => {
      const declared = pipeline.report.declaration?.predictions ?? [];
      return declared.length > 0 ? [[pipeline.id, declared.map(globPattern)] as const] : [];
    }),
  );
  const predictions: AccessionPredictions['predictions'] = [];
  if (patterns.size === 0) return { accessionId, names, predictions, runsSearched: 0 };
  const recent = await deps.db
    .select({ id: runs.id, name: runs.name, pipelineId: runs.pipelineId, completedAt: runs.completedAt })
    .from(runs)
    .where(and(inArray(runs.pipelineId, [...patterns.keys()]), eq(runs.status, 'SUCCEEDED')))
    .orderBy(desc(runs.completedAt), desc(runs.id))
    .limit(MAX_PREDICTION_RUNS);
  const outputs =
    recent.length > 0
      ? await deps.db
          .select({ id: files.id, name: files.name, runId: files.runId })
          .from(files)
          .where(
            inArray(
              files.runId,
              recent.map((run) => run.id),
            ),
          )
          .orderBy(files.name)
      : [];
  for (const run of recent) {
    const declared = patterns.get(run.pipelineId) ?? [];
    for (const output of outputs.filter((entry) => entry.runId === run.id && declared.some((pattern) => pattern.test(entry.name)))) {
      const { storage, key } = await deps.files.locate(output.id);
      await eachDelimitedRow(await storage.read(key), output.name, (row) => {
        const matchedName = wanted.get(textOf(cellOf(row, 'id')).toLowerCase());
        if (!matchedName) return;
        predictions.push({
          runId: run.id,
          runName: run.name,
          pipelineId: run.pipelineId,
          completedAt: run.completedAt?.toISOString() ?? null,
          file: output.name,
          matchedName,
          trait: textOf(cellOf(row, 'trait')),
          prediction: numberOf(cellOf(row, 'prediction')),
          gebv: numberOf(cellOf(row, 'gebv')),
        });
      });
    }
  }
  return { accessionId, names, predictions, runsSearched: recent.length };
}
