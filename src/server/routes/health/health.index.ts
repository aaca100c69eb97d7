import { routerOf } from '../../http/openapi-routes';
import * as handlers from './health.handlers';
import * as routes from './health.routes';

export const healthRouter = routerOf(routes, handlers, ['health']);
