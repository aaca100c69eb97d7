import { createRoute } from '@hono/zod-openapi';
import { crateImportResultSchema, lineageGraphSchema, lineageQuerySchema, relaunchExactlySchema, reproductionSchema, roCrateQuerySchema, roCrateZipSchema } from '../../../contract/lineage';
import { idParamsSchema as idParams } from '../../../contract/list';
import { runSummarySchema } from '../../../contract/runs';
import { errorResponses, jsonBody, jsonContent } from '../../http/openapi';

const tags = ['Lineage'];

export const graph = createRoute({
  method: 'get',
  path: '/lineage',
  tags,
  summary: 'Where a file, run or fileset came from and what was built on it, as recorded when it happened: nodes and edges, a level at a time',
  request: { query: lineageQuerySchema },
  responses: { 200: jsonContent(lineageGraphSchema, 'The lineage around the node'), ...errorResponses(400, 401, 404) },
});

export const reproduction = createRoute({
  method: 'get',
  path: '/runs/{id}/reproduction',
  tags,
  summary: 'What relaunching the run exactly would repeat (revision, parameters, input files) and what differs now',
  description:
    'An input whose bytes changed since the run read it (its SHA-256 then and now), a deleted input, a revision the catalogue moved from, another engine: each said in words in `differences`, or in `refusal` when the run cannot be repeated.',
  request: { params: idParams },
  responses: { 200: jsonContent(reproductionSchema, 'What a relaunch exactly would do'), ...errorResponses(400, 401, 404) },
});

export const relaunchExactly = createRoute({
  method: 'post',
  path: '/runs/{id}/relaunch-exactly',
  tags,
  summary: 'Launch the run again with the same revision, parameters and input files',
  description:
    'Refused (409) when something differs from the run that is not in `acceptDifferences` as /reproduction said it, listing the differences; the new run records it relaunches the earlier one.',
  request: { params: idParams, body: jsonBody(relaunchExactlySchema) },
  responses: { 201: jsonContent(runSummarySchema, 'The new run'), ...errorResponses(400, 401, 404, 409, 503) },
});

export const roCrate = createRoute({
  method: 'get',
  path: '/runs/{id}/ro-crate',
  tags,
  summary: 'The run as a Workflow Run RO-Crate (zip), with or without its data files',
  description:
    'ro-crate-metadata.json per the Workflow Run Crate profile 0.5: the pipeline as the main ComputationalWorkflow with the given parameters as FormalParameters, the run as a CreateAction (instrument, object with SHA-256, result, agent, start and end, container images) and the engine as a SoftwareApplication with its version.',
  request: { params: idParams, query: roCrateQuerySchema },
  responses: {
    200: { description: 'The crate', content: { 'application/zip': { schema: roCrateZipSchema } } },
    ...errorResponses(400, 401, 404, 409),
  },
});

export const importCrate = createRoute({
  method: 'post',
  path: '/lineage/crates',
  tags,
  summary: 'Import a run done elsewhere from its Workflow Run RO-Crate (zip with its data files)',
  description:
    'The CreateAction whose instrument is the crate’s main ComputationalWorkflow becomes a run; its object files become stored files it read (with their checksums) and its result files stored files it wrote. Each file must be in the zip with the SHA-256 the crate states; otherwise nothing is imported.',
  request: { body: { required: true, content: { 'application/zip': { schema: roCrateZipSchema } } } },
  responses: { 201: jsonContent(crateImportResultSchema, 'The imported run and files'), ...errorResponses(400, 401, 413) },
});
