import { describe, expect, it } from 'vitest';
import type { RunMetrics } from '../../../contract/runs';
import { runs, runTasks } from '../../db/schema';
import { hashSecret } from '../../runs/weblog';
import { setUpTestApi } from '../../testing/test-api';

const api = setUpTestApi();

describe('GET runs/{id}/metrics', () => {
  it('gives each process the quartiles, mean and count of its tasks’ duration, %CPU and peak memory', async () => {
    const [run] = await api.t.db
      .insert(runs)
      .values({ name: `metrics_${Date.now()}`, pipelineId: 'nf-gdip', revision: '1', engine: 'nextflow', status: 'SUCCEEDED', params: {}, weblogSecretHash: hashSecret('m') })
      .returning();
    // ALIGN: durations 10, 20, 30, 40 and 100 s. NumPy (numpy.percentile, linear, the default) and R
    // (quantile, type 7) give q1 20, median 30, q3 40 for them.
    const durations = [10, 20, 30, 40, 100];
    await api.t.db.insert(runTasks).values([
      ...durations.map((seconds, index) => ({
        runId: run!.id,
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
      { runId: run!.id, taskId: 6, process: 'ALIGN', name: 'ALIGN (6)', status: 'SUBMITTED' },
      { runId: run!.id, taskId: 7, process: 'CALL', name: 'CALL (1)', status: 'SUBMITTED' },
    ]);
    const response = await api.t.call(`/runs/${run!.id}/metrics`, { token: api.token });
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
