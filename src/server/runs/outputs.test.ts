import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENOMIC_MODEL_FILE_TYPES } from '../../contract/benchmarks';
import type { StoredFile } from '../../contract/files';
import type { Page } from '../../contract/paging';
import { readCatalogue } from '../pipelines/catalogue';
import { seedFileTypes } from '../services/file-types';
import { createTestApi, type TestApi } from '../testing/test-api';
import { listOutputs } from './outputs';

const catalogue = readCatalogue('pipelines');
const pipeline = (id: string) => catalogue.find((entry) => entry.id === id)!;

let t: TestApi;
let token = '';
beforeAll(async () => {
  t = await createTestApi();
  await seedFileTypes(t.db);
  token = await t.signInNewUser();
});
afterAll(() => t?.close());

/** A run folder under the data folder holding `files` in its results, as the pipeline wrote them. */
function runWith(id: number, pipelineId: string, files: Record<string, string>) {
  const runDir = path.join(t.dataDir, 'runs', String(id));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(runDir, 'results', name)), { recursive: true });
    fs.writeFileSync(path.join(runDir, 'results', name), text);
  }
  return { id, pipelineId, params: { outdir: 'results' }, projectId: null, experimentId: null, launchedById: null, runDir };
}

const typesOf = async (run: ReturnType<typeof runWith>) =>
  Object.fromEntries((await listOutputs(t.db, run, pipeline(run.pipelineId), t.dataDir)).outputs.map((output) => [output.path, output.fileType]));

describe('the types run outputs are registered with', () => {
  it('tells Process Spectra’s QC table from the spectra it processed', async () => {
    const run = runWith(900001, 'nf-spectra', {
      'processed/nir.processed.csv': 'id,1000,1004\nS1,0.1,0.2\n',
      'qc/nir.spectra_qc.csv': 'id,global_h,outlier\nS1,0.5,false\n',
      'qc/nir.summary.json': '{}\n',
    });
    expect(await typesOf(run)).toEqual({ 'processed/nir.processed.csv': 'spectra CSV', 'qc/nir.spectra_qc.csv': 'spectra QC CSV', 'qc/nir.summary.json': 'QC summary JSON' });
  });

  it('names the pipeline that wrote each model', async () => {
    expect((await typesOf(runWith(900002, 'nf-gdip', { 'models/gdip_model.json': '{}\n' })))['models/gdip_model.json']).toBe('GDIP model');
    expect((await typesOf(runWith(900003, 'nf-auto-train', { 'models/auto_train_model.json': '{}\n' })))['models/auto_train_model.json']).toBe('Auto Train model');
    expect((await typesOf(runWith(900004, 'auto-train-pheno', { 'models/spectra_model.json': '{}\n' })))['models/spectra_model.json']).toBe('spectra model');
  });
});

describe('what the pickers offer', () => {
  const store = async (name: string, text: string) =>
    (await (await t.call(`/files?name=${encodeURIComponent(name)}`, { method: 'POST', token, body: text, headers: { 'Content-Type': 'application/octet-stream' } })).json()) as StoredFile;
  const offered = async (types: readonly string[]) =>
    ((await (await t.call(`/files?${new URLSearchParams({ fileType: types.join(','), pageSize: '100' })}`, { token })).json()) as Page<StoredFile>).data.map((file) => file.name);

  it('offers genomic models to Make GDIP Predictions and spectra models to Make Digital Phenotype Predictions, never the other', async () => {
    const gdip = await store('gdip_model.json', '{"format":"seedbed-rrblup-2"}');
    const spectra = await store('spectra_model.json', '{"format":"seedbed-spectra-model-1"}');
    expect([gdip.fileTypeName, spectra.fileTypeName]).toEqual(['GDIP model', 'spectra model']);
    const genomic = pipeline('make-gdip-predictions').manifest.inputFileTypes!.model!;
    // Launch prediction offers what Make GDIP Predictions' model parameter takes.
    expect(genomic).toEqual([...GENOMIC_MODEL_FILE_TYPES]);
    expect(await offered(genomic)).toContain('gdip_model.json');
    expect(await offered(genomic)).not.toContain('spectra_model.json');
    const fromSpectra = await offered(pipeline('make-dig-pheno-predictions').manifest.inputFileTypes!.model!);
    expect(fromSpectra).toContain('spectra_model.json');
    expect(fromSpectra).not.toContain('gdip_model.json');
  });

  it('does not offer Process Spectra its own QC table, and guesses a phenotype table as phenotypes', async () => {
    const qc = await store('nir.spectra_qc.csv', 'id,global_h,outlier\nS1,0.5,false\n');
    const phenotypes = await store('panel_phenotypes.csv', 'id,trait1,trait2\nA,1,2\n');
    expect([qc.fileTypeName, phenotypes.fileTypeName]).toEqual(['spectra QC CSV', 'phenotype CSV']);
    expect(await offered(pipeline('nf-spectra').manifest.inputFileTypes!.input!)).not.toContain('nir.spectra_qc.csv');
  });
});
