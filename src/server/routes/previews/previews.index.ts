import { createRouter } from '../../http/context';
import * as handlers from './previews.handlers';
import * as routes from './previews.routes';

export const previewsRouter = createRouter().openapi(routes.preview, handlers.preview).openapi(routes.view, handlers.view);
