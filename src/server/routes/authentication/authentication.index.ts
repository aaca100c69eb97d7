import { routerOf } from '../../http/openapi-routes';
import * as handlers from './authentication.handlers';
import * as routes from './authentication.routes';

export const authenticationRouter = routerOf(routes, handlers, ['check', 'login', 'logout']);
