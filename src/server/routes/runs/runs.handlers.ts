import type { RouteHandler } from '@hono/zod-openapi';
import { streamSSE } from 'hono/streaming';
import { TERMINAL_RUN_STATUSES } from '../../../contract/run-codes';
import { eq } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import fs from 'node:fs';
import path from 'node:path';
import { recordId } from '../../../contract/fields';
import type { RunDetail } from '../../../contract/runs';
import { runGroups, runs } from '../../db/schema';
import { DomainError } from '../../domain-errors';
import type { AppEnv } from '../../http/context';
import { sseWriter } from '../../http/sse-writer';
import { queryOf } from '../../http/validated-routes';
import { listOutputs } from '../../runs/outputs';
import { runCostsOf } from '../../runs/run-costs';
import { runFolder, withRunFolder } from '../../runs/run-folder';
import { nextflowJsonText } from '../../runs/nextflow-json';
import { secretMatches } from '../../runs/weblog';
import { parseRunSearch } from './run-search';
import type * as routes from './runs.routes';
import { countRunsByDay, countRunsByStatus, findRunPage, findRunSummary, findTask, processMetricsOf, timelineOf, listRuns, listTasks } from '../../runs/run-queries';

type Deps = AppEnv['Variables']['deps'];

function runService(c: Context<AppEnv>) {
  const service = c.get('deps').runs;
  if (!service) throw new DomainError('unavailable', 'Runs are not enabled on this server.');
  return service;
}

async function runSummaryOr404(db: Deps['db'], runId: number) {
  const summary = await findRunSummary(db, runId);
  if (!summary) throw new DomainError('not-found', `No run has id ${runId}.`);
  return summary;
}

/** Existence only: the summary's joins and progress count are not needed for a run's tasks or metrics. */
async function mustExist(db: Deps['db'], runId: number) {
  if ((await db.select({ id: runs.id }).from(runs).where(eq(runs.id, runId))).length === 0) throw new DomainError('not-found', `No run has id ${runId}.`);
}

async function detail(deps: Deps, runId: number): Promise<RunDetail> {
  const page = await findRunPage(deps.db, runId);
  if (!page) throw new DomainError('not-found', `No run has id ${runId}.`);
  const { summary } = page;
  const runDir = runFolder(deps.dataDir, runId);
  const position = deps.runs?.waiting().indexOf(runId) ?? -1;
  return {
    ...summary,
    params: page.params,
    runDir,
    workDir: deps.runs?.workDirFor(summary) ?? path.join(runDir, 'work'),
    queuePosition: position >= 0 ? position + 1 : null,
    processes: page.processes,
    relatedRunName: page.relatedRunName,
    workflowStats: page.workflowStats ?? null,
    sessionId: page.sessionId ?? null,
    canResume: summary.engine === 'nextflow' && Boolean(page.sessionId) && ['FAILED', 'CANCELLED', 'SUCCEEDED', 'UNKNOWN'].includes(summary.status),
  };
}

/**
 * The weblog is unauthenticated: its secret is checked before its body is parsed, so a stranger's
 * body costs no parsing or validation. A run's secret hash never changes, so it is kept after the
 * first look-up and an event costs one write.
 */
export const checkWeblogSecret: MiddlewareHandler<AppEnv> = async (c, next) => {
  const id = recordId.safeParse(c.req.param('id'));
  const given = queryOf(c).secret;
  const secret = Array.isArray(given) ? given[0] : given;
  if (!id.success) throw new DomainError('invalid', `Invalid request param. id: ${id.error.issues[0]?.message ?? 'Must be a run id'}.`, { id: id.error.issues[0]?.message ?? 'Must be a run id' });
  if (!secret) throw new DomainError('invalid', 'The weblog address lacks the run’s secret (?secret=…); Seedbed gives it to the engine when the run is launched.', { secret: 'Required' });
  const { weblog, db } = c.get('deps');
  let stored = weblog.secrets.get(id.data);
  if (!stored) {
    const [run] = await db.select({ hash: runs.weblogSecretHash }).from(runs).where(eq(runs.id, id.data));
    if (!run) throw new DomainError('not-found', `No run has id ${id.data}.`);
    stored = { hash: Buffer.from(run.hash, 'hex') };
    if (weblog.secrets.size > 10_000) weblog.secrets.clear();
    weblog.secrets.set(id.data, stored);
  }
  if (!secretMatches(secret, stored)) throw new DomainError('unauthorized', 'This is not the weblog secret of that run.');
  const checking = weblog.writer.checkSecretInTime(id.data);
  if (checking) await checking;
  // Nextflow's bytes are not always UTF-8 (nextflow-json.ts): decode them here and hand the
  // validator the repaired text through Hono's body cache (its json() parses the cached text).
  const text = nextflowJsonText(new Uint8Array(await c.req.arrayBuffer()));
  (c.req as unknown as { bodyCache: { text?: Promise<string> } }).bodyCache.text = Promise.resolve(text);
  return next();
};

export const list: RouteHandler<typeof routes.list, AppEnv> = async (c) => {
  const query = { ...c.req.valid('query') };
  if (query.q) {
    // Filters written in the search box (status:running pipeline:nf-gdip …) join the others.
    const { search, problem } = parseRunSearch(query.q);
    if (problem) throw new DomainError('invalid', problem, { q: problem });
    const { text, pipelineId, ...filters } = search;
    Object.assign(query, filters, pipelineId ? { pipelineId } : {}, { q: text || undefined });
  }
  return c.json(await listRuns(c.get('deps').db, query, c.get('user').id), 200);
};

export const counts: RouteHandler<typeof routes.counts, AppEnv> = async (c) => c.json(await countRunsByStatus(c.get('deps').db, c.req.valid('query'), c.get('user').id), 200);

export const daily: RouteHandler<typeof routes.daily, AppEnv> = async (c) => c.json(await countRunsByDay(c.get('deps').db, c.req.valid('query')), 200);

export const costs: RouteHandler<typeof routes.costs, AppEnv> = async (c) => c.json(await runCostsOf(c.get('deps').db, c.req.valid('query').ids), 200);

export const update: RouteHandler<typeof routes.update, AppEnv> = async (c) => {
  const { db } = c.get('deps');
  const { id } = c.req.valid('param');
  const { groupId, labels } = c.req.valid('json');
  if (groupId) {
    const [group] = await db.select({ id: runGroups.id }).from(runGroups).where(eq(runGroups.id, groupId));
    if (!group) throw new DomainError('invalid', `No run group has id ${groupId}.`, { groupId: 'Choose an existing run group' });
  }
  const changed = await db
    .update(runs)
    .set({ ...(groupId !== undefined ? { groupId } : {}), ...(labels !== undefined ? { labels: [...new Set(labels.map((label) => label.trim()))] } : {}) })
    .where(eq(runs.id, id))
    .returning({ id: runs.id });
  if (changed.length === 0) throw new DomainError('not-found', `No run has id ${id}.`);
  return c.json(await runSummaryOr404(db, id), 200);
};

export const task: RouteHandler<typeof routes.task, AppEnv> = async (c) => {
  const { id, taskId } = c.req.valid('param');
  const found = await findTask(c.get('deps').db, id, taskId);
  if (!found) throw new DomainError('not-found', `Run ${id} has no task ${taskId}.`);
  return c.json(found, 200);
};

export const metrics: RouteHandler<typeof routes.metrics, AppEnv> = async (c) => {
  const { db } = c.get('deps');
  const { id } = c.req.valid('param');
  await mustExist(db, id);
  return c.json(await processMetricsOf(db, id), 200);
};

export const timeline: RouteHandler<typeof routes.timeline, AppEnv> = async (c) => {
  const { db } = c.get('deps');
  const { id } = c.req.valid('param');
  await mustExist(db, id);
  return c.json(await timelineOf(db, id, c.req.valid('query').max), 200);
};

export const launch: RouteHandler<typeof routes.launch, AppEnv> = async (c) => {
  const run = await runService(c).launch(c.req.valid('json'), c.get('user').id);
  return c.json(await runSummaryOr404(c.get('deps').db, run.id), 201);
};

export const check: RouteHandler<typeof routes.check, AppEnv> = async (c) => c.json(await runService(c).check(c.req.valid('json')), 200);

export const get: RouteHandler<typeof routes.get, AppEnv> = async (c) => c.json(await detail(c.get('deps'), c.req.valid('param').id), 200);

export const cancel: RouteHandler<typeof routes.cancel, AppEnv> = async (c) => {
  const user = c.get('user');
  const { id } = c.req.valid('param');
  await runService(c).cancel(id, user.name || user.email);
  return c.json(await runSummaryOr404(c.get('deps').db, id), 200);
};

export const resume: RouteHandler<typeof routes.resume, AppEnv> = async (c) => {
  const run = await runService(c).resume(c.req.valid('param').id, c.req.valid('json'), c.get('user').id);
  return c.json(await runSummaryOr404(c.get('deps').db, run.id), 201);
};

export const tasks: RouteHandler<typeof routes.tasks, AppEnv> = async (c) => {
  const { id } = c.req.valid('param');
  const query = c.req.valid('query');
  const { db } = c.get('deps');
  const page = await listTasks(db, id, query);
  // A run with no tasks to show may be no run at all: only then is that looked up.
  if (page.pagination.totalCount === 0) await mustExist(db, id);
  return c.json(page, 200);
};

export const outputs: RouteHandler<typeof routes.outputs, AppEnv> = async (c) => {
  const { id } = c.req.valid('param');
  const { db, dataDir, catalogue } = c.get('deps');
  const [run] = await db.select().from(runs).where(eq(runs.id, id));
  if (!run) throw new DomainError('not-found', `No run has id ${id}.`);
  return c.json(await listOutputs(db, withRunFolder(run, dataDir), catalogue.get(run.pipelineId), dataDir), 200);
};

/** The bytes of `buffer` up to its last whole UTF-8 character: a character cut at the end waits for the next read. */
export function completeUtf8Length(buffer: Uint8Array): number {
  for (let back = 1; back <= Math.min(3, buffer.length); back += 1) {
    const byte = buffer[buffer.length - back]!;
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte: look further back for its lead
    const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return needed > back ? buffer.length - back : buffer.length;
  }
  return buffer.length;
}

/** Up to 256 KB of the run's log from `offset` (never splitting a character), and the file's size. */
async function readLog(file: string, offset: number): Promise<{ text: string; nextOffset: number; size: number }> {
  if (!fs.existsSync(file)) return { text: '', nextOffset: 0, size: 0 };
  const handle = await fs.promises.open(file, 'r');
  try {
    const { size } = await handle.stat();
    const start = Math.min(offset, size);
    const buffer = Buffer.alloc(Math.min(size - start, 256 * 1024));
    await handle.read(buffer, 0, buffer.length, start);
    const length = start + buffer.length < size ? completeUtf8Length(buffer) : buffer.length;
    return { text: buffer.subarray(0, length).toString('utf8'), nextOffset: start + length, size };
  } finally {
    await handle.close();
  }
}

export const log: RouteHandler<typeof routes.log, AppEnv> = async (c) => {
  const { id } = c.req.valid('param');
  const { db, dataDir } = c.get('deps');
  await mustExist(db, id);
  return c.json(await readLog(path.join(runFolder(dataDir, id), 'run.log'), c.req.valid('query').offset), 200);
};

/** How often the log is looked at besides the file watch (which misses writes on some network filesystems). */
const LOG_RECHECK_MS = 2000;
/**
 * An engine writes its last lines after it reports the end (Nextflow prints its error and summary
 * after the `completed` event): after the end, the stream reads on until the log has been quiet
 * this long, and at most LOG_LAST_LINES_MAX_MS, before it says `end`.
 */
const LOG_QUIET_MS = 750;
const LOG_LAST_LINES_MAX_MS = 5000;

export const logStream: RouteHandler<typeof routes.logStream, AppEnv> = async (c) => {
  const { id } = c.req.valid('param');
  const { db, dataDir, runEvents, tokens, log } = c.get('deps');
  const owner = c.get('user');
  await mustExist(db, id);
  const folder = runFolder(dataDir, id);
  const file = path.join(folder, 'run.log');
  let offset = c.req.valid('query').offset;
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, async (sse) => {
    // A log that could not be read (a file gone, no descriptor left) is logged, and what it gains
    // next is still sent. (A write to a reader who left does not fail: Hono drops it.)
    const { inTurn, keepAlive } = sseWriter(sse, (error) =>
      log.warn('A run log stream could not send what its log gained', { runId: id, error: error instanceof Error ? error.message : String(error) }),
    );
    // Sends what the log gained since the last send.
    const flush = () =>
      inTurn(async () => {
        while (!signedOut) {
          const chunk = await readLog(file, offset);
          if (!chunk.text || signedOut) return;
          offset = chunk.nextOffset;
          await sse.writeSSE({ event: 'log', data: JSON.stringify({ type: 'log', text: chunk.text, nextOffset: chunk.nextOffset }) });
        }
      });
    let finish = () => {};
    // Signed out (here or on another instance): not one more line, and the stream ends.
    let signedOut = false;
    let unwatch = () => {};
    const closed = new Promise<void>((resolve) => {
      finish = resolve;
      sse.onAbort(resolve);
      unwatch = tokens.watch(owner, () => {
        signedOut = true;
        resolve();
      });
    });
    let ending: Promise<void> | null = null;
    const ended = (justNow: boolean) => {
      ending ??= (async () => {
        const deadline = Date.now() + (justNow ? LOG_LAST_LINES_MAX_MS : 0);
        let quietSince = Date.now();
        // A reader who left is not waited for.
        while (!sse.aborted && !signedOut) {
          const before = offset;
          await flush();
          if (offset !== before) quietSince = Date.now();
          if (Date.now() >= deadline || Date.now() - quietSince >= LOG_QUIET_MS) break;
          await new Promise((resolve) => setTimeout(resolve, 150));
        }
        if (!signedOut) await sse.writeSSE({ event: 'end', data: JSON.stringify({ type: 'end' }) });
        finish();
      })();
      return ending;
    };
    const [run] = await db.select({ status: runs.status, completedAt: runs.completedAt }).from(runs).where(eq(runs.id, id));
    if (run && TERMINAL_RUN_STATUSES.has(run.status)) return ended(run.completedAt !== null && Date.now() - run.completedAt.getTime() < LOG_LAST_LINES_MAX_MS).finally(unwatch);
    fs.mkdirSync(folder, { recursive: true });
    const watcher = fs.watch(folder, (_event, name) => {
      if (name === 'run.log') void flush();
    });
    const recheck = setInterval(() => void flush(), LOG_RECHECK_MS);
    // A task may print nothing for an hour: the reader can still tell a quiet log from a stream that stopped.
    const stopHeartbeat = keepAlive(() => !signedOut);
    const stop = runEvents.subscribe((event) => {
      if (event.type === 'status' && event.id === id && TERMINAL_RUN_STATUSES.has(event.status)) void ended(true);
    });
    await flush();
    await closed;
    watcher.close();
    clearInterval(recheck);
    stopHeartbeat();
    stop();
    unwatch();
  });
};

/**
 * The secret was checked by checkWeblogSecret, before the body was read. Answered once the
 * writer has the event (a task event: once its journal line is written), without an async layer.
 */
export const weblog: RouteHandler<typeof routes.weblog, AppEnv> = (c): Response | Promise<Response> => {
  const taken = c.get('deps').weblog.writer.ingest(c.req.valid('param').id, c.req.valid('json'));
  return taken ? taken.then(() => c.body(null, 204)) : c.body(null, 204);
};
