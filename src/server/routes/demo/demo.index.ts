import { routerOf } from '../../http/openapi-routes';
import * as handlers from './demo.handlers';
import * as routes from './demo.routes';

export const demoRouter = routerOf(routes, handlers, ['load']);
