import { and, eq, sql } from 'drizzle-orm';
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { Database } from '../db/client';
import { files, fileTypes, runInputs, runs, runTasks, users } from '../db/schema';
import { DomainError } from '../domain-errors';
import type { CataloguePipeline } from '../pipelines/catalogue';
import type { FileStore } from '../storage/file-store';
import { type CrateContents, workflowRunCrate } from './ro-crate';

export interface CrateExportOptions {
  db: Database;
  catalogue: ReadonlyMap<string, CataloguePipeline>;
  files: FileStore;
}

const fileColumns = { id: files.id, name: files.name, sha256: files.sha256, sizeBytes: files.sizeBytes, mimeType: fileTypes.mimeType, createdAt: files.createdAt };

/** What a run's crate says, read from what Seedbed recorded of the run. */
export async function crateContentsOf(options: CrateExportOptions, runId: number, withData: boolean, apiUrl: string): Promise<CrateContents> {
  const { db } = options;
  const [run] = await db
    .select({ run: runs, launchedBy: { id: users.id, name: users.name, email: users.email } })
    .from(runs)
    .leftJoin(users, eq(users.id, runs.launchedById))
    .where(eq(runs.id, runId));
  if (!run) throw new DomainError('not-found', `No run has id ${runId}.`);
  const pipeline = options.catalogue.get(run.run.pipelineId);
  if (!pipeline)
    throw new DomainError(
      'conflict',
      `The pipeline ${run.run.pipelineId} of run ${runId} is no longer in the catalogue, so its crate cannot describe the workflow: ask your administrator to add it back.`,
    );
  const [inputs, outputs, containers] = await Promise.all([
    db
      .select({ ...fileColumns, parameter: runInputs.parameter, sha256AtLaunch: runInputs.sha256 })
      .from(runInputs)
      .innerJoin(files, eq(files.id, runInputs.fileId))
      .leftJoin(fileTypes, eq(fileTypes.id, files.fileTypeId))
      .where(eq(runInputs.runId, runId))
      .orderBy(runInputs.parameter),
    db.select(fileColumns).from(files).leftJoin(fileTypes, eq(fileTypes.id, files.fileTypeId)).where(eq(files.runId, runId)).orderBy(files.name),
    db
      .selectDistinct({ container: sql<string>`${runTasks.details}->>'container'` })
      .from(runTasks)
      .where(and(eq(runTasks.runId, runId), sql`${runTasks.details}->>'container' IS NOT NULL`)),
  ]);
  const properties = Object.assign({}, ...Object.values(pipeline.schema.$defs ?? {}).map((group) => group.properties)) as CrateContents['pipeline']['properties'];
  return {
    run: { ...run.run, launchedBy: run.launchedBy?.id ? run.launchedBy : null },
    pipeline: { label: pipeline.manifest.label, description: pipeline.manifest.description, repository: pipeline.manifest.repository, properties },
    inputs,
    outputs,
    containers: containers.map((row) => row.container).sort(),
    withData,
    apiUrl,
    now: new Date(),
  };
}

/**
 * The crate as a zip, streamed: ro-crate-metadata.json first, then (with data) each file's
 * bytes read from storage as they go out, stored as they are (data files are often compressed already).
 */
export async function runCrateZip(options: CrateExportOptions, runId: number, withData: boolean, apiUrl: string): Promise<ReadableStream<Uint8Array>> {
  const contents = await crateContentsOf(options, runId, withData, apiUrl);
  const { metadata, dataFiles } = workflowRunCrate(contents);
  // Every data file must be readable before the answer starts: a missing one is said, not a truncated zip.
  const located = await Promise.all(dataFiles.map(async (entry) => ({ ...entry, ...(await options.files.locate(entry.fileId)) })));
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const zip = new Zip((error, chunk, final) => {
        if (error) return controller.error(error);
        controller.enqueue(chunk);
        if (final) controller.close();
      });
      const descriptor = new ZipDeflate('ro-crate-metadata.json', { level: 6 });
      zip.add(descriptor);
      descriptor.push(strToU8(`${JSON.stringify(metadata, null, 2)}\n`), true);
      try {
        for (const entry of located) {
          const file = new ZipPassThrough(entry.path);
          zip.add(file);
          const stream = await entry.storage.read(entry.key);
          for await (const chunk of stream) file.push(chunk instanceof Uint8Array ? chunk : Buffer.from(chunk as string));
          file.push(new Uint8Array(0), true);
        }
        zip.end();
      } catch (error) {
        controller.error(error);
      }
    },
  });
}
