import { routerOf } from '../../http/openapi-routes';
import * as handlers from './previews.handlers';
import * as routes from './previews.routes';

export const previewsRouter = routerOf(routes, handlers, ['preview', 'view']);
