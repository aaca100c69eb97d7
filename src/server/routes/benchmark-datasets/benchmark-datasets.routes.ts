import { datasetCheckSchema, datasetFilesSchema, datasetRegisterSchema } from '../../../contract/benchmarks';
import { filesetDetailSchema } from '../../../contract/files';
import { jsonBody, jsonContent } from '../../http/openapi';
import { routesTagged } from '../../http/openapi-routes';

/** Benchmark datasets: ground-truth files checked against each other, registered as filesets of their kind. */
const route = routesTagged('Benchmark datasets');

export const check = route.post('/benchmark-datasets/check', 'Check that the files of a benchmark dataset fit each other (samples, markers, traits)', {
  request: { body: jsonBody(datasetFilesSchema) },
  responses: { 200: jsonContent(datasetCheckSchema, 'What was found, and every problem') },
});

export const register = route.post('/benchmark-datasets', 'Register a benchmark dataset: the files are checked, then kept as a fileset of the dataset’s kind', {
  description: '400 with the check’s problems as `errors` when the files do not fit; 409 when the name is taken.',
  request: { body: jsonBody(datasetRegisterSchema) },
  responses: { 201: jsonContent(filesetDetailSchema, 'The dataset, as a fileset') },
  errors: [409],
});
