import { routerOf } from '../../http/openapi-routes';
import * as handlers from './benchmark-datasets.handlers';
import * as routes from './benchmark-datasets.routes';

export const benchmarkDatasetsRouter = routerOf(routes, handlers, ['check', 'register']);
