import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AccessionPredictions, RunReport, RunSummaries } from '../../../contract/reports';
import { readCatalogue } from '../../pipelines/catalogue';
import { registerOutputs } from '../../runs/outputs';
import { runFolder } from '../../runs/run-folder';
import { files, filesetFiles, filesets } from '../../db/schema';
import { createTestApi, setUpTestApi } from '../../testing/test-api';
import { insertRun } from '../../testing/test-runs';

const api = setUpTestApi();
const gdip = readCatalogue('pipelines').find((pipeline) => pipeline.id === 'nf-gdip')!;

/** A succeeded GDIP run whose outputs are written here (as its local implementation names them) and registered as stored files. */
async function gdipRun(files: Record<string, string>, params: Record<string, unknown> = {}) {
  const run = await insertRun(api.t.db, { name: `report_${Date.now()}_${Math.random()}`, status: 'SUCCEEDED', completedAt: new Date(), params: { outdir: 'results', ...params } });
  const runDir = runFolder(api.t.dataDir, run.id);
  for (const [relative, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(runDir, 'results', relative)), { recursive: true });
    fs.writeFileSync(path.join(runDir, 'results', relative), text);
  }
  await registerOutputs(api.t.db, { ...run, runDir }, api.t.dataDir, gdip);
  return run.id;
}

/** cv_accuracy.csv as GDIP writes it, r the mean of the fold scores (pearson_r_folds, which the report shows) and the pooled one. */
const CV = (r: number) =>
  `trait,n,folds,lambda,pearson_r,rmse,pearson_r_genetic,lambda_method,scored_against,lambda_fold_median,lambda_fold_min,lambda_fold_max,scheme,repeats,folds_scored,n_test_min,n_test_max,pearson_r_folds,pearson_r_low,pearson_r_high,rmse_folds,rmse_low,rmse_high\nyield,230,5,1.4,${r},3.39,0.94,reml,"observed (pearson_r: covariate and genetic effects; pearson_r_genetic: GEBV)",1.6,0.8,1.7,CV1,1,5,46,46,${r},0.5,0.99,3.39,3,3.8\n`;
const HITS = 'trait,marker,chromosome,position,p_value,log10p,beta\nyield,m8,chr1,800000,7.45e-72,71.1277,16.49\nyield,m34,chr2,1400000,8.87e-13,12.0518,6.66\n';

async function get<T>(url: string, status = 200): Promise<T> {
  const response = await api.t.call(url, { token: api.token });
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

describe('GET runs/{id}/report', () => {
  it('reads the stored outputs: CV r per trait with the quoted column beside it, the hits, and the threshold from the schema’s default', async () => {
    const id = await gdipRun({ 'prediction/cv_accuracy.csv': CV(0.951125), 'discovery/hits.csv': HITS });
    const report = await get<RunReport>(`/runs/${id}/report`);
    expect(report.declared).toBe(true);
    expect(report.numbers.find((number) => number.key === 'CV r · yield')?.value).toBe(0.951125);
    expect(report.numbers.find((number) => number.key === 'Hits')?.value).toBe(2);
    expect(report.tables.find((table) => table.title === 'Hits')?.rows.map((row) => row[1])).toEqual(['m8', 'm34']);
    // The run wrote no associations: the Manhattan plot's absence is named with the file, not left blank.
    expect(report.problems).toContainEqual(expect.stringContaining('The chart “Manhattan plot”: no output matches discovery/associations.csv'));
  });

  it('is computed again when an output changes (a report is kept only while its files are the same)', async () => {
    const id = await gdipRun({ 'prediction/cv_accuracy.csv': CV(0.61) });
    const cvR = async () => (await get<RunReport>(`/runs/${id}/report`)).numbers.find((number) => number.key === 'CV r · yield')?.value;
    expect(await cvR()).toBe(0.61);
    expect(await cvR()).toBe(0.61);
    fs.writeFileSync(path.join(runFolder(api.t.dataDir, id), 'results/prediction/cv_accuracy.csv'), CV(0.7125));
    expect(await cvR()).toBe(0.7125);
  });

  it('says why it cannot read a run whose outputs are in a bucket, with the fix', async () => {
    const run = await insertRun(api.t.db, { name: `remote_${Date.now()}`, status: 'SUCCEEDED', params: { outdir: 's3://lab-results/gdip' } });
    const report = await get<RunReport>(`/runs/${run.id}/report`);
    expect(report.problems).toEqual([
      'The run wrote its outputs to s3://lab-results/gdip, outside this server, so Seedbed cannot read them for its report; give it an outdir inside its own folder (such as results) to see its results here.',
    ]);
  });

  it('answers 404 for a run that does not exist', async () => {
    const body = await get<{ message: string }>('/runs/999999/report', 404);
    expect(body.message).toBe('No run has id 999999.');
  });

  it('says a pipeline declares no report rather than showing an empty one', async () => {
    // A catalogue of one pipeline without a report.json (every bundled pipeline has one).
    const catalogueDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-no-report-'));
    fs.cpSync('pipelines/simulate-gdip-data', path.join(catalogueDir, 'simulate-gdip-data'), { recursive: true, filter: (source) => path.basename(source) !== 'report.json' });
    const bare = await createTestApi({ runs: { catalogueDir } });
    try {
      const run = await insertRun(bare.db, { name: `no_report_${Date.now()}`, status: 'SUCCEEDED', pipelineId: 'simulate-gdip-data' });
      const response = await bare.call(`/runs/${run.id}/report`, { token: await bare.signInNewUser() });
      expect(await response.json()).toMatchObject({ declared: false, numbers: [], charts: [], tables: [], datasets: [] });
    } finally {
      await bare.close();
      fs.rmSync(catalogueDir, { recursive: true, force: true });
    }
  });

  it('lists the filesets holding the run’s outputs, oldest first, once each', async () => {
    const id = await gdipRun({ 'prediction/cv_accuracy.csv': CV(0.7), 'discovery/hits.csv': HITS });
    const outputs = await api.t.db.select({ id: files.id }).from(files).where(eq(files.runId, id));
    expect(outputs).toHaveLength(2);
    const [first, second] = await api.t.db
      .insert(filesets)
      .values([
        { name: `sim_${id} replicate 1`, kind: 'known-gdip' },
        { name: `results_${id}`, kind: 'files' },
      ])
      .returning({ id: filesets.id });
    await api.t.db.insert(filesetFiles).values([...outputs.map((output) => ({ filesetId: first!.id, fileId: output.id })), { filesetId: second!.id, fileId: outputs[0]!.id }]);
    const report = await get<RunReport>(`/runs/${id}/report`);
    expect(report.datasets).toEqual([
      { id: first!.id, name: `sim_${id} replicate 1`, kind: 'known-gdip' },
      { id: second!.id, name: `results_${id}`, kind: 'files' },
    ]);
  });
});

describe('GET run-summaries', () => {
  it('gives each run’s numbers and parameters (defaults filled in) in the order asked, and names the ids that are no run', async () => {
    const low = await gdipRun({ 'prediction/cv_accuracy.csv': CV(0.5) }, { min_maf: 0.2 });
    const high = await gdipRun({ 'prediction/cv_accuracy.csv': CV(0.8) });
    const { summaries, unknownIds } = await get<RunSummaries>(`/run-summaries?ids=${high},999998,${low}`);
    expect(unknownIds).toEqual([999998]);
    expect(summaries.map((summary) => summary.runId)).toEqual([high, low]);
    expect(summaries.map((summary) => summary.numbers.find((number) => number.key === 'CV r · yield')?.value)).toEqual([0.8, 0.5]);
    expect(summaries.map((summary) => summary.params.min_maf)).toEqual([0.05, 0.2]); // 0.05: min_maf's default in nextflow_schema.json
  });

  it('refuses an id that is not a number, naming it', async () => {
    const body = await get<{ message: string }>('/run-summaries?ids=3,x', 400);
    expect(body.message).toContain('“x”');
  });
});

describe('GET accessions/{id}/predictions', () => {
  it('finds the accession’s GEBVs by a synonym in a GDIP run’s gebv.csv', async () => {
    const id = await gdipRun({ 'prediction/gebv.csv': 'id,trait,prediction,gebv\nG001,yield,68.04818548,1.073806628\nG002,yield,64.6,-6.6\n' });
    const created = await api.t.call('/accessions', { method: 'POST', token: api.token, json: { germplasmName: `Line ${Date.now()}`, genus: 'Triticum', synonyms: ['g001'] } });
    expect(created.status, await created.clone().text()).toBe(201);
    const accession = (await created.json()) as { id: number };
    const found = await get<AccessionPredictions>(`/accessions/${accession.id}/predictions`);
    expect(found.predictions.filter((entry) => entry.runId === id)).toEqual([
      expect.objectContaining({ runId: id, file: 'prediction/gebv.csv', matchedName: 'g001', trait: 'yield', prediction: 68.04818548, gebv: 1.073806628 }),
    ]);
  });
});
