import fs from 'node:fs';
import path from 'node:path';
import type { ValidateFunction } from 'ajv';
import { z } from 'zod';
import { INPUT_FILE_FORMATS, type NextflowSchema, type SchemaGroup, type SchemaProperty } from '../../contract/nextflow-schema';
import { RUN_ENGINES } from '../../contract/run-codes';
import { type PipelineReport, readPipelineReport } from '../reports/report-declaration';
import { compileParamsSchema } from './params-validation';

/** `pipelines/<id>/pipeline.json`: what a pipeline is and where Nextflow finds it. */
/** Values an engine refuses, by parameter: `values` lists them; without it, any value but the schema's default is refused. */
const unsupportedValuesSchema = z.record(z.string(), z.object({ values: z.array(z.string()).min(1).optional(), message: z.string().min(1) }));

/**
 * When a `lessThan` rule applies: a JSON Schema (2020-12) the run's values must match, for a chain
 * that only some settings run (Auto Train's while models names bayesb or bayes_c). Its
 * `description`, a JSON Schema annotation, says the condition in words for the refusal and the
 * pipeline reference, which cannot read it from a pattern.
 */
const lessThanWhenSchema = z.looseObject({
  description: z.string({ error: 'must say in words when the rule applies (e.g. "models names bayesb"), for the refusal and the pipeline reference' }).min(1),
});

export const pipelineManifestSchema = z.object({
  label: z.string().min(1),
  group: z.string().min(1),
  description: z.string().min(1),
  repository: z.string().min(1),
  revision: z.string().min(1),
  defaultProfile: z.string().min(1),
  outputFileTypes: z.array(z.string().min(1)),
  /** The file types each file parameter takes, by parameter name: the launch form offers stored files of those types. */
  inputFileTypes: z.record(z.string(), z.array(z.string().min(1))).optional(),
  /** A simulator's outputs are benchmark datasets: each folder with a VCF, a phenotype CSV and a known-QTL CSV is registered as one. */
  registerDatasets: z.enum(['known-gdip']).optional(),
  /** The bundled local implementation, relative to the pipeline's folder (e.g. local/main.ts). */
  local: z
    .string()
    .regex(/^[\w./-]+\.(ts|mjs|js)$/, 'must be a relative path to a .ts, .mjs or .js file')
    .refine((value) => !value.split('/').includes('..'), 'must stay inside the pipeline folder')
    .optional(),
  /**
   * Parameter values the local implementation cannot honour, refused at launch on the local engine
   * with the message (a comma-separated parameter is refused when any of its items is listed).
   */
  localUnsupported: unsupportedValuesSchema.optional(),
  /**
   * The same for the nextflow engine: what the pipeline's revision does not know, such as a
   * parameter only the local implementation reads, which Nextflow would ignore and run without.
   */
  nextflowUnsupported: unsupportedValuesSchema.optional(),
  /**
   * Numeric parameters whose value must stay below another's (a chain's burn-in below its
   * iterations), which JSON Schema cannot say: refused at launch on the field with the message.
   */
  lessThan: z.record(z.string(), z.object({ parameter: z.string().min(1), message: z.string().min(1), when: lessThanWhenSchema.optional() })).optional(),
  /**
   * The parameters that name columns of an input table, by the input's parameter: each of `named`
   * holds one column (Phenomix's accession_column), each of `listed` a comma-separated list of
   * them (traits), each of `optional` a column the pipeline does without (replicate_column). A
   * launch whose file lacks a column so named is refused on that parameter, with the file's column
   * that looks like the one meant: a run would stop at its first step. An optional column is
   * refused only where the file has it under another name: the run would leave it out unasked.
   */
  inputColumns: z
    .record(z.string(), z.object({ named: z.array(z.string().min(1)).default([]), listed: z.array(z.string().min(1)).default([]), optional: z.array(z.string().min(1)).default([]) }))
    .optional(),
  /** Runs this pipeline on this engine whatever SEEDBED_ENGINE says. */
  engine: z.enum(RUN_ENGINES).optional(),
});
export type PipelineManifest = z.infer<typeof pipelineManifestSchema>;
export type LessThanRule = NonNullable<PipelineManifest['lessThan']>[string];

/** A `lessThan` rule's condition in words, to follow its bound (“ when models names bayesb or bayes_c”), or nothing. */
export const describeLessThanWhen = (rule: LessThanRule) => (rule.when ? ` when ${rule.when.description}` : '');

export type { NextflowSchema, SchemaGroup, SchemaProperty };

export interface CataloguePipeline {
  id: string;
  /** Absolute path of `pipelines/<id>/`. */
  directory: string;
  manifest: PipelineManifest;
  schema: NextflowSchema;
  /** Checks launch parameters against the schema (ajv, draft 2020-12). */
  validate: ValidateFunction;
  /** Each `lessThan` rule's `when`, compiled once here, by the parameter the rule keeps below another. */
  lessThanWhen: Record<string, ValidateFunction>;
  /** Why this pipeline cannot be used at all (its files are broken), or null: it is listed, not launchable. */
  problem: string | null;
  /** What nf-schema would warn about (unknown keywords, loose types), and a report.json that cannot be read: logged at start, not fatal. */
  warnings: string[];
  /** The report its run pages show (report.json, tower.yml), or why it cannot be used. */
  report: PipelineReport;
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

const DRAFT_2020_12 = 'https://json-schema.org/draft/2020-12/schema';

/**
 * nf-core schemas come in two eras: draft-07 with groups under `definitions` (fetchngs 1.12,
 * rnaseq 3.9 and older) and 2020-12 with `$defs`, each with `http` or `https` in `$schema`.
 * Both are read into the 2020-12 shape the rest of Seedbed uses.
 */
function normaliseDraft(file: string, value: unknown): Partial<NextflowSchema> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new CatalogueError(`${file}: not a JSON object.`);
  const schema = { ...(value as Record<string, unknown>) };
  const draft = String(schema.$schema ?? '')
    .replace(/^http:/, 'https:')
    .replace(/#$/, '');
  if (draft === 'https://json-schema.org/draft-07/schema') {
    if (schema.definitions && !schema.$defs) schema.$defs = schema.definitions;
    delete schema.definitions;
    if (Array.isArray(schema.allOf)) schema.allOf = schema.allOf.map((entry: { $ref?: string }) => ({ ...entry, $ref: entry.$ref?.replace(/^#\/definitions\//, '#/$defs/') }));
  } else if (draft !== DRAFT_2020_12) {
    throw new CatalogueError(`${file}: "$schema" is ${JSON.stringify(schema.$schema)}; nf-core schemas use JSON Schema draft-07 or 2020-12 (https://json-schema.org/draft/2020-12/schema).`);
  }
  schema.$schema = DRAFT_2020_12;
  return schema as Partial<NextflowSchema>;
}

function checkSchema(file: string, value: unknown): NextflowSchema {
  const schema = normaliseDraft(file, value);
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
      if (property.pattern !== undefined && !isRegExp(property.pattern)) {
        throw new CatalogueError(`${file}: parameter "${parameter}" has an invalid pattern ${JSON.stringify(property.pattern)}.`);
      }
    }
  }
  // A condition holds a parameter at its default while it is not used: any other value would refuse every launch.
  const properties = Object.fromEntries(Object.values(schema.$defs).flatMap((group) => Object.entries(group.properties)));
  for (const [name, group] of Object.entries(schema.$defs)) {
    for (const condition of group.allOf ?? []) {
      // What its if tests must be a parameter too: a misspelt one is missing from every launch's values, so the if always holds.
      for (const parameter of parametersNamed(condition.if)) {
        if (!properties[parameter]) throw new CatalogueError(`${file}: a condition of group "${name}" tests "${parameter}", which no group defines.`);
      }
      for (const [parameter, rule] of Object.entries(condition.then?.properties ?? {})) {
        if (!('const' in rule)) continue;
        const property = properties[parameter];
        if (!property) throw new CatalogueError(`${file}: a condition of group "${name}" names "${parameter}", which no group defines.`);
        if (JSON.stringify(rule.const) !== JSON.stringify(property.default))
          throw new CatalogueError(
            `${file}: a condition of group "${name}" holds "${parameter}" at ${JSON.stringify(rule.const)}, but its default is ${JSON.stringify(property.default)}; hold it at its default.`,
          );
      }
    }
  }
  return schema as NextflowSchema;
}

/** A pattern JavaScript can run, with or without the `u` flag (nf-core writes `[\\w\\-]`, which `u` refuses). */
function isRegExp(pattern: string): boolean {
  for (const flags of ['u', '']) {
    try {
      new RegExp(pattern, flags);
      return true;
    } catch {
      // try the next flags
    }
  }
  return false;
}

function compile(file: string, schema: NextflowSchema): { validate: ValidateFunction; warnings: string[] } {
  try {
    return compileParamsSchema(schema);
  } catch (error) {
    throw new CatalogueError(`${file}: not a valid JSON Schema 2020-12: ${error instanceof Error ? error.message : String(error)}.`);
  }
}

/**
 * The parameters a condition names: its `properties` and `required`, and those of the subschemas
 * that test the same values (allOf, anyOf, oneOf, not, if, then, else).
 */
function parametersNamed(schema: unknown): string[] {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return [];
  const { properties, required, allOf, anyOf, oneOf, not, if: test, then: consequence, else: otherwise } = schema as Record<string, unknown>;
  const own = [...Object.keys(typeof properties === 'object' && properties !== null ? properties : {}), ...(Array.isArray(required) ? required.map(String) : [])];
  const lists = [allOf, anyOf, oneOf].flatMap((list) => (Array.isArray(list) ? list : []));
  return [...own, ...[...lists, not, test, consequence, otherwise].flatMap(parametersNamed)];
}

/**
 * Compiles each `lessThan` rule's `when` with the ajv that checks the parameters, once. Strict
 * mode's warnings are refused here, unlike an nf-core schema's: a misspelt keyword or a pattern
 * without `type: string` is ignored by ajv, and the condition would match every launch. A
 * parameter the schema does not define is refused too: the run's values never have it.
 */
function compileLessThanWhen(manifestFile: string, schemaFile: string, rules: Record<string, LessThanRule>, properties: Record<string, SchemaProperty>): Record<string, ValidateFunction> {
  const compiled: Record<string, ValidateFunction> = {};
  for (const [name, rule] of Object.entries(rules)) {
    if (!rule.when) continue;
    let result: { validate: ValidateFunction; warnings: string[] };
    try {
      result = compileParamsSchema(rule.when);
    } catch (error) {
      throw new CatalogueError(`${manifestFile}: the "when" of "lessThan" ${name} is not a valid JSON Schema 2020-12: ${error instanceof Error ? error.message : String(error)}.`);
    }
    if (result.warnings.length > 0) throw new CatalogueError(`${manifestFile}: the "when" of "lessThan" ${name} would not test what it says: ${result.warnings.join('; ')}.`);
    for (const parameter of parametersNamed(rule.when)) {
      if (!properties[parameter]) throw new CatalogueError(`${manifestFile}: the "when" of "lessThan" ${name} names "${parameter}", which no group of ${schemaFile} defines.`);
    }
    compiled[name] = result.validate;
  }
  return compiled;
}

/** A pipeline whose files cannot be used: listed with the reason, never launched. */
function disabledPipeline(directory: string, id: string, problem: string): CataloguePipeline {
  const manifestFile = path.join(directory, id, 'pipeline.json');
  const manifest = (() => {
    try {
      return pipelineManifestSchema.parse(JSON.parse(fs.readFileSync(manifestFile, 'utf8')));
    } catch {
      return { label: id, group: 'Unavailable', description: problem, repository: '', revision: '', defaultProfile: '', outputFileTypes: [] };
    }
  })();
  const schema: NextflowSchema = { $schema: DRAFT_2020_12, title: manifest.label, $defs: {}, allOf: [] };
  // Launches stop at `problem` first; a schema no value satisfies keeps the validator honest too.
  const { validate } = compileParamsSchema({ not: {} });
  return {
    id,
    directory: path.resolve(directory, id),
    manifest: { ...manifest, local: undefined },
    schema,
    validate,
    lessThanWhen: {},
    problem,
    warnings: [],
    report: { declaration: null, problem: null },
  };
}

function readPipeline(directory: string, id: string): CataloguePipeline {
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
  const properties = Object.fromEntries(Object.values(schema.$defs).flatMap((group) => Object.entries(group.properties)));
  for (const [name, rule] of Object.entries(manifest.data.lessThan ?? {})) {
    if (rule.parameter === name) throw new CatalogueError(`${manifestFile}: "lessThan" compares ${name} with itself, which no value passes.`);
    for (const parameter of [name, rule.parameter]) {
      const type = properties[parameter]?.type;
      if (type !== 'integer' && type !== 'number') throw new CatalogueError(`${manifestFile}: "lessThan" compares ${parameter}, which is not a number parameter of ${schemaFile}.`);
    }
  }
  for (const [input, columns] of Object.entries(manifest.data.inputColumns ?? {})) {
    if (!INPUT_FILE_FORMATS.has(properties[input]?.format ?? '')) throw new CatalogueError(`${manifestFile}: "inputColumns" names ${input}, which is not a file parameter of ${schemaFile}.`);
    for (const parameter of [...columns.named, ...columns.listed, ...columns.optional]) {
      if (properties[parameter]?.type !== 'string') throw new CatalogueError(`${manifestFile}: "inputColumns" of ${input} names ${parameter}, which is not a text parameter of ${schemaFile}.`);
    }
  }
  const lessThanWhen = compileLessThanWhen(manifestFile, schemaFile, manifest.data.lessThan ?? {}, properties);
  const { validate, warnings } = compile(schemaFile, schema);
  const report = readPipelineReport(path.join(directory, id));
  return {
    id,
    directory: path.resolve(directory, id),
    manifest: manifest.data,
    schema,
    validate,
    lessThanWhen,
    problem: null,
    warnings: [...warnings.map((warning) => `${schemaFile}: ${warning}`), ...(report.problem ? [report.problem] : [])],
    report,
  };
}

/**
 * Reads and checks every `pipelines/<id>/`. A pipeline whose files cannot be used is kept with
 * its `problem` (the file and what is wrong), so one odd schema disables one pipeline, not the
 * server. Folders whose names start with `_` or `.` hold shared code, not pipelines.
 */
export function readCatalogue(directory: string): CataloguePipeline[] {
  if (!fs.existsSync(directory)) throw new CatalogueError(`The pipeline catalogue ${directory} does not exist. Set SEEDBED_PIPELINES_DIR to a folder of pipelines.`);
  return (
    fs
      .readdirSync(directory, { withFileTypes: true })
      // A pipeline folder may be a symbolic link (a site keeping its pipelines elsewhere).
      .filter((entry) => (entry.isDirectory() || (entry.isSymbolicLink() && fs.statSync(path.join(directory, entry.name), { throwIfNoEntry: false })?.isDirectory())) && !/^[_.]/.test(entry.name))
      .map((entry) => entry.name)
      .sort()
      .map((id) => {
        try {
          return readPipeline(directory, id);
        } catch (error) {
          if (!(error instanceof CatalogueError)) throw error;
          return disabledPipeline(directory, id, error.message);
        }
      })
  );
}
