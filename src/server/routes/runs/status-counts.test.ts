import { describe, expect, it } from 'vitest';
import type { RunStatus, RunStatusCounts } from '../../../contract/runs';
import { runGroups, runs } from '../../db/schema';
import { hashSecret } from '../../runs/weblog';
import { setUpTestApi } from '../../testing/test-api';

const api = setUpTestApi();

describe('GET runs/status-counts', () => {
  it('counts a group’s runs by status in one answer, every status present', async () => {
    const [group] = await api.t.db
      .insert(runGroups)
      .values({ name: `counted-${Date.now()}` })
      .returning();
    const statuses: RunStatus[] = ['SUCCEEDED', 'SUCCEEDED', 'FAILED', 'RUNNING'];
    await api.t.db.insert(runs).values(
      statuses.map((status, index) => ({
        name: `counted_${index}`,
        pipelineId: 'nf-gdip',
        revision: '1',
        engine: 'local' as const,
        status,
        params: {},
        groupId: group!.id,
        weblogSecretHash: hashSecret(`s${index}`),
      })),
    );
    // A run outside the group is not counted.
    await api.t.db.insert(runs).values({ name: 'elsewhere', pipelineId: 'nf-gdip', revision: '1', engine: 'local', status: 'FAILED', params: {}, weblogSecretHash: hashSecret('x') });

    const response = await api.t.call(`/runs/status-counts?groupId=${group!.id}`, { token: api.token });
    expect(response.status).toBe(200);
    const counts = (await response.json()) as RunStatusCounts;
    expect(counts.total).toBe(4);
    expect(counts.byStatus).toEqual([
      { status: 'SUBMITTED', count: 0 },
      { status: 'RUNNING', count: 1 },
      { status: 'SUCCEEDED', count: 2 },
      { status: 'FAILED', count: 1 },
      { status: 'CANCELLED', count: 0 },
      { status: 'UNKNOWN', count: 0 },
    ]);
  });

  it('refuses a bad filter with 400, like the list', async () => {
    const response = await api.t.call('/runs/status-counts?status=EXPLODED', { token: api.token });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: Record<string, string> }).errors).toHaveProperty('status');
  });
});
