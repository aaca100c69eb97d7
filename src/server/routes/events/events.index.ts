import { liveEventSchema } from '../../../contract/events';
import { routerOf } from '../../http/openapi-routes';
import * as handlers from './events.handlers';
import * as routes from './events.routes';

export const eventsRouter = routerOf(routes, handlers, ['stream']);
// The messages' JSON, described once in the OpenAPI document.
eventsRouter.openAPIRegistry.register('LiveEvent', liveEventSchema);
