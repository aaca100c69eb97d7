import { isFileReference } from '../../../contract/file-reference';
import {
  describeUnusedWhen,
  holds,
  listChoicesOf,
  listProblem,
  type PipelineSchema,
  type SchemaGroup,
  type SchemaProperty,
  type UnusedWhen,
  unusedParameters,
} from '../../../contract/nextflow-schema';

/**
 * nf-core `nextflow_schema.json` → form: its groups as sections, each parameter as a field with
 * react-hook-form rules that say what the server's ajv check says, in the same words.
 */

export type ParameterSchema = SchemaProperty;
export type GroupSchema = SchemaGroup;

export type { PipelineSchema };

export type ParameterKind = 'boolean' | 'integer' | 'number' | 'enum' | 'file' | 'directory' | 'path' | 'string' | 'multi';

export interface ParameterField {
  name: string;
  schema: ParameterSchema;
  kind: ParameterKind;
  required: boolean;
  hidden: boolean;
  /** When the pipeline does not use it (the schema's conditions): the form leaves it out then. */
  unusedWhen: UnusedWhen[];
}

export interface ParameterGroup {
  id: string;
  title: string;
  description?: string | undefined;
  helpText?: string | undefined;
  fields: ParameterField[];
}

const typeOf = (schema: ParameterSchema) => (Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type);

/** The types of a parameter typed with several (`["boolean", "string"]`), null aside. */
export const typesOf = (schema: ParameterSchema): string[] => (Array.isArray(schema.type) ? schema.type.filter((type) => type !== 'null') : schema.type ? [schema.type] : []);

/** What a value typed into a field of several types is: true/false, a number, or text — the first the schema allows. */
export function multiValueOf(types: string[], text: string): boolean | number | string | null {
  const trimmed = text.trim();
  if (types.includes('boolean') && (trimmed === 'true' || trimmed === 'false')) return trimmed === 'true';
  if (types.includes('integer') && /^[-+]?\d+$/.test(trimmed)) return Number(trimmed);
  if (types.includes('number') && /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(trimmed)) return Number(trimmed);
  if (types.includes('string')) return text;
  return null;
}

/** How a field of several types says what it takes: "true, false or text". */
export function multiHint(types: string[]): string {
  const words = types.map((type) => (type === 'boolean' ? 'true, false' : type === 'integer' ? 'a whole number' : type === 'number' ? 'a number' : type === 'string' ? 'text' : type));
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}` : (words[0] ?? 'a value');
}

export function kindOf(schema: ParameterSchema): ParameterKind {
  if (schema.enum) return 'enum';
  if (typesOf(schema).length > 1) return 'multi';
  const type = typeOf(schema);
  if (type === 'boolean') return 'boolean';
  if (type === 'integer') return 'integer';
  if (type === 'number') return 'number';
  if (schema.format === 'file-path') return 'file';
  if (schema.format === 'directory-path') return 'directory';
  if (schema.format === 'path' || schema.format === 'file-path-pattern') return 'path';
  return 'string';
}

/** Groups in `allOf` order (then any not listed), and top-level properties as an "Other" group. */
export function groupsOf(schema: PipelineSchema): ParameterGroup[] {
  const definitions = schema.$defs ?? schema.definitions ?? {};
  const ordered = (schema.allOf ?? []).map((entry) => /^#\/(?:\$defs|definitions)\/(.+)$/.exec(entry.$ref)?.[1]).filter((id): id is string => Boolean(id && definitions[id]));
  const ids = [...new Set([...ordered, ...Object.keys(definitions)])];
  const unused = unusedParameters(Object.values(definitions));
  const fieldOf = (name: string, parameter: SchemaProperty, required: Set<string>): ParameterField => ({
    name,
    schema: parameter,
    kind: kindOf(parameter),
    required: required.has(name),
    hidden: Boolean(parameter.hidden),
    unusedWhen: unused.get(name) ?? [],
  });
  const groups = ids.map((id) => {
    const group = definitions[id]!;
    const required = new Set(group.required ?? []);
    return {
      id,
      title: group.title,
      description: group.description,
      helpText: group.help_text,
      fields: Object.entries(group.properties).map(([name, parameter]) => fieldOf(name, parameter, required)),
    };
  });
  if (schema.properties && Object.keys(schema.properties).length > 0) {
    const required = new Set(schema.required ?? []);
    groups.push({
      id: 'other',
      title: 'Other parameters',
      description: undefined,
      helpText: undefined,
      fields: Object.entries(schema.properties).map(([name, parameter]) => fieldOf(name, parameter, required)),
    });
  }
  return groups;
}

export const fieldsOf = (groups: ParameterGroup[]) => groups.flatMap((group) => group.fields);

/** What each input holds before the user types: the schema default, in the input's own terms. */
export function formValueOf(field: ParameterField, value: unknown): unknown {
  if (field.kind === 'boolean') return value === true || value === 'true';
  if (value === undefined || value === null) return '';
  return String(value);
}

export function defaultFormValues(groups: ParameterGroup[], params: Record<string, unknown> = {}): Record<string, unknown> {
  return Object.fromEntries(fieldsOf(groups).map((field) => [field.name, formValueOf(field, field.name in params ? params[field.name] : field.schema.default)]));
}

/** Why the pipeline does not use this field with these values (“model is rrblup or gblup”), or null when it does. */
export function unusedBecause(field: ParameterField, values: Record<string, unknown>): string | null {
  const when = field.unusedWhen.find((candidate) => holds(candidate, values));
  return when ? describeUnusedWhen(when) : null;
}

/** The parameters named in the form's conditions, whose values decide which fields are used. */
export const conditionParameters = (groups: ParameterGroup[]) => [...new Set(fieldsOf(groups).flatMap((field) => field.unusedWhen.map((when) => when.parameter)))];

/**
 * Form values → params as Nextflow takes them: typed, with empty values left out, and so are the
 * parameters the other values leave unused (the server takes their defaults, as the schema asks).
 */
export function paramsOf(groups: ParameterGroup[], values: Record<string, unknown>): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const field of fieldsOf(groups)) {
    if (unusedBecause(field, values)) continue;
    const value = values[field.name];
    if (field.kind === 'boolean') {
      params[field.name] = Boolean(value);
      continue;
    }
    if (value === undefined || value === null || value === '') continue;
    if (field.kind === 'integer' || field.kind === 'number') {
      const number = Number(value);
      params[field.name] = Number.isFinite(number) ? number : value;
    } else if (field.kind === 'multi') {
      params[field.name] = multiValueOf(typesOf(field.schema), String(value)) ?? value;
    } else if (field.kind === 'enum' && field.schema.enum && !field.schema.enum.includes(value)) {
      // Enums of numbers come back from <select> as text.
      params[field.name] = field.schema.enum.find((option) => String(option) === String(value)) ?? value;
    } else {
      params[field.name] = value;
    }
  }
  return params;
}

/** A schema pattern as the server runs it: with the `u` flag when it allows, else without (nf-core's `[\\w\\-]`). */
function patternOf(source: string): RegExp | null {
  for (const flags of ['u', '']) {
    try {
      return new RegExp(source, flags);
    } catch {
      // try the next flags
    }
  }
  return null;
}

/** The rules of one field, with the messages the server's check gives for the same problem. */
export function rulesOf(field: ParameterField): { validate: (value: unknown, form?: unknown) => true | string } {
  const { schema } = field;
  const numeric = field.kind === 'integer' || field.kind === 'number';
  let pattern: RegExp | null = null;
  if (schema.pattern) pattern = patternOf(schema.pattern);
  // A list of named choices (Auto Train's models) names the entries it does not know, as the server does.
  const choices = listChoicesOf(schema.pattern);
  const patternProblem = (text: string) => (choices ? listProblem(text, choices) : null) ?? schema.errorMessage ?? `Must match ${schema.pattern}`;
  return {
    validate: (raw: unknown, form?: unknown) => {
      const empty = raw === undefined || raw === null || raw === '';
      if (field.kind === 'boolean') return true;
      // A field the other values leave unused is not sent, so it has nothing to check.
      const params = (form as { params?: Record<string, unknown> } | undefined)?.params;
      if (params && unusedBecause(field, params)) return true;
      if (empty) return field.required ? 'Required' : true;
      const text = String(raw);
      if (field.kind === 'multi') {
        const types = typesOf(schema);
        const value = multiValueOf(types, text);
        if (value === null) return `Must be ${multiHint(types)}`;
        if (typeof value === 'string' && pattern && !pattern.test(value)) return patternProblem(value);
        return true;
      }
      if (numeric) {
        // The server's words for a value of the wrong type: an integer parameter asks for a whole number.
        if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text.trim())) return field.kind === 'integer' ? 'Must be a whole number' : 'Must be a number';
        const value = Number(text);
        if (field.kind === 'integer' && !Number.isInteger(value)) return 'Must be a whole number';
        if (schema.minimum !== undefined && value < schema.minimum) return `At least ${schema.minimum}`;
        if (schema.maximum !== undefined && value > schema.maximum) return `At most ${schema.maximum}`;
        if (schema.exclusiveMinimum !== undefined && value <= schema.exclusiveMinimum) return `More than ${schema.exclusiveMinimum}`;
        if (schema.exclusiveMaximum !== undefined && value >= schema.exclusiveMaximum) return `Less than ${schema.exclusiveMaximum}`;
        return true;
      }
      if (schema.enum && !schema.enum.map(String).includes(text)) return `One of ${schema.enum.map(String).join(', ')}`;
      // A stored file's reference (seedbed://files/12) stands for a path the server checks against the pattern; the picker offered only files whose names fit it.
      if (field.kind === 'file' && isFileReference(text)) return true;
      if (pattern && !pattern.test(text)) return patternProblem(text);
      return true;
    },
  };
}

/** Whether a stored file suits a file parameter: its MIME type (if the schema names one), and its name against the parameter's pattern. */
export function fileSuits(field: ParameterField, file: { name: string; mimeType: string | null }): boolean {
  // A type that does not commit to a format (a model may be .json, .rds or .pkl) is judged by the name's pattern alone.
  if (field.schema.mimetype && file.mimeType && file.mimeType !== 'application/octet-stream' && file.mimeType !== field.schema.mimetype) return false;
  if (!field.schema.pattern) return true;
  try {
    return patternOf(field.schema.pattern)?.test(file.name) ?? true;
  } catch {
    return true;
  }
}
