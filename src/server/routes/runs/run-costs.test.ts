import { describe, expect, it } from 'vitest';
import type { RunCosts } from '../../../contract/run-costs';
import { runs, runTasks } from '../../db/schema';
import { hashSecret } from '../../runs/weblog';
import { setUpTestApi } from '../../testing/test-api';

const api = setUpTestApi();
const GB = 1024 ** 3;

async function insertRun(status: 'SUCCEEDED' | 'RUNNING' | 'FAILED' | 'SUBMITTED', times: { startedAt?: Date; completedAt?: Date } = {}) {
  const [run] = await api.t.db
    .insert(runs)
    .values({ name: `costs_${status}_${Date.now()}`, pipelineId: 'nf-gdip', revision: '1', engine: 'nextflow', status, params: {}, weblogSecretHash: hashSecret('c'), ...times })
    .returning({ id: runs.id });
  return run!.id;
}

async function costsOf(ids: Array<number | string>) {
  const response = await api.t.call(`/runs/costs?ids=${ids.join(',')}`, { token: api.token });
  expect(response.status).toBe(200);
  return (await response.json()) as RunCosts;
}

describe('GET runs/costs', () => {
  it('sums CPU time as realtime × %cpu / 100 over the tasks that ran, takes the largest peak memory and the wall time from start to end', async () => {
    const startedAt = new Date(Date.UTC(2026, 10, 1, 9, 0, 0));
    const id = await insertRun('SUCCEEDED', { startedAt, completedAt: new Date(startedAt.getTime() + 72_000) });
    await api.t.db.insert(runTasks).values([
      // 10 s at 150 % → 15 s of CPU; 20 s at 50 % → 10 s; 4 s at 400 % → 16 s: 41 s in all.
      { runId: id, taskId: 1, process: 'FIT', name: 'FIT (1)', status: 'COMPLETED', realtime: 10_000, cpuPercent: 150, peakRss: 2 * GB },
      { runId: id, taskId: 2, process: 'FIT', name: 'FIT (2)', status: 'COMPLETED', realtime: 20_000, cpuPercent: 50, peakRss: 3.5 * GB },
      { runId: id, taskId: 3, process: 'SCORE', name: 'SCORE (1)', status: 'FAILED', realtime: 4000, cpuPercent: 400, peakRss: 1 * GB },
      // Cached: it ran, and cost, in an earlier run; counted apart and in no sum.
      { runId: id, taskId: 4, process: 'PREP', name: 'PREP (1)', status: 'CACHED', realtime: 600_000, cpuPercent: 800, peakRss: 64 * GB },
      // A task whose trace said nothing of realtime or %cpu: a task, not reported.
      { runId: id, taskId: 5, process: 'SCORE', name: 'SCORE (2)', status: 'COMPLETED' },
    ]);
    const { costs, unknownIds } = await costsOf([id]);
    expect(unknownIds).toEqual([]);
    expect(costs).toEqual([{ runId: id, status: 'SUCCEEDED', wallMs: 72_000, cpuMs: 41_000, peakRssBytes: 3.5 * GB, tasks: 4, tasksReported: 3, cachedTasks: 1 }]);
  });

  it('counts a running run’s wall time to now, and gives null for what Nextflow did not report', async () => {
    const running = await insertRun('RUNNING', { startedAt: new Date(Date.now() - 60_000) });
    const waiting = await insertRun('SUBMITTED');
    // Failed before it started: no start, no tasks.
    const failed = await insertRun('FAILED', { completedAt: new Date() });
    await api.t.db.insert(runTasks).values({ runId: running, taskId: 1, process: 'FIT', name: 'FIT (1)', status: 'RUNNING' });
    const { costs } = await costsOf([running, waiting, failed]);
    expect(costs.map((cost) => cost.runId)).toEqual([running, waiting, failed]);
    expect(costs[0]!.wallMs).toBeGreaterThanOrEqual(60_000);
    expect(costs[0]).toMatchObject({ status: 'RUNNING', cpuMs: null, peakRssBytes: null, tasks: 1, tasksReported: 0, cachedTasks: 0 });
    expect(costs[1]).toMatchObject({ status: 'SUBMITTED', wallMs: null, cpuMs: null, peakRssBytes: null, tasks: 0 });
    expect(costs[2]).toMatchObject({ status: 'FAILED', wallMs: null, cpuMs: null, tasks: 0 });
  });

  it('answers each run once, in the order asked, and names the ids that are no run', async () => {
    const first = await insertRun('SUCCEEDED');
    const second = await insertRun('SUCCEEDED');
    const { costs, unknownIds } = await costsOf([second, 999_999, first, second]);
    expect(costs.map((cost) => cost.runId)).toEqual([second, first]);
    expect(unknownIds).toEqual([999_999]);
  });

  it('refuses no ids, ids that are not run ids and more than 500 at once, saying so', async () => {
    const refused = async (query: string) => {
      const response = await api.t.call(`/runs/costs${query}`, { token: api.token });
      expect(response.status, query).toBe(400);
      return JSON.stringify(await response.json());
    };
    expect(await refused('')).toContain('ids');
    expect(await refused('?ids=1,x')).toContain('whole number');
    expect(await refused(`?ids=${Array.from({ length: 501 }, (_, index) => index + 1).join(',')}`)).toContain('At most 500');
  });
});
