import { createRouter } from '../../http/context';
import * as handlers from './authentication.handlers';
import * as routes from './authentication.routes';

export const authenticationRouter = createRouter().openapi(routes.check, handlers.check).openapi(routes.login, handlers.login).openapi(routes.logout, handlers.logout);
