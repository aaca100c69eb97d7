import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATED_FILE, generatedParams, localPipelineFolders } from './generate-pipeline-params.ts';

const root = path.resolve(import.meta.dirname, '..');

describe('the generated parameter types', () => {
  const folders = localPipelineFolders(root);

  it('covers every pipeline with a local implementation', () => {
    expect(folders.map((folder) => path.basename(folder))).toContain('nf-gdip');
    expect(folders.length).toBe(fs.readdirSync(path.join(root, 'pipelines')).filter((id) => fs.existsSync(path.join(root, 'pipelines', id, 'local/main.ts'))).length);
  });

  it.each(folders.map((folder) => [path.basename(folder), folder]))('%s: params.generated.ts is up to date with nextflow_schema.json (else run npm run generate:params)', async (_id, folder) => {
    const written = fs.readFileSync(path.join(folder, GENERATED_FILE), 'utf8');
    expect(written).toBe(await generatedParams(path.join(folder, 'nextflow_schema.json')));
  });

  it('types what a run is given: defaults filled in, Nextflow-only options left out', async () => {
    const schema = {
      title: 'Example',
      type: 'object',
      $defs: {
        input_output_options: {
          title: 'Input/output options',
          type: 'object',
          required: ['input', 'outdir'],
          properties: { input: { type: 'string' }, outdir: { type: 'string', default: 'results' }, email: { type: 'string' } },
        },
        analysis_options: {
          title: 'Analysis options',
          type: 'object',
          properties: { method: { type: 'string', enum: ['fast', 'exact'], default: 'fast' }, traits: { type: 'string' } },
        },
        max_job_request_options: { title: 'Max job request options', type: 'object', properties: { max_cpus: { type: 'integer', default: 16 } } },
      },
      allOf: [{ $ref: '#/$defs/input_output_options' }, { $ref: '#/$defs/analysis_options' }, { $ref: '#/$defs/max_job_request_options' }],
    };
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-params-')), 'nextflow_schema.json');
    fs.writeFileSync(file, JSON.stringify(schema));
    const source = await generatedParams(file);
    expect(source).toContain('export type Params = InputOutputOptions & AnalysisOptions;');
    expect(source).toMatch(/input: string;/);
    expect(source).toMatch(/method: 'fast' \| 'exact';/);
    expect(source).toMatch(/traits\?: string;/);
    expect(source).not.toMatch(/outdir|email|max_cpus|MaxJobRequestOptions/);
  });
});
