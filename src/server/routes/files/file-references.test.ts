import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileReference } from '../../../contract/file-reference';
import type { FileUse } from '../../../contract/files';
import { runs } from '../../db/schema';
import type { runClient } from '../../testing/run-client';
import { openStoredFilesApi, uploadFile } from '../../testing/stored-files-api';
import type { TestApi } from '../../testing/test-api';

/**
 * Stored files are named by reference (seedbed://files/<id>) wherever a client sees or sends
 * them: no answer of the file API holds the server's folders, a run launched with references
 * is given the files' paths and keeps the references, and a samplesheet may name its files so.
 */

const TRIAL = fs.readFileSync('tests/fixtures/phenomix/trial.csv');
const GVCFS = path.resolve('tests/fixtures/combine-gvcfs');

describe('stored files named by reference', () => {
  let t: TestApi;
  let token: string;
  let h: ReturnType<typeof runClient>;
  // No SEEDBED_INPUT_DIRS: every input of these runs must be a stored file.
  beforeAll(async () => ({ t, token, runs: h } = await openStoredFilesApi()));
  afterAll(() => t.close());

  const upload = (name: string, body: Buffer | string, query = '') => uploadFile(t, token, name, body, query);
  const phenomix = (name: string, input: string) => h.launch({ pipelineId: 'nf-phenomix', name, params: { input, outdir: 'results' } });

  it('answers no file endpoint with the data folder’s path: an upload, the list, one file, a fileset and a run’s outputs', async () => {
    const { file, text: uploaded } = await upload('folders_trial.csv', TRIAL);
    expect(file.reference).toBe(fileReference(file.id));
    expect(file).not.toHaveProperty('path');
    const response = await phenomix('folders_run', file.reference);
    expect(response.status, await response.clone().text()).toBe(201);
    const ended = await h.untilEnded(((await response.json()) as { id: number }).id);
    expect(ended.status, ended.statusReason ?? '').toBe('SUCCEEDED');
    const outputs = await h.untilOutputsRegistered(ended.id);
    const fileset = (await (await t.call('/filesets', { method: 'POST', token, json: { name: 'folders', fileIds: [file.id] } })).json()) as { id: number };

    const answers = [
      uploaded,
      await (await t.call('/files?pageSize=100', { token })).text(),
      await (await t.call(`/files/${file.id}`, { token })).text(),
      await (await t.call(`/filesets/${fileset.id}`, { token })).text(),
      await (await t.call(`/files?runId=${ended.id}`, { token })).text(),
    ];
    answers.push(JSON.stringify(outputs.outputs));
    for (const answer of answers) expect(answer).not.toContain(t.dataDir);
    expect(answers[4]).toContain('seedbed://files/');
  });

  it('runs a launch with a reference on the local engine, gives the pipeline the path, and keeps the reference in the run', async () => {
    const { file } = await upload('referenced_trial.csv', TRIAL);
    const response = await phenomix('by_reference', file.reference);
    expect(response.status, await response.clone().text()).toBe(201);
    const ended = await h.untilEnded(((await response.json()) as { id: number }).id);
    expect(ended.status, ended.statusReason ?? '').toBe('SUCCEEDED');
    expect(ended.params.input).toBe(file.reference);
    const [stored] = await t.db.select({ params: runs.params }).from(runs).where(eq(runs.id, ended.id));
    expect(stored!.params).toMatchObject({ input: file.reference });
    // The engine was given where the bytes are.
    const given = JSON.parse(fs.readFileSync(path.join(t.dataDir, 'runs', String(ended.id), 'params.json'), 'utf8')) as { input: string };
    expect(path.isAbsolute(given.input)).toBe(true);
    expect(fs.readFileSync(given.input)).toEqual(TRIAL);

    // usesOf finds the run that reads the file by its reference, and the file cannot be deleted.
    const uses = (await (await t.call(`/files/${file.id}/uses`, { token })).json()) as { data: FileUse[] };
    expect(uses.data).toEqual([{ kind: 'run-input', id: ended.id, name: 'by_reference' }]);
    expect((await t.call(`/files/${file.id}`, { method: 'DELETE', token })).status).toBe(409);
  });

  it('refuses a reference to a deleted file on its field, naming the problem and the fix, and creates no run', async () => {
    const { file } = await upload('deleted_trial.csv', TRIAL);
    expect((await t.call(`/files/${file.id}`, { method: 'DELETE', token })).status).toBe(204);
    const response = await phenomix('deleted_reference', file.reference);
    expect(response.status).toBe(400);
    const refusal = (await response.json()) as { errors: Record<string, string> };
    expect(refusal.errors['params.input']).toBe(`${file.reference} names no stored file (it was deleted, or never existed): pick a stored file again, or upload the file`);
    expect(await t.db.select().from(runs).where(eq(runs.name, 'deleted_reference'))).toHaveLength(0);
  });

  it('refuses a reference in a parameter the pipeline does not read a file from, such as its output folder', async () => {
    const { file } = await upload('not_an_outdir.csv', TRIAL);
    const response = await h.launch({ pipelineId: 'nf-phenomix', name: 'reference_as_outdir', params: { input: file.reference, outdir: file.reference } });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: Record<string, string> }).errors['params.outdir']).toBe(
      `${file.reference} is a stored file, and outdir is not a file Phenomix reads: give it a value of its own kind`,
    );
  });

  it('refuses, on its field, a stored file of another kind than the parameter reads (a field trial as GDIP’s phenotypes), and leaves a generic table to the pipeline', async () => {
    const { file: trial } = await upload('kind_trial.csv', TRIAL);
    expect(trial.fileTypeName).toBe('field trial CSV');
    const { file: vcf } = await upload('kind_panel.vcf', fs.readFileSync('tests/fixtures/genomics/panel.vcf'));
    const response = await h.launch({ pipelineId: 'nf-gdip', name: 'kind_mismatch', params: { genotypes: vcf.reference, phenotypes: trial.reference } });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: Record<string, string> }).errors).toEqual({
      'params.phenotypes': 'kind_trial.csv is stored as a field trial CSV, and phenotypes reads a phenotype CSV: choose one of those, or upload the file again as one if that is what it holds',
    });
    expect(await t.db.select().from(runs).where(eq(runs.name, 'kind_mismatch'))).toHaveLength(0);
  });

  it('runs a samplesheet whose rows name stored files by reference, giving the engine a copy with their paths and leaving the stored sheet as it was', async () => {
    const s01 = (await upload('S01.g.vcf', fs.readFileSync(path.join(GVCFS, 'S01.g.vcf')))).file;
    const s02 = (await upload('S02.g.vcf', fs.readFileSync(path.join(GVCFS, 'S02.g.vcf')))).file;
    const fasta = (await upload('ref.fa', fs.readFileSync(path.join(GVCFS, 'ref.fa')))).file;
    const text = `sample,gvcf\nS01,${s01.reference}\nS02,${s02.reference}\n`;
    const sheet = (await upload('cohort.csv', text, '&preferredType=samplesheet%20CSV')).file;
    expect(sheet.fileTypeName).toBe('samplesheet CSV');

    const response = await h.launch({ pipelineId: 'combine-gvcfs', name: 'sheet_of_references', params: { input: sheet.reference, fasta: fasta.reference, outdir: 'results' } });
    expect(response.status, await response.clone().text()).toBe(201);
    const ended = await h.untilEnded(((await response.json()) as { id: number }).id);
    expect(ended.status, ended.statusReason ?? '').toBe('SUCCEEDED');
    expect(ended.params).toMatchObject({ input: sheet.reference, fasta: fasta.reference });

    const given = JSON.parse(fs.readFileSync(path.join(t.dataDir, 'runs', String(ended.id), 'params.json'), 'utf8')) as { input: string };
    expect(given.input).toBe(path.join(t.dataDir, 'runs', String(ended.id), 'inputs', 'cohort.csv'));
    const copy = fs.readFileSync(given.input, 'utf8');
    expect(copy).not.toContain('seedbed://');
    const rows = copy
      .trim()
      .split('\n')
      .slice(1)
      .map((row) => row.split(','));
    expect(rows.map(([sample]) => sample)).toEqual(['S01', 'S02']);
    for (const [sample, gvcf] of rows) expect(fs.readFileSync(gvcf!)).toEqual(fs.readFileSync(path.join(GVCFS, `${sample}.g.vcf`)));
    const download = await t.call(`/files/${sheet.id}/download`, { token });
    expect(await download.text()).toBe(text);
  });

  it('refuses a samplesheet naming a deleted file, by its row', async () => {
    const gone = (await upload('S03.g.vcf', fs.readFileSync(path.join(GVCFS, 'S03.g.vcf')))).file;
    const kept = (await upload('S04.g.vcf', fs.readFileSync(path.join(GVCFS, 'S04.g.vcf')))).file;
    const fasta = (await upload('ref.fa', fs.readFileSync(path.join(GVCFS, 'ref.fa')))).file;
    const sheet = (await upload('gone.csv', `sample,gvcf\nS04,${kept.reference}\nS03,${gone.reference}\n`, '&preferredType=samplesheet%20CSV')).file;
    expect((await t.call(`/files/${gone.id}`, { method: 'DELETE', token })).status).toBe(204);
    const response = await h.launch({ pipelineId: 'combine-gvcfs', name: 'sheet_gone', params: { input: sheet.reference, fasta: fasta.reference, outdir: 'results' } });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: Record<string, string> }).errors['params.input']).toBe(
      `gone.csv names stored files that are gone (deleted, or never stored) — row 3 (gvcf): ${gone.reference}: pick them again in the sheet, or upload them.`,
    );
  });
});
