import { createRoute, z } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import fs from 'node:fs';
import path from 'node:path';
import { idParamsSchema as idParams, pageOf, pagination, recordId } from '../../../contract/list';
import {
  runCountQuerySchema,
  runDetailSchema,
  runStatusCountsSchema,
  runLaunchSchema,
  runListQuerySchema,
  runLogQuerySchema,
  runLogSchema,
  runOutputsSchema,
  runSummarySchema,
  runTaskSchema,
  runTasksQuerySchema,
  weblogEventSchema,
  type RunDetail,
} from '../../../contract/runs';
import { runs } from '../../db/schema';
import { createRouter, type AppEnv } from '../../http/context';
import { ApiError } from '../../http/errors';
import { errorResponses, jsonBody, jsonContent } from '../../http/openapi';
import type { CataloguePipeline } from '../../pipelines/catalogue';
import { listOutputs } from '../../runs/outputs';
import { secretMatches } from '../../runs/weblog';
import { createWeblogWriter, type WeblogWriter } from '../../runs/weblog-writer';
import { countRunsByStatus, findRunSummary, listRuns, listTasks, processesOf } from './runs.queries';
import { parseRunSearch } from './run-search';
import type { Context } from 'hono';

const tags = ['Runs'];

const routes = {
  list: createRoute({
    method: 'get',
    path: '/runs',
    tags,
    summary: 'List runs, newest first',
    description: '`q` searches run and pipeline names, and reads filters written out: `status:running pipeline:nf-gdip label:durum after:2026-01-01 before:2026-02-01 mine:true`.',
    request: { query: runListQuerySchema },
    responses: { 200: jsonContent(pageOf(runSummarySchema), 'A page of runs'), ...errorResponses(400, 401) },
  }),
  counts: createRoute({
    method: 'get',
    path: '/runs/status-counts',
    tags,
    summary: 'How many runs stand where: counts by status, with the list’s filters',
    request: { query: runCountQuerySchema },
    responses: { 200: jsonContent(runStatusCountsSchema, 'Counts by status'), ...errorResponses(400, 401) },
  }),
  launch: createRoute({
    method: 'post',
    path: '/runs',
    tags,
    summary: 'Launch a pipeline',
    description: 'Checks `params` against the pipeline’s nextflow_schema.json (errors per parameter as `params.<name>`), stores the run and hands it to its engine.',
    request: { body: jsonBody(runLaunchSchema) },
    responses: { 201: jsonContent(runSummarySchema, 'The submitted run'), ...errorResponses(400, 401, 501, 503) },
  }),
  get: createRoute({
    method: 'get',
    path: '/runs/{id}',
    tags,
    summary: 'One run with its per-process progress',
    request: { params: idParams },
    responses: { 200: jsonContent(runDetailSchema, 'The run'), ...errorResponses(400, 401, 404) },
  }),
  cancel: createRoute({
    method: 'post',
    path: '/runs/{id}/cancel',
    tags,
    summary: 'Cancel a run: its whole process tree is stopped',
    request: { params: idParams },
    responses: { 200: jsonContent(runSummarySchema, 'The cancelled run'), ...errorResponses(400, 401, 404, 409) },
  }),
  tasks: createRoute({
    method: 'get',
    path: '/runs/{id}/tasks',
    tags,
    summary: 'The run’s tasks, as the weblog reported them',
    request: { params: idParams, query: runTasksQuerySchema },
    responses: { 200: jsonContent(pageOf(runTaskSchema), 'A page of tasks'), ...errorResponses(400, 401, 404) },
  }),
  outputs: createRoute({
    method: 'get',
    path: '/runs/{id}/outputs',
    tags,
    summary: 'Files in the run’s output directory',
    request: { params: idParams },
    responses: {
      200: jsonContent(runOutputsSchema, 'The outputs; `fileId` once registered as stored files'),
      ...errorResponses(400, 401, 404),
    },
  }),
  log: createRoute({
    method: 'get',
    path: '/runs/{id}/log',
    tags,
    summary: 'The run’s log from a byte offset (for a live tail)',
    request: { params: idParams, query: runLogQuerySchema },
    responses: { 200: jsonContent(runLogSchema, 'Log text from the offset (at most 256 KB)'), ...errorResponses(400, 401, 404) },
  }),
  weblog: createRoute({
    method: 'post',
    path: '/runs/{id}/weblog',
    tags,
    summary: 'Nextflow weblog events for a run (authenticated by the run’s secret)',
    description: 'The endpoint `nextflow run -with-weblog` posts to. Idempotent; events may arrive more than once and in any order.',
    security: [],
    request: { params: idParams, query: z.object({ secret: z.string().min(16, 'The run’s weblog secret').max(128) }), body: jsonBody(weblogEventSchema) },
    responses: { 204: { description: 'Recorded' }, ...errorResponses(400, 401, 404) },
  }),
};

type RunDeps = AppEnv['Variables']['deps'];
function runService(c: Context<AppEnv>) {
  const service = c.get('deps').runs;
  if (!service) throw new ApiError(503, 'Runs are not enabled on this server.');
  return service;
}

async function runSummaryOr404(db: RunDeps['db'], runId: number) {
  const summary = await findRunSummary(db, runId);
  if (!summary) throw new ApiError(404, `No run has id ${runId}.`);
  return summary;
}

async function detail(deps: RunDeps, runId: number): Promise<RunDetail> {
  const summary = await findRunSummary(deps.db, runId);
  if (!summary) throw new ApiError(404, `No run has id ${runId}.`);
  const [row] = await deps.db.select({ params: runs.params, runDir: runs.runDir, workflowStats: runs.workflowStats }).from(runs).where(eq(runs.id, runId));
  const waiting = deps.runs?.waiting() ?? [];
  const position = waiting.indexOf(runId);
  return {
    ...summary,
    params: row!.params,
    runDir: row!.runDir,
    workDir: path.join(row!.runDir, 'work'),
    queuePosition: position >= 0 ? position + 1 : null,
    processes: await processesOf(deps.db, runId),
    workflowStats: row!.workflowStats ?? null,
  };
}

/** Runs: launch, follow, cancel; and the weblog endpoint their engines report to. */
export function runsRouter(catalogue: CataloguePipeline[]) {
  const byId = new Map(catalogue.map((pipeline) => [pipeline.id, pipeline]));
  // A run's secret hash never changes: kept after the first look-up, so events cost one write.
  const secretHashes = new Map<number, string>();
  let writer: WeblogWriter | undefined;

  const router = createRouter();
  // The weblog is unauthenticated: its secret is checked before its body is parsed, so a stranger's
  // body costs no parsing or validation.
  router.use('/runs/:id/weblog', async (c, next) => {
    if (c.req.method !== 'POST') return next();
    const id = recordId.safeParse(c.req.param('id'));
    const secret = c.req.query('secret');
    if (!id.success) throw new ApiError(400, `Invalid request param. id: ${id.error.issues[0]?.message ?? 'Must be a run id'}.`, { id: id.error.issues[0]?.message ?? 'Must be a run id' });
    if (!secret) throw new ApiError(400, 'The weblog address lacks the run’s secret (?secret=…); Seedbed gives it to the engine when the run is launched.', { secret: 'Required' });
    let hash = secretHashes.get(id.data);
    if (!hash) {
      const [run] = await c.get('deps').db.select({ hash: runs.weblogSecretHash }).from(runs).where(eq(runs.id, id.data));
      if (!run) throw new ApiError(404, `No run has id ${id.data}.`);
      hash = run.hash;
      if (secretHashes.size > 10_000) secretHashes.clear();
      secretHashes.set(id.data, hash);
    }
    if (!secretMatches(secret, hash)) throw new ApiError(401, 'This is not the weblog secret of that run.');
    return next();
  });

  return (
    router
      .openapi(routes.list, async (c) => {
        const query = { ...c.req.valid('query') };
        if (query.q) {
          // Filters written in the search box (status:running pipeline:nf-gdip …) join the others.
          const { search, problem } = parseRunSearch(query.q);
          if (problem) throw new ApiError(400, problem, { q: problem });
          const { text, pipelineId, ...filters } = search;
          Object.assign(query, filters, pipelineId ? { pipelineId } : {}, { q: text || undefined });
        }
        const { rows, total } = await listRuns(c.get('deps').db, query, c.get('user').id);
        return c.json({ data: rows, pagination: pagination(query.page, query.pageSize, total) }, 200);
      })
      // Before runs/{id}, so that 'status-counts' is not read as an id.
      .openapi(routes.counts, async (c) => c.json(await countRunsByStatus(c.get('deps').db, c.req.valid('query'), c.get('user').id), 200))
      .openapi(routes.launch, async (c) => {
        const input = c.req.valid('json');
        const run = await runService(c).launch(input, c.get('user').id);
        return c.json(await runSummaryOr404(c.get('deps').db, run.id), 201);
      })
      .openapi(routes.get, async (c) => c.json(await detail(c.get('deps'), c.req.valid('param').id), 200))
      .openapi(routes.cancel, async (c) => {
        const user = c.get('user');
        const { id } = c.req.valid('param');
        await runService(c).cancel(id, user.name || user.email);
        return c.json(await runSummaryOr404(c.get('deps').db, id), 200);
      })
      .openapi(routes.tasks, async (c) => {
        const { id } = c.req.valid('param');
        const query = c.req.valid('query');
        const { db } = c.get('deps');
        // Existence only: the summary's joins and progress count are not needed here.
        if ((await db.select({ id: runs.id }).from(runs).where(eq(runs.id, id))).length === 0) throw new ApiError(404, `No run has id ${id}.`);
        const { rows, total } = await listTasks(db, id, query);
        return c.json({ data: rows, pagination: pagination(query.page, query.pageSize, total) }, 200);
      })
      .openapi(routes.outputs, async (c) => {
        const { id } = c.req.valid('param');
        const { db, dataDir } = c.get('deps');
        const [run] = await db.select().from(runs).where(eq(runs.id, id));
        if (!run) throw new ApiError(404, `No run has id ${id}.`);
        return c.json(await listOutputs(db, run, byId.get(run.pipelineId), dataDir), 200);
      })
      .openapi(routes.log, async (c) => {
        const { id } = c.req.valid('param');
        const { offset } = c.req.valid('query');
        const [run] = await c.get('deps').db.select({ runDir: runs.runDir }).from(runs).where(eq(runs.id, id));
        if (!run) throw new ApiError(404, `No run has id ${id}.`);
        const file = path.join(run.runDir, 'run.log');
        if (!fs.existsSync(file)) return c.json({ text: '', nextOffset: 0, size: 0 }, 200);
        const handle = await fs.promises.open(file, 'r');
        try {
          const { size } = await handle.stat();
          const start = Math.min(offset, size);
          const length = Math.min(size - start, 256 * 1024);
          const buffer = Buffer.alloc(length);
          await handle.read(buffer, 0, length, start);
          return c.json({ text: buffer.toString('utf8'), nextOffset: start + length, size }, 200);
        } finally {
          await handle.close();
        }
      })
      .openapi(routes.weblog, async (c) => {
        // The secret was checked by the middleware above, before the body was read.
        writer ??= createWeblogWriter(c.get('deps').db);
        await writer.ingest(c.req.valid('param').id, c.req.valid('json'));
        return c.body(null, 204);
      })
  );
}
