import { createRouter } from '../../http/context';
import * as handlers from './files.handlers';
import * as routes from './files.routes';

export const filesRouter = createRouter().openapi(routes.list, handlers.list).openapi(routes.upload, handlers.upload).openapi(routes.download, handlers.download);
