import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Recommendation, RunResources, Trends } from '../../../contract/resources';
import { inArray } from 'drizzle-orm';
import { runs, runTasks, runUsageRollups } from '../../db/schema';
import { parseNextflowConfig } from '../../runs/nextflow-config-grammar';
import { GB } from '../../runs/resource-sizes';
import { hashSecret } from '../../runs/weblog';
import { syntheticTasks } from '../../testing/resource-history';
import { setUpTestApi } from '../../testing/test-api';

const api = setUpTestApi();
const DAYS = ['2024-03-04', '2024-03-05', '2024-03-06', '2024-03-12'];

/** A pipeline id and label of this test alone, with runs of the synthetic history on DAYS. */
async function history(options: { runs?: number; label?: string } = {}) {
  const pipeline = `synthetic-${randomBytes(4).toString('hex')}`;
  const label = options.label ?? `trend-${randomBytes(3).toString('hex')}`;
  const ids: number[] = [];
  for (let run = 0; run < (options.runs ?? DAYS.length); run += 1) {
    const day = DAYS[run % DAYS.length]!;
    const startedAt = new Date(`${day}T10:00:00Z`);
    const [row] = await api.t.db
      .insert(runs)
      .values({
        name: `${pipeline}_${run}`,
        pipelineId: pipeline,
        revision: run === 0 ? 'v1' : 'v2',
        engine: 'nextflow',
        status: 'SUCCEEDED',
        params: {},
        labels: [label],
        weblogSecretHash: hashSecret('r'),
        startedAt,
        completedAt: new Date(startedAt.getTime() + 2 * 3_600_000),
      })
      .returning({ id: runs.id });
    ids.push(row!.id);
    await api.t.db.insert(runTasks).values(syntheticTasks(run, day).map((task) => ({ ...task, runId: row!.id })));
  }
  return { pipeline, label, ids };
}

async function get<T>(path: string, status = 200): Promise<T> {
  const response = await api.t.call(path, { token: api.token });
  expect(response.status, path).toBe(status);
  return (path.includes('/config') && status === 200 ? await response.text() : await response.json()) as T;
}

describe('recommendations on a synthetic history', () => {
  it('cover every successful task’s peak, realtime and cores plus the margin, and cut the requested GB-hours by at least 30 %', async () => {
    const { pipeline, ids } = await history();
    const recommendation = await get<Recommendation>(`/resources/recommendations?pipeline=${pipeline}`);
    expect(recommendation.runs).toBe(DAYS.length);
    expect(recommendation.processes.map((process) => process.process)).toEqual(['ALIGN', 'CALL', 'REPORT']);
    const tasks = ids.flatMap((_, run) => syntheticTasks(run, DAYS[run]!));
    for (const process of recommendation.processes) {
      const succeeded = tasks.filter((task) => task.process === process.process && task.status === 'COMPLETED');
      expect(process.tasks).toBe(succeeded.length);
      for (const task of succeeded) {
        expect(process.memory.recommendedBytes, `${task.name} memory`).toBeGreaterThanOrEqual(task.peakRss * 1.2);
        expect(process.time.recommendedMs, `${task.name} time`).toBeGreaterThanOrEqual(task.realtime * 1.2);
        expect(process.cpus.recommended, `${task.name} cpus`).toBeGreaterThanOrEqual(task.cpuPercent / 100);
      }
      // Steps: half GB to 4 GB, whole GB above; 5 minutes below an hour.
      expect(process.memory.recommendedBytes % (GB / 2)).toBe(0);
      expect(process.time.recommendedMs % 300_000).toBe(0);
    }
    const [align, call, report] = recommendation.processes;
    // ALIGN: peak max 0.5 + 1.5 × 5.75 GB = 9.125 GB; × 1.2 = 10.95 → 11 GB; 2.7 cores × 1.2 → 4 (of 8 asked for).
    expect(align!.memory.recommendedBytes).toBe(11 * GB);
    expect(align!.cpus.recommended).toBe(4);
    expect(align!.memory.fit).not.toBeNull();
    expect(align!.memory.fit!.bytesPerInputByte).toBeCloseTo(1.5, 6);
    expect(align!.memory.fit!.interceptBytes / GB).toBeCloseTo(0.5, 6);
    expect(align!.input).toEqual({ minBytes: GB, maxBytes: Math.round(5.75 * GB) });
    // CALL: one memory kill per run at 3.9 GB; a retry asks for 3.9 × 1.5 = 5.85 → 6 GB.
    expect(call!.killedForMemory).toBe(DAYS.length);
    expect(call!.memory.retryBytes).toBe(6 * GB);
    expect(call!.memory.fit).toBeNull();
    expect(report!.killedForTime).toBe(DAYS.length);
    expect(report!.memory.retryBytes).toBeNull();
    const { requestedGbHours, recommendedGbHours, requestedCpuHours, recommendedCpuHours } = recommendation.totals;
    expect(recommendedGbHours).toBeLessThanOrEqual(0.7 * requestedGbHours);
    expect(recommendedCpuHours).toBeLessThan(requestedCpuHours);
    // By hand: ALIGN asked for 16 GB over Σ realtime; the recommendation 11 GB over the same tasks.
    const alignHours = tasks.filter((task) => task.process === 'ALIGN').reduce((sum, task) => sum + task.realtime, 0) / 3_600_000;
    expect(align!.hours.requestedGbHours).toBeCloseTo(16 * alignHours, 6);
    expect(align!.hours.recommendedGbHours).toBeCloseTo(11 * alignHours, 6);
  });

  it('sizes from a percentile without going below the largest use, and filters by revision, label and input size', async () => {
    const { pipeline, label } = await history();
    const median = await get<Recommendation>(`/resources/recommendations?pipeline=${pipeline}&percentile=50&margin=0.1`);
    const align = median.processes.find((process) => process.process === 'ALIGN')!;
    expect(align.memory.basisBytes!).toBeLessThan(align.memory.peakMaxBytes!);
    expect(align.memory.recommendedBytes).toBeGreaterThanOrEqual(align.memory.peakMaxBytes!);
    const firstOnly = await get<Recommendation>(`/resources/recommendations?pipeline=${pipeline}&revision=v1`);
    expect(firstOnly.runs).toBe(1);
    expect(firstOnly.processes[0]!.tasks).toBe(5);
    expect((await get<Recommendation>(`/resources/recommendations?pipeline=${pipeline}&label=${label}`)).runs).toBe(DAYS.length);
    expect((await get<Recommendation>(`/resources/recommendations?pipeline=${pipeline}&label=other`)).processes).toEqual([]);
    const small = await get<Recommendation>(`/resources/recommendations?pipeline=${pipeline}&maxInputBytes=${2 * GB}`);
    const smallAlign = small.processes.find((process) => process.process === 'ALIGN')!;
    expect(smallAlign.input!.maxBytes).toBeLessThanOrEqual(2 * GB);
    expect(smallAlign.memory.recommendedBytes).toBeLessThan(align.memory.recommendedBytes);
  });

  it('give the same answer from a run’s tasks as from its rollup, made once it ended more than ten minutes ago', async () => {
    const { pipeline, label, ids } = await history();
    // Ended just now: read from the tasks.
    await api.t.db.update(runs).set({ completedAt: new Date() }).where(inArray(runs.id, ids));
    const fromTasks = await get<Recommendation>(`/resources/recommendations?pipeline=${pipeline}`);
    const trendsFromTasks = await get<Trends>(`/resources/trends?from=2024-03-01&to=2024-03-15&groupBy=label&timeZone=Asia/Kolkata`);
    expect(await api.t.db.select().from(runUsageRollups).where(inArray(runUsageRollups.runId, ids))).toEqual([]);
    await api.t.db
      .update(runs)
      .set({ completedAt: new Date(Date.now() - 11 * 60_000) })
      .where(inArray(runs.id, ids));
    const fromRollups = await get<Recommendation>(`/resources/recommendations?pipeline=${pipeline}`);
    expect(await api.t.db.select().from(runUsageRollups).where(inArray(runUsageRollups.runId, ids))).toHaveLength(ids.length);
    const trendsFromRollups = await get<Trends>(`/resources/trends?from=2024-03-01&to=2024-03-15&groupBy=label&timeZone=Asia/Kolkata`);
    const { fit: tasksFit, ...tasksAlign } = fromTasks.processes[0]!.memory;
    const { fit: rollupFit, ...rollupAlign } = fromRollups.processes[0]!.memory;
    expect(rollupAlign).toEqual(tasksAlign);
    expect(rollupFit!.bytesPerInputByte).toBeCloseTo(tasksFit!.bytesPerInputByte, 9);
    expect(rollupFit!.r2).toBeCloseTo(tasksFit!.r2, 9);
    expect(fromRollups.processes.map(({ memory, ...rest }) => rest)).toEqual(fromTasks.processes.map(({ memory, ...rest }) => rest));
    const mine = (trends: Trends) => trends.series.find((series) => series.key === label)!;
    for (const [at, value] of mine(trendsFromRollups).cpuHours.entries()) expect(value).toBeCloseTo(mine(trendsFromTasks).cpuHours[at]!, 9);
    for (const [at, value] of mine(trendsFromRollups).memoryGbHours.entries()) expect(value).toBeCloseTo(mine(trendsFromTasks).memoryGbHours[at]!, 9);
    expect(mine(trendsFromRollups).cpuHours.some((value) => value > 0)).toBe(true);
  });

  it('refuses what it cannot answer, saying why', async () => {
    const unknown = await get<{ message: string }>('/resources/recommendations?pipeline=no-such-pipeline', 404);
    expect(unknown.message).toContain('no-such-pipeline');
    const empty = await get<{ message: string }>('/resources/recommendations/config?pipeline=nf-gdip&label=nobody-has-this', 409);
    expect(empty.message).toContain('widen the filters');
    const bad = await get<{ message: string }>('/resources/recommendations?pipeline=nf-gdip&percentile=20', 400);
    expect(JSON.stringify(bad)).toContain('50th percentile');
  });
});

describe('the recommendation as a Nextflow config', () => {
  it('parses, with each process’s resources and retries sized from the failed attempt’s peak', async () => {
    const { pipeline } = await history();
    const response = await api.t.call(`/resources/recommendations/config?pipeline=${pipeline}&retryFactor=1.75&maxRetries=3`, { token: api.token });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain(`${pipeline}-resources.config`);
    const text = await response.text();
    const config = parseNextflowConfig(text);
    const process = config.scopes.process!;
    expect(process.settings.maxRetries).toBe(3);
    expect(process.settings.errorStrategy).toHaveProperty('closure');
    expect(Object.keys(process.withName)).toEqual(['ALIGN', 'CALL', 'REPORT']);
    expect(process.withName.ALIGN!.settings.cpus).toBe(4);
    expect(text).toContain('task.attempt == 1 ? 11.GB : [11.GB, 1.MB * Math.ceil((task.previousTrace?.peak_rss ?: 0) * 1.75 / 1048576)].max()');
    expect(text).toContain('memory grows with input');
  });
});

describe('one run’s resources', () => {
  it('gives requested against used per process, with the kills and what was over-requested', async () => {
    const { ids } = await history({ runs: 1 });
    const resources = await get<RunResources>(`/runs/${ids[0]}/resources`);
    const byName = new Map(resources.processes.map((process) => [process.process, process]));
    const align = byName.get('ALIGN')!;
    expect(align.tasks).toBe(5);
    expect(align.cpus).toEqual({ requested: 8, usedMedian: 2.9, usedMax: 3.3 });
    expect(align.memory.requestedBytes).toBe(16 * GB);
    expect(align.memory.peakMaxBytes).toBe(8 * GB);
    // 8 GB of 16 is half used: memory is not flagged.
    expect(align.overRequested).toEqual(['cpus', 'time']);
    expect(byName.get('CALL')).toMatchObject({ tasks: 4, failed: 1, killedForMemory: 1, killedForTime: 0 });
    expect(byName.get('REPORT')).toMatchObject({ killedForTime: 1 });
    await get(`/runs/999999/resources`, 404);
  });

  it('shows a built-in engine run’s use with no request, and flags nothing it cannot know', async () => {
    const [run] = await api.t.db
      .insert(runs)
      .values({ name: 'local_resources', pipelineId: 'nf-gdip', revision: '1', engine: 'local', status: 'SUCCEEDED', params: {}, weblogSecretHash: hashSecret('l') })
      .returning({ id: runs.id });
    await api.t.db.insert(runTasks).values([
      { runId: run!.id, taskId: 1, process: 'SCAN', name: 'SCAN', status: 'COMPLETED', exit: 0, realtime: 4000, cpuPercent: 95, peakRss: 300 * 1024 ** 2 },
      { runId: run!.id, taskId: 2, process: 'SCAN', name: 'SCAN (2)', status: 'COMPLETED', exit: 0, realtime: 2000, cpuPercent: 105, peakRss: 100 * 1024 ** 2 },
      // Cached: it ran in an earlier run.
      { runId: run!.id, taskId: 3, process: 'PREP', name: 'PREP', status: 'CACHED', realtime: 9000, cpuPercent: 100, peakRss: GB },
    ]);
    const resources = await get<RunResources>(`/runs/${run!.id}/resources`);
    expect(resources).toEqual({
      runId: run!.id,
      engine: 'local',
      processes: [
        {
          process: 'SCAN',
          tasks: 2,
          failed: 0,
          killedForMemory: 0,
          killedForTime: 0,
          cpus: { requested: null, usedMedian: 1, usedMax: 1.05 },
          memory: { requestedBytes: null, peakMedianBytes: 200 * 1024 ** 2, peakMaxBytes: 300 * 1024 ** 2 },
          time: { requestedMs: null, realtimeMedianMs: 3000, realtimeMaxMs: 4000 },
          overRequested: [],
        },
      ],
    });
  });
});

describe('trends', () => {
  const sumOver = (tasks: ReturnType<typeof syntheticTasks>) => ({
    cpu: tasks.reduce((sum, task) => sum + (task.realtime * task.cpuPercent) / 100, 0) / 3_600_000,
    gb: tasks.reduce((sum, task) => sum + (task.peakRss / GB) * task.realtime, 0) / 3_600_000,
  });

  it('sum CPU-hours, GB-hours and wall hours by day in the reader’s time zone, matching a hand sum', async () => {
    const { label } = await history();
    // In Pacific/Kiritimati (UTC+14) 10:00 UTC is already the next day.
    const trends = await get<Trends>(`/resources/trends?from=2024-03-01&to=2024-03-15&groupBy=label&timeZone=Pacific/Kiritimati`);
    expect(trends.buckets).toHaveLength(15);
    const mine = trends.series.find((series) => series.key === label)!;
    DAYS.forEach((day, run) => {
      const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      const index = trends.buckets.indexOf(next);
      const hand = sumOver(syntheticTasks(run, day));
      expect(mine.cpuHours[index]).toBeCloseTo(hand.cpu, 9);
      expect(mine.memoryGbHours[index]).toBeCloseTo(hand.gb, 9);
      expect(mine.wallHours[index]).toBeCloseTo(2, 9);
    });
    const all = sumOver(DAYS.flatMap((day, run) => syntheticTasks(run, day)));
    expect(mine.cpuHours.reduce((sum, value) => sum + value, 0)).toBeCloseTo(all.cpu, 9);
  });

  it('buckets weeks from Monday within the period chosen, and refuses a period that ends before it starts', async () => {
    const { label } = await history();
    const trends = await get<Trends>(`/resources/trends?from=2024-03-01&to=2024-03-15&bucket=week&groupBy=label&timeZone=UTC`);
    expect(trends.buckets).toEqual(['2024-02-26', '2024-03-04', '2024-03-11']);
    const mine = trends.series.find((series) => series.key === label)!;
    const week = (runsOf: number[]) => sumOver(runsOf.flatMap((run) => syntheticTasks(run, DAYS[run]!))).cpu;
    expect(mine.cpuHours[0]).toBe(0);
    expect(mine.cpuHours[1]).toBeCloseTo(week([0, 1, 2]), 9);
    expect(mine.cpuHours[2]).toBeCloseTo(week([3]), 9);
    // A period that starts on a Tuesday: its first week counts from that Tuesday only.
    const partial = await get<Trends>(`/resources/trends?from=2024-03-05&to=2024-03-15&bucket=week&groupBy=label&timeZone=UTC`);
    expect(partial.buckets).toEqual(['2024-03-04', '2024-03-11']);
    expect(partial.series.find((series) => series.key === label)!.cpuHours[0]).toBeCloseTo(week([1, 2]), 9);
    const refused = await get<{ message: string }>('/resources/trends?from=2024-03-15&to=2024-03-01', 400);
    expect(JSON.stringify(refused)).toContain('from must be on or before to');
  });
});
