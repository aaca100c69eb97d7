/**
 * Runs one pipeline's local implementation and reports it in Nextflow's weblog format, so the
 * local engine and Nextflow reach Seedbed through the same endpoint.
 *
 * Started by the local engine as `node runner.ts <runDir>/local-run.json` (Node strips the
 * types), so it imports nothing but Node itself, its own folder and the implementation; the
 * interface it implements (src/pipeline-kit) and the run file's type are imported as types only.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LocalRunFile } from '../engines/local.ts';
import type { LocalContext, LocalPipelineModule, RunParams } from '../../../pipeline-kit/local-pipeline.ts';
import { logLine } from './log-line.ts';

const runFile = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as LocalRunFile;
const params = JSON.parse(fs.readFileSync(runFile.paramsFile, 'utf8')) as RunParams;
const startedAt = new Date();
const abort = new AbortController();
const counts = { succeeded: 0, failed: 0, cached: 0, pending: 0, submitted: 0, running: 0 };
let nextTaskId = 1;
/** The trace of the first task that failed, for the workflow's `error` event. */
let failedTrace: Record<string, unknown> | null = null;

// Messages carry parameter values and error messages a person typed: written as one line each (log-line.ts).
const log = (message: string) => process.stdout.write(`${new Date().toISOString()} ${logLine(String(message))}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long Seedbed may stay unreachable (a restart) before the run gives up: in all, not per event. */
const UNREACHABLE_LIMIT_MS = 10 * 60_000;
/** After a cancel, the last event gets only this long: the engine kills the process soon after. */
const CANCELLED_LIMIT_MS = 3_000;
let unreachableSince: number | null = null;
/**
 * How long one post waits for its answer. A Seedbed that took the connection and never answers
 * (a stopped process, a proxy in between) would otherwise hold the run still, with no failure to
 * count towards UNREACHABLE_LIMIT_MS. An event sent again may arrive twice: the weblog merges it.
 */
const POST_TIMEOUT_MS = runFile.weblogTimeoutMs ?? 30_000;

/** Posts one event; retries while Seedbed is unreachable (e.g. restarting) or does not answer in time. */
async function post(event: Record<string, unknown>): Promise<void> {
  const body = JSON.stringify({ runName: runFile.runName, runId: runFile.sessionId, utcTime: new Date().toISOString(), ...event });
  for (let attempt = 0; ; attempt += 1) {
    try {
      const response = await fetch(runFile.weblogUrl, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body, signal: AbortSignal.timeout(POST_TIMEOUT_MS) });
      if (response.ok || response.status < 500) {
        unreachableSince = null;
        if (!response.ok) log(`weblog refused the ${String(event.event)} event: ${response.status} ${await response.text()}`);
        return;
      }
    } catch {
      // Not reachable, or no answer in time: retry below.
    }
    const now = Date.now();
    unreachableSince ??= now;
    const limit = abort.signal.aborted ? CANCELLED_LIMIT_MS : UNREACHABLE_LIMIT_MS;
    if (now - unreachableSince > limit) {
      log(`Seedbed's weblog at ${new URL(runFile.weblogUrl).origin} has been unreachable for ${Math.round((now - unreachableSince) / 1000)} s; stopping the run.`);
      process.exit(1);
    }
    await sleep(Math.min(200 * 2 ** attempt, 5000));
  }
}

function stats() {
  return {
    succeededCount: counts.succeeded,
    failedCount: counts.failed,
    cachedCount: counts.cached,
    pendingCount: counts.pending,
    submittedCount: counts.submitted,
    runningCount: counts.running,
    ignoredCount: 0,
    retriesCount: 0,
    abortedCount: 0,
    succeedDuration: 0,
    failedDuration: 0,
    cachedDuration: 0,
  };
}

function workflow(extra: Record<string, unknown>) {
  return {
    runName: runFile.runName,
    sessionId: runFile.sessionId,
    start: startedAt.toISOString(),
    workDir: runFile.workDir,
    launchDir: process.cwd(),
    projectName: runFile.pipelineId,
    manifest: { name: runFile.pipelineId },
    stats: stats(),
    ...extra,
  };
}

async function task<T>(processName: string, tag: string | null, work: (taskDir: string) => Promise<T> | T): Promise<T> {
  if (abort.signal.aborted) throw new Error('Cancelled');
  const taskId = nextTaskId++;
  const name = tag ? `${processName} (${tag})` : processName;
  const hash = createHash('sha1').update(`${runFile.sessionId}/${taskId}`).digest('hex');
  const shortHash = `${hash.slice(0, 2)}/${hash.slice(2, 8)}`;
  const taskDir = path.join(runFile.workDir, hash.slice(0, 2), hash.slice(2));
  fs.mkdirSync(taskDir, { recursive: true });
  const submit = Date.now();
  const base = { task_id: taskId, hash: shortHash, name, process: processName, workdir: taskDir, submit };
  counts.submitted += 1;
  await post({ event: 'process_submitted', trace: { ...base, status: 'SUBMITTED' } });
  const start = Date.now();
  const cpuBefore = process.cpuUsage();
  counts.submitted -= 1;
  counts.running += 1;
  await post({ event: 'process_started', trace: { ...base, status: 'RUNNING', start } });
  log(`[${shortHash}] Submitted process > ${name}`);
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
  const finish = async (status: 'COMPLETED' | 'FAILED', exit: number) => {
    clearInterval(sampler);
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    const complete = Date.now();
    const cpu = process.cpuUsage(cpuBefore);
    const realtime = Math.max(complete - start, 1);
    counts.running -= 1;
    counts[status === 'COMPLETED' ? 'succeeded' : 'failed'] += 1;
    const trace = { ...base, status, exit, start, complete, duration: complete - submit, realtime, '%cpu': Math.round(((cpu.user + cpu.system) / 1000 / realtime) * 1000) / 10, peak_rss: peakRss };
    await post({ event: 'process_completed', trace });
    // The workflow's `error` event carries it, once the error is in the log.
    if (status === 'FAILED') failedTrace ??= trace;
  };
  try {
    const result = await work(taskDir);
    await finish('COMPLETED', 0);
    return result;
  } catch (error) {
    await finish('FAILED', 1);
    throw Object.assign(error instanceof Error ? error : new Error(String(error)), { process: name });
  }
}

const context: LocalContext = {
  params,
  outdir: path.resolve(String(params.outdir ?? 'results')),
  workDir: runFile.workDir,
  signal: abort.signal,
  log,
  task,
  skip: (processName, reason) => log(`Skipped ${processName}: ${reason}`),
};

async function main() {
  let cancelled = false;
  process.on('SIGTERM', () => {
    cancelled = true;
    abort.abort();
    log('Cancelled: stopping.');
  });
  log(`N E X T F L O W  ~  local engine, ${runFile.pipelineId}, run ${runFile.runName}`);
  await post({ event: 'started', metadata: { parameters: params, workflow: workflow({}) } });
  let success = false;
  let errorMessage: string | null = null;
  try {
    // The one place a pipeline's parameter type is taken on trust: its run reads context.params as
    // the Params generated from its nextflow_schema.json, and the server checked these params
    // against that same schema (src/server/pipelines/params-validation.ts) and filled in its
    // defaults (param-defaults.ts) before it started the run.
    const module: Partial<LocalPipelineModule> = await import(pathToFileURL(runFile.entry).href);
    if (typeof module.run !== 'function') throw new Error(`${runFile.entry} does not export a run(context) function.`);
    fs.mkdirSync(context.outdir, { recursive: true });
    await module.run(context);
    success = !cancelled;
    if (cancelled) errorMessage = 'Cancelled';
  } catch (error) {
    const where = (error as { process?: string }).process;
    errorMessage = cancelled ? 'Cancelled' : `${where ? `Process ${where} failed: ` : ''}${error instanceof Error ? error.message : String(error)}`;
    log(`ERROR ~ ${errorMessage}`);
    // The stack is for whoever maintains the pipeline, not for the person reading the run's log.
    if (error instanceof Error && error.stack && !cancelled) fs.appendFileSync('runner-debug.log', `${new Date().toISOString()} ${error.stack}\n`);
    // As Nextflow does when a failed task ends the workflow; the run ends with it, so the log is written first.
    if (failedTrace && !cancelled) await post({ event: 'error', trace: failedTrace });
  }
  const complete = new Date();
  // The last line is written before the run is reported ended, so that whoever reads the log then sees it.
  log(success ? 'Completed successfully.' : `Finished with errors: ${errorMessage}`);
  await post({
    event: 'completed',
    metadata: {
      parameters: params,
      workflow: workflow({ complete: complete.toISOString(), duration: complete.getTime() - startedAt.getTime(), success, errorMessage, exitStatus: success ? 0 : 1 }),
    },
  });
  process.exit(success ? 0 : cancelled ? 143 : 1);
}

void main();
