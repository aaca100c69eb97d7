import { eq, sql } from 'drizzle-orm';
import { fileIdOf } from '../../contract/file-reference';
import type { Reproduction } from '../../contract/lineage';
import { nextRunName, runNameStem } from '../../contract/run-codes';
import type { Database } from '../db/client';
import { files, runInputs, runs } from '../db/schema';
import { DomainError } from '../domain-errors';
import type { CataloguePipeline } from '../pipelines/catalogue';
import type { RunService } from '../runs/run-service';

const short = (sha256: string) => sha256.slice(0, 12);

export interface ReproduceOptions {
  db: Database;
  catalogue: ReadonlyMap<string, CataloguePipeline>;
  runs: RunService | null;
}

/**
 * What relaunching a run exactly would repeat (its revision, parameters and the input files it
 * read) and what now differs: an input whose bytes changed or that is gone, a revision the
 * catalogue has moved from, another engine. Said before anything is launched.
 */
export async function reproductionOf(options: ReproduceOptions, runId: number): Promise<Reproduction> {
  const { db } = options;
  const [run] = await db.select().from(runs).where(eq(runs.id, runId));
  if (!run) throw new DomainError('not-found', `No run has id ${runId}.`);
  const pipeline = options.catalogue.get(run.pipelineId);
  const recorded = await db
    .select({ parameter: runInputs.parameter, fileId: runInputs.fileId, sha256AtLaunch: runInputs.sha256, name: files.name, sha256Now: files.sha256 })
    .from(runInputs)
    .leftJoin(files, eq(files.id, runInputs.fileId))
    .where(eq(runInputs.runId, runId))
    .orderBy(runInputs.parameter);
  const inputs = recorded.map((input) => ({ ...input, name: input.name ?? null, sha256Now: input.sha256Now ?? null, changed: input.sha256Now !== input.sha256AtLaunch }));
  const differences: string[] = [];
  const refusals: string[] = [];
  for (const input of inputs) {
    if (input.sha256Now === null) refusals.push(`the file ${input.parameter} named (file ${input.fileId ?? 'unknown'}) has been deleted: upload it again and relaunch from the form`);
    else if (input.changed) differences.push(`${input.name} (${input.parameter}) has changed since the run read it: sha256 ${short(input.sha256AtLaunch)}… then, ${short(input.sha256Now)}… now.`);
  }
  const referenced = Object.values(run.params).some((value) => fileIdOf(value) !== null);
  if (referenced && recorded.length === 0) differences.push('The run was launched before Seedbed recorded its inputs’ checksums, so whether its input files changed since cannot be told.');

  let relaunchRevision: string | null = null;
  const catalogueRevision = pipeline?.manifest.revision ?? null;
  if (!pipeline) refusals.push(`the pipeline ${run.pipelineId} is no longer in the catalogue: ask your administrator to add it back`);
  else if (!options.runs) refusals.push('this server launches no runs');
  else {
    const engine = options.runs.engineNameFor(pipeline);
    if (engine !== run.engine) differences.push(`The run ran on the ${run.engine} engine; ${pipeline.manifest.label} now runs on the ${engine} engine.`);
    if (engine === 'local') {
      relaunchRevision = pipeline.manifest.revision;
      if (run.revision !== pipeline.manifest.revision)
        differences.push(
          `The pipeline’s revision moved from ${run.revision} to ${pipeline.manifest.revision}; the built-in engine runs only its bundled revision, so the relaunch runs ${pipeline.manifest.revision}.`,
        );
    } else {
      relaunchRevision = run.revision;
      if (run.revision !== pipeline.manifest.revision)
        differences.push(`The catalogue’s revision moved from ${run.revision} to ${pipeline.manifest.revision}; the relaunch runs ${run.revision}, as the run did.`);
    }
  }
  const refusal = refusals.length > 0 ? `${run.name} cannot be relaunched exactly: ${refusals.join('; ')}.` : null;
  return { runId, revision: run.revision, catalogueRevision, relaunchRevision: refusal ? null : relaunchRevision, inputs, differences, refusal };
}

/** The names of runs that start with `stem`, for a relaunch's name to pass them. */
async function namesLike(db: Database, stem: string): Promise<Set<string>> {
  const found = await db.select({ name: runs.name }).from(runs).where(sql`starts_with(${runs.name}, ${stem})`);
  return new Set(found.map((row) => row.name));
}

/** The name a relaunch of `earlier` takes: its own numbered on past every name taken (gdip_panel → gdip_panel_2). */
const nextNameAfter = async (db: Database, earlier: string) => nextRunName(earlier, await namesLike(db, runNameStem(earlier)));

/** The name a relaunch of run `runId` takes unless given another (Relaunch exactly's, and the launch form's from a run). */
export async function relaunchNameOf(db: Database, runId: number): Promise<string> {
  const [run] = await db.select({ name: runs.name }).from(runs).where(eq(runs.id, runId));
  if (!run) throw new DomainError('not-found', `No run has id ${runId}.`);
  return nextNameAfter(db, run.name);
}

/**
 * Launches the run again with its revision, parameters, labels, group, project and experiment,
 * as a relaunch of it. Refused when it cannot be repeated, or when a difference was not among
 * those the person accepted (they were shown something else: look again).
 */

export async function relaunchExactly(options: ReproduceOptions, runId: number, body: { name?: string | undefined; acceptDifferences: string[] }, userId: number) {
  const reproduction = await reproductionOf(options, runId);
  if (reproduction.refusal || !options.runs || !reproduction.relaunchRevision) throw new DomainError('conflict', reproduction.refusal ?? 'This server launches no runs.');
  const unaccepted = reproduction.differences.filter((difference) => !body.acceptDifferences.includes(difference));
  if (unaccepted.length > 0) {
    throw DomainError.withDetails('conflict', `The relaunch would not repeat the run exactly: ${unaccepted.join(' ')} Confirm these differences to relaunch anyway.`, {
      differences: unaccepted,
    });
  }
  const [run] = await options.db.select().from(runs).where(eq(runs.id, runId));
  const earlier = run!;
  return options.runs.launch(
    {
      pipelineId: earlier.pipelineId,
      name: body.name ?? (await nextNameAfter(options.db, earlier.name)),
      params: earlier.params,
      labels: earlier.labels,
      groupId: earlier.groupId,
      projectId: earlier.projectId,
      experimentId: earlier.experimentId,
      relaunchOf: earlier.id,
      revision: reproduction.relaunchRevision,
    },
    userId,
  );
}
