import {
  crateImportResultSchema,
  lineageGraphSchema,
  lineageQuerySchema,
  relaunchExactlySchema,
  relaunchNameSchema,
  reproductionSchema,
  roCrateQuerySchema,
  roCrateZipSchema,
} from '../../../contract/lineage';
import { runSummarySchema } from '../../../contract/runs';
import { jsonBody, jsonContent } from '../../http/openapi';
import { routesTagged } from '../../http/openapi-routes';

const route = routesTagged('Lineage');

export const graph = route.get('/lineage', 'Where a file, run or fileset came from and what was built on it, as recorded when it happened: nodes and edges, a level at a time', {
  request: { query: lineageQuerySchema },
  responses: { 200: jsonContent(lineageGraphSchema, 'The lineage around the node') },
  errors: [404],
});

export const reproduction = route.byId.get('/runs/{id}/reproduction', 'What relaunching the run exactly would repeat (revision, parameters, input files) and what differs now', {
  description:
    'An input whose bytes changed since the run read it (its SHA-256 then and now), a deleted input, a revision the catalogue moved from, another engine: each said in words in `differences`, or in `refusal` when the run cannot be repeated.',
  responses: { 200: jsonContent(reproductionSchema, 'What a relaunch exactly would do') },
});

export const relaunchExactly = route.byId.post('/runs/{id}/relaunch-exactly', 'Launch the run again with the same revision, parameters and input files', {
  description:
    'Refused (409) when something differs from the run that is not in `acceptDifferences` as /reproduction said it, listing the differences; the new run records it relaunches the earlier one.',
  request: { body: jsonBody(relaunchExactlySchema) },
  responses: { 201: jsonContent(runSummarySchema, 'The new run') },
  errors: [409, 503],
});

export const relaunchName = route.byId.get('/runs/{id}/relaunch-name', 'The name a relaunch of the run takes: its own, numbered on past the names taken', {
  description: 'What both Relaunch exactly and the launch form filled from the run (?from=) propose; another name may be given to either.',
  responses: { 200: jsonContent(relaunchNameSchema, 'The proposed name') },
});

export const roCrate = route.byId.get('/runs/{id}/ro-crate', 'The run as a Workflow Run RO-Crate (zip), with or without its data files', {
  description:
    'ro-crate-metadata.json per the Workflow Run Crate profile 0.5: the pipeline as the main ComputationalWorkflow with the given parameters as FormalParameters, the run as a CreateAction (instrument, object with SHA-256, result, agent, start and end, container images) and the engine as a SoftwareApplication with its version.',
  request: { query: roCrateQuerySchema },
  responses: { 200: { description: 'The crate', content: { 'application/zip': { schema: roCrateZipSchema } } } },
  errors: [409],
});

export const importCrate = route.post('/lineage/crates', 'Import a run done elsewhere from its Workflow Run RO-Crate (zip with its data files)', {
  description:
    'The CreateAction whose instrument is the crate’s main ComputationalWorkflow becomes a run; its object files become stored files it read (with their checksums) and its result files stored files it wrote. Each file must be in the zip with the SHA-256 the crate states; otherwise nothing is imported.',
  request: { body: { required: true, content: { 'application/zip': { schema: roCrateZipSchema } } } },
  responses: { 201: jsonContent(crateImportResultSchema, 'The imported run and files') },
  errors: [413],
});
