import { describe, expect, it } from 'vitest';
import { holds, listChoicesOf } from '../../src/contract/nextflow-schema';
import { defaultFormValues, fieldsOf, formValueOf, groupsOf, type ParameterField, type ParameterGroup, paramsOf, rulesOf } from '../../src/console/features/launch/schema-form';
import { readCatalogue } from '../../src/server/pipelines/catalogue';
import { validateParams } from '../../src/server/pipelines/params-validation';

/**
 * The launch form checks a value as the person types; the server checks the same value with ajv
 * when the run is launched. For every parameter of every pipeline in the catalogue, and values on
 * and past every bound, both must give the same verdict in the same words.
 */

/** Values worth trying in a field: its default, empty, and each side of each of its rules. */
function candidates(field: ParameterField): unknown[] {
  const { schema } = field;
  const values: unknown[] = ['', schema.default === undefined ? undefined : String(schema.default)];
  if (field.kind === 'integer' || field.kind === 'number') {
    for (const bound of [schema.minimum, schema.maximum, schema.exclusiveMinimum, schema.exclusiveMaximum]) {
      if (bound !== undefined) values.push(String(bound), String(bound - 1), String(bound + 1), String(bound - 0.5), String(bound + 0.5));
    }
    values.push('1.5', '-1', '0', '12', 'abc', '1e3');
  } else if (field.kind === 'enum') {
    values.push(...(schema.enum ?? []).map(String), 'not-an-option');
  } else {
    values.push('x', 'with space', 'cohort.vcf', 'cohort.vcf.gz', 'samples.csv', 'a/b/c.txt', 's3://bucket/key.vcf');
    // A list of named choices: a name in capitals, one misspelt, a space after a comma, an empty entry.
    const [first, second = first] = listChoicesOf(schema.pattern) ?? [];
    if (first) values.push(`${first},${second!.toUpperCase()}`, `${first},${second}_x,nothing`, `${first}, ${second}`, `${first},,${second}`, `${first},`);
  }
  return values.filter((value) => value !== undefined);
}

/**
 * The form's values with every parameter a condition names set so that `field` is used (ridge_lambda
 * needs lambda_method fixed): an unused field is neither checked by the form nor sent to the server.
 */
function valuesUsing(field: ParameterField, groups: ParameterGroup[], defaults: Record<string, unknown>): Record<string, unknown> {
  const values = { ...defaults };
  for (const when of field.unusedWhen) {
    if (!holds(when, values)) continue;
    const deciding = fieldsOf(groups).find((candidate) => candidate.name === when.parameter)!;
    if (!('values' in when)) {
      // A pattern: the words of its alternations (Auto Train's bayesb, bayes_c), the first that makes it not hold.
      const words = [...when.pattern.matchAll(/\(([\w|]+)\)/g)].flatMap((group) => group[1]!.split('|'));
      values[when.parameter] = words.find((word) => !holds(when, { ...values, [when.parameter]: word }));
      continue;
    }
    const options = deciding.schema.enum ?? (deciding.kind === 'boolean' ? [true, false] : []);
    const other = when.negate ? when.values[0] : options.find((option) => !when.values.some((value) => String(value) === String(option)));
    values[when.parameter] = formValueOf(deciding, other);
  }
  return values;
}

const catalogue = readCatalogue('pipelines');

describe('the launch form and the server agree', () => {
  it.each(catalogue.map((pipeline) => [pipeline.id, pipeline] as const))('on every parameter of %s', (_, pipeline) => {
    const groups = groupsOf(pipeline.schema);
    const defaults = defaultFormValues(groups);
    const disagreements: string[] = [];
    let compared = 0;
    for (const field of fieldsOf(groups).filter((candidate) => candidate.kind !== 'boolean')) {
      const using = valuesUsing(field, groups, defaults);
      for (const raw of candidates(field)) {
        const values = { ...using, [field.name]: raw };
        const inForm = rulesOf(field).validate(raw, { params: values });
        const onServer = validateParams(pipeline, paramsOf(groups, values))?.[field.name];
        compared += 1;
        const formSays = inForm === true ? 'accepted' : inForm;
        const serverSays = onServer ?? 'accepted';
        if (formSays !== serverSays) disagreements.push(`${field.name} = ${JSON.stringify(raw)}: form "${formSays}", server "${serverSays}"`);
      }
    }
    expect(compared).toBeGreaterThan(10);
    expect(disagreements).toEqual([]);
  });
});
