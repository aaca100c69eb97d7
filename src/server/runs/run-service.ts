import { checkLaunchInputs, createInputAccess, withStoredPaths } from '../pipelines/launch-inputs';
import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { RunEngineName, RunLaunchValues } from '../../contract/runs';
import type { Database } from '../db/client';
import { experiments, projects, runGroups, runs } from '../db/schema';
import { DomainError } from '../domain-errors';
import { describeError, type Logger } from '../log';
import { changedFromDefaults, orderProblems, unknownParameters, withDefaults } from '../pipelines/param-defaults';
import type { CataloguePipeline } from '../pipelines/catalogue';
import { validateParams } from '../pipelines/params-validation';
import type { LaunchRefusal, LaunchSpec, RunEngine } from './engines/engine';
import { workDirOf } from './engines/nextflow';
import { signalTree, tailOf, whenGone } from './engines/processes';
import { isEnded, markCancelled, markFailed, markSucceeded, moveRuns, runIsOpen } from './lifecycle';
import { runFolder, withRunFolder } from './run-folder';
import { registerRunDatasets } from '../benchmarks/run-datasets';
import { isRemoteLocation, outdirOf, outdirProblem, registerOutputs } from './outputs';
import { hashSecret } from './weblog';
import { RESOURCES_CONFIG_FILE, resourceConfig } from './resource-config';
import { recommendResources } from './resource-recommendations';
import { recommendationQuerySchema } from '../../contract/resources';
import { fieldMessageList } from '../../contract/errors';
import { BUILT_IN_ENGINE_VERSION, recordRunInputs } from '../lineage/run-inputs';

export interface RunServiceOptions {
  db: Database;
  log: Logger;
  catalogue: CataloguePipeline[];
  engines: Record<RunEngineName, RunEngine>;
  /** The engine of pipelines whose pipeline.json names none (SEEDBED_ENGINE). */
  defaultEngine: RunEngineName;
  dataDir: string;
  /** How engines reach the API, e.g. http://127.0.0.1:4321/api. */
  apiUrl: string;
  /** Local runs at once (SEEDBED_LOCAL_CONCURRENCY); more wait in a queue. */
  localConcurrency: number;
  /** This machine's name (os.hostname()): runs started here are recovered here only. */
  host?: string;
  /** SEEDBED_NEXTFLOW_WORK_DIR: where nextflow runs keep their task files (object storage), if not in their folders. */
  nextflowWorkDir?: string | undefined;
  /** Before a launch is checked: fetch stored files its parameters name (by reference or path) that live elsewhere (S3) to where their paths point. */
  prepareInputs?: (params: Record<string, unknown>) => Promise<void>;
  /** SEEDBED_INPUT_DIRS: folders whose files runs may read besides stored files (see pipelines/launch-inputs.ts). */
  inputDirs?: readonly string[];
}

type RunRow = typeof runs.$inferSelect;

/** What checking a launch found: its problems by field and the refusal's sentence, or none and (`ready`) what the launch goes on with. */
type LaunchCheck =
  | { errors: Record<string, string>; message: string; ready: null }
  | {
      errors: Record<string, never>;
      message: null;
      ready: { pipeline: CataloguePipeline; engine: RunEngine; revision: string; sheetFiles: Map<string, string>; resourcesConfig: string | null };
    };

/**
 * Owns runs from launch to their end: validation, the engine, the local queue, cancel, what a
 * process's exit means, and re-attaching after a restart. Statuses otherwise come from the weblog.
 */
export function createRunService(options: RunServiceOptions) {
  const { db, log } = options;
  const host = options.host ?? os.hostname();
  const byId = new Map(options.catalogue.map((pipeline) => [pipeline.id, pipeline]));
  const folderOf = (runId: number) => runFolder(options.dataDir, runId);
  const inputAccess = createInputAccess({ db, dataDir: options.dataDir, inputDirs: options.inputDirs ?? [] });
  const queue: number[] = [];
  const active = new Map<number, { pid: number; engine: RunEngine; stopWatching?: () => void }>();
  let stopped = false;

  const engineFor = (pipeline: CataloguePipeline) => options.engines[pipeline.manifest.engine ?? options.defaultEngine];
  /** Why the pipeline cannot be launched here (its files are broken, or its engine cannot run it), or null. */
  const canLaunch = (pipeline: CataloguePipeline): LaunchRefusal | null =>
    pipeline.problem
      ? {
          kind: 'unavailable',
          message: `${pipeline.manifest.label} cannot be launched: its files in the catalogue are broken. ${pipeline.problem} Ask your administrator to fix the file.`,
          fix: 'Fix the named file in the catalogue and restart Seedbed.',
        }
      : engineFor(pipeline).cannotLaunch(pipeline);
  const activeLocal = () => [...active.values()].filter((entry) => entry.engine.name === 'local').length;

  /**
   * The parameter values the engine refuses (pipeline.json's localUnsupported or nextflowUnsupported),
   * by `params.<name>`: a listed value, or with no list any value but the schema's default.
   */
  function unsupportedOn(pipeline: CataloguePipeline, engineName: RunEngineName, params: Record<string, unknown>): Record<string, string> | null {
    const rules = engineName === 'local' ? pipeline.manifest.localUnsupported : pipeline.manifest.nextflowUnsupported;
    const changed = changedFromDefaults(pipeline, params);
    const errors: Record<string, string> = {};
    for (const [name, rule] of Object.entries(rules ?? {})) {
      if (!rule.values) {
        if (name in changed) errors[`params.${name}`] = rule.message;
        continue;
      }
      const value = params[name];
      if (typeof value !== 'string') continue;
      const items = value.split(',').map((item) => item.trim());
      const refused = items.filter((item) => rule.values?.includes(item));
      if (refused.length > 0) errors[`params.${name}`] = `${refused.join(', ')}: ${rule.message}`;
    }
    return Object.keys(errors).length > 0 ? errors : null;
  }

  /** What launching `pipelineId` with these values would refuse for the engine it runs on here (see unsupportedOn), for callers that launch several runs at once. */
  const refusedValues = (pipelineId: string, params: Record<string, unknown>) => {
    const pipeline = pipelineOf(pipelineId);
    return unsupportedOn(pipeline, engineFor(pipeline).name, params);
  };

  function pipelineOf(id: string): CataloguePipeline {
    const pipeline = byId.get(id);
    if (!pipeline) throw new DomainError('invalid', `No pipeline '${id}' in the catalogue.`, { pipelineId: `No pipeline '${id}'` });
    return pipeline;
  }

  /** The records a launch names that do not exist, by field. */
  async function missingReferences(input: { groupId: number | null; projectId: number | null; experimentId?: number | null }): Promise<Record<string, string>> {
    const errors: Record<string, string> = {};
    if (input.groupId && (await db.select({ id: runGroups.id }).from(runGroups).where(eq(runGroups.id, input.groupId))).length === 0) errors.groupId = 'No such run group';
    if (input.projectId && (await db.select({ id: projects.id }).from(projects).where(eq(projects.id, input.projectId))).length === 0) errors.projectId = 'No such project';
    if (input.experimentId && (await db.select({ id: experiments.id }).from(experiments).where(eq(experiments.id, input.experimentId))).length === 0) errors.experimentId = 'No such experiment';
    return errors;
  }

  /**
   * Every problem the launch of `input` is refused for, by field, found all at once: the stored
   * files it names, the schema (and parameters it lacks), the values that cannot run together
   * (`lessThan`, with its `when`), the output folder, the values the engine cannot honour, the
   * input files and samplesheets, the records it refers to, the revision, the run it relaunches
   * and the recommended resources. A field keeps the first problem found for it. `message` is the
   * refusal's sentence, a sentence per kind of problem. The launch and POST /runs/check both ask
   * this, so that what the form is told before Launch is what Launch would say. A pipeline that
   * cannot run here at all is thrown: no field is at fault.
   */
  async function checkLaunch(input: RunLaunchValues): Promise<LaunchCheck> {
    const pipeline = pipelineOf(input.pipelineId);
    // A broken pipeline, or an engine that cannot run it here, says so before anything else.
    const engine = engineFor(pipeline);
    const refusal = canLaunch(pipeline);
    if (refusal) {
      log.warn('A launch was refused: the pipeline cannot run here', { pipeline: pipeline.id, engine: engine.name, fix: refusal.fix });
      throw new DomainError(refusal.kind, refusal.message);
    }
    const errors: Record<string, string> = {};
    const sentences: string[] = [];
    /** Adds the problems of fields that have none yet, and the sentence that says them. */
    const refuse = (problems: Record<string, string> | null, sentence: (added: Record<string, string>) => string) => {
      const added = Object.fromEntries(Object.entries(problems ?? {}).filter(([field]) => !(field in errors)));
      if (Object.keys(added).length === 0) return;
      Object.assign(errors, added);
      sentences.push(sentence(added));
    };
    const asParams = (problems: Record<string, string>) => Object.fromEntries(Object.entries(problems).map(([name, message]) => [`params.${name}`, message]));
    const bare = (problems: Record<string, string>) => Object.fromEntries(Object.entries(problems).map(([field, message]) => [field.replace(/^params\./, ''), message]));

    // Stored files named by reference (seedbed://files/<id>) are checked as the paths they stand for; the run keeps the references.
    const stored = await withStoredPaths(pipeline, input.params, inputAccess);
    refuse(stored.problems, (added) => `Some inputs cannot be used. ${Object.values(added).join('. ')}.`);
    // Checked as the run will see them, schema defaults filled in (nf-schema validates after the config's defaults): a required parameter with a default may be left out.
    const unmatched = { ...unknownParameters(pipeline, input.params), ...validateParams(pipeline, withDefaults(pipeline, stored.params)) };
    refuse(asParams(unmatched), (added) => `The parameters do not match ${pipeline.manifest.label}'s schema. ${fieldMessageList(bare(added))}`);
    // Values each valid alone that cannot run together (bayes_burn_in not below bayes_iterations).
    refuse(asParams(orderProblems(pipeline, stored.params, new Set(Object.keys(unmatched)))), (added) => `The parameters cannot run together. ${fieldMessageList(bare(added))}`);
    const outdir = outdirOf(input.params);
    // The run's folder is named after its id, which is not known yet: any id's folder will do.
    const someRunFolder = folderOf(0);
    const problem = outdirProblem(outdir, someRunFolder);
    refuse(problem ? { 'params.outdir': problem } : null, () => 'The output directory must be inside the run’s own folder.');
    const where = engine.name === 'local' ? "this server's built-in engine" : `the nextflow engine (revision ${input.revision ?? pipeline.manifest.revision})`;
    refuse(unsupportedOn(pipeline, engine.name, input.params), (added) => `${pipeline.manifest.label} on ${where}: ${Object.values(added).join(' ')}`);
    await options.prepareInputs?.(input.params);
    const inputs = await checkLaunchInputs(pipeline, input.params, stored.paths, { runDir: someRunFolder, engine: engine.name === 'local' ? 'local' : 'nextflow', access: inputAccess });
    refuse(inputs.problems, (added) => `Some inputs cannot be used. ${Object.values(added).join(' ')}`);
    refuse(engine.name === 'local' && isRemoteLocation(outdir) ? { 'params.outdir': 'Use a relative path such as results' } : null, () => 'The local engine writes to this server’s disk only.');
    refuse(await missingReferences(input), () => 'The run refers to records that do not exist.');
    const revision = input.revision ?? pipeline.manifest.revision;
    refuse(
      engine.name === 'local' && revision !== pipeline.manifest.revision ? { revision: `Only ${pipeline.manifest.revision} runs here` } : null,
      () => `The built-in engine runs ${pipeline.manifest.label}'s bundled implementation, revision ${pipeline.manifest.revision}; another revision needs the nextflow engine.`,
    );
    if (input.relaunchOf) {
      const [earlier] = await db.select({ pipelineId: runs.pipelineId }).from(runs).where(eq(runs.id, input.relaunchOf));
      refuse(earlier?.pipelineId === pipeline.id ? null : { relaunchOf: 'Not a run of this pipeline' }, () => `Run ${input.relaunchOf} is not a ${pipeline.manifest.label} run to relaunch.`);
    }
    const resources = input.recommendedResources ? await recommendedConfig(pipeline, engine) : null;
    if (resources && 'problem' in resources) refuse({ recommendedResources: resources.problem }, () => resources.message);
    if (sentences.length > 0) return { errors, message: sentences.join(' '), ready: null };
    // Samplesheets that name stored files: their cells are inputs too (lineage).
    const sheetFiles = new Map(
      Object.entries(input.params).flatMap(([name, value]) => {
        const file = typeof value === 'string' && inputs.sheets.has(value) ? (stored.paths.get(value) ?? (path.isAbsolute(value) ? value : null)) : null;
        return file ? [[name, file] as const] : [];
      }),
    );
    return { errors: {}, message: null, ready: { pipeline, engine, revision, sheetFiles, resourcesConfig: resources && 'config' in resources ? resources.config : null } };
  }

  /** What a launch would be refused for, without launching (POST /runs/check): the launch's own check. */
  async function check(input: RunLaunchValues): Promise<{ errors: Record<string, string>; message: string | null }> {
    const { errors, message } = await checkLaunch(input);
    return { errors, message };
  }

  /** `lineage.filesets`: the fileset each file parameter was taken from, when the caller took it from one (a benchmark's dataset), for the run's recorded inputs. */
  async function launch(input: RunLaunchValues, userId: number, lineage: { filesets?: ReadonlyMap<string, number> } = {}): Promise<RunRow> {
    const checked = await checkLaunch(input);
    if (!checked.ready) throw new DomainError('invalid', checked.message, checked.errors);
    return insertRun({
      ...input,
      ...checked.ready,
      userId,
      relatedRunId: input.relaunchOf ?? null,
      relation: input.relaunchOf ? 'relaunch' : null,
      filesets: lineage.filesets,
    });
  }

  /** The resources recommended from the pipeline's past runs, as the Nextflow config the run is given with -c; or why there are none to give. */
  async function recommendedConfig(pipeline: CataloguePipeline, engine: RunEngine): Promise<{ config: string } | { problem: string; message: string }> {
    if (engine.name !== 'nextflow')
      return {
        problem: 'Only with the nextflow engine',
        message: 'Recommended resources are a Nextflow config; this server’s built-in engine runs each step in its own process and takes none.',
      };
    const recommendation = await recommendResources(db, recommendationQuerySchema.parse({ pipeline: pipeline.id }));
    if (recommendation.processes.length === 0)
      return {
        problem: 'No past tasks to size from yet',
        message: `No successful task of ${pipeline.manifest.label} has reported its memory and time yet, so there is nothing to size resources from; launch once without them.`,
      };
    return { config: resourceConfig(recommendation) };
  }

  async function insertRun(input: {
    name: string;
    params: Record<string, unknown>;
    labels: string[];
    groupId: number | null;
    projectId: number | null;
    experimentId: number | null;
    revision: string;
    engine: RunEngine;
    pipeline: CataloguePipeline;
    userId: number;
    relatedRunId: number | null;
    relation: 'resume' | 'relaunch' | null;
    sheetFiles?: ReadonlyMap<string, string>;
    filesets?: ReadonlyMap<string, number> | undefined;
    /** The recommended resources' Nextflow config, given to the run with -c. */
    resourcesConfig?: string | null;
  }): Promise<RunRow> {
    const { engine, pipeline, userId } = input;
    const secret = randomBytes(24).toString('base64url');
    const [run] = await db
      .insert(runs)
      .values({
        name: input.name,
        pipelineId: pipeline.id,
        revision: input.revision,
        engine: engine.name,
        params: input.params,
        relatedRunId: input.relatedRunId,
        relation: input.relation,
        labels: [...new Set(input.labels)],
        groupId: input.groupId,
        projectId: input.projectId,
        experimentId: input.experimentId,
        launchedById: userId,
        host,
        weblogSecretHash: hashSecret(secret),
        engineVersion: engine.name === 'local' ? BUILT_IN_ENGINE_VERSION : null,
      })
      .returning();
    await recordRunInputs(db, run!.id, input.params, input.sheetFiles, input.filesets);
    // The folder follows from the id: no second write to store it.
    const runDir = folderOf(run!.id);
    fs.mkdirSync(runDir, { recursive: true });
    fs.writeFileSync(path.join(runDir, 'weblog-secret'), secret, { mode: 0o600 });
    if (input.resourcesConfig) fs.writeFileSync(path.join(runDir, RESOURCES_CONFIG_FILE), input.resourcesConfig);
    log.info('Run submitted', { runId: run!.id, pipeline: pipeline.id, engine: engine.name });
    queue.push(run!.id);
    await pump();
    // The caller reads the run as the engine left it (started, or waiting in the queue).
    return run!;
  }

  function weblogUrl(run: RunRow): string {
    const secret = fs.readFileSync(path.join(folderOf(run.id), 'weblog-secret'), 'utf8').trim();
    return `${options.apiUrl.replace(/\/$/, '')}/runs/${run.id}/weblog?secret=${secret}`;
  }

  /** Starts queued runs while there is room: local runs up to the limit, Nextflow runs at once. */
  let pumping: Promise<void> = Promise.resolve();
  function pump(): Promise<void> {
    // One pass at a time, so that two passes never start the same run.
    pumping = pumping.then(pumpOnce, pumpOnce);
    return pumping;
  }

  async function pumpOnce(): Promise<void> {
    // Local runs start in the order they were queued: once one waits for room, the local runs
    // behind it wait too, even if a slot frees while this pass reads the next one.
    let localWaits = false;
    for (let index = 0; index < queue.length && !stopped; ) {
      const runId = queue[index]!;
      const [run] = await db.select().from(runs).where(eq(runs.id, runId));
      if (run?.status !== 'SUBMITTED') {
        queue.splice(index, 1);
        continue;
      }
      const engine = options.engines[run.engine as RunEngineName];
      if (engine.name === 'local' && (localWaits || activeLocal() >= options.localConcurrency)) {
        localWaits = true;
        index += 1;
        continue;
      }
      queue.splice(index, 1);
      await start(run, engine);
    }
  }

  /** What a resumed run continues: the earlier run's session and folder. */
  async function resumeOf(run: RunRow): Promise<{ resume?: LaunchSpec['resume'] }> {
    if (run.relation !== 'resume' || !run.relatedRunId) return {};
    const [earlier] = await db.select({ sessionId: runs.sessionId }).from(runs).where(eq(runs.id, run.relatedRunId));
    return earlier?.sessionId ? { resume: { sessionId: earlier.sessionId, runId: run.relatedRunId, runDir: folderOf(run.relatedRunId) } } : {};
  }

  /**
   * The stored files a run reads, looked up again as it starts and handed to its engine: a run may
   * have waited in the queue, across a restart too, and its params keep references
   * (seedbed://files/<id>) the engine turns into paths. The inputs are checked again as at launch,
   * since a file under SEEDBED_INPUT_DIRS may have gone meanwhile. Why the run cannot start, or null.
   */
  async function handInputs(run: RunRow, pipeline: CataloguePipeline, engine: RunEngine): Promise<string | null> {
    // As the launch checked them: the values given, not the schema's defaults.
    const params = run.params;
    const stored = await withStoredPaths(pipeline, params, inputAccess);
    await options.prepareInputs?.(params);
    const inputs = await checkLaunchInputs(pipeline, params, stored.paths, { runDir: folderOf(run.id), engine: engine.name === 'local' ? 'local' : 'nextflow', access: inputAccess });
    const problems = Object.values({ ...stored.problems, ...inputs.problems });
    if (problems.length > 0) return `Its inputs changed after it was launched: ${problems.join(' ')} Relaunch it with inputs that can be read.`;
    engine.rememberInputs({ paths: stored.paths, sheets: inputs.sheets });
    return null;
  }

  async function start(run: RunRow, engine: RunEngine): Promise<void> {
    const pipeline = byId.get(run.pipelineId);
    const fail = (reason: string) => markFailed(db, run.id, reason, { completedAt: new Date() });
    if (!pipeline) return void (await fail(`The pipeline ${run.pipelineId} is no longer in the catalogue.`));
    const refused = await handInputs(run, pipeline, engine).catch((error: unknown) => `Its inputs could not be read: ${error instanceof Error ? error.message : String(error)}`);
    if (refused) return void (await fail(refused));
    let child: ChildProcess;
    try {
      child = engine.start({
        runId: run.id,
        name: run.name,
        pipeline,
        params: withDefaults(pipeline, run.params),
        runDir: folderOf(run.id),
        logFile: path.join(folderOf(run.id), 'run.log'),
        weblogUrl: weblogUrl(run),
        revision: run.revision,
        ...(await resumeOf(run)),
      });
    } catch (error) {
      return void (await fail(`The ${engine.name} engine could not start the run: ${error instanceof Error ? error.message : String(error)}`));
    }
    const pid = child.pid;
    if (!pid) {
      await new Promise((resolve) => child.once('error', resolve).once('spawn', resolve));
      return void (await fail(`The ${engine.name} engine could not start the run's process.`));
    }
    active.set(run.id, { pid, engine });
    await db.update(runs).set({ pid }).where(eq(runs.id, run.id));
    child.once('exit', (code, signal) => void ended(run.id, code, signal));
  }

  /** The run's process is gone: whatever the weblog has not said by now, the exit says. */
  async function ended(runId: number, code: number | null, signal: NodeJS.Signals | null): Promise<void> {
    active.delete(runId);
    try {
      // Weblog posts still in flight when the process exited get a moment to land.
      let [run] = await db.select().from(runs).where(eq(runs.id, runId));
      for (let wait = 0; run && !isEnded(run.status) && wait < 10; wait += 1) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        [run] = await db.select().from(runs).where(eq(runs.id, runId));
      }
      if (!run) return;
      if (!isEnded(run.status) && code === 0) {
        // Nextflow exits 0 only when the workflow succeeded; the `completed` event was lost on the way.
        const note = `The ${run.engine} process exited with status 0 (success), but its final weblog event never arrived; the run is marked succeeded from the exit status.`;
        await markSucceeded(db, runId, note, { completedAt: new Date() });
      } else if (!isEnded(run.status)) {
        const how = code !== null ? `with exit status ${code}` : signal ? `on ${signal}` : 'while Seedbed was not watching';
        const last = tailOf(path.join(folderOf(run.id), 'run.log'), 3);
        const reason = `The ${run.engine} process ended ${how} without reporting that the run finished.${last ? ` Last log lines:\n${last}` : ''}`;
        await markFailed(db, runId, reason, { completedAt: new Date() });
      }
      await db
        .update(runs)
        .set({ pid: null, completedAt: sql`coalesce(${runs.completedAt}, now())` })
        .where(eq(runs.id, runId));
      const [final] = await db.select().from(runs).where(eq(runs.id, runId));
      if (final?.status === 'SUCCEEDED') await registerRunOutputs(final);
    } catch (error) {
      log.error('Could not record the end of a run', { runId, error: describeError(error) });
    } finally {
      await pump().catch(() => {});
    }
  }

  /** Registers a succeeded run's outputs and notes that it is done, so recovery knows what is left. */
  async function registerRunOutputs(run: RunRow): Promise<void> {
    const pipeline = byId.get(run.pipelineId);
    await registerOutputs(db, withRunFolder(run, options.dataDir), options.dataDir, pipeline);
    if (pipeline?.manifest.registerDatasets) await registerRunDatasets(db, run, pipeline.manifest.registerDatasets);
    await db.update(runs).set({ outputsRegisteredAt: new Date() }).where(eq(runs.id, run.id));
  }

  async function cancel(runId: number, who: string): Promise<RunRow> {
    const [run] = await db.select().from(runs).where(eq(runs.id, runId));
    if (!run) throw new DomainError('not-found', `No run ${runId}.`);
    if (isEnded(run.status)) throw new DomainError('conflict', `Run ${run.name} has already ended (${run.status}).`);
    const queued = queue.indexOf(runId);
    if (queued >= 0) queue.splice(queued, 1);
    const updated = await markCancelled(db, runId, `Cancelled by ${who}.`, { completedAt: new Date() });
    const process = active.get(runId);
    const pid = process?.pid ?? run.pid;
    if (pid) (process?.engine ?? options.engines[run.engine as RunEngineName]).cancel(pid);
    log.info('Run cancelled', { runId, by: who });
    return updated ?? run;
  }

  /**
   * After a restart: runs whose process still lives are watched again; local runs that were
   * waiting go back in the queue; the rest are failed, saying why. Only this machine's runs: with
   * several API instances on one database, each recovers its own.
   */
  async function recover(): Promise<{ reattached: number; requeued: number; failed: number; registered: number }> {
    const open = await db
      .select()
      .from(runs)
      .where(and(runIsOpen(), eq(runs.host, host)));
    const summary = { reattached: 0, requeued: 0, failed: 0, registered: 0 };
    for (const run of open.sort((a, b) => a.id - b.id)) {
      const engine = options.engines[run.engine as RunEngineName];
      if (run.pid && engine?.recover(run.pid, folderOf(run.id))) {
        const pid = run.pid;
        const entry: { pid: number; engine: RunEngine; stopWatching?: () => void } = { pid, engine };
        entry.stopWatching = whenGone(pid, () => void ended(run.id, null, null));
        active.set(run.id, entry);
        summary.reattached += 1;
      } else if (!run.pid && run.status === 'SUBMITTED' && engine) {
        queue.push(run.id);
        summary.requeued += 1;
      } else {
        const reason = run.pid
          ? `Seedbed restarted and the run's ${run.engine} process (pid ${run.pid}) had gone without reporting how the run ended.`
          : `Seedbed restarted before the run's ${run.engine} process could be started.`;
        await markFailed(db, run.id, reason, { pid: null, completedAt: new Date() });
        summary.failed += 1;
      }
    }
    // Runs that succeeded just before the last stop, whose outputs were never registered.
    const unregistered = await db
      .select()
      .from(runs)
      .where(and(eq(runs.status, 'SUCCEEDED'), isNull(runs.outputsRegisteredAt), isNull(runs.pid), eq(runs.host, host)));
    for (const run of unregistered) {
      try {
        await registerRunOutputs(run);
        summary.registered += 1;
      } catch (error) {
        log.error('Could not register the outputs of a run after a restart', { runId: run.id, error: describeError(error) });
      }
    }
    if (summary.reattached + summary.requeued + summary.failed + summary.registered > 0) log.info('Recovered runs after a restart', summary);
    await pump();
    return summary;
  }

  /**
   * Nextflow runs this instance does not watch (no process of its own to see end) that have
   * sent no event for `silentMs` become UNKNOWN, saying so; their next event brings them back to
   * RUNNING (the weblog writer). Nextflow's weblog has no heartbeat, so silence is all there is.
   */
  async function markSilent(silentMs: number): Promise<number[]> {
    const watched = [...active.keys()];
    const lastHeard = sql`coalesce(${runs.lastEventAt}, ${runs.startedAt}, ${runs.submittedAt})`;
    const minutes = Math.round(silentMs / 60_000);
    const reason = sql`${`No event from Nextflow for more than ${minutes} minute${minutes === 1 ? '' : 's'} (the last at `}::text || to_char(${lastHeard} AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') || ${' UTC), and this Seedbed instance does not watch its process. It may still be running: its next event brings it back.'}::text`;
    // Submitted or running ones: lifecycle's table says which statuses may become UNKNOWN.
    const silent = await moveRuns(
      db,
      'UNKNOWN',
      and(eq(runs.engine, 'nextflow'), sql`${lastHeard} < ${new Date(Date.now() - silentMs).toISOString()}::timestamptz`, watched.length > 0 ? notInArray(runs.id, watched) : undefined),
      reason,
    );
    if (silent.length > 0) log.warn('Runs went silent and are now UNKNOWN', { runIds: silent.map((run) => run.id), minutes });
    return silent.map((run) => run.id);
  }

  /**
   * Stops watching processes: they keep running and the next start re-attaches them. With
   * `killProcesses` (tests, a throwaway server) their process trees are ended too.
   */
  function stop(options: { killProcesses?: boolean } = {}) {
    stopped = true;
    for (const entry of active.values()) {
      entry.stopWatching?.();
      if (options.killProcesses) signalTree(entry.pid, 'SIGKILL');
    }
  }

  const waiting = () => [...queue];
  const engineNameFor = (pipeline: CataloguePipeline) => engineFor(pipeline).name;
  /**
   * Resumes an ended nextflow run: a new run with its parameters, Nextflow's `-resume <session>`,
   * its work directory and its cache, so finished tasks are taken from there. Optionally on
   * another revision.
   */
  async function resume(runId: number, input: { name?: string | undefined; revision?: string | undefined }, userId: number): Promise<RunRow> {
    const [earlier] = await db.select().from(runs).where(eq(runs.id, runId));
    if (!earlier) throw new DomainError('not-found', `No run has id ${runId}.`);
    if (earlier.engine !== 'nextflow') throw new DomainError('conflict', `${earlier.name} ran on the built-in engine, which has no cache to resume from: relaunch it instead.`);
    if (!isEnded(earlier.status) && earlier.status !== 'UNKNOWN') throw new DomainError('conflict', `${earlier.name} is still ${earlier.status.toLowerCase()}; resume it once it has ended.`);
    if (!earlier.sessionId) throw new DomainError('conflict', `${earlier.name} never reported a Nextflow session (its weblog sent no events), so there is nothing to resume: relaunch it instead.`);
    const pipeline = pipelineOf(earlier.pipelineId);
    const engine = options.engines.nextflow;
    const refusal = engine.cannotLaunch(pipeline);
    if (refusal) throw new DomainError(refusal.kind, refusal.message);
    const name = input.name ?? `${earlier.name.slice(0, 70)}_resumed`;
    return insertRun({
      name,
      params: earlier.params,
      labels: earlier.labels,
      groupId: earlier.groupId,
      projectId: earlier.projectId,
      experimentId: earlier.experimentId,
      revision: input.revision ?? earlier.revision,
      engine,
      pipeline,
      userId,
      relatedRunId: earlier.id,
      relation: 'resume',
    });
  }

  /** Where a run's task files are: object storage for nextflow runs when configured, else its folder (a resume works in the run it resumes). */
  function workDirFor(run: { id: number; engine: string; relation?: string | null; relatedRunId?: number | null }): string {
    const own = run.relation === 'resume' && run.relatedRunId ? run.relatedRunId : run.id;
    return workDirOf({ runId: own, runDir: folderOf(own) }, run.engine === 'nextflow' ? options.nextflowWorkDir : undefined);
  }

  return { launch, check, resume, cancel, recover, markSilent, stop, waiting, engineNameFor, canLaunch, workDirFor, refusedValues };
}

export type RunService = ReturnType<typeof createRunService>;
