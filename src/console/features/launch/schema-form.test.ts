import { describe, expect, it } from 'vitest';
import { fieldsOf, fileSuits, groupsOf, type ParameterField, rulesOf, unusedBecause } from './schema-form';

const field = (mimetype: string, pattern: string): ParameterField =>
  ({ name: 'model', schema: { type: 'string', format: 'file-path', mimetype, pattern }, kind: 'file', required: true, hidden: false, unusedWhen: [] }) as ParameterField;

describe('which stored files a file parameter offers', () => {
  it('goes by the MIME type and the name’s pattern', () => {
    expect(fileSuits(field('text/csv', '^\\S+\\.csv$'), { name: 'a.csv', mimeType: 'text/csv' })).toBe(true);
    expect(fileSuits(field('text/csv', '^\\S+\\.csv$'), { name: 'a.csv', mimeType: 'text/plain' })).toBe(false);
    expect(fileSuits(field('text/csv', '^\\S+\\.csv$'), { name: 'a.tsv', mimeType: 'text/csv' })).toBe(false);
  });

  it('tests the pattern against the name, the only thing the console knows of where the file is', () => {
    expect(fileSuits(field('text/csv', '^\\S+\\.csv$'), { name: 'trial 2024.csv', mimeType: 'text/csv' })).toBe(false);
  });

  it('takes a stored file’s reference, whose path the server checks against the pattern, and still checks a path typed in', () => {
    const csv = field('text/csv', '^\\S+\\.csv$');
    expect(rulesOf(csv).validate('seedbed://files/12')).toBe(true);
    expect(rulesOf(csv).validate('/data/a.tsv')).toBe('Must match ^\\S+\\.csv$');
  });

  it('judges a type without a fixed format (a model: .json, .rds or .pkl) by the pattern alone', () => {
    const model = field('application/json', '^\\S+\\.(json|rds|pkl)$');
    expect(fileSuits(model, { name: 'auto_train_model.json', mimeType: 'application/octet-stream' })).toBe(true);
    expect(fileSuits(model, { name: 'notes.txt', mimeType: 'application/octet-stream' })).toBe(false);
  });
});

describe('a parameter of several types', () => {
  const multi = { name: 'save_reference', schema: { type: ['boolean', 'string'] }, kind: 'multi', required: false, hidden: false, unusedWhen: [] } as unknown as ParameterField;

  it('is one text input that takes each type, and sends the value typed', async () => {
    const { kindOf, paramsOf, rulesOf } = await import('./schema-form');
    expect(kindOf({ type: ['boolean', 'string'] } as never)).toBe('multi');
    expect(kindOf({ type: ['integer', 'null'] } as never)).toBe('integer');
    const groups = [{ id: 'g', title: 'G', fields: [multi] }];
    expect(paramsOf(groups, { save_reference: 'true' })).toEqual({ save_reference: true });
    expect(paramsOf(groups, { save_reference: 'genome/' })).toEqual({ save_reference: 'genome/' });
    const numberOrFalse = { ...multi, schema: { type: ['boolean', 'integer'] } } as unknown as ParameterField;
    expect(paramsOf([{ id: 'g', title: 'G', fields: [numberOrFalse] }], { save_reference: '12' })).toEqual({ save_reference: 12 });
    expect(rulesOf(numberOrFalse).validate('maybe')).toBe('Must be true, false or a whole number');
  });
});

describe('a parameter left unused by a pattern over a list (Auto Train’s models)', () => {
  // As pipelines/nf-auto-train's schema writes it.
  const groups = groupsOf({
    $defs: {
      training_options: {
        title: 'Training options',
        properties: { models: { type: 'string', default: 'rrblup,gblup' }, bayes_iterations: { type: 'integer', default: 1500 } },
        allOf: [
          {
            if: { description: 'models names neither bayesb nor bayes_c', properties: { models: { not: { type: 'string', pattern: '(^|,)\\s*(bayesb|bayes_c)\\s*(,|$)' } } } },
            // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keywords
            then: { properties: { bayes_iterations: { const: 1500 } } },
          },
        ],
      },
    },
  });
  const iterations = fieldsOf(groups).find((candidate) => candidate.name === 'bayes_iterations')!;

  it('is left out, saying why in the schema’s words, until the list names a model that uses it', () => {
    expect(unusedBecause(iterations, { models: 'rrblup,gblup' })).toBe('models names neither bayesb nor bayes_c');
    expect(unusedBecause(iterations, { models: 'bayesian_ridge' })).toBe('models names neither bayesb nor bayes_c');
    expect(unusedBecause(iterations, { models: 'rrblup,bayes_c' })).toBeNull();
    expect(unusedBecause(iterations, { models: 'bayesb' })).toBeNull();
  });

  it('is not read without the if’s description: a pattern does not say itself in words, so the server alone checks it', () => {
    const silent = groupsOf({
      $defs: {
        g: {
          title: 'G',
          properties: { models: { type: 'string' }, bayes_iterations: { type: 'integer', default: 1500 } },
          allOf: [
            {
              if: { properties: { models: { not: { pattern: 'bayes' } } } },
              // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keywords
              then: { properties: { bayes_iterations: { const: 1500 } } },
            },
          ],
        },
      },
    });
    expect(fieldsOf(silent).find((candidate) => candidate.name === 'bayes_iterations')!.unusedWhen).toEqual([]);
  });
});
