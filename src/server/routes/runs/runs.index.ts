import { createRouter } from '../../http/context';
import * as handlers from './runs.handlers';
import * as routes from './runs.routes';

export const runsRouter = createRouter();
runsRouter.use('/runs/:id/weblog', handlers.checkWeblogSecret);
runsRouter
  .openapi(routes.list, handlers.list)
  // Before runs/{id}, so that 'status-counts' is not read as an id.
  .openapi(routes.counts, handlers.counts)
  .openapi(routes.daily, handlers.daily)
  .openapi(routes.costs, handlers.costs)
  .openapi(routes.launch, handlers.launch)
  .openapi(routes.get, handlers.get)
  .openapi(routes.update, handlers.update)
  .openapi(routes.cancel, handlers.cancel)
  .openapi(routes.resume, handlers.resume)
  .openapi(routes.tasks, handlers.tasks)
  .openapi(routes.task, handlers.task)
  .openapi(routes.metrics, handlers.metrics)
  .openapi(routes.timeline, handlers.timeline)
  .openapi(routes.outputs, handlers.outputs)
  .openapi(routes.log, handlers.log)
  .openapi(routes.logStream, handlers.logStream)
  .openapi(routes.weblog, handlers.weblog);
