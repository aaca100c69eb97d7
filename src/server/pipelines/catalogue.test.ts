import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MENU_PIPELINES } from '../../contract/launch-menu';
import { readCatalogue } from './catalogue';
import { orderProblems } from './param-defaults';

function scratchCatalogue(files: Record<string, unknown>): string {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'catalogue-'));
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(directory, file)), { recursive: true });
    fs.writeFileSync(path.join(directory, file), typeof content === 'string' ? content : JSON.stringify(content));
  }
  return directory;
}

describe('the bundled catalogue', () => {
  const catalogue = readCatalogue('pipelines');

  it('has exactly the twelve pipelines of the Launch menu, and the simulator of the Benchmarking menu', () => {
    expect(catalogue.map((pipeline) => pipeline.id).sort()).toEqual([...MENU_PIPELINES, 'simulate-gdip-data'].sort());
  });

  it('gives every pipeline file inputs (a simulator makes its own) and an outdir, in nf-core format', () => {
    for (const { id, schema, manifest } of catalogue) {
      const properties = Object.values(schema.$defs).flatMap((group) => Object.entries(group.properties));
      expect(manifest.registerDatasets !== undefined || properties.some(([, property]) => property.format === 'file-path' && property.mimetype), id).toBe(true);
      expect(properties.find(([name]) => name === 'outdir')?.[1].format, id).toBe('directory-path');
      expect(
        properties.some(([, property]) => property.hidden),
        id,
      ).toBe(true);
      for (const [name, property] of properties) {
        if (property.pattern) expect(property.errorMessage, `${id}.${name}`).toBeTruthy();
      }
    }
  });
});

describe('readCatalogue', () => {
  it('follows a pipeline folder that is a symbolic link', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'linked-catalogue-'));
    fs.symlinkSync(path.resolve('pipelines/nf-processvcfs'), path.join(folder, 'nf-processvcfs'));
    fs.symlinkSync(path.join(folder, 'nowhere'), path.join(folder, 'dangling'));
    expect(readCatalogue(folder).map((pipeline) => pipeline.id)).toEqual(['nf-processvcfs']);
  });

  const manifest = { label: 'X', group: 'G', description: 'd', repository: 'r', revision: '1', defaultProfile: 'docker', outputFileTypes: [] };
  const schema = { $schema: 'https://json-schema.org/draft/2020-12/schema', title: 't', $defs: { io: { title: 'IO', properties: { outdir: { type: 'string' } } } }, allOf: [{ $ref: '#/$defs/io' }] };

  /** A chain whose burn_in must stay below its iterations while `when` matches. */
  const chainSchema = {
    ...schema,
    $defs: {
      io: {
        title: 'IO',
        properties: { outdir: { type: 'string' }, models: { type: 'string', default: 'rrblup' }, iterations: { type: 'integer', default: 100 }, burn_in: { type: 'integer', default: 50 } },
      },
    },
  };
  const chainManifest = (when: Record<string, unknown>) => ({ ...manifest, lessThan: { burn_in: { parameter: 'iterations', message: 'no draw is kept.', when } } });

  it.each([
    ['unreadable JSON', { 'p/pipeline.json': '{oops', 'p/nextflow_schema.json': schema }, /p\/pipeline\.json: /],
    ['a manifest without a label', { 'p/pipeline.json': { ...manifest, label: undefined }, 'p/nextflow_schema.json': schema }, /pipeline\.json: label: /],
    [
      'a schema of another draft',
      { 'p/pipeline.json': manifest, 'p/nextflow_schema.json': { ...schema, $schema: 'http://json-schema.org/draft-04/schema#' } },
      /nextflow_schema\.json: "\$schema" is .*draft-04.*draft-07 or 2020-12/,
    ],
    ['an allOf pointing nowhere', { 'p/pipeline.json': manifest, 'p/nextflow_schema.json': { ...schema, allOf: [{ $ref: '#/$defs/missing' }] } }, /refers to "#\/\$defs\/missing"/],
    [
      'a bad pattern',
      { 'p/pipeline.json': manifest, 'p/nextflow_schema.json': { ...schema, $defs: { io: { title: 'IO', properties: { outdir: { type: 'string', pattern: '(' } } } } } },
      /invalid pattern/,
    ],
    [
      'a condition holding a parameter away from its default',
      {
        'p/pipeline.json': manifest,
        'p/nextflow_schema.json': {
          ...schema,
          $defs: {
            io: {
              title: 'IO',
              properties: { outdir: { type: 'string' }, model: { type: 'string', default: 'a' }, iterations: { type: 'integer', default: 10 } },
              // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keywords
              allOf: [{ if: { properties: { model: { const: 'a' } } }, then: { properties: { iterations: { const: 20 } } } }],
            },
          },
        },
      },
      /a condition of group "io" holds "iterations" at 20, but its default is 10; hold it at its default/,
    ],
    [
      'a condition testing a parameter no group defines',
      {
        'p/pipeline.json': manifest,
        'p/nextflow_schema.json': {
          ...schema,
          $defs: {
            io: {
              title: 'IO',
              properties: { outdir: { type: 'string' }, model: { type: 'string', default: 'a' }, iterations: { type: 'integer', default: 10 } },
              // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keywords
              allOf: [{ if: { properties: { modle: { const: 'a' } } }, then: { properties: { iterations: { const: 10 } } } }],
            },
          },
        },
      },
      /a condition of group "io" tests "modle", which no group defines/,
    ],
    [
      'a lessThan rule on a parameter that is not a number',
      {
        'p/pipeline.json': { ...manifest, lessThan: { outdir: { parameter: 'iterations', message: 'm' } } },
        'p/nextflow_schema.json': { ...schema, $defs: { io: { title: 'IO', properties: { outdir: { type: 'string' }, iterations: { type: 'integer' } } } } },
      },
      /pipeline\.json: "lessThan" compares outdir, which is not a number parameter of .*nextflow_schema\.json/,
    ],
    [
      'inputColumns on a parameter that is not a file',
      {
        'p/pipeline.json': { ...manifest, inputColumns: { outdir: { named: ['outdir'] } } },
        'p/nextflow_schema.json': { ...schema, $defs: { io: { title: 'IO', properties: { outdir: { type: 'string' } } } } },
      },
      /pipeline\.json: "inputColumns" names outdir, which is not a file parameter of .*nextflow_schema\.json/,
    ],
    [
      'inputColumns naming a column by a number parameter',
      {
        'p/pipeline.json': { ...manifest, inputColumns: { input: { named: ['iterations'] } } },
        'p/nextflow_schema.json': {
          ...schema,
          $defs: { io: { title: 'IO', properties: { outdir: { type: 'string' }, input: { type: 'string', format: 'file-path' }, iterations: { type: 'integer' } } } },
        },
      },
      /pipeline\.json: "inputColumns" of input names iterations, which is not a text parameter of .*nextflow_schema\.json/,
    ],
    [
      'a lessThan rule comparing a parameter with itself',
      { 'p/pipeline.json': { ...manifest, lessThan: { outdir: { parameter: 'outdir', message: 'm' } } }, 'p/nextflow_schema.json': schema },
      /pipeline\.json: "lessThan" compares outdir with itself, which no value passes/,
    ],
    [
      'a lessThan "when" that is not JSON Schema',
      { 'p/pipeline.json': chainManifest({ description: 'd', type: 'object', properties: { models: { type: 'text' } } }), 'p/nextflow_schema.json': chainSchema },
      /pipeline\.json: the "when" of "lessThan" burn_in is not a valid JSON Schema 2020-12: schema is invalid: data\/properties\/models\/type/,
    ],
    [
      'a lessThan "when" with a pattern that does not compile',
      { 'p/pipeline.json': chainManifest({ description: 'd', type: 'object', properties: { models: { type: 'string', pattern: '(bayesb' } } }), 'p/nextflow_schema.json': chainSchema },
      /pipeline\.json: the "when" of "lessThan" burn_in is not a valid JSON Schema 2020-12: Invalid regular expression/,
    ],
    [
      // ajv ignores a keyword it does not know, and the condition would match every launch.
      'a lessThan "when" with a misspelt keyword',
      { 'p/pipeline.json': chainManifest({ description: 'd', type: 'object', propertes: { models: { type: 'string', pattern: 'bayesb' } } }), 'p/nextflow_schema.json': chainSchema },
      /pipeline\.json: the "when" of "lessThan" burn_in would not test what it says: strict mode: unknown keyword: "propertes"/,
    ],
    [
      'a lessThan "when" testing a pattern without saying the value is a string',
      { 'p/pipeline.json': chainManifest({ description: 'd', type: 'object', properties: { models: { pattern: 'bayesb' } } }), 'p/nextflow_schema.json': chainSchema },
      /would not test what it says: strict mode: missing type "string" for keyword "pattern"/,
    ],
    [
      'a lessThan "when" naming a parameter the schema does not define',
      {
        'p/pipeline.json': chainManifest({ description: 'd', type: 'object', required: ['model'], properties: { model: { type: 'string', pattern: 'bayesb' } } }),
        'p/nextflow_schema.json': chainSchema,
      },
      /pipeline\.json: the "when" of "lessThan" burn_in names "model", which no group of .*nextflow_schema\.json defines/,
    ],
    [
      'a lessThan "when" naming an undefined parameter inside anyOf',
      {
        'p/pipeline.json': chainManifest({ description: 'd', type: 'object', anyOf: [{ required: ['models'] }, { required: ['methods'] }] }),
        'p/nextflow_schema.json': chainSchema,
      },
      /the "when" of "lessThan" burn_in names "methods", which no group of/,
    ],
    [
      'a lessThan "when" that does not say in words when the rule applies',
      { 'p/pipeline.json': chainManifest({ type: 'object', required: ['models'] }), 'p/nextflow_schema.json': chainSchema },
      /pipeline\.json: lessThan\.burn_in\.when\.description: must say in words when the rule applies/,
    ],
  ])('disables only the pipeline with %s, naming the file and the problem', (_, files, message) => {
    const directory = scratchCatalogue({ ...files, 'good/pipeline.json': manifest, 'good/nextflow_schema.json': schema });
    const catalogue = readCatalogue(directory);
    const bad = catalogue.find((pipeline) => pipeline.id === 'p');
    const good = catalogue.find((pipeline) => pipeline.id === 'good');
    expect(bad!.problem).toMatch(message);
    expect(bad!.validate({})).toBe(false);
    expect(good).toMatchObject({ id: 'good', problem: null });
    expect(good!.validate({ outdir: 'results' })).toBe(true);
  });

  it('compiles a lessThan rule’s "when" once, and applies the rule only while the run’s values (defaults filled in) match it', () => {
    const when = { description: 'models names bayesb', type: 'object', required: ['models'], properties: { models: { type: 'string', pattern: '(^|,)bayesb(,|$)' } } };
    const [pipeline] = readCatalogue(scratchCatalogue({ 'p/pipeline.json': chainManifest(when), 'p/nextflow_schema.json': chainSchema }));
    expect(pipeline!.problem).toBeNull();
    expect(Object.keys(pipeline!.lessThanWhen)).toEqual(['burn_in']);
    expect(orderProblems(pipeline!, { burn_in: 100 })).toEqual({});
    expect(orderProblems(pipeline!, { models: 'rrblup,gblup', burn_in: 100 })).toEqual({});
    expect(orderProblems(pipeline!, { models: 'rrblup,bayesb', burn_in: 100 })).toEqual({ burn_in: 'Must be less than iterations (100) when models names bayesb: no draw is kept.' });
    expect(orderProblems(pipeline!, { models: 'bayesb', burn_in: 99 })).toEqual({});
    // Without a `when` the rule applies whatever the other values are.
    const [always] = readCatalogue(
      scratchCatalogue({ 'p/pipeline.json': { ...manifest, lessThan: { burn_in: { parameter: 'iterations', message: 'no draw is kept.' } } }, 'p/nextflow_schema.json': chainSchema }),
    );
    expect(always!.lessThanWhen).toEqual({});
    expect(orderProblems(always!, { burn_in: 100 })).toEqual({ burn_in: 'Must be less than iterations (100): no draw is kept.' });
  });

  it('reads a draft-07 schema with `definitions` (fetchngs 1.12, rnaseq 3.9) as 2020-12 with `$defs`', () => {
    const draft07 = {
      $schema: 'http://json-schema.org/draft-07/schema',
      title: 't',
      definitions: { io: { title: 'IO', required: ['input'], properties: { input: { type: 'string', pattern: '^\\S+\\.csv$' } } } },
      allOf: [{ $ref: '#/definitions/io' }],
    };
    const [pipeline] = readCatalogue(scratchCatalogue({ 'old/pipeline.json': manifest, 'old/nextflow_schema.json': draft07 }));
    expect(pipeline!.problem).toBeNull();
    expect(pipeline!.schema.allOf).toEqual([{ $ref: '#/$defs/io' }]);
    expect(Object.keys(pipeline!.schema.$defs)).toEqual(['io']);
    expect(pipeline!.validate({ input: 'samples.csv' })).toBe(true);
    expect(pipeline!.validate({ input: 'samples.tsv' })).toBe(false);
    expect(pipeline!.validate({})).toBe(false);
  });

  it('warns, as nf-schema does, on an unknown keyword (ampliseq’s `min`) and on `pattern` without `type` (raredisease), and still validates', () => {
    const loose = {
      ...schema,
      $defs: { io: { title: 'IO', properties: { outdir: { type: 'string' }, trunclenf: { type: 'integer', min: 0 }, sample: { pattern: '^[\\w\\-]+$' } } } },
    };
    const [pipeline] = readCatalogue(scratchCatalogue({ 'loose/pipeline.json': manifest, 'loose/nextflow_schema.json': loose }));
    expect(pipeline!.problem).toBeNull();
    expect(pipeline!.warnings.join('\n')).toMatch(/unknown keyword: "min"/);
    expect(pipeline!.warnings.join('\n')).toMatch(/strictTypes|missing type "string"/);
    expect(pipeline!.validate({ sample: 'sample-1' })).toBe(true);
    expect(pipeline!.validate({ sample: 'sample 1' })).toBe(false);
  });
});
