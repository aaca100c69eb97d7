import { createRouter } from '../../http/context';
import * as handlers from './benchmark-datasets.handlers';
import * as routes from './benchmark-datasets.routes';

export const benchmarkDatasetsRouter = createRouter().openapi(routes.check, handlers.check).openapi(routes.register, handlers.register);
