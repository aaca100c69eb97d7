import { routerOf } from '../../http/openapi-routes';
import * as handlers from './relations.handlers';
import * as routes from './relations.routes';

/** What links breeding records: an experiment's entries, an accession's experiments, lineage and the files naming it. */
export const relationsRouter = routerOf(routes, handlers, [
  'listEntries',
  'addEntries',
  'removeEntry',
  'accessionExperiments',
  'accessionLineage',
  'accessionProgeny',
  'accessionFiles',
  'resolveAccessions',
]);
