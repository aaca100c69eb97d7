import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredFile } from '../../../contract/files';
import type { LineageGraph, LineageRunNode } from '../../../contract/lineage';
import type { WeblogEvent } from '../../../contract/runs';
import { files, runInputs, runs, users } from '../../db/schema';
import { applyWorkflowEvent, hashSecret } from '../../runs/weblog';
import type { runClient } from '../../testing/run-client';
import { openStoredFilesApi, uploadFile } from '../../testing/stored-files-api';
import type { TestApi } from '../../testing/test-api';

/**
 * Lineage is recorded as runs are launched (what they read, with its checksum then) and as their
 * outputs are registered, and read back a level at a time from any file, run or fileset.
 */

const TRIAL = fs.readFileSync('tests/fixtures/phenomix/trial.csv');
const GVCFS = path.resolve('tests/fixtures/combine-gvcfs');

describe('lineage of files and runs', () => {
  let t: TestApi;
  let token: string;
  let h: ReturnType<typeof runClient>;
  beforeAll(async () => ({ t, token, runs: h } = await openStoredFilesApi()));
  afterAll(() => t.close());

  const upload = async (name: string, body: Buffer | string, query = '') => (await uploadFile(t, token, name, body, query)).file;
  const lineage = async (query: string) => {
    const response = await t.call(`/lineage?${query}`, { token });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as LineageGraph;
  };
  const phenomixOn = async (file: StoredFile, name: string) => {
    const response = await h.launch({ pipelineId: 'nf-phenomix', name, params: { input: file.reference, outdir: 'results', seed: 7 } });
    expect(response.status, await response.clone().text()).toBe(201);
    const run = await h.untilEnded(((await response.json()) as { id: number }).id);
    expect(run.status, run.statusReason ?? '').toBe('SUCCEEDED');
    return { run, outputs: (await h.untilOutputsRegistered(run.id)).outputs };
  };

  it('records what a run read at launch, with its checksum, and goes from an output up to the upload and from the upload down to the run', async () => {
    const trial = await upload('lineage_trial.csv', TRIAL);
    const { run, outputs } = await phenomixOn(trial, 'lineage_phenomix');
    const recorded = await t.db.select().from(runInputs).where(eq(runInputs.runId, run.id));
    expect(recorded).toEqual([expect.objectContaining({ parameter: 'input', fileId: trial.id, sha256: trial.sha256, filesetId: null })]);

    const output = outputs[0]!;
    const up = await lineage(`node=file:${output.fileId}&direction=up&depth=2`);
    expect(up.root).toBe(`file:${output.fileId}`);
    expect(up.edges).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ from: `run:${run.id}`, to: `file:${output.fileId}`, kind: 'output' }),
        expect.objectContaining({ from: `file:${trial.id}`, to: `run:${run.id}`, kind: 'input', parameter: 'input', sha256AtLaunch: trial.sha256, changedSince: false }),
      ]),
    );
    const runNode = up.nodes.find((node) => node.id === `run:${run.id}`) as LineageRunNode;
    expect(runNode).toMatchObject({ pipelineId: 'nf-phenomix', revision: run.revision, engine: 'local', status: 'SUCCEEDED' });
    expect(runNode.engineVersion).toMatch(/^Seedbed \S+ built-in engine$/);
    expect(runNode.parameters).toEqual(expect.arrayContaining([{ name: 'seed', value: '7' }]));
    expect(runNode.parameters.map((parameter) => parameter.name)).not.toContain('input');
    expect(up.nodes.find((node) => node.id === `file:${trial.id}`)).toMatchObject({ producedBy: 'upload', sha256: trial.sha256, name: 'lineage_trial.csv' });
    // Depth 1 stops at the run and says the run has more upstream.
    const near = await lineage(`node=file:${output.fileId}&direction=up`);
    expect(near.nodes.map((node) => node.id).sort()).toEqual([`file:${output.fileId}`, `run:${run.id}`].sort());
    expect(near.frontier).toEqual([{ node: `run:${run.id}`, direction: 'up' }]);

    // Deeper than two levels the lineage is read by one recursive query, with the same answer.
    const deep = await lineage(`node=file:${output.fileId}&direction=up&depth=50`);
    expect(deep.nodes.map((node) => node.id).sort()).toEqual(up.nodes.map((node) => node.id).sort());
    expect(deep.edges).toEqual(expect.arrayContaining(up.edges));
    expect(deep.frontier).toEqual([]);
    const down = await lineage(`node=file:${trial.id}&direction=down&depth=2`);
    const downDeep = await lineage(`node=file:${trial.id}&direction=down&depth=5`);
    expect(downDeep.nodes.map((node) => node.id).sort()).toEqual(down.nodes.map((node) => node.id).sort());
    expect(down.edges).toEqual(expect.arrayContaining([expect.objectContaining({ from: `file:${trial.id}`, to: `run:${run.id}`, kind: 'input' })]));
    expect(down.nodes.map((node) => node.id)).toEqual(expect.arrayContaining(outputs.map((each) => `file:${each.fileId}`)));
  });

  it('says an input changed when its bytes differ from those the run read', async () => {
    const trial = await upload('changed_trial.csv', TRIAL);
    const { run } = await phenomixOn(trial, 'lineage_changed');
    await t.db
      .update(files)
      .set({ sha256: 'f'.repeat(64) })
      .where(eq(files.id, trial.id));
    const graph = await lineage(`node=run:${run.id}&direction=up`);
    expect(graph.edges.find((found) => found.from === `file:${trial.id}`)).toMatchObject({ changedSince: true, sha256AtLaunch: trial.sha256 });
  });

  it('records the files a samplesheet names as inputs, by row and column', async () => {
    const s01 = await upload('lineage_S01.g.vcf', fs.readFileSync(path.join(GVCFS, 'S01.g.vcf')));
    const s02 = await upload('lineage_S02.g.vcf', fs.readFileSync(path.join(GVCFS, 'S02.g.vcf')));
    const fasta = await upload('lineage_ref.fa', fs.readFileSync(path.join(GVCFS, 'ref.fa')));
    const sheet = await upload('lineage_cohort.csv', `sample,gvcf\nS01,${s01.reference}\nS02,${s02.reference}\n`, '&preferredType=samplesheet%20CSV');
    const response = await h.launch({ pipelineId: 'combine-gvcfs', name: 'lineage_sheet', params: { input: sheet.reference, fasta: fasta.reference, outdir: 'results' } });
    expect(response.status, await response.clone().text()).toBe(201);
    const runId = ((await response.json()) as { id: number }).id;
    const recorded = await t.db.select({ parameter: runInputs.parameter, fileId: runInputs.fileId }).from(runInputs).where(eq(runInputs.runId, runId));
    expect(recorded.sort((a, b) => a.parameter.localeCompare(b.parameter))).toEqual([
      { parameter: 'fasta', fileId: fasta.id },
      { parameter: 'input', fileId: sheet.id },
      { parameter: 'input[row 2].gvcf', fileId: s01.id },
      { parameter: 'input[row 3].gvcf', fileId: s02.id },
    ]);
    await h.untilEnded(runId);
  });

  it('keeps the engine version and the pipeline commit Nextflow reports in its started event', async () => {
    const [run] = await t.db
      .insert(runs)
      .values({ name: 'lineage_nextflow', pipelineId: 'nf-gdip', revision: '1.8.0', engine: 'nextflow', params: {}, weblogSecretHash: hashSecret('secret') })
      .returning({ id: runs.id });
    await applyWorkflowEvent(t.db, run!.id, {
      runName: 'lineage_nextflow',
      runId: 'session-1',
      event: 'started',
      utcTime: new Date().toISOString(),
      metadata: { workflow: { nextflow: { version: '25.04.2' }, commitId: '3f2a9c1' } },
    } as WeblogEvent);
    const [stored] = await t.db.select({ engineVersion: runs.engineVersion, commitId: runs.commitId }).from(runs).where(eq(runs.id, run!.id));
    expect(stored).toEqual({ engineVersion: 'Nextflow 25.04.2', commitId: '3f2a9c1' });
  });

  it('records the fileset a launch took a file from, and follows it down to the run', async () => {
    const trial = await upload('fileset_trial.csv', TRIAL);
    const created = await t.call('/filesets', { method: 'POST', token, json: { name: `lineage_set_${Date.now()}`, fileIds: [trial.id] } });
    const fileset = (await created.json()) as { id: number };
    const [user] = await t.db.select({ id: users.id }).from(users).limit(1);
    const run = await t.runService!.launch(
      {
        pipelineId: 'nf-phenomix',
        name: 'lineage_from_fileset',
        params: { input: trial.reference, outdir: 'results' },
        labels: [],
        groupId: null,
        projectId: null,
        experimentId: null,
        relaunchOf: null,
      },
      user!.id,
      { filesets: new Map([['input', fileset.id]]) },
    );
    const [recorded] = await t.db.select().from(runInputs).where(eq(runInputs.runId, run.id));
    expect(recorded).toMatchObject({ parameter: 'input', fileId: trial.id, filesetId: fileset.id });
    const down = await lineage(`node=fileset:${fileset.id}&direction=down`);
    expect(down.edges).toEqual([expect.objectContaining({ from: `fileset:${fileset.id}`, to: `run:${run.id}`, kind: 'input', parameter: 'input' })]);
    await h.untilEnded(run.id);
  });

  it('refuses a node it cannot read, naming the problem and the fix', async () => {
    const bad = await t.call('/lineage?node=sample:3', { token });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('file, run or fileset');
    const missing = await t.call('/lineage?node=file:2147483000', { token });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { message: string }).message).toBe('No file has id 2147483000: it was deleted, or never existed.');
  });
});
