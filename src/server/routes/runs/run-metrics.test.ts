import { describe, expect, it } from 'vitest';
import type { RunMetrics, RunTimeline } from '../../../contract/runs';
import { runTasks } from '../../db/schema';
import { setUpTestApi } from '../../testing/test-api';
import { insertRun } from '../../testing/test-runs';

const api = setUpTestApi();

describe('GET runs/{id}/metrics', () => {
  it('gives each process the quartiles, mean and count of its tasks’ duration, %CPU and peak memory', async () => {
    const run = await insertRun(api.t.db, { name: `metrics_${Date.now()}`, engine: 'nextflow', status: 'SUCCEEDED' });
    // ALIGN: durations 10, 20, 30, 40 and 100 s. NumPy (numpy.percentile, linear, the default) and R
    // (quantile, type 7) give q1 20, median 30, q3 40 for them.
    const durations = [10, 20, 30, 40, 100];
    await api.t.db.insert(runTasks).values([
      ...durations.map((seconds, index) => ({
        runId: run.id,
        taskId: index + 1,
        process: 'ALIGN',
        name: `ALIGN (${index + 1})`,
        status: 'COMPLETED',
        duration: seconds * 1000,
        realtime: seconds * 900,
        cpuPercent: 100 + index * 50,
        peakRss: (index + 1) * 1024 ** 3,
      })),
      // A task still waiting reports nothing: counted as a task, in no spread.
      { runId: run.id, taskId: 6, process: 'ALIGN', name: 'ALIGN (6)', status: 'SUBMITTED' },
      { runId: run.id, taskId: 7, process: 'CALL', name: 'CALL (1)', status: 'SUBMITTED' },
    ]);
    const response = await api.t.call(`/runs/${run.id}/metrics`, { token: api.token });
    expect(response.status).toBe(200);
    const { processes } = (await response.json()) as RunMetrics;
    expect(processes.map((process) => process.process)).toEqual(['ALIGN', 'CALL']);
    expect(processes[0]).toMatchObject({
      tasks: 6,
      durationMs: { min: 10_000, q1: 20_000, median: 30_000, q3: 40_000, max: 100_000, mean: 40_000, n: 5 },
      realtimeMs: { median: 27_000, n: 5 },
      cpuPercent: { min: 100, median: 200, max: 300, mean: 200, n: 5 },
      peakRssBytes: { median: 3 * 1024 ** 3, max: 5 * 1024 ** 3, n: 5 },
    });
    expect(processes[1]).toEqual({ process: 'CALL', tasks: 1, durationMs: null, realtimeMs: null, cpuPercent: null, peakRssBytes: null });
  });

  it('answers 404 for an unknown run', async () => {
    expect((await api.t.call('/runs/999999/metrics', { token: api.token })).status).toBe(404);
  });
});

describe('GET runs/{id}/tasks and runs/{id}/timeline', () => {
  async function runWithTasks(count: number) {
    const run = await insertRun(api.t.db, { name: `timeline_${Date.now()}_${count}`, engine: 'nextflow', status: 'RUNNING' });
    const start = Date.UTC(2026, 10, 1);
    await api.t.db.insert(runTasks).values(
      Array.from({ length: count }, (_, index) => ({
        runId: run.id,
        taskId: index + 1,
        process: index % 3 === 0 ? 'ALIGN' : 'CALL',
        name: `${index % 3 === 0 ? 'ALIGN' : 'CALL'} (${index + 1})`,
        status: index % 10 === 9 ? 'FAILED' : 'COMPLETED',
        submit: start + index * 1000,
        start: start + index * 1000 + 500,
        complete: start + index * 1000 + 500 + ((index * 7919) % 60) * 1000,
        duration: 500 + ((index * 7919) % 60) * 1000,
      })),
    );
    return run.id;
  }

  it('filters tasks by process and status and sorts them by any column, ties by task id', async () => {
    const id = await runWithTasks(30);
    const failedAlign = (await (await api.t.call(`/runs/${id}/tasks?process=ALIGN&status=FAILED`, { token: api.token })).json()) as { data: Array<{ taskId: number }> };
    // Tasks 10, 20 and 30 failed; of those only 10 is ALIGN.
    expect(failedAlign.data.map((task) => task.taskId)).toEqual([10]);
    const failed = (await (await api.t.call(`/runs/${id}/tasks?status=FAILED`, { token: api.token })).json()) as { data: Array<{ taskId: number }> };
    expect(failed.data.map((task) => task.taskId)).toEqual([10, 20, 30]);
    const longest = (await (await api.t.call(`/runs/${id}/tasks?sort=duration&order=desc&pageSize=3`, { token: api.token })).json()) as { data: Array<{ duration: number }> };
    const durations = longest.data.map((task) => task.duration);
    expect(durations).toEqual([...durations].sort((a, b) => b - a));
    expect(durations[0]).toBe(59_500);
    expect((await api.t.call(`/runs/${id}/tasks?sort=workdir`, { token: api.token })).status).toBe(400);
  });

  it('gives every task’s times, or an even sample in submit order past the limit', async () => {
    const id = await runWithTasks(25);
    const whole = (await (await api.t.call(`/runs/${id}/timeline`, { token: api.token })).json()) as RunTimeline;
    expect(whole).toMatchObject({ total: 25, sampled: false, processes: ['ALIGN', 'CALL'] });
    expect(whole.tasks).toHaveLength(25);
    expect(whole.tasks[0]).toEqual([0, Date.UTC(2026, 10, 1), Date.UTC(2026, 10, 1) + 500, Date.UTC(2026, 10, 1) + 500]);
    const sampled = (await (await api.t.call(`/runs/${id}/timeline?max=10`, { token: api.token })).json()) as RunTimeline;
    // Every third task (25 / 10, rounded up): 9 of them, the first included.
    expect(sampled).toMatchObject({ total: 25, sampled: true });
    expect(sampled.tasks.map((task) => (task[1] - Date.UTC(2026, 10, 1)) / 1000)).toEqual([0, 3, 6, 9, 12, 15, 18, 21, 24]);
  });
});
