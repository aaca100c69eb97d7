import { createRoute } from '@hono/zod-openapi';
import { idParamsSchema as idParams } from '../../../contract/list';
import { accessionPredictionsSchema, runReportSchema, runSummariesQuerySchema, runSummariesSchema } from '../../../contract/reports';
import { errorResponses, jsonContent } from '../../http/openapi';

/** Results: each pipeline's declared report over a run's outputs, its numbers across runs, and an accession's predictions. */
const tags = ['Results'];

export const report = createRoute({
  method: 'get',
  path: '/runs/{id}/report',
  tags,
  summary: 'The run’s report: the summary numbers, charts and tables its pipeline declares (report.json), computed from its outputs',
  description: 'Charts are binned and thinned on the server (a Manhattan plot keeps every marker near the top and one per pixel below). What cannot be read is listed in `problems`.',
  request: { params: idParams },
  responses: { 200: jsonContent(runReportSchema, 'The report'), ...errorResponses(400, 401, 404) },
});

export const summaries = createRoute({
  method: 'get',
  path: '/run-summaries',
  tags,
  summary: 'The declared summary numbers of several runs at once, with their parameters (comparisons)',
  request: { query: runSummariesQuerySchema },
  responses: { 200: jsonContent(runSummariesSchema, 'One summary per run, in the order asked'), ...errorResponses(400, 401) },
});

export const accessionPredictions = createRoute({
  method: 'get',
  path: '/accessions/{id}/predictions',
  tags,
  summary: 'The accession’s predictions (GEBVs) across runs: rows of prediction outputs whose id is its name or a synonym',
  description: 'Reads the prediction outputs that pipelines declare in their report.json ("predictions") of the 20 most recent succeeded runs of those pipelines.',
  request: { params: idParams },
  responses: { 200: jsonContent(accessionPredictionsSchema, 'The predictions, newest run first'), ...errorResponses(400, 401, 404) },
});
