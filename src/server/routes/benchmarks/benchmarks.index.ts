import { routerOf } from '../../http/openapi-routes';
import * as handlers from './benchmarks.handlers';
import * as routes from './benchmarks.routes';

export const benchmarksRouter = routerOf(routes, handlers, ['launchDiscovery', 'launchPrediction', 'launchPredictionCv']);
