import { createRoute } from '@hono/zod-openapi';
import { benchmarkLaunchedSchema, discoveryLaunchSchema, predictionCvLaunchSchema, predictionLaunchSchema } from '../../../contract/benchmarks';
import { errorResponses, jsonBody, jsonContent } from '../../http/openapi';

const tags = ['Benchmarks'];

export const launchDiscovery = createRoute({
  method: 'post',
  path: '/benchmarks/discovery',
  tags,
  summary: 'Launch a discovery benchmark: a GDIP run for every method × known dataset, grouped as one run group',
  description: 'Each run carries the labels benchmark:discovery, method:<label> and dataset:<fileset id>, which the discovery results read.',
  request: { body: jsonBody(discoveryLaunchSchema) },
  responses: { 201: jsonContent(benchmarkLaunchedSchema, 'The run group and its runs'), ...errorResponses(400, 401, 409, 501, 503) },
});

export const launchPrediction = createRoute({
  method: 'post',
  path: '/benchmarks/prediction',
  tags,
  summary: 'Launch a prediction benchmark: a Make GDIP Predictions run for every trained model × prediction dataset, grouped as one run group',
  description: 'The datasets need their genotypes (a VCF). Each run carries the labels benchmark:prediction, model:<file id> and dataset:<fileset id>, which the prediction results read.',
  request: { body: jsonBody(predictionLaunchSchema) },
  responses: { 201: jsonContent(benchmarkLaunchedSchema, 'The run group and its runs'), ...errorResponses(400, 401, 409, 501, 503) },
});

export const launchPredictionCv = createRoute({
  method: 'post',
  path: '/benchmarks/prediction-cv',
  tags,
  summary:
    'Launch a cross-validation prediction benchmark: a GDIP or Auto Train run for every method × prediction dataset, each cross-validated on the dataset’s frozen folds, grouped as one run group',
  description:
    'The datasets need their genotypes (a VCF), phenotypes and a CV folds CSV (registered with a scheme). Each run carries the labels benchmark:prediction-cv, method:<label>, dataset:<fileset id> and scheme:<CV1|CV2|CV0|CV00>, which the prediction results read.',
  request: { body: jsonBody(predictionCvLaunchSchema) },
  responses: { 201: jsonContent(benchmarkLaunchedSchema, 'The run group and its runs'), ...errorResponses(400, 401, 409, 501, 503) },
});
