import { createRouter } from '../../http/context';
import * as handlers from './filesets.handlers';
import * as routes from './filesets.routes';

export const filesetsRouter = createRouter()
  .openapi(routes.list, handlers.list)
  .openapi(routes.create, handlers.create)
  .openapi(routes.get, handlers.get)
  .openapi(routes.update, handlers.update)
  .openapi(routes.remove, handlers.remove)
  .openapi(routes.addFiles, handlers.addFiles)
  .openapi(routes.removeFile, handlers.removeFile);
