/**
 * The nf-core `nextflow_schema.json` format (JSON Schema draft 2020-12 with nf-core's keywords),
 * as the catalogue checks it, the launch form draws it and the reference documents it.
 */
import { nearestName } from './nearest-name';

export interface SchemaProperty {
  type?: string | string[];
  description?: string;
  help_text?: string;
  default?: unknown;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  pattern?: string;
  errorMessage?: string;
  format?: string;
  mimetype?: string;
  hidden?: boolean;
  fa_icon?: string;
}

/** The `format`s of a parameter whose value a pipeline opens as an input file. */
export const INPUT_FILE_FORMATS: ReadonlySet<string> = new Set(['file-path', 'path']);

/**
 * A value test on one parameter, as a condition's `if` writes it: `{ "const": "bayesb" }`,
 * `{ "enum": [...] }`, `{ "type": "string", "pattern": "…" }` (a list in one string, such as Auto
 * Train's models), or any of them under `not`.
 */
interface ValueMatch {
  const?: unknown;
  enum?: unknown[];
  type?: string;
  pattern?: string;
}
export interface ValueTest extends ValueMatch {
  not?: ValueMatch;
}

/**
 * A condition of a group (`allOf: [{ if, then }]`, plain JSON Schema that nf-schema checks too):
 * while `if` holds, each parameter under `then` must keep its default (`const`), because the
 * pipeline does not use it then. `{ "if": { "properties": { "model": { "enum": ["rrblup", "gblup"] } } },
 * "then": { "properties": { "bayes_iterations": { "const": 1500, "errorMessage": "…" } } } }`.
 */
export interface SchemaCondition {
  /** `description` (a JSON Schema annotation) says a pattern's condition in words, which a pattern cannot. */
  if?: { properties?: Record<string, ValueTest>; required?: string[]; description?: string };
  then?: { properties?: Record<string, { const?: unknown; errorMessage?: string }> };
}

export interface SchemaGroup {
  title: string;
  description?: string;
  help_text?: string;
  fa_icon?: string;
  required?: string[];
  properties: Record<string, SchemaProperty>;
  allOf?: SchemaCondition[];
}

/**
 * When a parameter is not used: while `parameter` is one of `values`, or matches `pattern`, or
 * (`negate`d) does not; `description` is the condition in words when the schema gives it.
 */
export type UnusedWhen = { parameter: string; negate: boolean } & ({ values: unknown[] } | { pattern: string; description: string });

/**
 * The test of an `if` this reader understands: one parameter's const or enum, or a string pattern
 * with the `if`'s description (a pattern does not say itself in words), or any of them under not.
 */
function unusedWhenOf(condition: SchemaCondition): UnusedWhen | null {
  const tests = Object.entries(condition.if?.properties ?? {});
  if (tests.length !== 1) return null;
  const [parameter, test] = tests[0]!;
  const negate = test.not !== undefined;
  const match = test.not ?? test;
  if (match.enum) return { parameter, values: match.enum, negate };
  if ('const' in match) return { parameter, values: [match.const], negate };
  const description = condition.if?.description;
  if (match.pattern !== undefined && description) return { parameter, pattern: match.pattern, description, negate };
  return null;
}

/**
 * Each parameter a group's conditions leave unused, with when: read from every group's
 * `allOf: [{ if, then }]`. Conditions of other shapes are left to the server's check.
 */
export function unusedParameters(groups: Iterable<SchemaGroup>): Map<string, UnusedWhen[]> {
  const unused = new Map<string, UnusedWhen[]>();
  for (const group of groups) {
    for (const condition of group.allOf ?? []) {
      const when = unusedWhenOf(condition);
      if (!when) continue;
      for (const [name, rule] of Object.entries(condition.then?.properties ?? {})) {
        if ('const' in rule) unused.set(name, [...(unused.get(name) ?? []), when]);
      }
    }
  }
  return unused;
}

/** Whether `when` holds for these parameter values (a value missing counts as not matching). */
export function holds(when: UnusedWhen, params: Record<string, unknown>): boolean {
  const value = params[when.parameter];
  // JSON Schema's patterns are ECMA-262 regular expressions in Unicode mode, as ajv reads them.
  const matches =
    value !== undefined && ('values' in when ? when.values.some((candidate) => String(candidate) === String(value)) : typeof value === 'string' && new RegExp(when.pattern, 'u').test(value));
  return when.negate ? !matches : matches;
}

/** “model is rrblup or gblup”, “association_test is not linear_kinship”, or a pattern's description (“models names neither bayesb nor bayes_c”). */
export const describeUnusedWhen = (when: UnusedWhen) => ('values' in when ? `${when.parameter} is ${when.negate ? 'not ' : ''}${when.values.map(String).join(' or ')}` : when.description);

/**
 * The names a list parameter takes, when its pattern is a comma-separated list of named choices,
 * `^(a|b|c)(,(a|b|c))*$` (Auto Train's models, Evostats' statistics), so that a refusal can name
 * the entries it does not know; null for any other pattern.
 */
export function listChoicesOf(pattern: string | undefined): string[] | null {
  const match = /^\^\(([\w-]+(?:\|[\w-]+)*)\)\(,\(\1\)\)\*\$$/.exec(pattern ?? '');
  return match ? match[1]!.split('|') : null;
}

/**
 * Why `value` is not a list of `choices`, in the words the launch form and the server both give:
 * each entry not among them, with the nearest name (bayes_b, BayesB: bayesb), and the names to
 * choose from; or the list written again without its spaces and empty entries. Names are compared
 * exactly, as the pipeline reads them: BayesB is refused with bayesb offered, never taken for it,
 * so that a run's parameters say what it ran. Null when the list is right.
 */
export function listProblem(value: string, choices: readonly string[]): string | null {
  const entries = value.split(',').map((entry) => entry.trim());
  const choose = `Choose from ${choices.join(', ')}, separated by commas`;
  const unknown = [...new Set(entries.filter((entry) => entry && !choices.includes(entry)))];
  if (unknown.length > 0) {
    const named = unknown.map((entry) => {
      const nearest = nearestName(entry, choices, 3);
      return nearest ? `${entry} (did you mean ${nearest}?)` : entry;
    });
    return `Unknown name${unknown.length > 1 ? 's' : ''}: ${named.join(', ')}. ${choose}`;
  }
  const written = entries.filter(Boolean).join(',');
  if (!written) return choose;
  return written === value ? null : `Write it as ${written}: the names separated by commas alone, without spaces or empty entries`;
}

/** Groups under `$defs`, joined by `allOf` (a type, so that it is a plain JSON object to the API's response types). */
export type NextflowSchema = {
  $schema: string;
  title: string;
  description?: string;
  $defs: Record<string, SchemaGroup>;
  allOf: Array<{ $ref: string }>;
};

/** A schema as the API serves it; older nf-core schemas use `definitions` and top-level properties. */
export interface PipelineSchema {
  title?: string;
  description?: string;
  $defs?: Record<string, SchemaGroup>;
  definitions?: Record<string, SchemaGroup>;
  allOf?: Array<{ $ref: string }>;
  properties?: Record<string, SchemaProperty>;
  required?: string[];
}
