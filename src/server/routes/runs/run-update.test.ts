import { describe, expect, it } from 'vitest';
import type { RunSummary } from '../../../contract/runs';
import { runGroups, runs } from '../../db/schema';
import { hashSecret } from '../../runs/weblog';
import { setUpTestApi } from '../../testing/test-api';

const api = setUpTestApi();

async function aRun(name: string) {
  const [run] = await api.t.db
    .insert(runs)
    .values({ name, pipelineId: 'nf-gdip', revision: '1', engine: 'local', status: 'SUCCEEDED', params: {}, labels: ['durum'], weblogSecretHash: hashSecret(name) })
    .returning();
  return run!;
}

describe('PATCH runs/{id}', () => {
  it('moves a run into a group and out again, and replaces its labels', async () => {
    const run = await aRun(`patched_${Date.now()}`);
    const [group] = await api.t.db
      .insert(runGroups)
      .values({ name: `joined-${Date.now()}` })
      .returning();
    const joined = await api.t.call(`/runs/${run.id}`, { method: 'PATCH', token: api.token, json: { groupId: group!.id } });
    expect(joined.status).toBe(200);
    expect((await joined.json()) as RunSummary).toMatchObject({ id: run.id, groupId: group!.id, groupName: group!.name, labels: ['durum'] });

    const relabelled = (await (await api.t.call(`/runs/${run.id}`, { method: 'PATCH', token: api.token, json: { labels: ['durum', 'trial-2026', 'durum'] } })).json()) as RunSummary;
    expect(relabelled).toMatchObject({ groupId: group!.id, labels: ['durum', 'trial-2026'] });

    const left = (await (await api.t.call(`/runs/${run.id}`, { method: 'PATCH', token: api.token, json: { groupId: null } })).json()) as RunSummary;
    expect(left).toMatchObject({ groupId: null, groupName: null, labels: ['durum', 'trial-2026'] });
  });

  it('names what is wrong: an unknown group, a bad label, nothing to change, an unknown run', async () => {
    const run = await aRun(`refused_${Date.now()}`);
    const unknownGroup = await api.t.call(`/runs/${run.id}`, { method: 'PATCH', token: api.token, json: { groupId: 999999 } });
    expect(unknownGroup.status).toBe(400);
    expect(await unknownGroup.json()).toMatchObject({ message: 'No run group has id 999999.', errors: { groupId: 'Choose an existing run group' } });
    const badLabel = await api.t.call(`/runs/${run.id}`, { method: 'PATCH', token: api.token, json: { labels: ['has space'] } });
    expect(badLabel.status).toBe(400);
    expect(((await badLabel.json()) as { errors: Record<string, string> }).errors['labels.0']).toBe('Labels use letters, digits, _ . : and -');
    expect((await api.t.call(`/runs/${run.id}`, { method: 'PATCH', token: api.token, json: {} })).status).toBe(400);
    expect((await api.t.call('/runs/999999', { method: 'PATCH', token: api.token, json: { labels: [] } })).status).toBe(404);
  });
});
