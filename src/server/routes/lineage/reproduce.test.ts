import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reproduction } from '../../../contract/lineage';
import type { RunSummary } from '../../../contract/runs';
import { files, runs } from '../../db/schema';
import type { runClient } from '../../testing/run-client';
import { openStoredFilesApi, uploadFile } from '../../testing/stored-files-api';
import type { TestApi } from '../../testing/test-api';

/** Relaunch exactly repeats a run's revision, parameters and input files, and says first what differs. */

const TRIAL = fs.readFileSync('tests/fixtures/phenomix/trial.csv');

describe('relaunch exactly', () => {
  let t: TestApi;
  let token: string;
  let h: ReturnType<typeof runClient>;
  beforeAll(async () => ({ t, token, runs: h } = await openStoredFilesApi()));
  afterAll(() => t.close());

  /** A finished Phenomix run on a trial of its own. */
  async function finishedRun(name: string) {
    const { file: trial } = await uploadFile(t, token, `${name}.csv`, TRIAL);
    const launched = await h.launch({ pipelineId: 'nf-phenomix', name, labels: ['exact'], params: { input: trial.reference, outdir: 'results', seed: 11 } });
    expect(launched.status, await launched.clone().text()).toBe(201);
    const run = await h.untilEnded(((await launched.json()) as { id: number }).id);
    expect(run.status, run.statusReason ?? '').toBe('SUCCEEDED');
    return { run, trial };
  }
  const reproduction = async (runId: number) => (await (await t.call(`/runs/${runId}/reproduction`, { token })).json()) as Reproduction;
  const relaunch = (runId: number, body: Record<string, unknown> = {}) => t.call(`/runs/${runId}/relaunch-exactly`, { method: 'POST', token, json: body });

  it('repeats a run whose inputs and revision are unchanged with the same parameters, revision and labels, as its relaunch', async () => {
    const { run, trial } = await finishedRun('exact_same');
    const check = await reproduction(run.id);
    expect(check).toMatchObject({ runId: run.id, revision: run.revision, relaunchRevision: run.revision, differences: [], refusal: null });
    // The name the launch form proposes for a relaunch is the one Relaunch exactly takes.
    expect(await (await t.call(`/runs/${run.id}/relaunch-name`, { token })).json()).toEqual({ name: 'exact_same_2' });
    expect(check.inputs).toEqual([{ parameter: 'input', fileId: trial.id, name: 'exact_same.csv', sha256AtLaunch: trial.sha256, sha256Now: trial.sha256, changed: false }]);
    const response = await relaunch(run.id);
    expect(response.status, await response.clone().text()).toBe(201);
    const again = (await response.json()) as RunSummary;
    expect(again).toMatchObject({ name: 'exact_same_2', relatedRunId: run.id, relation: 'relaunch', revision: run.revision, labels: ['exact'] });
    const detail = await h.get(again.id);
    expect(detail.params).toEqual(run.params);
    // Its page names the run it relaunches.
    expect(detail.relatedRunName).toBe('exact_same');
    await h.untilEnded(again.id);
    // Relaunched again, the run takes the next name free.
    expect(await (await t.call(`/runs/${run.id}/relaunch-name`, { token })).json()).toEqual({ name: 'exact_same_3' });
    const third = (await (await relaunch(run.id)).json()) as RunSummary;
    expect(third.name).toBe('exact_same_3');
    await h.untilEnded(third.id);
  });

  it('names an input whose bytes changed since, and refuses to launch until that difference is accepted', async () => {
    const { run, trial } = await finishedRun('exact_changed');
    await t.db
      .update(files)
      .set({ sha256: 'a'.repeat(64) })
      .where(eq(files.id, trial.id));
    const check = await reproduction(run.id);
    expect(check.inputs[0]).toMatchObject({ changed: true, sha256AtLaunch: trial.sha256, sha256Now: 'a'.repeat(64) });
    expect(check.differences).toEqual([`exact_changed.csv (input) has changed since the run read it: sha256 ${trial.sha256.slice(0, 12)}… then, aaaaaaaaaaaa… now.`]);
    const refused = await relaunch(run.id);
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as { message: string; differences: string[] };
    expect(body.message).toContain('The relaunch would not repeat the run exactly: exact_changed.csv (input) has changed since the run read it');
    expect(body.message).toContain('Confirm these differences to relaunch anyway.');
    expect(body.differences).toEqual(check.differences);
    expect(await t.db.select().from(runs).where(eq(runs.relatedRunId, run.id))).toHaveLength(0);
    const accepted = await relaunch(run.id, { acceptDifferences: check.differences, name: 'exact_changed_accepted' });
    expect(accepted.status, await accepted.clone().text()).toBe(201);
    await h.untilEnded(((await accepted.json()) as { id: number }).id);
  });

  it('says the pipeline’s revision moved, and that the built-in engine runs the catalogue’s', async () => {
    const { run } = await finishedRun('exact_revision');
    await t.db.update(runs).set({ revision: '0.0.1' }).where(eq(runs.id, run.id));
    const check = await reproduction(run.id);
    expect(check.catalogueRevision).toBe(run.revision);
    expect(check.relaunchRevision).toBe(run.revision);
    expect(check.differences).toEqual([`The pipeline’s revision moved from 0.0.1 to ${run.revision}; the built-in engine runs only its bundled revision, so the relaunch runs ${run.revision}.`]);
    expect((await relaunch(run.id)).status).toBe(409);
  });

  it('answers 404 for a run that does not exist', async () => {
    const response = await t.call('/runs/2147483000/reproduction', { token });
    expect(response.status).toBe(404);
    expect(((await response.json()) as { message: string }).message).toBe('No run has id 2147483000.');
  });
});
