import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CatalogueError, readCatalogue } from './catalogue';

const LAUNCH_MENU = [
  'preprocessing',
  'combine-gvcfs',
  'nf-processvcfs',
  'nf-gdip',
  'nf-evostats',
  'nf-phenomix',
  'nf-auto-train',
  'auto-train-pheno',
  'make-gdip-predictions',
  'make-dig-pheno-predictions',
  'nf-multigen-sims',
  'nf-spectra',
];

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

  it('has exactly the twelve pipelines of the Launch menu', () => {
    expect(catalogue.map((pipeline) => pipeline.id).sort()).toEqual([...LAUNCH_MENU].sort());
  });

  it('gives every pipeline file inputs and an outdir, in nf-core format', () => {
    for (const { id, schema } of catalogue) {
      const properties = Object.values(schema.$defs).flatMap((group) => Object.entries(group.properties));
      expect(
        properties.some(([, property]) => property.format === 'file-path' && property.mimetype),
        id,
      ).toBe(true);
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
  const manifest = { label: 'X', group: 'G', description: 'd', repository: 'r', revision: '1', defaultProfile: 'docker', outputFileTypes: [] };
  const schema = { $schema: 'https://json-schema.org/draft/2020-12/schema', title: 't', $defs: { io: { title: 'IO', properties: { outdir: { type: 'string' } } } }, allOf: [{ $ref: '#/$defs/io' }] };

  it.each([
    ['unreadable JSON', { 'p/pipeline.json': '{oops', 'p/nextflow_schema.json': schema }, /p\/pipeline\.json: /],
    ['a manifest without a label', { 'p/pipeline.json': { ...manifest, label: undefined }, 'p/nextflow_schema.json': schema }, /pipeline\.json: label: /],
    ['another schema draft', { 'p/pipeline.json': manifest, 'p/nextflow_schema.json': { ...schema, $schema: 'http://json-schema.org/draft-07/schema' } }, /nextflow_schema\.json: "\$schema" must be/],
    ['an allOf pointing nowhere', { 'p/pipeline.json': manifest, 'p/nextflow_schema.json': { ...schema, allOf: [{ $ref: '#/$defs/missing' }] } }, /refers to "#\/\$defs\/missing"/],
    [
      'a bad pattern',
      { 'p/pipeline.json': manifest, 'p/nextflow_schema.json': { ...schema, $defs: { io: { title: 'IO', properties: { outdir: { type: 'string', pattern: '(' } } } } } },
      /invalid pattern/,
    ],
  ])('stops on %s, naming the file and the problem', (_, files, message) => {
    const directory = scratchCatalogue(files);
    expect(() => readCatalogue(directory)).toThrow(CatalogueError);
    expect(() => readCatalogue(directory)).toThrow(message);
  });
});
