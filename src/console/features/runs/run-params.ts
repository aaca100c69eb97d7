import { fileIdOf } from '../../../contract/file-reference';
import type { PipelineSchema } from '../../../contract/nextflow-schema';
import { type ComparedRow, sideBySide } from '../../ui/CompareTable';
import { fieldsOf, groupsOf } from '../launch/schema-form';

const textOf = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** A run's parameters as flat keys (`samples.0.fastq_1`), each value as text. */
export function flatParams(params: Record<string, unknown>): Map<string, string> {
  const flat = new Map<string, string>();
  const walk = (value: unknown, key: string) => {
    if (value !== null && typeof value === 'object' && Object.keys(value).length > 0) {
      for (const [inner, child] of Object.entries(value)) walk(child, key ? `${key}.${inner}` : inner);
    } else {
      flat.set(key, textOf(value));
    }
  };
  // An empty object inside shows as {}; a run given no parameters at all has no rows.
  for (const [key, value] of Object.entries(params)) walk(value, key);
  return flat;
}

/** The parameters (flat keys) whose value is a stored file's reference, in the parameters' order. */
export function fileParams(params: Record<string, unknown>): Array<{ key: string; reference: string; fileId: number }> {
  return [...flatParams(params)].flatMap(([key, value]) => {
    const fileId = fileIdOf(value);
    return fileId === null ? [] : [{ key, reference: value, fileId }];
  });
}

/** Each parameter's default in a pipeline's schema, by name. */
export function schemaDefaults(schema: PipelineSchema): Map<string, unknown> {
  return new Map(fieldsOf(groupsOf(schema)).flatMap((field) => (field.schema.default === undefined ? [] : [[field.name, field.schema.default] as const])));
}

/**
 * The compared runs' parameters side by side. A parameter one run was given and another left out
 * shows the other's pipeline default, marked, so that a run left at 1500 iterations and one given
 * 1500 read as the same (a walk read "—" as a difference); "—" only where there is no default either.
 */
export function comparedParams(runs: Array<{ params: Record<string, unknown>; defaults: ReadonlyMap<string, unknown> }>): ComparedRow[] {
  // A parameter sent empty or null ran at its default, as one left out did (the server fills both).
  const given = (params: Record<string, unknown>) => Object.fromEntries(Object.entries(params).filter(([, value]) => value !== null && value !== ''));
  return sideBySide(runs.map(({ params }) => flatParams(given(params)))).map((row) => {
    const defaulted = row.values.map((value, index) => value === undefined && runs[index]!.defaults.has(row.key));
    const values = row.values.map((value, index) => (defaulted[index] ? textOf(runs[index]!.defaults.get(row.key)) : value));
    return { key: row.key, values, defaulted, differs: new Set(values).size > 1 };
  });
}
