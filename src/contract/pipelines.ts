import { z } from 'zod';
import type { PipelineSchema } from './nextflow-schema';
import { RUN_ENGINES } from './run-codes';

/** The pipeline catalogue as the API serves it, defined once for the server and the console. */

export const pipelineIdSchema = z.string().regex(/^[a-z0-9-]+$/, 'Pipeline ids are lower-case letters, digits and dashes');
export const pipelineParamsSchema = z.object({ id: pipelineIdSchema });

export const pipelineSummarySchema = z
  .object({
    id: z.string(),
    label: z.string(),
    group: z.string(),
    description: z.string(),
    repository: z.string(),
    revision: z.string(),
    defaultProfile: z.string(),
    outputFileTypes: z.array(z.string()),
    inputFileTypes: z.record(z.string(), z.array(z.string())).optional().describe('The file types each file parameter takes, by parameter name'),
    engine: z.enum(RUN_ENGINES).describe('The engine that runs it on this server'),
    launchProblem: z.string().nullable().describe('Why it cannot be launched on this server, or null'),
  })
  .describe('A pipeline of the catalogue');
export type PipelineSummary = z.infer<typeof pipelineSummarySchema>;

export const pipelineListSchema = z.object({ data: z.array(pipelineSummarySchema) });
export type PipelineList = z.infer<typeof pipelineListSchema>;

const isObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);

export const pipelineDetailSchema = pipelineSummarySchema
  .extend({
    schema: z.custom<PipelineSchema>(isObject).meta({ type: 'object', description: 'nextflow_schema.json (JSON Schema, nf-core format)' }),
  })
  .describe('A pipeline with its parameter schema');
export type PipelineDetail = z.infer<typeof pipelineDetailSchema>;
