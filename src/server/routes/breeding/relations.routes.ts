import { pagingQueryShape } from '../../../contract/list';
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
import { accessionFilesSchema } from '../../../contract/lineage';
import { jsonBody, jsonContent } from '../../http/openapi';
import { routesTagged } from '../../http/openapi-routes';

const experiments = routesTagged('Experiments');
const accessions = routesTagged('Accessions');

export const listEntries = experiments.byId.get('/experiments/{id}/entries', 'The accessions an experiment tests (its entries)', {
  responses: { 200: jsonContent(experimentEntryListSchema, 'Its entries, by name') },
});

export const addEntries = experiments.byId.post('/experiments/{id}/entries', 'Add accessions to an experiment, by name or synonym (all or none)', {
  request: { body: jsonBody(experimentEntriesAddSchema) },
  responses: { 200: jsonContent(experimentEntryListSchema, 'Its entries after the change') },
});

export const removeEntry = experiments.delete('/experiments/{id}/entries/{accessionId}', 'Take an accession out of an experiment', {
  request: { params: experimentEntryParamsSchema },
  responses: { 204: { description: 'Removed' } },
});

export const accessionExperiments = accessions.byId.get('/accessions/{id}/experiments', 'The experiments an accession is an entry of', {
  responses: { 200: jsonContent(accessionExperimentListSchema, 'Its experiments') },
});

export const accessionLineage = accessions.byId.get('/accessions/{id}/lineage', 'The parents (from its pedigree) and the planned crosses of those parents', {
  responses: { 200: jsonContent(accessionLineageSchema, 'Its parents') },
});

export const accessionProgeny = accessions.byId.get('/accessions/{id}/progeny', 'Its progeny: the accessions whose pedigree names it as the female or male parent, by name, a page at a time', {
  request: { query: z.object(pagingQueryShape) },
  responses: { 200: jsonContent(progenyPageSchema, 'A page of its progeny, with their total') },
});

export const accessionFiles = accessions.byId.get('/accessions/{id}/files', 'The stored files that name the accession, and the runs that read them', {
  description:
    'A file names an accession when one of its individuals (a VCF’s samples, a CSV or TSV’s id column) is its germplasm name or a synonym, in any case. Files are read in the background after they are stored; `unindexed` says how many are not read yet.',
  responses: { 200: jsonContent(accessionFilesSchema, 'The files naming it, newest first, with the runs that read each') },
});

export const resolveAccessions = accessions.post('/accessions/resolve', 'Find accessions by name or synonym; the nearest names for those that match none', {
  description: 'For pasted names (the cross-plan grid): an exact name or synonym, in any case, is its accession; any other name gets up to five nearest names, by edit distance.',
  request: { body: jsonBody(accessionResolveSchema) },
  responses: { 200: jsonContent(accessionResolutionSchema, 'One answer per distinct name (in any case, as first written), in the order given') },
});
