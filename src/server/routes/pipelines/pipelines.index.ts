import { createRouter } from '../../http/context';
import * as handlers from './pipelines.handlers';
import * as routes from './pipelines.routes';

/** The catalogue, read and checked at start (src/server/pipelines/catalogue.ts). */
export const pipelinesRouter = createRouter().openapi(routes.listPipelines, handlers.listPipelines).openapi(routes.getPipeline, handlers.getPipeline);
