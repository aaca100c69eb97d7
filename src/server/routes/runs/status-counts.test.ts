import { describe, expect, it } from 'vitest';
import type { RunDailyCounts, RunStatus, RunStatusCounts } from '../../../contract/runs';
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

describe('GET runs/daily-counts', () => {
  it('counts the runs submitted on each of the last days by their status, a day being the time zone’s', async () => {
    const now = Date.now();
    const at = (daysAgo: number, hour = 12) => {
      const day = new Date(now - daysAgo * 86_400_000);
      day.setUTCHours(hour, 0, 0, 0);
      return day;
    };
    const submitted: Array<[Date, RunStatus]> = [
      [at(0), 'SUCCEEDED'],
      [at(0), 'FAILED'],
      [at(2), 'SUCCEEDED'],
      // 23:30 UTC is the next day in Tokyo.
      [at(5, 23), 'RUNNING'],
      // Outside a 7-day range.
      [at(9), 'SUCCEEDED'],
    ];
    const before = (await (await api.t.call('/runs/daily-counts?days=7', { token: api.token })).json()) as RunDailyCounts;
    await api.t.db.insert(runs).values(
      submitted.map(([when, status], index) => ({
        name: `daily_${index}`,
        pipelineId: 'nf-gdip',
        revision: '1',
        engine: 'local' as const,
        status,
        params: {},
        submittedAt: when,
        weblogSecretHash: hashSecret(`d${index}`),
      })),
    );
    const response = await api.t.call('/runs/daily-counts?days=7', { token: api.token });
    expect(response.status).toBe(200);
    const after = (await response.json()) as RunDailyCounts;
    expect(after.days).toHaveLength(7);
    expect(after.days[6]).toBe(new Date(now).toISOString().slice(0, 10));
    // Other tests' runs may be there too: compare with the counts before these five.
    const added = (status: RunStatus) =>
      after.byStatus.find((entry) => entry.status === status)!.counts.map((count, day) => count - before.byStatus.find((entry) => entry.status === status)!.counts[day]!);
    expect(added('SUCCEEDED')).toEqual([0, 0, 0, 0, 1, 0, 1]);
    expect(added('FAILED')).toEqual([0, 0, 0, 0, 0, 0, 1]);
    expect(added('RUNNING')).toEqual([0, 1, 0, 0, 0, 0, 0]);
    expect(after.total - before.total).toBe(4);

    const tokyo = (await (await api.t.call('/runs/daily-counts?days=7&timeZone=Asia/Tokyo', { token: api.token })).json()) as RunDailyCounts;
    const inTokyo = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at(5, 23));
    expect(inTokyo).toBe(at(4).toISOString().slice(0, 10));
    const running = tokyo.byStatus.find((entry) => entry.status === 'RUNNING')!.counts;
    expect(running[tokyo.days.indexOf(inTokyo)]).toBe(1);
    expect(running[tokyo.days.indexOf(at(5).toISOString().slice(0, 10))] ?? 0).toBe(0);
  });

  it('names a bad time zone or range', async () => {
    const response = await api.t.call('/runs/daily-counts?days=0&timeZone=Mars/Olympus', { token: api.token });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: Record<string, string> }).errors).toMatchObject({ days: 'At least 1 day', timeZone: 'An IANA time zone such as Europe/Berlin' });
  });
});
