import { routerOf } from '../../http/openapi-routes';
import * as handlers from './lineage.handlers';
import * as routes from './lineage.routes';

export const lineageRouter = routerOf(routes, handlers, ['graph', 'reproduction', 'relaunchExactly', 'relaunchName', 'roCrate', 'importCrate']);
