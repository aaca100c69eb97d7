import { liveEventSchema } from '../../../contract/events';
import { createRouter } from '../../http/context';
import * as handlers from './events.handlers';
import * as routes from './events.routes';

export const eventsRouter = createRouter().openapi(routes.stream, handlers.stream);
// The messages' JSON, described once in the OpenAPI document.
eventsRouter.openAPIRegistry.register('LiveEvent', liveEventSchema);
