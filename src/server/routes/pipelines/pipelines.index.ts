import { routerOf } from '../../http/openapi-routes';
import * as handlers from './pipelines.handlers';
import * as routes from './pipelines.routes';

/** The catalogue, read and checked at start (src/server/pipelines/catalogue.ts). */
export const pipelinesRouter = routerOf(routes, handlers, ['listPipelines', 'getPipeline']);
