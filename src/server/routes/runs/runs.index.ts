import { routerOf } from '../../http/openapi-routes';
import * as handlers from './runs.handlers';
import * as routes from './runs.routes';

// counts, daily and costs before get, so that 'status-counts' is not read as an id.
export const runsRouter = routerOf(routes, handlers, [
  'list',
  'counts',
  'daily',
  'costs',
  'launch',
  'check',
  'get',
  'update',
  'cancel',
  'resume',
  'tasks',
  'task',
  'metrics',
  'timeline',
  'outputs',
  'log',
  'logStream',
]);
// Nextflow cannot send a token: the weblog's route checks the run's own secret first.
runsRouter.openapi({ ...routes.weblog, middleware: handlers.checkWeblogSecret }, handlers.weblog);
