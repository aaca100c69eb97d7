import { createRoute } from '@hono/zod-openapi';
import { datasetCheckSchema, datasetFilesSchema, datasetRegisterSchema } from '../../../contract/benchmarks';
import { filesetDetailSchema } from '../../../contract/files';
import { errorResponses, jsonBody, jsonContent } from '../../http/openapi';

/** Benchmark datasets: ground-truth files checked against each other, registered as filesets of their kind. */
const tags = ['Benchmark datasets'];

export const check = createRoute({
  method: 'post',
  path: '/benchmark-datasets/check',
  tags,
  summary: 'Check that the files of a benchmark dataset fit each other (samples, markers, traits)',
  request: { body: jsonBody(datasetFilesSchema) },
  responses: { 200: jsonContent(datasetCheckSchema, 'What was found, and every problem'), ...errorResponses(400, 401) },
});

export const register = createRoute({
  method: 'post',
  path: '/benchmark-datasets',
  tags,
  summary: 'Register a benchmark dataset: the files are checked, then kept as a fileset of the dataset’s kind',
  description: '400 with the check’s problems as `errors` when the files do not fit; 409 when the name is taken.',
  request: { body: jsonBody(datasetRegisterSchema) },
  responses: { 201: jsonContent(filesetDetailSchema, 'The dataset, as a fileset'), ...errorResponses(400, 401, 409) },
});
