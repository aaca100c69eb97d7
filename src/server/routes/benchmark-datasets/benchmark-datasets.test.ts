import fs from 'node:fs';
import zlib from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DatasetCheck } from '../../../contract/benchmarks';
import type { FilesetDetail, StoredFile } from '../../../contract/files';
import { templateCsv } from '../../../contract/imports';
import { foldsCsv, makeFolds, parseFolds } from '../../../contract/cv-folds';
import { PREDICTION_DATA_TEMPLATE } from '../../../contract/observed-values';
import { seedFileTypes } from '../../services/file-types';
import { setUpTestApi } from '../../testing/test-api';

const api = setUpTestApi();
const fixture = (name: string) => fs.readFileSync(`tests/fixtures/genomics/${name}`);
const store = async (name: string, bytes: Buffer | string) => {
  const response = await api.t.call(`/files?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    token: api.token,
    body: typeof bytes === 'string' ? bytes : new Uint8Array(bytes),
    headers: { 'Content-Type': 'application/octet-stream' },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as StoredFile;
};
let vcf: StoredFile;
let phenotypes: StoredFile;
let qtl: StoredFile;
beforeAll(async () => {
  await seedFileTypes(api.t.db);
  vcf = await store('panel.vcf.gz', zlib.gzipSync(fixture('panel.vcf')));
  phenotypes = await store('panel_phenotypes.csv', fixture('panel_phenotypes.csv'));
  qtl = await store('panel_known_qtl.csv', fixture('panel_known_qtl.csv'));
});

const check = async (files: Record<string, unknown>) => (await (await api.t.call('/benchmark-datasets/check', { method: 'POST', token: api.token, json: files })).json()) as DatasetCheck;

describe('benchmark datasets', () => {
  it('finds a known GDIP dataset whose files fit (a gzipped VCF read to its end), and registers it as a fileset of its kind', async () => {
    const report = await check({ kind: 'known-gdip', genotypesFileId: vcf.id, phenotypesFileId: phenotypes.id, knownQtlFileId: qtl.id });
    expect(report).toMatchObject({ ok: true, problems: [] });
    expect(report.facts[0]).toMatch(/^\d[\d,]* samples and [\d,]+ markers in panel\.vcf\.gz$/);
    const registered = await api.t.call('/benchmark-datasets', {
      method: 'POST',
      token: api.token,
      json: { name: 'Panel truth', files: { kind: 'known-gdip', genotypesFileId: vcf.id, phenotypesFileId: phenotypes.id, knownQtlFileId: qtl.id } },
    });
    expect(registered.status).toBe(201);
    const dataset = (await registered.json()) as FilesetDetail;
    expect(dataset).toMatchObject({ kind: 'known-gdip', fileCount: 3 });
    expect(dataset.description).toContain('markers in panel.vcf.gz');
    const listed = (await (await api.t.call('/filesets?kind=known-gdip', { token: api.token })).json()) as { data: Array<{ id: number }> };
    expect(listed.data.map((row) => row.id)).toContain(dataset.id);
    const again = await api.t.call('/benchmark-datasets', {
      method: 'POST',
      token: api.token,
      json: { name: 'panel TRUTH', files: { kind: 'known-gdip', genotypesFileId: vcf.id, phenotypesFileId: phenotypes.id, knownQtlFileId: qtl.id } },
    });
    expect(again.status).toBe(409);
  });

  it('names known QTL that are not markers of the VCF, traits the phenotypes lack, and individuals that are not samples', async () => {
    const badQtl = await store('bad_qtl.csv', 'marker,chromosome,position,trait,effect\nnot_a_marker,chr9,1,trait1,0.5\nchr1_1,chr1,1,oil,0.2\n');
    const strangers = await store('strangers.csv', 'id,trait1\nX1,1\nX2,2\n');
    const report = await check({ kind: 'known-gdip', genotypesFileId: vcf.id, phenotypesFileId: strangers.id, knownQtlFileId: badQtl.id });
    expect(report.ok).toBe(false);
    const messages = report.problems.map((problem) => `${problem.field}: ${problem.message}`);
    expect(messages).toContainEqual(expect.stringMatching(/^phenotypesFileId: None of the 2 individuals of strangers\.csv is a sample of panel\.vcf\.gz/));
    expect(messages).toContainEqual(
      expect.stringMatching(/^knownQtlFileId: 2 known QTL of bad_qtl\.csv are not a marker of panel\.vcf\.gz, by id or by chromosome and position: not_a_marker \(chr9:1\)/),
    );
    expect(messages).toContainEqual('knownQtlFileId: The known QTL name trait oil, which strangers.csv has no column for.');
    const refused = await api.t.call('/benchmark-datasets', {
      method: 'POST',
      token: api.token,
      json: { name: 'Bad truth', files: { kind: 'known-gdip', genotypesFileId: vcf.id, phenotypesFileId: strangers.id, knownQtlFileId: badQtl.id } },
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { errors: Record<string, string> }).errors).toHaveProperty(['files.knownQtlFileId']);
  });

  it('refuses a file of the wrong type, and asks for what a kind needs', async () => {
    const report = await check({ kind: 'prediction-data', phenotypesFileId: qtl.id });
    expect(report.problems).toEqual([{ field: 'phenotypesFileId', message: 'panel_known_qtl.csv is a known-QTL CSV; choose a phenotype CSV.' }]);
    const incomplete = await api.t.call('/benchmark-datasets/check', { method: 'POST', token: api.token, json: { kind: 'known-gdip', phenotypesFileId: phenotypes.id } });
    expect(incomplete.status).toBe(400);
    expect(((await incomplete.json()) as { errors: Record<string, string> }).errors).toEqual({ genotypesFileId: 'Choose the genotype VCF', knownQtlFileId: 'Choose the known-QTL CSV' });
  });

  it('registers prediction data: observed values, optionally checked against a VCF', async () => {
    const report = await check({ kind: 'prediction-data', phenotypesFileId: phenotypes.id, genotypesFileId: vcf.id });
    expect(report.ok).toBe(true);
    const registered = await api.t.call('/benchmark-datasets', {
      method: 'POST',
      token: api.token,
      json: { name: 'Validation 2026', files: { kind: 'prediction-data', phenotypesFileId: phenotypes.id } },
    });
    expect(((await registered.json()) as FilesetDetail).kind).toBe('prediction-data');
  });

  it('reads the Prediction data template as it is written: one row per observation, not three traits named trait, observed and environment', async () => {
    const template = await store('prediction_template.csv', templateCsv(PREDICTION_DATA_TEMPLATE));
    expect(template.fileTypeName).toBe('phenotype CSV');
    const report = await check({ kind: 'prediction-data', phenotypesFileId: template.id });
    expect(report).toMatchObject({ ok: true, problems: [] });
    expect(report.facts).toEqual([
      '1 individual with 1 trait (grain_yield) in prediction_template.csv, one row per observation (id, trait, observed, environment) in 1 environment: an individual observed in several is scored by its mean',
    ]);
    const bad = await store('bad_observations.csv', 'id,trait,observed,environment\nA,yield,6.1,E1\nA,yield,6.3,E1\nB,yield,heavy,E1\n');
    const refused = await check({ kind: 'prediction-data', phenotypesFileId: bad.id });
    expect(refused.ok).toBe(false);
    expect(refused.problems.map((problem) => problem.message)).toEqual([
      'bad_observations.csv, row 4, column observed: Must be a number.',
      'bad_observations.csv observes 1 individual twice for one trait and environment: A. Keep one row per observation, or name the environments.',
    ]);
    const asKnown = await check({ kind: 'known-gdip', genotypesFileId: vcf.id, phenotypesFileId: template.id, knownQtlFileId: qtl.id });
    expect(asKnown.problems.map((problem) => problem.message)).toContain(
      'prediction_template.csv has one row per observation (id, trait, observed, environment); GDIP reads id and one column per trait. Give the known dataset a table in that form.',
    );
  });
});

describe('cross-validation schemes of prediction data', () => {
  // 12 lines in 3 environments, L12 not observed in E3: 35 records; a second trait missing in places adds none.
  const lines = Array.from({ length: 12 }, (_, index) => `L${index + 1}`);
  const records = lines.flatMap((id) => ['E1', 'E2', 'E3'].filter((environment) => !(id === 'L12' && environment === 'E3')).map((environment) => ({ id, environment })));
  const longCsv = `id,trait,observed,environment\n${records.flatMap(({ id, environment }, index) => [`${id},yield,${(5 + (index % 7) / 10).toFixed(1)},${environment}`, ...(index % 3 ? [`${id},height,${90 + index},${environment}`] : [])]).join('\n')}\n`;
  const register = (name: string, files: Record<string, unknown>) => api.t.call('/benchmark-datasets', { method: 'POST', token: api.token, json: { name, files } });

  it('states the scheme’s facts, stores the folds file in the dataset once, and the file is the one the contract draws', async () => {
    const observed = await store('trial_long.csv', longCsv);
    const crossValidation = { scheme: 'CV2', folds: 5, repeats: 2, seed: 7 };
    const report = await check({ kind: 'prediction-data', phenotypesFileId: observed.id, crossValidation });
    expect(report.ok).toBe(true);
    expect(report.facts).toContain('CV2: 5 folds × 2 repeats over 35 records of 12 lines in 3 environments');
    const registered = await register('Trial CV2', { kind: 'prediction-data', phenotypesFileId: observed.id, crossValidation });
    expect(registered.status, await registered.clone().text()).toBe(201);
    const dataset = (await registered.json()) as FilesetDetail;
    expect(dataset.description).toContain('CV2: 5 folds × 2 repeats over 35 records of 12 lines in 3 environments; folds drawn from seed 7 (Trial_CV2_CV2_folds.csv)');
    const folds = dataset.files.filter((file) => file.fileTypeName === 'CV folds CSV');
    expect(folds.map((file) => file.name)).toEqual(['Trial_CV2_CV2_folds.csv']);
    const text = await (await api.t.call(`/files/${folds[0]!.id}/download`, { token: api.token })).text();
    expect(text).toBe(foldsCsv(makeFolds(records, { scheme: 'CV2', folds: 5, repeats: 2, seed: 7 })));
    expect(parseFolds(text).splits).toHaveLength(10);
  });

  it('refuses on the field a scheme that needs environments for phenotypes without any, and more folds than environments', async () => {
    const wide = await check({ kind: 'prediction-data', phenotypesFileId: phenotypes.id, crossValidation: { scheme: 'CV0', folds: 2, repeats: 1, seed: 1 } });
    expect(wide.ok).toBe(false);
    expect(wide.problems).toEqual([
      { field: 'crossValidation.scheme', message: expect.stringMatching(/^CV0 splits by environment, and these phenotypes name none .*Choose CV1, or register long phenotypes/) },
    ]);
    const refused = await register('Wide CV0', { kind: 'prediction-data', phenotypesFileId: phenotypes.id, crossValidation: { scheme: 'CV0', folds: 2, repeats: 1, seed: 1 } });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { errors: Record<string, string> }).errors).toHaveProperty(['files.crossValidation.scheme']);
    const observed = await store('trial_long_again.csv', longCsv);
    const tooMany = await check({ kind: 'prediction-data', phenotypesFileId: observed.id, crossValidation: { scheme: 'CV00', folds: 4, repeats: 1, seed: 1 } });
    expect(tooMany.problems).toEqual([{ field: 'crossValidation.folds', message: 'CV00 splits environments into folds, and the phenotypes have 3 environments: choose at most 3 folds.' }]);
    const wideCv1 = await check({ kind: 'prediction-data', phenotypesFileId: phenotypes.id, crossValidation: { scheme: 'CV1', folds: 5, repeats: 1, seed: 1 } });
    expect(wideCv1.facts.at(-1)).toMatch(/^CV1: 5 folds × 1 repeat over [\d,]+ records of [\d,]+ lines$/);
  });

  it('refuses cross-validation for a known GDIP dataset', async () => {
    const refused = await api.t.call('/benchmark-datasets/check', {
      method: 'POST',
      token: api.token,
      json: { kind: 'known-gdip', genotypesFileId: vcf.id, phenotypesFileId: phenotypes.id, knownQtlFileId: qtl.id, crossValidation: { scheme: 'CV1', folds: 5, repeats: 1, seed: 1 } },
    });
    expect(refused.status).toBe(400);
  });
});
