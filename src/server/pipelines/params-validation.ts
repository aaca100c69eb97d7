import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { listChoicesOf, listProblem, type NextflowSchema } from '../../contract/nextflow-schema';
import { addErrorMessages, addJsonSchemaFormats } from '../ajv-plugins';

/**
 * Pipeline parameters are checked on the server with the pipeline's own nextflow_schema.json,
 * as nf-schema checks them when Nextflow starts: JSON Schema 2020-12, with nf-core's keywords.
 */
const NF_CORE_ANNOTATIONS = ['fa_icon', 'help_text', 'hidden', 'mimetype', 'exists', 'schema', 'format_path'];
const PATH_FORMATS = ['file-path', 'directory-path', 'path', 'file-path-pattern'];

/** Warnings of the schema being compiled: ajv's strict mode reports them here instead of failing. */
let compileWarnings: string[] = [];

function createAjv() {
  // As nf-schema does: unknown keywords (ampliseq's `min`) and loose types (raredisease's
  // `pattern` without `type: string`) are warnings, not errors; patterns run without the `u`
  // flag, which refuses nf-core's usual `[\w\-]`.
  const ajv = new Ajv2020({
    allErrors: true,
    strict: 'log',
    strictRequired: false,
    allowUnionTypes: true,
    unicodeRegExp: false,
    logger: { log: () => {}, warn: (...parts: unknown[]) => compileWarnings.push(parts.map(String).join(' ')), error: (...parts: unknown[]) => compileWarnings.push(parts.map(String).join(' ')) },
  });
  addJsonSchemaFormats(ajv);
  addErrorMessages(ajv);
  ajv.addVocabulary(NF_CORE_ANNOTATIONS);
  // Paths are strings; whether they exist is the engine's business (they may be s3:// URIs).
  for (const format of PATH_FORMATS) ajv.addFormat(format, true);
  return ajv;
}

let shared: Ajv2020 | undefined;

/** Compiles a schema; throws (with ajv's reason) when the schema itself is not valid. */
export function compileParamsSchema(schema: object): { validate: ValidateFunction; warnings: string[] } {
  shared ??= createAjv();
  const { $id: _id, ...rest } = schema as { $id?: string };
  compileWarnings = [];
  try {
    return { validate: shared.compile(rest), warnings: compileWarnings };
  } finally {
    compileWarnings = [];
  }
}

function messageOf(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'errorMessage':
      return error.message ?? 'Invalid value';
    case 'required':
      return 'Required';
    case 'minimum':
      return `At least ${String(params.limit)}`;
    case 'maximum':
      return `At most ${String(params.limit)}`;
    case 'exclusiveMinimum':
      return `More than ${String(params.limit)}`;
    case 'exclusiveMaximum':
      return `Less than ${String(params.limit)}`;
    case 'enum':
      return `One of ${(params.allowedValues as unknown[]).map(String).join(', ')}`;
    case 'type':
      return params.type === 'integer' ? 'Must be a whole number' : `Must be a ${String(params.type)}`;
    case 'pattern':
      return `Must match ${String(params.pattern)}`;
    case 'format':
      return `Must be a valid ${String(params.format)}`;
    default:
      return error.message ?? 'Invalid value';
  }
}

/** The parameter an error is about: `/min_maf` → `min_maf`; a missing one names itself. */
function fieldOf(error: ErrorObject): string {
  if (error.keyword === 'required') return String((error.params as { missingProperty: string }).missingProperty);
  if (error.keyword === 'errorMessage') {
    const inner = (error.params as { errors?: ErrorObject[] }).errors?.[0];
    if (inner?.keyword === 'required') return String((inner.params as { missingProperty: string }).missingProperty);
  }
  return error.instancePath.replace(/^\//, '').split('/')[0] || '(params)';
}

/** Checks params; returns one message per parameter (the first problem of each), or null. */
export function validateParams(pipeline: { validate: ValidateFunction; schema: NextflowSchema }, params: Record<string, unknown>): Record<string, string> | null {
  const { validate } = pipeline;
  if (validate(params)) return null;
  const errors: Record<string, string> = {};
  const keywords: Record<string, string> = {};
  for (const error of validate.errors ?? []) {
    // A condition's `if` only says its `then` failed; the parameter `then` holds has the message.
    if (error.keyword === 'if') continue;
    const field = fieldOf(error);
    // The errorMessage of a parameter replaces ajv's own wording for it; the list of allowed
    // values says more than the type they share (a select offers exactly those).
    const better = error.keyword === 'errorMessage' || (error.keyword === 'enum' && keywords[field] === 'type');
    if (better || !errors[field]) {
      errors[field] = messageOf(error);
      keywords[field] = error.keyword;
    }
  }
  // A list of named choices (Auto Train's models) says which entries it does not know, which its pattern cannot.
  for (const group of Object.values(pipeline.schema.$defs)) {
    for (const [name, property] of Object.entries(group.properties)) {
      const choices = listChoicesOf(property.pattern);
      const value = params[name];
      const problem = choices && errors[name] && typeof value === 'string' ? listProblem(value, choices) : null;
      if (problem) errors[name] = problem;
    }
  }
  return errors;
}
