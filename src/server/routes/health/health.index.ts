import { createRouter } from '../../http/context';
import * as handlers from './health.handlers';
import * as routes from './health.routes';

export const healthRouter = createRouter().openapi(routes.health, handlers.health);
