import { routerOf } from '../../http/openapi-routes';
import * as handlers from './filesets.handlers';
import * as routes from './filesets.routes';

export const filesetsRouter = routerOf(routes, handlers, ['list', 'create', 'get', 'update', 'remove', 'addFiles', 'removeFile']);
