import { z } from 'zod';
import { MAX_INT32 } from './int32';
import { RUN_ENGINES, RUN_STATUSES, runNameSchema } from './runs';

/**
 * Lineage: where a stored file, a fileset or a run came from and what was built on it, as
 * recorded when it happened (a run's inputs at launch with their checksums, the run that wrote
 * each output, each upload). Nodes are named `<kind>:<id>` (`file:12`, `run:3`, `fileset:4`);
 * edges run the way data flows: file → run that read it → file it wrote.
 */

export const LINEAGE_NODE_KINDS = ['file', 'run', 'fileset'] as const;
export type LineageNodeKind = (typeof LINEAGE_NODE_KINDS)[number];

const NODE_PATTERN = /^(file|run|fileset):([1-9]\d{0,9})$/;

/** The node `kind:id` names, or null when it names none. */
export function parseLineageNode(value: string): { kind: LineageNodeKind; id: number } | null {
  const match = NODE_PATTERN.exec(value.trim());
  const id = match ? Number(match[2]) : 0;
  return match && id <= MAX_INT32 ? { kind: match[1] as LineageNodeKind, id } : null;
}

export const lineageNodeId = (kind: LineageNodeKind, id: number) => `${kind}:${id}`;

export const MAX_LINEAGE_DEPTH = 100;
export const MAX_LINEAGE_NEIGHBOURS = 1000;

const nodeIdSchema = z
  .string()
  .refine((value) => parseLineageNode(value) !== null, 'A node: file, run or fileset, a colon and its id, e.g. file:12')
  .describe('A file, run or fileset: file:12, run:3, fileset:4');

export const lineageQuerySchema = z.object({
  node: nodeIdSchema,
  direction: z.enum(['up', 'down', 'both'], { error: 'up, down or both' }).default('both').describe('up: where it came from; down: what was built on it'),
  depth: z.coerce
    .number({ error: 'A whole number' })
    .int('A whole number')
    .min(1, 'At least 1')
    .max(MAX_LINEAGE_DEPTH, `At most ${MAX_LINEAGE_DEPTH}`)
    .default(1)
    .describe('How many levels to follow (1: the node’s neighbours; expand a node for the next)'),
  limit: z.coerce
    .number({ error: 'A whole number' })
    .int('A whole number')
    .min(1, 'At least 1')
    .max(MAX_LINEAGE_NEIGHBOURS, `At most ${MAX_LINEAGE_NEIGHBOURS}`)
    .default(200)
    .describe('At most this many neighbours of one node in one direction; the rest are counted in `hidden`'),
});
export type LineageQuery = z.output<typeof lineageQuerySchema>;

const parameterSchema = z.object({ name: z.string(), value: z.string() });

const fileNodeSchema = z.object({
  id: z.string(),
  kind: z.literal('file'),
  recordId: z.number().int(),
  name: z.string(),
  sha256: z.string(),
  sizeBytes: z.number(),
  fileTypeName: z.string().nullable(),
  createdAt: z.string(),
  producedBy: z.enum(['run', 'upload']).describe('run: an output of the run upstream; upload: brought in by a person'),
  uploadedBy: z.string().nullable().describe('Who uploaded it, when it is an upload'),
  experimentId: z.number().int().nullable(),
});

const runNodeSchema = z.object({
  id: z.string(),
  kind: z.literal('run'),
  recordId: z.number().int(),
  name: z.string(),
  pipelineId: z.string(),
  revision: z.string(),
  commitId: z.string().nullable(),
  engine: z.enum(RUN_ENGINES),
  engineVersion: z.string().nullable(),
  status: z.enum(RUN_STATUSES),
  submittedAt: z.string(),
  completedAt: z.string().nullable(),
  launchedBy: z.string().nullable(),
  experimentId: z.number().int().nullable(),
  parameters: z.array(parameterSchema).describe('Its parameters that are not stored files (those are its input edges), as text'),
  containers: z.array(z.string()).describe('The container images its tasks reported'),
});

const filesetNodeSchema = z.object({
  id: z.string(),
  kind: z.literal('fileset'),
  recordId: z.number().int(),
  name: z.string(),
  fileCount: z.number().int(),
});

export const lineageNodeSchema = z.discriminatedUnion('kind', [fileNodeSchema, runNodeSchema, filesetNodeSchema]);
export type LineageNode = z.infer<typeof lineageNodeSchema>;
export type LineageFileNode = z.infer<typeof fileNodeSchema>;
export type LineageRunNode = z.infer<typeof runNodeSchema>;

export const lineageEdgeSchema = z.object({
  from: z.string(),
  to: z.string(),
  kind: z
    .enum(['input', 'output', 'member', 'relaunch', 'resume'])
    .describe('input: file or fileset → the run that read it; output: run → file it wrote; member: file → fileset; relaunch/resume: earlier run → later'),
  parameter: z.string().nullable().describe('The parameter (or samplesheet cell) an input was given as'),
  sha256AtLaunch: z.string().nullable().describe('An input’s checksum when the run was launched'),
  changedSince: z.boolean().describe('An input whose bytes differ now from those the run read'),
});
export type LineageEdge = z.infer<typeof lineageEdgeSchema>;

export const lineageGraphSchema = z
  .object({
    root: z.string(),
    nodes: z.array(lineageNodeSchema),
    edges: z.array(lineageEdgeSchema),
    hidden: z.array(z.object({ node: z.string(), direction: z.enum(['up', 'down']), count: z.number().int() })).describe('Neighbours left out past `limit`, by node and direction'),
    frontier: z.array(z.object({ node: z.string(), direction: z.enum(['up', 'down']) })).describe('Nodes at the last level followed, in the direction followed: expand them for more'),
  })
  .describe('Lineage around one node');
export type LineageGraph = z.infer<typeof lineageGraphSchema>;

/* Relaunch exactly: the same revision, parameters and input files, with what changed said first. */

export const reproductionInputSchema = z.object({
  parameter: z.string(),
  fileId: z.number().int().nullable(),
  name: z.string().nullable().describe('The file’s name now; null when it was deleted'),
  sha256AtLaunch: z.string(),
  sha256Now: z.string().nullable(),
  changed: z.boolean().describe('Its bytes differ from those the run read, or it is gone'),
});

export const reproductionSchema = z
  .object({
    runId: z.number().int(),
    revision: z.string().describe('The revision the run ran'),
    catalogueRevision: z.string().nullable().describe('The catalogue’s revision of the pipeline now; null when the pipeline left the catalogue'),
    relaunchRevision: z.string().nullable().describe('The revision a relaunch exactly runs: the run’s own, or, on the built-in engine that runs only the catalogue’s, the catalogue’s'),
    inputs: z.array(reproductionInputSchema),
    differences: z.array(z.string()).describe('What differs from the run, in words; empty when the relaunch repeats it exactly'),
    refusal: z.string().nullable().describe('Why it cannot be relaunched at all, with the fix'),
  })
  .describe('What a relaunch exactly of the run would repeat, and what differs');
export type Reproduction = z.infer<typeof reproductionSchema>;

export const relaunchExactlySchema = z.object({
  name: runNameSchema.optional().describe('The new run’s name; by default the earlier one’s numbered on (gdip_panel → gdip_panel_2)'),
  acceptDifferences: z
    .array(z.string())
    .default([])
    .describe('The differences the person was shown and accepted (as /reproduction said them); a relaunch with other differences is refused, naming them'),
});
export type RelaunchExactly = z.input<typeof relaunchExactlySchema>;

export const relaunchNameSchema = z
  .object({ name: runNameSchema.describe('The earlier run’s name numbered on past every name taken: gdip_panel → gdip_panel_2, or gdip_panel_3 when that is taken') })
  .describe('The name a relaunch of the run takes unless given another');
export type RelaunchName = z.infer<typeof relaunchNameSchema>;

/* The germplasm a stored file names: its individuals, and which of them are accessions in Breeding. */

/** The `column` of a VCF's germplasm: its samples, named on its #CHROM line. */
export const VCF_SAMPLES = 'the VCF’s samples';

export const fileGermplasmSchema = z
  .object({
    fileId: z.number().int(),
    column: z
      .string()
      .nullable()
      .describe('Where the file names its individuals: a CSV or TSV column (id, accession, germplasmName, sample…) or a VCF’s samples; null when it names none Seedbed reads'),
    individuals: z.number().int().describe('Distinct individuals the file names'),
    complete: z.boolean().describe('False when the file names more individuals than Seedbed reads (100,000): the counts are of the first ones'),
    named: z.number().int().describe('How many of them name an accession in Breeding, by its name or a synonym in any case'),
    accessions: z.number().int().describe('The distinct accessions they name (two synonyms of one accession name it once)'),
    matched: z
      .array(z.object({ name: z.string().describe('As the file writes it'), accession: z.object({ id: z.number().int(), germplasmName: z.string() }) }))
      .describe('The first 200 that name an accession, in the file’s order'),
    unmatched: z.array(z.string()).describe('The first 20 that name none'),
  })
  .describe('The individuals a stored file names, and the accessions among them');
export type FileGermplasm = z.infer<typeof fileGermplasmSchema>;

/* The other way: the stored files that name an accession, and the runs that read them. */

/** Files an accession's answer lists at most, newest first; `total` counts them all. */
export const ACCESSION_FILES_SHOWN = 200;
/** Runs listed per file at most, newest first; `readCount` counts them all. */
export const ACCESSION_FILE_RUNS_SHOWN = 20;

export const accessionFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  fileTypeName: z.string().nullable(),
  sizeBytes: z.number(),
  createdAt: z.string(),
  matched: z
    .array(z.object({ name: z.string().describe('The accession’s name or synonym, as Breeding writes it'), as: z.enum(['name', 'synonym']) }))
    .describe('Which of the accession’s names the file names (in any case): its germplasm name, a synonym, or more than one'),
  producedBy: z.object({ id: z.number().int(), name: z.string() }).nullable().describe('The run that wrote it; null for an upload'),
  runs: z
    .array(
      z.object({ id: z.number().int(), name: z.string(), pipelineId: z.string(), status: z.enum(RUN_STATUSES), parameter: z.string().describe('The parameter (or samplesheet cell) it was read as') }),
    )
    .describe(`The runs that read it as an input, newest first (at most ${ACCESSION_FILE_RUNS_SHOWN}); a run that read it as two parameters is listed twice`),
  readCount: z.number().int().describe('How many times runs read it in all (a run that read it as two parameters counts twice)'),
});
export type AccessionFile = z.infer<typeof accessionFileSchema>;

export const accessionFilesSchema = z
  .object({
    accessionId: z.number().int(),
    data: z.array(accessionFileSchema).describe(`The files naming it, newest first (at most ${ACCESSION_FILES_SHOWN})`),
    total: z.number().int().describe('How many stored files name it in all'),
    unindexed: z.number().int().describe('Stored files whose individuals are not read yet (they are read in the background after each upload): while above 0, the list may be incomplete'),
  })
  .describe('The stored files whose individuals (a VCF’s samples, a table’s id column) name an accession by its name or a synonym, and the runs that read them');
export type AccessionFiles = z.infer<typeof accessionFilesSchema>;

/* Workflow Run RO-Crate export. */

export const roCrateQuerySchema = z.object({
  data: z
    .enum(['true', 'false'], { error: 'true or false' })
    .default('false')
    .transform((value) => value === 'true')
    .describe('true: the input and output files are in the zip; false (default): only ro-crate-metadata.json, each file named by where the API serves it'),
});
export const roCrateZipSchema = z.string().describe('A zip: ro-crate-metadata.json (Workflow Run Crate 0.5) and, with data=true, inputs/ and outputs/');

/* Importing a run done elsewhere from its Workflow Run Crate. */

export const crateImportResultSchema = z
  .object({
    runId: z.number().int().describe('The run made for the crate’s CreateAction'),
    files: z.array(z.object({ id: z.number().int(), name: z.string(), role: z.enum(['input', 'output']), sha256: z.string() })).describe('The stored files made from its object and result'),
    linked: z
      .array(z.object({ kind: z.enum(['project', 'experiment']), id: z.number().int(), name: z.string() }))
      .describe('The breeding records the crate says the run is about (`about`: a Study, Trial or Experiment; a Project or Program), matched by name; the run and its files are filed under them'),
    unmatched: z.array(z.string()).describe('Names of records the crate is about that match no experiment or project here'),
  })
  .describe('What a Workflow Run Crate became');
export type CrateImportResult = z.infer<typeof crateImportResultSchema>;
