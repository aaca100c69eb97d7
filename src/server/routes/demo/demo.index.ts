import { createRouter } from '../../http/context';
import * as handlers from './demo.handlers';
import * as routes from './demo.routes';

export const demoRouter = createRouter().openapi(routes.load, handlers.load);
