import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runs, runTasks } from '../../db/schema';
import { parseNextflowConfig } from '../../runs/nextflow-config-grammar';
import { RESOURCES_CONFIG_FILE } from '../../runs/resource-config';
import { runFolder } from '../../runs/run-folder';
import { hashSecret } from '../../runs/weblog';
import { syntheticTasks } from '../../testing/resource-history';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { waitFor } from '../../testing/wait-for';

/** A `nextflow` that writes down its arguments and the -c files it was given, then exits 0. */
function recordingNextflow(): string {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'recording-nextflow-'));
  const script = `#!/usr/bin/env node
const fs = require('node:fs');
const args = process.argv.slice(2);
const configs = args.flatMap((arg, at) => (args[at - 1] === '-c' ? [arg] : []));
fs.writeFileSync('nextflow-call.json', JSON.stringify({ args, configs }));
`;
  fs.writeFileSync(path.join(directory, 'nextflow'), script, { mode: 0o755 });
  return directory;
}

const params = { input: 's3://bucket/cohort.vcf.gz', outdir: 's3://bucket/results' };

describe('launching with recommended resources', () => {
  let t: TestApi;
  let token = '';
  beforeAll(async () => {
    t = await createTestApi({ runs: { defaultEngine: 'nextflow', nextflow: { path: recordingNextflow() } } });
    token = await t.signInNewUser();
  });
  afterAll(() => t.close());
  const launch = (name: string) => t.call('/runs', { method: 'POST', token, json: { pipelineId: 'nf-processvcfs', name, params, recommendedResources: true } });

  it('refuses on its field while the pipeline has no measured past tasks', async () => {
    // A database of its own: the other test writes history, and tests run in any order.
    const fresh = await createTestApi({ runs: { defaultEngine: 'nextflow', nextflow: { path: recordingNextflow() } } });
    try {
      const response = await fresh.call('/runs', {
        method: 'POST',
        token: await fresh.signInNewUser(),
        json: { pipelineId: 'nf-processvcfs', name: 'no_history', params, recommendedResources: true },
      });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { message: string; errors: Record<string, string> };
      expect(body.message).toMatch(/nothing to size resources from; launch once without them/);
      expect(body.errors.recommendedResources).toBe('No past tasks to size from yet');
    } finally {
      await fresh.close();
    }
  });

  it('passes the recommendation to nextflow run with -c, before the run’s own weblog config', async () => {
    const [earlier] = await t.db
      .insert(runs)
      .values({ name: 'earlier', pipelineId: 'nf-processvcfs', revision: '1', engine: 'nextflow', status: 'SUCCEEDED', params: {}, weblogSecretHash: hashSecret('e') })
      .returning({ id: runs.id });
    await t.db.insert(runTasks).values(syntheticTasks(0, '2024-03-04').map((task) => ({ ...task, runId: earlier!.id })));
    const response = await launch('sized_from_history');
    expect(response.status, await response.clone().text()).toBe(201);
    const { id } = (await response.json()) as { id: number };
    const callFile = path.join(runFolder(t.dataDir, id), 'nextflow-call.json');
    await waitFor(async () => fs.existsSync(callFile), Boolean);
    const call = JSON.parse(fs.readFileSync(callFile, 'utf8')) as { args: string[]; configs: string[] };
    expect(call.configs.map((file) => path.basename(file))).toEqual([RESOURCES_CONFIG_FILE, 'weblog.config']);
    const config = parseNextflowConfig(fs.readFileSync(call.configs[0]!, 'utf8'));
    expect(Object.keys(config.scopes.process!.withName)).toEqual(['ALIGN', 'CALL', 'REPORT']);
  });
});
