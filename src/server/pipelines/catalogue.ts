import fs from 'node:fs';
import path from 'node:path';
import type { ValidateFunction } from 'ajv';
import { z } from 'zod';
import type { NextflowSchema, SchemaGroup, SchemaProperty } from '../../contract/nextflow-schema';
import { RUN_ENGINES } from '../../contract/run-codes';
import { compileParamsSchema } from './params-validation';

/** `pipelines/<id>/pipeline.json`: what a pipeline is and where Nextflow finds it. */
export const pipelineManifestSchema = z.object({
  label: z.string().min(1),
  group: z.string().min(1),
  description: z.string().min(1),
  repository: z.string().min(1),
  revision: z.string().min(1),
  defaultProfile: z.string().min(1),
  outputFileTypes: z.array(z.string().min(1)),
  /** The bundled local implementation, relative to the pipeline's folder (e.g. local/main.ts). */
  local: z
    .string()
    .regex(/^[\w./-]+\.(ts|mjs|js)$/, 'must be a relative path to a .ts, .mjs or .js file')
    .refine((value) => !value.split('/').includes('..'), 'must stay inside the pipeline folder')
    .optional(),
  /** Runs this pipeline on this engine whatever SEEDBED_ENGINE says. */
  engine: z.enum(RUN_ENGINES).optional(),
});
export type PipelineManifest = z.infer<typeof pipelineManifestSchema>;

export type { NextflowSchema, SchemaGroup, SchemaProperty };

export interface CataloguePipeline {
  id: string;
  /** Absolute path of `pipelines/<id>/`. */
  directory: string;
  manifest: PipelineManifest;
  schema: NextflowSchema;
  /** Checks launch parameters against the schema (ajv, draft 2020-12). */
  validate: ValidateFunction;
}

export class CatalogueError extends Error {
  override name = 'CatalogueError';
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new CatalogueError(`${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function checkSchema(file: string, value: unknown): NextflowSchema {
  const schema = value as Partial<NextflowSchema>;
  if (schema.$schema !== 'https://json-schema.org/draft/2020-12/schema') {
    throw new CatalogueError(`${file}: "$schema" must be https://json-schema.org/draft/2020-12/schema (nf-core schema format).`);
  }
  if (!schema.$defs || typeof schema.$defs !== 'object') throw new CatalogueError(`${file}: the parameter groups belong under "$defs".`);
  if (!Array.isArray(schema.allOf)) throw new CatalogueError(`${file}: "allOf" must list the groups of "$defs".`);
  for (const entry of schema.allOf) {
    const name = /^#\/\$defs\/(.+)$/.exec(entry.$ref ?? '')?.[1];
    if (!name || !schema.$defs[name]) throw new CatalogueError(`${file}: "allOf" refers to ${JSON.stringify(entry.$ref)}, which is not a group in "$defs".`);
  }
  for (const [name, group] of Object.entries(schema.$defs)) {
    if (!group.title || !group.properties) throw new CatalogueError(`${file}: group "${name}" needs a "title" and "properties".`);
    for (const required of group.required ?? []) {
      if (!group.properties[required]) throw new CatalogueError(`${file}: group "${name}" requires "${required}", which it does not define.`);
    }
    for (const [parameter, property] of Object.entries(group.properties)) {
      if (property.pattern !== undefined) {
        try {
          new RegExp(property.pattern, 'u');
        } catch {
          throw new CatalogueError(`${file}: parameter "${parameter}" has an invalid pattern ${JSON.stringify(property.pattern)}.`);
        }
      }
    }
  }
  return schema as NextflowSchema;
}

function compile(file: string, schema: NextflowSchema): ValidateFunction {
  try {
    return compileParamsSchema(schema);
  } catch (error) {
    throw new CatalogueError(`${file}: not a valid JSON Schema 2020-12: ${error instanceof Error ? error.message : String(error)}.`);
  }
}

/**
 * Reads and checks every `pipelines/<id>/`; a broken file stops with its name and the problem.
 * Folders whose names start with `_` or `.` hold shared code, not pipelines.
 */
export function readCatalogue(directory: string): CataloguePipeline[] {
  if (!fs.existsSync(directory)) throw new CatalogueError(`The pipeline catalogue ${directory} does not exist. Set SEEDBED_PIPELINES_DIR to a folder of pipelines.`);
  return fs
    .readdirSync(directory, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !/^[_.]/.test(entry.name))
    .map((entry) => entry.name)
    .sort()
    .map((id) => {
      const manifestFile = path.join(directory, id, 'pipeline.json');
      const schemaFile = path.join(directory, id, 'nextflow_schema.json');
      const manifest = pipelineManifestSchema.safeParse(readJson(manifestFile));
      if (!manifest.success) {
        const issue = manifest.error.issues[0]!;
        throw new CatalogueError(`${manifestFile}: ${issue.path.join('.') || 'the file'}: ${issue.message}.`);
      }
      const local = manifest.data.local;
      if (local && !fs.existsSync(path.join(directory, id, local))) {
        throw new CatalogueError(`${manifestFile}: "local" names ${local}, which does not exist in ${path.join(directory, id)}.`);
      }
      const schema = checkSchema(schemaFile, readJson(schemaFile));
      return { id, directory: path.resolve(directory, id), manifest: manifest.data, schema, validate: compile(schemaFile, schema) };
    });
}
