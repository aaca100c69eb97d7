import { routerOf } from '../../http/openapi-routes';
import * as handlers from './resources.handlers';
import * as routes from './resources.routes';

export const resourcesRouter = routerOf(routes, handlers, ['recommendations', 'recommendationConfig', 'runResources', 'trends']);
