import type { z } from '@hono/zod-openapi';
import { benchmarkLaunchedSchema, discoveryLaunchSchema, predictionCvLaunchSchema, predictionLaunchSchema } from '../../../contract/benchmarks';
import { jsonBody, jsonContent } from '../../http/openapi';
import { routesTagged } from '../../http/openapi-routes';

const route = routesTagged('Benchmarks');

/** Every benchmark launches its runs as one run group (409 when its name is taken) and answers with the group and its runs. */
const launch = <Body extends z.ZodType>(path: string, summary: string, description: string, body: Body) =>
  route.post(path, summary, {
    description,
    request: { body: jsonBody(body) },
    responses: { 201: jsonContent(benchmarkLaunchedSchema, 'The run group and its runs') },
    errors: [409, 501, 503],
  });

export const launchDiscovery = launch(
  '/benchmarks/discovery',
  'Launch a discovery benchmark: a GDIP run for every method × known dataset, grouped as one run group',
  'Each run carries the labels benchmark:discovery, method:<label> and dataset:<fileset id>, which the discovery results read.',
  discoveryLaunchSchema,
);

export const launchPrediction = launch(
  '/benchmarks/prediction',
  'Launch a prediction benchmark: a Make GDIP Predictions run for every trained model × prediction dataset, grouped as one run group',
  'The datasets need their genotypes (a VCF). Each run carries the labels benchmark:prediction, model:<file id> and dataset:<fileset id>, which the prediction results read.',
  predictionLaunchSchema,
);

export const launchPredictionCv = launch(
  '/benchmarks/prediction-cv',
  'Launch a cross-validation prediction benchmark: a GDIP or Auto Train run for every method × prediction dataset, each cross-validated on the dataset’s frozen folds, grouped as one run group',
  'The datasets need their genotypes (a VCF), phenotypes and a CV folds CSV (registered with a scheme). Each run carries the labels benchmark:prediction-cv, method:<label>, dataset:<fileset id> and scheme:<CV1|CV2|CV0|CV00>, which the prediction results read.',
  predictionCvLaunchSchema,
);
