import { accessionPredictionsSchema, runReportSchema, runSummariesQuerySchema, runSummariesSchema } from '../../../contract/reports';
import { jsonContent } from '../../http/openapi';
import { routesTagged } from '../../http/openapi-routes';

/** Results: each pipeline's declared report over a run's outputs, its numbers across runs, and an accession's predictions. */
const route = routesTagged('Results');

export const report = route.byId.get('/runs/{id}/report', 'The run’s report: the summary numbers, charts and tables its pipeline declares (report.json), computed from its outputs', {
  description: 'Charts are binned and thinned on the server (a Manhattan plot keeps every marker near the top and one per pixel below). What cannot be read is listed in `problems`.',
  responses: { 200: jsonContent(runReportSchema, 'The report') },
});

export const summaries = route.get('/run-summaries', 'The declared summary numbers of several runs at once, with their parameters (comparisons)', {
  request: { query: runSummariesQuerySchema },
  responses: { 200: jsonContent(runSummariesSchema, 'One summary per run, in the order asked') },
});

export const accessionPredictions = route.byId.get('/accessions/{id}/predictions', 'The accession’s predictions (GEBVs) across runs: rows of prediction outputs whose id is its name or a synonym', {
  description: 'Reads the prediction outputs that pipelines declare in their report.json ("predictions") of the 20 most recent succeeded runs of those pipelines.',
  responses: { 200: jsonContent(accessionPredictionsSchema, 'The predictions, newest run first') },
});
