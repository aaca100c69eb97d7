import type { ParameterGroup } from './schema-form';
import { fieldsOf } from './schema-form';

/**
 * Params files as `nf-core launch` and `nextflow run -params-file` use them: JSON or YAML, one
 * key per parameter. The YAML library loads only when a YAML file is read or written.
 */

export async function parseParamsFile(name: string, text: string): Promise<Record<string, unknown>> {
  let parsed: unknown;
  if (/\.ya?ml$/i.test(name)) {
    const { parse } = await import('yaml');
    try {
      parsed = parse(text);
    } catch (error) {
      throw new Error(`${name} is not valid YAML: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    }
  } else {
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new Error(`${name} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error(`${name} must hold one object of parameter names and values.`);
  return parsed as Record<string, unknown>;
}

/** Splits imported params into those the pipeline knows and the names it does not. */
export function knownParams(groups: ParameterGroup[], params: Record<string, unknown>): { known: Record<string, unknown>; unknown: string[] } {
  const names = new Set(fieldsOf(groups).map((field) => field.name));
  const known: Record<string, unknown> = {};
  const unknown: string[] = [];
  for (const [name, value] of Object.entries(params)) {
    if (names.has(name)) known[name] = value;
    else unknown.push(name);
  }
  return { known, unknown };
}

export async function paramsFileText(params: Record<string, unknown>, format: 'json' | 'yaml'): Promise<string> {
  if (format === 'json') return `${JSON.stringify(params, null, 4)}\n`;
  const { stringify } = await import('yaml');
  return stringify(params);
}
