import fs from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrateImportResult, LineageGraph, LineageRunNode } from '../../../contract/lineage';
import type { RunDetail } from '../../../contract/runs';
import { eq, inArray } from 'drizzle-orm';
import { experiments, files, projects, runs } from '../../db/schema';
import { seedFileTypes } from '../../services/file-types';
import { createTestApi, type TestApi } from '../../testing/test-api';

/** A Workflow Run Crate written by hand (tests/fixtures/ro-crate/nf-prov-gdip) imports as a run with its files and their lineage. */

const FIXTURE = path.resolve('tests/fixtures/ro-crate/nf-prov-gdip');
const read = (name: string) => new Uint8Array(fs.readFileSync(path.join(FIXTURE, name)));
const crateZip = (changes: Record<string, Uint8Array | undefined> = {}) => {
  const entries: Record<string, Uint8Array> = {
    'ro-crate-metadata.json': read('ro-crate-metadata.json'),
    'inputs/elsewhere.vcf': read('inputs/elsewhere.vcf'),
    'outputs/gebv.csv': read('outputs/gebv.csv'),
  };
  for (const [name, bytes] of Object.entries(changes)) {
    if (bytes) entries[name] = bytes;
    else delete entries[name];
  }
  return zipSync(entries);
};

describe('importing a Workflow Run Crate', () => {
  let t: TestApi;
  let token: string;
  beforeAll(async () => {
    t = await createTestApi();
    await seedFileTypes(t.db);
    token = await t.signInNewUser();
  });
  afterAll(() => t.close());

  const post = (zip: Uint8Array) => t.call('/lineage/crates', { method: 'POST', token, body: new Uint8Array(zip), headers: { 'Content-Type': 'application/zip' } });

  it('makes the crate’s run, its input and output files, and the lineage between them', async () => {
    const response = await post(crateZip());
    expect(response.status, await response.clone().text()).toBe(201);
    const result = (await response.json()) as CrateImportResult;
    expect(result.files.map(({ name, role, sha256 }) => ({ name, role, sha256 }))).toEqual([
      { name: 'elsewhere.vcf', role: 'input', sha256: '7dac45b01d5c84916d6e8e2f94616b67081b91260f47b82d2bbd48483d41b924' },
      { name: 'gebv.csv', role: 'output', sha256: 'c63de8d3bde489132bf7c18c27ae52caf4b60f9fdebed228df8a12063e44ee31' },
    ]);
    const [vcf, gebv] = result.files;
    const run = (await (await t.call(`/runs/${result.runId}`, { token })).json()) as RunDetail;
    expect(run).toMatchObject({ name: 'GDIP at the partner institute', pipelineId: 'nf-gdip', revision: '1.8.0', status: 'SUCCEEDED', labels: ['imported-crate'] });
    expect(run.params).toEqual({ model: 'rrblup', genotypes: `seedbed://files/${vcf!.id}` });
    expect(run.startedAt).toBe('2026-11-19T08:00:00.000Z');

    const graph = (await (await t.call(`/lineage?node=file:${gebv!.id}&direction=up&depth=2`, { token })).json()) as LineageGraph;
    expect(graph.edges).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ from: `run:${result.runId}`, to: `file:${gebv!.id}`, kind: 'output' }),
        expect.objectContaining({ from: `file:${vcf!.id}`, to: `run:${result.runId}`, kind: 'input', parameter: 'genotypes', sha256AtLaunch: vcf!.sha256 }),
      ]),
    );
    expect(graph.nodes.find((node) => node.kind === 'run') as LineageRunNode).toMatchObject({ engineVersion: 'Nextflow 25.04.2', parameters: [{ name: 'model', value: 'rrblup' }] });
  });

  it('files the run and its files under the experiment and project the crate says it is about, and names what matches nothing here', async () => {
    const stamp = Date.now();
    const [project] = await t.db
      .insert(projects)
      .values({ name: `Partner yield ${stamp}` })
      .returning();
    const [experiment] = await t.db
      .insert(experiments)
      .values({ name: `Ames trial ${stamp}`, projectId: project!.id, studyType: 'Yield Trial' })
      .returning();
    const metadata = JSON.parse(new TextDecoder().decode(read('ro-crate-metadata.json'))) as { '@graph': Array<Record<string, unknown>> };
    const root = metadata['@graph'].find((entity) => entity['@id'] === './')!;
    root.about = [{ '@id': '#trial' }, { '@id': '#elsewhere' }];
    metadata['@graph'].push({ '@id': '#trial', '@type': 'Study', name: `AMES TRIAL ${stamp}` }, { '@id': '#elsewhere', '@type': 'ResearchProject', name: `Nowhere ${stamp}` });
    const response = await post(crateZip({ 'ro-crate-metadata.json': new TextEncoder().encode(JSON.stringify(metadata)) }));
    expect(response.status, await response.clone().text()).toBe(201);
    const result = (await response.json()) as CrateImportResult;
    expect(result.linked).toEqual([{ kind: 'experiment', id: experiment!.id, name: `Ames trial ${stamp}` }]);
    expect(result.unmatched).toEqual([`Nowhere ${stamp}`]);
    const [run] = await t.db.select().from(runs).where(eq(runs.id, result.runId));
    expect([run!.experimentId, run!.projectId]).toEqual([experiment!.id, project!.id]);
    const stored = await t.db
      .select({ experimentId: files.experimentId })
      .from(files)
      .where(
        inArray(
          files.id,
          result.files.map((file) => file.id),
        ),
      );
    expect(stored.map((file) => file.experimentId)).toEqual(result.files.map(() => experiment!.id));
  });

  it('imports nothing when a file’s bytes differ from the checksum the crate states, naming the file', async () => {
    const before = ((await (await t.call('/files?pageSize=100', { token })).json()) as { pagination: { totalCount: number } }).pagination.totalCount;
    const response = await post(crateZip({ 'outputs/gebv.csv': new TextEncoder().encode('id,trait,prediction,gebv\nIND1,yield,9,9\n') }));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/^outputs\/gebv\.csv in the zip has SHA-256 [0-9a-f]{64}, and the crate says c63de8d3.*Export the crate again\.$/);
    expect(((await (await t.call('/files?pageSize=100', { token })).json()) as { pagination: { totalCount: number } }).pagination.totalCount).toBe(before);
  });

  it('refuses a crate whose data files are not in the zip, and a zip that is not a crate', async () => {
    const without = await post(crateZip({ 'inputs/elsewhere.vcf': undefined }));
    expect(without.status).toBe(400);
    expect(((await without.json()) as { message: string }).message).toBe(
      'The crate names inputs/elsewhere.vcf as an input of the run, and the zip does not hold it: export the crate with its data files.',
    );
    const notCrate = await post(zipSync({ 'notes.txt': new TextEncoder().encode('hello') }));
    expect(notCrate.status).toBe(400);
    expect(((await notCrate.json()) as { message: string }).message).toContain('no ro-crate-metadata.json');
  });
});

describe('importing a crate that unpacks to more than a file may be', () => {
  let t: TestApi;
  let token: string;
  beforeAll(async () => {
    t = await createTestApi({ files: { maxUploadBytes: 50_000 } });
    token = await t.signInNewUser();
  });
  afterAll(() => t.close());

  it('refuses it from what the zip declares, before inflating it', async () => {
    // A megabyte of zeros deflates to about a kilobyte: within the limit as sent, far beyond it unpacked.
    const zip = crateZip({ 'outputs/gebv.csv': new Uint8Array(1024 * 1024) });
    expect(zip.length).toBeLessThan(50_000);
    const response = await t.call('/lineage/crates', { method: 'POST', token, body: new Uint8Array(zip), headers: { 'Content-Type': 'application/zip' } });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { message: string }).message).toBe(
      'The crate unpacks to more than the 49 KB a file may be on this server: import a smaller crate, or ask your administrator to raise SEEDBED_MAX_UPLOAD_MB.',
    );
  });
});
