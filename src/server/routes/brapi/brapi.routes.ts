import type { z } from '@hono/zod-openapi';
import {
  brapiCrossingProjectQuery,
  brapiCrossingProjectSchema,
  brapiDbIdParams,
  brapiErrorSchema,
  brapiGermplasmQuery,
  brapiGermplasmSchema,
  brapiListOf,
  brapiLocationQuery,
  brapiLocationSchema,
  brapiOneOf,
  brapiPlannedCrossQuery,
  brapiPlannedCrossSchema,
  brapiProgramQuery,
  brapiProgramSchema,
  brapiServerInfoSchema,
  brapiStudyQuery,
  brapiStudySchema,
  brapiTrialQuery,
  brapiTrialSchema,
} from '../../../contract/brapi';
import { routesTaggedWith } from '../../http/openapi-routes';

/** BrAPI v2.1, read only: one list and one by-id route per entity, and serverinfo. */
const errors = {
  400: { description: 'A filter or paging value that cannot be read', content: { 'application/json': { schema: brapiErrorSchema } } },
  401: { description: 'No token, or not a valid one (send Authorization: Bearer <token>)', content: { 'application/json': { schema: brapiErrorSchema } } },
  404: { description: 'No such record', content: { 'application/json': { schema: brapiErrorSchema } } },
};

/** The shared errors (400 on a request it validates, 401 without a token, 404 by id) in BrAPI's envelope, never Seedbed's. */
function brapiErrorResponses(...statuses: number[]) {
  return Object.fromEntries(
    statuses.map((status) => {
      if (!(status in errors)) throw new Error(`BrAPI declares no ${status} error response.`);
      return [status, errors[status as keyof typeof errors]];
    }),
  );
}

const route = routesTaggedWith('BrAPI', brapiErrorResponses);

export const serverInfo = route.get('/serverinfo', 'The BrAPI calls this server answers (public)', {
  security: [],
  responses: { 200: { description: 'The server and its calls', content: { 'application/json': { schema: brapiOneOf(brapiServerInfoSchema) } } } },
});

function entity<Item extends z.ZodType, Query extends z.ZodObject, IdName extends string>(collection: string, idName: IdName, item: Item, query: Query, what: string) {
  const list = route.get(`/${collection}`, `${what}, a page at a time`, {
    request: { query },
    responses: { 200: { description: `A page of ${what}`, content: { 'application/json': { schema: brapiListOf(item) } } } },
  });
  const one = route.get(`/${collection}/{${idName}}`, `One of the ${what}`, {
    request: { params: brapiDbIdParams(idName) },
    responses: {
      200: { description: 'The record', content: { 'application/json': { schema: brapiOneOf(item) } } },
      400: { description: `A ${idName} longer than 40 characters`, content: { 'application/json': { schema: brapiErrorSchema } } },
    },
  });
  return { list, one };
}

export const programs = entity('programs', 'programDbId', brapiProgramSchema, brapiProgramQuery, 'programs (Seedbed projects)');
export const trials = entity('trials', 'trialDbId', brapiTrialSchema, brapiTrialQuery, 'trials (Seedbed projects, one trial each)');
export const studies = entity('studies', 'studyDbId', brapiStudySchema, brapiStudyQuery, 'studies (Seedbed experiments)');
export const locations = entity('locations', 'locationDbId', brapiLocationSchema, brapiLocationQuery, 'locations (Seedbed sites)');
export const germplasm = entity('germplasm', 'germplasmDbId', brapiGermplasmSchema, brapiGermplasmQuery, 'germplasm (Seedbed accessions)');
export const crossingProjects = entity('crossingprojects', 'crossingProjectDbId', brapiCrossingProjectSchema, brapiCrossingProjectQuery, 'crossing projects (Seedbed cross plans)');
export const plannedCrosses = entity('plannedcrosses', 'plannedCrossDbId', brapiPlannedCrossSchema, brapiPlannedCrossQuery, 'planned crosses');
