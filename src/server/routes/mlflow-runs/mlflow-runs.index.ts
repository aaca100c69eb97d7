import { routerOf } from '../../http/openapi-routes';
import * as handlers from './mlflow-runs.handlers';
import * as routes from './mlflow-runs.routes';

// refreshAll before get, so that 'refresh' is not read as an id.
export const mlflowRunsRouter = routerOf(routes, handlers, ['list', 'track', 'refreshAll', 'get', 'update', 'remove', 'refresh', 'histories']);
