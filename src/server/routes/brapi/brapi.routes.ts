import { createRoute, type z } from '@hono/zod-openapi';
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

/** BrAPI v2.1, read only: one list and one by-id route per entity, and serverinfo. */
const errors = {
  400: { description: 'A filter or paging value that cannot be read', content: { 'application/json': { schema: brapiErrorSchema } } },
  401: { description: 'No token, or not a valid one (send Authorization: Bearer <token>)', content: { 'application/json': { schema: brapiErrorSchema } } },
  404: { description: 'No such record', content: { 'application/json': { schema: brapiErrorSchema } } },
};

export const serverInfo = createRoute({
  method: 'get',
  path: '/serverinfo',
  tags: ['BrAPI'],
  security: [],
  summary: 'The BrAPI calls this server answers (public)',
  responses: { 200: { description: 'The server and its calls', content: { 'application/json': { schema: brapiOneOf(brapiServerInfoSchema) } } } },
});

function entity<Item extends z.ZodType, Query extends z.ZodObject, IdName extends string>(collection: string, idName: IdName, item: Item, query: Query, what: string) {
  const list = createRoute({
    method: 'get',
    path: `/${collection}`,
    tags: ['BrAPI'],
    summary: `${what}, a page at a time`,
    request: { query },
    responses: { 200: { description: `A page of ${what}`, content: { 'application/json': { schema: brapiListOf(item) } } }, 400: errors[400], 401: errors[401] },
  });
  const one = createRoute({
    method: 'get',
    path: `/${collection}/{${idName}}`,
    tags: ['BrAPI'],
    summary: `One of the ${what}`,
    request: { params: brapiDbIdParams(idName) },
    responses: { 200: { description: 'The record', content: { 'application/json': { schema: brapiOneOf(item) } } }, 401: errors[401], 404: errors[404] },
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
