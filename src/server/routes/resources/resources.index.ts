import { createRouter } from '../../http/context';
import * as handlers from './resources.handlers';
import * as routes from './resources.routes';

export const resourcesRouter = createRouter()
  .openapi(routes.recommendations, handlers.recommendations)
  .openapi(routes.recommendationConfig, handlers.recommendationConfig)
  .openapi(routes.runResources, handlers.runResources)
  .openapi(routes.trends, handlers.trends);
