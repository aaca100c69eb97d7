import { eq, sql } from 'drizzle-orm';
import type { ProcessUsage, RunResources } from '../../contract/resources';
import { DomainError } from '../domain-errors';
import { resultRows, type Database } from '../db/client';
import { runs, runTasks } from '../db/schema';
import { traceNumber } from './resource-rollups';

type UsageRow = {
  process: string;
  tasks: number;
  failed: number;
  killed_memory: number;
  killed_time: number;
  cpu_requested: number | null;
  cpu_median: number | null;
  cpu_max: number | null;
  memory_requested: number | null;
  peak_median: number | null;
  peak_max: number | null;
  time_requested: number | null;
  realtime_median: number | null;
  realtime_max: number | null;
};

const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** What its largest use left more than half of unused: requested and used both known. */
function overRequested(usage: Omit<ProcessUsage, 'overRequested'>): ProcessUsage['overRequested'] {
  const over: ProcessUsage['overRequested'] = [];
  const wasteful = (requested: number | null, used: number | null) => requested !== null && used !== null && requested > 0 && used < requested / 2;
  if (wasteful(usage.cpus.requested, usage.cpus.usedMax)) over.push('cpus');
  if (wasteful(usage.memory.requestedBytes, usage.memory.peakMaxBytes)) over.push('memory');
  if (wasteful(usage.time.requestedMs, usage.time.realtimeMaxMs)) over.push('time');
  return over;
}

/**
 * One run's processes: the cpus, memory and time they asked for (the largest request of their
 * tasks, as Nextflow's trace reports it) against what their tasks used (median and largest), and
 * how many were killed for memory (exit 137) or time (140, 143). Local-engine runs report use but
 * no request. One GROUP BY over the run's tasks, cached ones left out (they ran in an earlier run).
 */
export async function runResourcesOf(db: Database, runId: number): Promise<RunResources> {
  const [run] = await db.select({ engine: runs.engine }).from(runs).where(eq(runs.id, runId));
  if (!run) throw new DomainError('not-found', `There is no run ${runId}.`);
  const median = (column: string) => sql.raw(`percentile_cont(0.5) WITHIN GROUP (ORDER BY ${column})`);
  const result = await db.execute(sql`
    WITH task AS (
      SELECT ${runTasks.process} AS process, ${runTasks.status} AS status, ${runTasks.exit} AS exit, ${runTasks.realtime}::float8 AS realtime,
        ${runTasks.cpuPercent} / 100 AS cores, ${runTasks.peakRss}::float8 AS peak,
        ${traceNumber('cpus')} AS req_cpus, ${traceNumber('memory')} AS req_memory, ${traceNumber('time')} AS req_time
      FROM ${runTasks} WHERE ${runTasks.runId} = ${runId} AND ${runTasks.status} <> 'CACHED'
    )
    SELECT process, count(*)::int AS tasks, count(*) FILTER (WHERE status = 'FAILED')::int AS failed,
      count(*) FILTER (WHERE status = 'FAILED' AND exit = 137)::int AS killed_memory,
      count(*) FILTER (WHERE status = 'FAILED' AND exit IN (140, 143))::int AS killed_time,
      max(req_cpus) AS cpu_requested, ${median('cores')} AS cpu_median, max(cores) AS cpu_max,
      max(req_memory) AS memory_requested, ${median('peak')} AS peak_median, max(peak) AS peak_max,
      max(req_time) AS time_requested, ${median('realtime')} AS realtime_median, max(realtime) AS realtime_max
    FROM task GROUP BY process ORDER BY process`);
  const processes = resultRows<UsageRow>(result).map((row) => {
    const usage = {
      process: row.process,
      tasks: Number(row.tasks),
      failed: Number(row.failed),
      killedForMemory: Number(row.killed_memory),
      killedForTime: Number(row.killed_time),
      cpus: { requested: num(row.cpu_requested), usedMedian: num(row.cpu_median), usedMax: num(row.cpu_max) },
      memory: { requestedBytes: num(row.memory_requested), peakMedianBytes: num(row.peak_median), peakMaxBytes: num(row.peak_max) },
      time: { requestedMs: num(row.time_requested), realtimeMedianMs: num(row.realtime_median), realtimeMaxMs: num(row.realtime_max) },
    };
    return { ...usage, overRequested: overRequested(usage) };
  });
  return { runId, engine: run.engine, processes };
}
