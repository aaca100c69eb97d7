import { createRoute, z } from '@hono/zod-openapi';
import { idParamsSchema as idParams, pageOf } from '../../../contract/list';
import {
  runCountQuerySchema,
  runDailyCountsQuerySchema,
  runDailyCountsSchema,
  runDetailSchema,
  runLaunchSchema,
  runListQuerySchema,
  runLogQuerySchema,
  runLogSchema,
  runMetricsSchema,
  runOutputsSchema,
  runResumeSchema,
  runStatusCountsSchema,
  runSummarySchema,
  runTaskSchema,
  runTasksQuerySchema,
  runTaskDetailSchema,
  runTaskParamsSchema,
  runTimelineQuerySchema,
  runTimelineSchema,
  runUpdateSchema,
  weblogEventSchema,
  weblogQuerySchema,
} from '../../../contract/runs';
import { runCostsQuerySchema, runCostsSchema } from '../../../contract/run-costs';
import { errorResponses, jsonBody, jsonContent } from '../../http/openapi';

/** Runs: launch, follow, cancel; and the weblog endpoint their engines report to. */
const tags = ['Runs'];

export const list = createRoute({
  method: 'get',
  path: '/runs',
  tags,
  summary: 'List runs, newest first',
  description: '`q` searches run and pipeline names, and reads filters written out: `status:running pipeline:nf-gdip label:durum after:2026-01-01 before:2026-02-01 mine:true`.',
  request: { query: runListQuerySchema },
  responses: { 200: jsonContent(pageOf(runSummarySchema), 'A page of runs'), ...errorResponses(400, 401) },
});

export const counts = createRoute({
  method: 'get',
  path: '/runs/status-counts',
  tags,
  summary: 'How many runs stand where: counts by status, with the list’s filters',
  request: { query: runCountQuerySchema },
  responses: { 200: jsonContent(runStatusCountsSchema, 'Counts by status'), ...errorResponses(400, 401) },
});

export const daily = createRoute({
  method: 'get',
  path: '/runs/daily-counts',
  tags,
  summary: 'Runs submitted per day over the last days, by status (the home page’s chart)',
  request: { query: runDailyCountsQuerySchema },
  responses: { 200: jsonContent(runDailyCountsSchema, 'One count per day and status'), ...errorResponses(400, 401) },
});

export const costs = createRoute({
  method: 'get',
  path: '/runs/costs',
  tags,
  summary: 'What runs cost: wall time, CPU time and peak memory from their tasks’ trace',
  description: 'For the benchmark results and boards, which set cost beside accuracy. One request answers up to 500 runs; ids that name no run come back in `unknownIds`.',
  request: { query: runCostsQuerySchema },
  responses: { 200: jsonContent(runCostsSchema, 'One cost per run'), ...errorResponses(400, 401) },
});

export const launch = createRoute({
  method: 'post',
  path: '/runs',
  tags,
  summary: 'Launch a pipeline',
  description: 'Checks `params` against the pipeline’s nextflow_schema.json (errors per parameter as `params.<name>`), stores the run and hands it to its engine.',
  request: { body: jsonBody(runLaunchSchema) },
  responses: { 201: jsonContent(runSummarySchema, 'The submitted run'), ...errorResponses(400, 401, 501, 503) },
});

export const get = createRoute({
  method: 'get',
  path: '/runs/{id}',
  tags,
  summary: 'One run with its per-process progress',
  request: { params: idParams },
  responses: { 200: jsonContent(runDetailSchema, 'The run'), ...errorResponses(400, 401, 404) },
});

export const update = createRoute({
  method: 'patch',
  path: '/runs/{id}',
  tags,
  summary: 'Move a run into a run group (or out of it) and edit its labels',
  request: { params: idParams, body: jsonBody(runUpdateSchema) },
  responses: { 200: jsonContent(runSummarySchema, 'The run as it is now'), ...errorResponses(400, 401, 404) },
});

export const cancel = createRoute({
  method: 'post',
  path: '/runs/{id}/cancel',
  tags,
  summary: 'Cancel a run: its whole process tree is stopped',
  request: { params: idParams },
  responses: { 200: jsonContent(runSummarySchema, 'The cancelled run'), ...errorResponses(400, 401, 404, 409) },
});

export const resume = createRoute({
  method: 'post',
  path: '/runs/{id}/resume',
  tags,
  summary: 'Resume an ended nextflow run: a new run with Nextflow’s -resume, in the same work directory',
  description: 'Finished tasks are taken from the earlier run’s cache. `revision` runs another revision of the pipeline; the new run records the one it resumes (`relatedRunId`, `relation: resume`).',
  request: { params: idParams, body: jsonBody(runResumeSchema) },
  responses: { 201: jsonContent(runSummarySchema, 'The resumed run'), ...errorResponses(400, 401, 404, 409, 503) },
});

export const tasks = createRoute({
  method: 'get',
  path: '/runs/{id}/tasks',
  tags,
  summary: 'The run’s tasks, as the weblog reported them',
  request: { params: idParams, query: runTasksQuerySchema },
  responses: { 200: jsonContent(pageOf(runTaskSchema), 'A page of tasks'), ...errorResponses(400, 401, 404) },
});

export const task = createRoute({
  method: 'get',
  path: '/runs/{id}/tasks/{taskId}',
  tags,
  summary: 'One task with everything Nextflow reported of it (script, container, resources asked and used)',
  request: { params: runTaskParamsSchema },
  responses: { 200: jsonContent(runTaskDetailSchema, 'The task'), ...errorResponses(400, 401, 404) },
});

export const metrics = createRoute({
  method: 'get',
  path: '/runs/{id}/metrics',
  tags,
  summary: 'Per process: the spread of task duration, %CPU and peak memory (Seqera’s Metrics)',
  request: { params: idParams },
  responses: { 200: jsonContent(runMetricsSchema, 'One entry per process'), ...errorResponses(400, 401, 404) },
});

export const timeline = createRoute({
  method: 'get',
  path: '/runs/{id}/timeline',
  tags,
  summary: 'When each task was submitted, started and completed (sampled evenly past `max` tasks)',
  request: { params: idParams, query: runTimelineQuerySchema },
  responses: { 200: jsonContent(runTimelineSchema, 'The timeline'), ...errorResponses(400, 401, 404) },
});

export const outputs = createRoute({
  method: 'get',
  path: '/runs/{id}/outputs',
  tags,
  summary: 'Files in the run’s output directory',
  request: { params: idParams },
  responses: {
    200: jsonContent(runOutputsSchema, 'The outputs; `fileId` once registered as stored files'),
    ...errorResponses(400, 401, 404),
  },
});

export const log = createRoute({
  method: 'get',
  path: '/runs/{id}/log',
  tags,
  summary: 'The run’s log from a byte offset (for a live tail)',
  request: { params: idParams, query: runLogQuerySchema },
  responses: { 200: jsonContent(runLogSchema, 'Log text from the offset (at most 256 KB)'), ...errorResponses(400, 401, 404) },
});

export const logStream = createRoute({
  method: 'get',
  path: '/runs/{id}/log/stream',
  tags,
  summary: 'The run’s log as it is written, as server-sent events (log, then end when the run has ended)',
  description: 'Starts at `offset`. The file is watched, so new lines leave at once; read it with `fetch` so the `Authorization` header is sent.',
  request: { params: idParams, query: runLogQuerySchema },
  responses: {
    200: { description: 'The stream; each message is a LogEvent', content: { 'text/event-stream': { schema: z.string().openapi({ description: 'Server-sent events' }) } } },
    ...errorResponses(400, 401, 404),
  },
});

export const weblog = createRoute({
  method: 'post',
  path: '/runs/{id}/weblog',
  tags,
  summary: 'Nextflow weblog events for a run (authenticated by the run’s secret)',
  description:
    'The endpoint Nextflow’s weblog posts to. Idempotent; events may arrive more than once and in any order. ' +
    'A run that ended takes only its own session’s late `completed` event (which fills in what is missing, overwriting nothing) and task reports that complete its record: anything else is a 409. ' +
    'Its secret stops working ten minutes after its end (403).',
  security: [],
  request: { params: idParams, query: weblogQuerySchema, body: jsonBody(weblogEventSchema) },
  responses: { 204: { description: 'Recorded' }, ...errorResponses(400, 401, 403, 404, 409) },
});
