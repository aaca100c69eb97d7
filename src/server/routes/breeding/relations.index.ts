import { createRouter } from '../../http/context';
import * as handlers from './relations.handlers';
import * as routes from './relations.routes';

/** What links breeding records: an experiment's entries, an accession's experiments and lineage. */
export const relationsRouter = createRouter()
  .openapi(routes.listEntries, handlers.listEntries)
  .openapi(routes.addEntries, handlers.addEntries)
  .openapi(routes.removeEntry, handlers.removeEntry)
  .openapi(routes.accessionExperiments, handlers.accessionExperiments)
  .openapi(routes.accessionLineage, handlers.accessionLineage)
  .openapi(routes.accessionProgeny, handlers.accessionProgeny)
  .openapi(routes.resolveAccessions, handlers.resolveAccessions);
