import { createRouter } from '../../http/context';
import * as handlers from './lineage.handlers';
import * as routes from './lineage.routes';

export const lineageRouter = createRouter()
  .openapi(routes.graph, handlers.graph)
  .openapi(routes.reproduction, handlers.reproduction)
  .openapi(routes.relaunchExactly, handlers.relaunchExactly)
  .openapi(routes.roCrate, handlers.roCrate)
  .openapi(routes.importCrate, handlers.importCrate);
