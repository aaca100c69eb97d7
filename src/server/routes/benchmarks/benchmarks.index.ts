import { createRouter } from '../../http/context';
import * as handlers from './benchmarks.handlers';
import * as routes from './benchmarks.routes';

export const benchmarksRouter = createRouter()
  .openapi(routes.launchDiscovery, handlers.launchDiscovery)
  .openapi(routes.launchPrediction, handlers.launchPrediction)
  .openapi(routes.launchPredictionCv, handlers.launchPredictionCv);
