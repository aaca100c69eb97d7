import { z } from '@hono/zod-openapi';
import { pageOf } from '../../../contract/list';
import {
  runCountQuerySchema,
  runDailyCountsQuerySchema,
  runDailyCountsSchema,
  runDetailSchema,
  runLaunchCheckSchema,
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
import { jsonBody, jsonContent } from '../../http/openapi';
import { routesTagged } from '../../http/openapi-routes';

/** Runs: launch, follow, cancel; and the weblog endpoint their engines report to. */
const route = routesTagged('Runs');

export const list = route.get('/runs', 'List runs, newest first', {
  description: '`q` searches run and pipeline names, and reads filters written out: `status:running pipeline:nf-gdip label:durum after:2026-01-01 before:2026-02-01 mine:true`.',
  request: { query: runListQuerySchema },
  responses: { 200: jsonContent(pageOf(runSummarySchema), 'A page of runs') },
});

export const counts = route.get('/runs/status-counts', 'How many runs stand where: counts by status, with the list’s filters', {
  request: { query: runCountQuerySchema },
  responses: { 200: jsonContent(runStatusCountsSchema, 'Counts by status') },
});

export const daily = route.get('/runs/daily-counts', 'Runs submitted per day over the last days, by status (the home page’s chart)', {
  request: { query: runDailyCountsQuerySchema },
  responses: { 200: jsonContent(runDailyCountsSchema, 'One count per day and status') },
});

export const costs = route.get('/runs/costs', 'What runs cost: wall time, CPU time and peak memory from their tasks’ trace', {
  description: 'For the benchmark results and boards, which set cost beside accuracy. One request answers up to 500 runs; ids that name no run come back in `unknownIds`.',
  request: { query: runCostsQuerySchema },
  responses: { 200: jsonContent(runCostsSchema, 'One cost per run') },
});

export const launch = route.post('/runs', 'Launch a pipeline', {
  description: 'Checks `params` against the pipeline’s nextflow_schema.json (errors per parameter as `params.<name>`), stores the run and hands it to its engine.',
  request: { body: jsonBody(runLaunchSchema) },
  responses: { 201: jsonContent(runSummarySchema, 'The submitted run') },
  errors: [501, 503],
});

export const check = route.post('/runs/check', 'Check a launch without launching: every problem it would be refused for, at once', {
  description:
    'Takes the body of `POST /runs` and runs the launch’s own check on it — the schema, the values that cannot run together, the input files, the records it names — without stopping at the first kind of problem, and stores nothing. ' +
    'Answers 200 with the problems by field (empty when the launch would be taken as things stand); a pipeline that cannot run here at all is refused as the launch is. The launch checks again: a file may go between the two.',
  request: { body: jsonBody(runLaunchSchema) },
  responses: { 200: jsonContent(runLaunchCheckSchema, 'The problems found') },
  errors: [501, 503],
});

export const get = route.byId.get('/runs/{id}', 'One run with its per-process progress', { responses: { 200: jsonContent(runDetailSchema, 'The run') } });

export const update = route.byId.patch('/runs/{id}', 'Move a run into a run group (or out of it) and edit its labels', {
  request: { body: jsonBody(runUpdateSchema) },
  responses: { 200: jsonContent(runSummarySchema, 'The run as it is now') },
});

export const cancel = route.byId.post('/runs/{id}/cancel', 'Cancel a run: its whole process tree is stopped', {
  responses: { 200: jsonContent(runSummarySchema, 'The cancelled run') },
  errors: [409],
});

export const resume = route.byId.post('/runs/{id}/resume', 'Resume an ended nextflow run: a new run with Nextflow’s -resume, in the same work directory', {
  description: 'Finished tasks are taken from the earlier run’s cache. `revision` runs another revision of the pipeline; the new run records the one it resumes (`relatedRunId`, `relation: resume`).',
  request: { body: jsonBody(runResumeSchema) },
  responses: { 201: jsonContent(runSummarySchema, 'The resumed run') },
  errors: [409, 503],
});

export const tasks = route.byId.get('/runs/{id}/tasks', 'The run’s tasks, as the weblog reported them', {
  request: { query: runTasksQuerySchema },
  responses: { 200: jsonContent(pageOf(runTaskSchema), 'A page of tasks') },
});

export const task = route.get('/runs/{id}/tasks/{taskId}', 'One task with everything Nextflow reported of it (script, container, resources asked and used)', {
  request: { params: runTaskParamsSchema },
  responses: { 200: jsonContent(runTaskDetailSchema, 'The task') },
});

export const metrics = route.byId.get('/runs/{id}/metrics', 'Per process: the spread of task duration, %CPU and peak memory (Seqera’s Metrics)', {
  responses: { 200: jsonContent(runMetricsSchema, 'One entry per process') },
});

export const timeline = route.byId.get('/runs/{id}/timeline', 'When each task was submitted, started and completed (sampled evenly past `max` tasks)', {
  request: { query: runTimelineQuerySchema },
  responses: { 200: jsonContent(runTimelineSchema, 'The timeline') },
});

export const outputs = route.byId.get('/runs/{id}/outputs', 'Files in the run’s output directory', {
  responses: { 200: jsonContent(runOutputsSchema, 'The outputs; `fileId` once registered as stored files') },
});

export const log = route.byId.get('/runs/{id}/log', 'The run’s log from a byte offset (for a live tail)', {
  request: { query: runLogQuerySchema },
  responses: { 200: jsonContent(runLogSchema, 'Log text from the offset (at most 256 KB)') },
});

export const logStream = route.byId.get('/runs/{id}/log/stream', 'The run’s log as it is written, as server-sent events (log, then end when the run has ended)', {
  description: 'Starts at `offset`. The file is watched, so new lines leave at once; read it with `fetch` so the `Authorization` header is sent.',
  request: { query: runLogQuerySchema },
  responses: { 200: { description: 'The stream; each message is a LogEvent', content: { 'text/event-stream': { schema: z.string().openapi({ description: 'Server-sent events' }) } } } },
});

export const weblog = route.byId.post('/runs/{id}/weblog', 'Nextflow weblog events for a run (authenticated by the run’s secret)', {
  description:
    'The endpoint Nextflow’s weblog posts to. Idempotent; events may arrive more than once and in any order. ' +
    'A run that ended takes only its own session’s late `completed` event (which fills in what is missing, overwriting nothing) and task reports that complete its record: anything else is a 409. ' +
    'Its secret stops working ten minutes after its end (403).',
  security: [],
  request: { query: weblogQuerySchema, body: jsonBody(weblogEventSchema) },
  responses: { 204: { description: 'Recorded' } },
  errors: [401, 403, 409],
});
