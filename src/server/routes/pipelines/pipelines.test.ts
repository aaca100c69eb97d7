import { describe, expect, it } from 'vitest';
import { createTestApi, setUpTestApi } from '../../testing/test-api';

const api = setUpTestApi();

describe('pipelines', () => {
  it('lists the twelve pipelines of the Launch menu and the benchmarking simulator', async () => {
    const response = await api.t.call('/pipelines', { token: api.token });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: Array<{ id: string; label: string }> };
    expect(body.data).toHaveLength(13);
    expect(body.data.find((pipeline) => pipeline.id === 'nf-processvcfs')).toMatchObject({ label: 'Process VCFs' });
  });

  it('returns one pipeline with its nf-core schema, and 404 names the catalogue', async () => {
    const body = (await (await api.t.call('/pipelines/nf-gdip', { token: api.token })).json()) as { label: string; schema: { $schema: string; $defs: Record<string, unknown> } };
    expect(body.label).toBe('GDIP');
    expect(body.schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(Object.keys(body.schema.$defs)).toContain('discovery_options');
    const missing = await api.t.call('/pipelines/nf-nothing', { token: api.token });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { message: string }).message).toMatch(/No pipeline 'nf-nothing'.*nf-gdip/);
    expect((await api.t.call('/pipelines/..%2Fetc', { token: api.token })).status).toBe(400);
  });
});

describe('a catalogue with one broken pipeline', () => {
  it('still serves the others, lists the broken one with the reason, and refuses its launch with it', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'broken-catalogue-'));
    for (const id of ['nf-processvcfs', 'nf-gdip']) fs.cpSync(path.resolve('pipelines', id), path.join(directory, id), { recursive: true });
    fs.cpSync(path.resolve('pipelines/_shared'), path.join(directory, '_shared'), { recursive: true });
    fs.writeFileSync(path.join(directory, 'nf-gdip', 'nextflow_schema.json'), '{"$schema": "https://json-schema.org/draft/2020-12/schema", "allOf": [');
    const broken = await createTestApi({ runs: { catalogueDir: directory } });
    try {
      const token = await broken.signInNewUser();
      const list = (await (await broken.call('/pipelines', { token })).json()) as { data: Array<{ id: string; launchProblem: string | null }> };
      expect(list.data.find((pipeline) => pipeline.id === 'nf-processvcfs')!.launchProblem).toBeNull();
      expect(list.data.find((pipeline) => pipeline.id === 'nf-gdip')!.launchProblem).toMatch(/broken.*nf-gdip\/nextflow_schema\.json: /);
      const launch = await broken.call('/runs', { method: 'POST', token, json: { pipelineId: 'nf-gdip', name: 'cannot', params: {} } });
      expect(launch.status).toBe(503);
      expect(((await launch.json()) as { message: string }).message).toMatch(/GDIP cannot be launched: its files in the catalogue are broken\..*nextflow_schema\.json/);
    } finally {
      await broken.close();
    }
  });
});
