import { createRouter } from '../../http/context';
import * as handlers from './run-reports.handlers';
import * as routes from './run-reports.routes';

export const runReportsRouter = createRouter()
  .openapi(routes.report, handlers.report)
  .openapi(routes.summaries, handlers.summaries)
  .openapi(routes.accessionPredictions, handlers.accessionPredictions);
