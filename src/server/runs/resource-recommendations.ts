import { type SQL, sql } from 'drizzle-orm';
import type { MemoryFit, ProcessRecommendation, Recommendation, RecommendationQuery, ResourceHours } from '../../contract/resources';
import { resultRows, type Database } from '../db/client';
import { runProcessUsage, runs, runTasks, runUsageRollups } from '../db/schema';
import { anyOf, rollUpEndedRuns, runsNotRolledUp, taskRows, USAGE_AGGREGATES, USAGE_COLUMN_NAMES } from './resource-rollups';
import { GB, roundMemoryUp, roundTimeUp } from './resource-sizes';

type ProcessRow = {
  process: string;
  tasks: number;
  killed_memory: number;
  killed_time: number;
  cpu_max: number | null;
  cpu_basis: number | null;
  cpu_requested: number | null;
  peak_max: number | null;
  peak_basis: number | null;
  memory_requested: number | null;
  killed_peak: number | null;
  realtime_max: number | null;
  realtime_basis: number | null;
  time_requested: number | null;
  input_min: number | null;
  input_max: number | null;
  fit_slope: number | null;
  fit_intercept: number | null;
  fit_r2: number | null;
  fit_count: number;
  cpu_hours_requested: number | null;
  cpu_realtime: number | null;
  gb_hours_requested: number | null;
  memory_realtime: number | null;
};

const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const HOUR_MS = 3_600_000;

/** Memory grows with input when the line explains most of it and adds a fifth of the peak across the inputs seen. */
function fitOf(row: ProcessRow): MemoryFit | null {
  const slope = num(row.fit_slope);
  const r2 = num(row.fit_r2);
  const span = (num(row.input_max) ?? 0) - (num(row.input_min) ?? 0);
  if (slope === null || r2 === null || Number(row.fit_count) < 5 || slope <= 0 || r2 < 0.7) return null;
  if (slope * span < 0.2 * (num(row.peak_max) ?? 0)) return null;
  return { interceptBytes: Number(row.fit_intercept), bytesPerInputByte: slope, r2, tasks: Number(row.fit_count) };
}

type UsageSums = { fit_sx: number | null; fit_sy: number | null; fit_sxx: number | null; fit_sxy: number | null; fit_syy: number | null };

/** PostgreSQL's regr_slope, regr_intercept and regr_r2 from the sums a rollup keeps (x and y in GB). */
function fitFromSums(row: ProcessRow & UsageSums): ProcessRow {
  const n = Number(row.fit_count);
  const [sx, sy, sxx, sxy, syy] = [row.fit_sx, row.fit_sy, row.fit_sxx, row.fit_sxy, row.fit_syy].map((value) => Number(value ?? 0)) as [number, number, number, number, number];
  const varianceX = sxx - (sx * sx) / n;
  const varianceY = syy - (sy * sy) / n;
  const covariance = sxy - (sx * sy) / n;
  if (n < 2 || !(varianceX > 0)) return { ...row, fit_slope: null, fit_intercept: null, fit_r2: null };
  const slope = covariance / varianceX;
  return { ...row, fit_slope: slope, fit_intercept: ((sy - slope * sx) / n) * GB, fit_r2: varianceY > 0 ? (covariance * covariance) / (varianceX * varianceY) : 1 };
}

/**
 * Sized from the largest use (the default), with no input band: each rolled-up run gives one row
 * per process, the others are read from their tasks, and the rows are added up per process.
 */
async function fromRollups(db: Database, picked: SQL): Promise<ProcessRow[]> {
  const live = await runsNotRolledUp(db, picked);
  const fromTasks = live.length === 0 ? sql`` : sql`UNION ALL SELECT process, ${USAGE_AGGREGATES} FROM (${taskRows(sql`${runTasks.runId} = ${anyOf(live)}`)}) AS task GROUP BY run_id, process`;
  const result = await db.execute(sql`
    WITH picked AS (${picked}),
    usage AS (
      SELECT u.process, ${sql.raw(USAGE_COLUMN_NAMES.map((name) => `u.${name}`).join(', '))}
      FROM ${runProcessUsage} u JOIN ${runUsageRollups} r ON r.run_id = u.run_id WHERE u.run_id IN (SELECT id FROM picked)
      ${fromTasks}
    )
    SELECT process, sum(tasks_ok)::int AS tasks, sum(killed_memory)::int AS killed_memory, sum(killed_time)::int AS killed_time,
      max(cores_max) AS cpu_max, max(cores_max) AS cpu_basis, max(req_cpus_max) AS cpu_requested,
      max(peak_max) AS peak_max, max(peak_max) AS peak_basis, max(req_memory_max) AS memory_requested, max(killed_peak_max) AS killed_peak,
      max(realtime_max) AS realtime_max, max(realtime_max) AS realtime_basis, max(req_time_max) AS time_requested,
      min(input_min) AS input_min, max(input_max) AS input_max,
      sum(fit_n)::int AS fit_count, sum(fit_sx) AS fit_sx, sum(fit_sy) AS fit_sy, sum(fit_sxx) AS fit_sxx, sum(fit_sxy) AS fit_sxy, sum(fit_syy) AS fit_syy,
      sum(cpu_req_hours) AS cpu_hours_requested, sum(cpu_req_realtime) AS cpu_realtime, sum(gb_req_hours) AS gb_hours_requested, sum(memory_req_realtime) AS memory_realtime
    FROM usage GROUP BY process ORDER BY process`);
  return resultRows<ProcessRow & UsageSums>(result).map(fitFromSums);
}

/** Sized from a percentile, or within an input band: every task of the picked runs is read. */
async function fromTasks(db: Database, picked: SQL, query: RecommendationQuery): Promise<ProcessRow[]> {
  const fraction = query.percentile / 100;
  const inputBand = [];
  if (query.minInputBytes !== undefined) inputBand.push(sql`input >= ${query.minInputBytes}`);
  if (query.maxInputBytes !== undefined) inputBand.push(sql`input <= ${query.maxInputBytes}`);
  const band = inputBand.length > 0 ? sql`WHERE ${sql.join(inputBand, sql` AND `)}` : sql``;
  // The fraction is a parameter, not text: one statement whatever the percentile (PostgreSQL keeps each text prepared).
  const percentile = (column: string) => sql`percentile_cont(${fraction}::float8) WITHIN GROUP (ORDER BY ${sql.raw(column)}) FILTER (WHERE status = 'COMPLETED')`;
  const ok = sql.raw(`status = 'COMPLETED'`);
  const result = await db.execute(sql`
    WITH picked AS (${picked}), task AS (${taskRows(sql`${runTasks.runId} IN (SELECT id FROM picked)`)})
    SELECT process,
      count(*) FILTER (WHERE ${ok} AND peak IS NOT NULL AND realtime IS NOT NULL)::int AS tasks,
      count(*) FILTER (WHERE status = 'FAILED' AND exit = 137)::int AS killed_memory,
      count(*) FILTER (WHERE status = 'FAILED' AND exit IN (140, 143))::int AS killed_time,
      max(cores) FILTER (WHERE ${ok}) AS cpu_max, ${percentile('cores')} AS cpu_basis, max(req_cpus) AS cpu_requested,
      max(peak) FILTER (WHERE ${ok}) AS peak_max, ${percentile('peak')} AS peak_basis, max(req_memory) AS memory_requested,
      max(peak) FILTER (WHERE status = 'FAILED' AND exit = 137) AS killed_peak,
      max(realtime) FILTER (WHERE ${ok}) AS realtime_max, ${percentile('realtime')} AS realtime_basis, max(req_time) AS time_requested,
      min(input) FILTER (WHERE ${ok}) AS input_min, max(input) FILTER (WHERE ${ok}) AS input_max,
      regr_slope(peak, input) FILTER (WHERE ${ok}) AS fit_slope, regr_intercept(peak, input) FILTER (WHERE ${ok}) AS fit_intercept,
      regr_r2(peak, input) FILTER (WHERE ${ok}) AS fit_r2, regr_count(peak, input) FILTER (WHERE ${ok})::int AS fit_count,
      sum(req_cpus * realtime) / ${HOUR_MS} AS cpu_hours_requested, sum(realtime) FILTER (WHERE req_cpus IS NOT NULL) AS cpu_realtime,
      sum(req_memory / ${GB} * realtime) / ${HOUR_MS} AS gb_hours_requested, sum(realtime) FILTER (WHERE req_memory IS NOT NULL) AS memory_realtime
    FROM task ${band} GROUP BY process ORDER BY process`);
  return resultRows<ProcessRow>(result);
}

/**
 * Per process of a pipeline's past runs: cpus, memory and time sized from the successful tasks'
 * use (the chosen percentile, never below the largest, plus the margin, rounded up to a step), the
 * memory a retry after a memory kill should ask for, and the CPU- and GB-hours the same tasks
 * asked for against what this would have asked for. From the largest use (the default), ended
 * runs are read from their rollups (resource-rollups.ts); a percentile or an input band reads
 * every task.
 */
export async function recommendResources(db: Database, query: RecommendationQuery): Promise<Recommendation> {
  const filters = [sql`${runs.pipelineId} = ${query.pipeline}`];
  if (query.label) filters.push(sql`${query.label} = ANY(${runs.labels})`);
  if (query.revision) filters.push(sql`${runs.revision} = ${query.revision}`);
  const where = sql.join(filters, sql` AND `);
  const picked = sql`SELECT ${runs.id} AS id FROM ${runs} WHERE ${where}`;
  const byTask = query.percentile < 100 || query.minInputBytes !== undefined || query.maxInputBytes !== undefined;
  if (!byTask) await rollUpEndedRuns(db);
  const [rows, counted] = await Promise.all([byTask ? fromTasks(db, picked, query) : fromRollups(db, picked), db.execute(sql`SELECT count(*)::int AS runs FROM ${runs} WHERE ${where}`)]);
  const processes: ProcessRecommendation[] = [];
  const unmeasured: string[] = [];
  for (const row of rows) {
    const peakMax = num(row.peak_max);
    const realtimeMax = num(row.realtime_max);
    if (Number(row.tasks) === 0 || peakMax === null || realtimeMax === null) {
      unmeasured.push(row.process);
      continue;
    }
    processes.push(recommendationOf(row, query, peakMax, realtimeMax));
  }
  const totals = processes.reduce<ResourceHours>(
    (sum, process) => ({
      requestedCpuHours: sum.requestedCpuHours + process.hours.requestedCpuHours,
      recommendedCpuHours: sum.recommendedCpuHours + process.hours.recommendedCpuHours,
      requestedGbHours: sum.requestedGbHours + process.hours.requestedGbHours,
      recommendedGbHours: sum.recommendedGbHours + process.hours.recommendedGbHours,
    }),
    { requestedCpuHours: 0, recommendedCpuHours: 0, requestedGbHours: 0, recommendedGbHours: 0 },
  );
  const { pipeline, ...applied } = query;
  return { pipelineId: pipeline, runs: Number(resultRows<{ runs: number }>(counted)[0]?.runs ?? 0), query: applied, processes, unmeasured, totals };
}

function recommendationOf(row: ProcessRow, query: RecommendationQuery, peakMax: number, realtimeMax: number): ProcessRecommendation {
  const grow = 1 + query.margin;
  const cpuMax = num(row.cpu_max);
  const cpuBasis = num(row.cpu_basis);
  const cpuRequested = num(row.cpu_requested);
  // A task cannot be measured using more cores than it had, so cores above the request are not asked for.
  const cpuCeiling = Math.max(1, Math.ceil(Math.max(cpuRequested ?? 0, cpuMax ?? 0) - 1e-9));
  const cpus = cpuBasis === null ? 1 : Math.min(cpuCeiling, Math.max(1, Math.ceil(Math.max(cpuBasis * grow, cpuMax ?? 0) - 1e-9)));
  const peakBasis = num(row.peak_basis) ?? peakMax;
  const memory = roundMemoryUp(Math.max(peakBasis * grow, peakMax));
  const killedPeak = num(row.killed_peak);
  const realtimeBasis = num(row.realtime_basis) ?? realtimeMax;
  const time = roundTimeUp(Math.max(realtimeBasis * grow, realtimeMax));
  const inputMin = num(row.input_min);
  const inputMax = num(row.input_max);
  const cpuRealtime = num(row.cpu_realtime) ?? 0;
  const memoryRealtime = num(row.memory_realtime) ?? 0;
  return {
    process: row.process,
    tasks: Number(row.tasks),
    killedForMemory: Number(row.killed_memory),
    killedForTime: Number(row.killed_time),
    cpus: { usedMax: cpuMax, basis: cpuBasis, requestedMax: cpuRequested, recommended: cpus },
    memory: {
      peakMaxBytes: peakMax,
      basisBytes: peakBasis,
      requestedMaxBytes: num(row.memory_requested),
      recommendedBytes: memory,
      retryBytes: killedPeak === null ? null : Math.max(memory, roundMemoryUp(killedPeak * query.retryFactor)),
      fit: fitOf(row),
    },
    time: { realtimeMaxMs: realtimeMax, basisMs: realtimeBasis, requestedMaxMs: num(row.time_requested), recommendedMs: time },
    input: inputMin === null || inputMax === null ? null : { minBytes: inputMin, maxBytes: inputMax },
    hours: {
      requestedCpuHours: num(row.cpu_hours_requested) ?? 0,
      recommendedCpuHours: (cpus * cpuRealtime) / HOUR_MS,
      requestedGbHours: num(row.gb_hours_requested) ?? 0,
      recommendedGbHours: ((memory / GB) * memoryRealtime) / HOUR_MS,
    },
  };
}
