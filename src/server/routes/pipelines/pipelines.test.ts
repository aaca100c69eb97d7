import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../testing/test-api';

let t: TestApi;
let token: string;
beforeAll(async () => {
  t = await createTestApi();
  token = await t.signInNewUser();
});
afterAll(() => t.close());

describe('pipelines', () => {
  it('lists the twelve pipelines of the Launch menu', async () => {
    const response = await t.call('/pipelines', { token });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: Array<{ id: string; label: string }> };
    expect(body.data).toHaveLength(12);
    expect(body.data.find((pipeline) => pipeline.id === 'nf-processvcfs')).toMatchObject({ label: 'Process VCFs' });
  });

  it('returns one pipeline with its nf-core schema, and 404 names the catalogue', async () => {
    const body = (await (await t.call('/pipelines/nf-gdip', { token })).json()) as { label: string; schema: { $schema: string; $defs: Record<string, unknown> } };
    expect(body.label).toBe('GDIP');
    expect(body.schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(Object.keys(body.schema.$defs)).toContain('discovery_options');
    const missing = await t.call('/pipelines/nf-nothing', { token });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { message: string }).message).toMatch(/No pipeline 'nf-nothing'.*nf-gdip/);
    expect((await t.call('/pipelines/..%2Fetc', { token })).status).toBe(400);
  });
});
