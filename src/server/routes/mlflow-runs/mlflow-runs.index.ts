import { createRouter } from '../../http/context';
import * as handlers from './mlflow-runs.handlers';
import * as routes from './mlflow-runs.routes';

export const mlflowRunsRouter = createRouter();
mlflowRunsRouter
  .openapi(routes.list, handlers.list)
  .openapi(routes.track, handlers.track)
  // Before mlflow-runs/{id}, so that 'refresh' is not read as an id.
  .openapi(routes.refreshAll, handlers.refreshAll)
  .openapi(routes.get, handlers.get)
  .openapi(routes.update, handlers.update)
  .openapi(routes.remove, handlers.remove)
  .openapi(routes.refresh, handlers.refresh)
  .openapi(routes.histories, handlers.histories);
