import { createRoute } from '@hono/zod-openapi';
import { idParamsSchema, pagingQueryShape } from '../../../contract/list';
import { z } from '@hono/zod-openapi';
import {
  accessionExperimentListSchema,
  accessionLineageSchema,
  accessionResolutionSchema,
  accessionResolveSchema,
  experimentEntriesAddSchema,
  experimentEntryParamsSchema,
  experimentEntryListSchema,
  progenyPageSchema,
} from '../../../contract/records';
import { errorResponses, jsonBody, jsonContent } from '../../http/openapi';

const params = idParamsSchema;

export const listEntries = createRoute({
  method: 'get',
  path: '/experiments/{id}/entries',
  tags: ['Experiments'],
  summary: 'The accessions an experiment tests (its entries)',
  request: { params },
  responses: { 200: jsonContent(experimentEntryListSchema, 'Its entries, by name'), ...errorResponses(400, 401, 404) },
});

export const addEntries = createRoute({
  method: 'post',
  path: '/experiments/{id}/entries',
  tags: ['Experiments'],
  summary: 'Add accessions to an experiment, by name or synonym (all or none)',
  request: { params, body: jsonBody(experimentEntriesAddSchema) },
  responses: { 200: jsonContent(experimentEntryListSchema, 'Its entries after the change'), ...errorResponses(400, 401, 404) },
});

export const removeEntry = createRoute({
  method: 'delete',
  path: '/experiments/{id}/entries/{accessionId}',
  tags: ['Experiments'],
  summary: 'Take an accession out of an experiment',
  request: { params: experimentEntryParamsSchema },
  responses: { 204: { description: 'Removed' }, ...errorResponses(400, 401, 404) },
});

export const accessionExperiments = createRoute({
  method: 'get',
  path: '/accessions/{id}/experiments',
  tags: ['Accessions'],
  summary: 'The experiments an accession is an entry of',
  request: { params },
  responses: { 200: jsonContent(accessionExperimentListSchema, 'Its experiments'), ...errorResponses(400, 401, 404) },
});

export const accessionLineage = createRoute({
  method: 'get',
  path: '/accessions/{id}/lineage',
  tags: ['Accessions'],
  summary: 'The parents (from its pedigree) and the planned crosses of those parents',
  request: { params },
  responses: { 200: jsonContent(accessionLineageSchema, 'Its parents'), ...errorResponses(400, 401, 404) },
});

export const accessionProgeny = createRoute({
  method: 'get',
  path: '/accessions/{id}/progeny',
  tags: ['Accessions'],
  summary: 'Its progeny: the accessions whose pedigree names it as the female or male parent, by name, a page at a time',
  request: { params, query: z.object(pagingQueryShape) },
  responses: { 200: jsonContent(progenyPageSchema, 'A page of its progeny, with their total'), ...errorResponses(400, 401, 404) },
});

export const resolveAccessions = createRoute({
  method: 'post',
  path: '/accessions/resolve',
  tags: ['Accessions'],
  summary: 'Find accessions by name or synonym; the nearest names for those that match none',
  description: 'For pasted names (the cross-plan grid): an exact name or synonym, in any case, is its accession; any other name gets up to five nearest names, by edit distance.',
  request: { body: jsonBody(accessionResolveSchema) },
  responses: { 200: jsonContent(accessionResolutionSchema, 'One answer per distinct name (in any case, as first written), in the order given'), ...errorResponses(400, 401) },
});
