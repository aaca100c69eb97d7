import { routerOf } from '../../http/openapi-routes';
import * as handlers from './run-reports.handlers';
import * as routes from './run-reports.routes';

export const runReportsRouter = routerOf(routes, handlers, ['report', 'summaries', 'accessionPredictions']);
