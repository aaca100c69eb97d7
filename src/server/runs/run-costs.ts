import { inArray, sql } from 'drizzle-orm';
import type { RunCost, RunCosts } from '../../contract/run-costs';
import { resultRows, type Database } from '../db/client';
import { runs, runTasks } from '../db/schema';

/** A task's CPU time in ms as Nextflow's trace gives it, realtime × %cpu / 100 (null when either is missing): costs and resource trends both add it up. */
export const taskCpuMs = sql`${runTasks.realtime} * ${runTasks.cpuPercent} / 100`;

type TaskTotals = { run_id: number; tasks: number; reported: number; cached: number; cpu_ms: number | null; peak_rss: number | null };

/**
 * What each run cost, from its tasks' trace as Nextflow reports it: CPU time is Σ realtime × %cpu / 100
 * and peak memory the largest peak_rss, over the tasks that ran in this run (cached tasks ran, and
 * cost, in the run they were cached from). Two queries for any number of runs.
 */
export async function runCostsOf(db: Database, runIds: number[], now = Date.now()): Promise<RunCosts> {
  const ids = [...new Set(runIds)];
  const ran = sql`${runTasks.status} <> 'CACHED'`;
  const [found, totals] = await Promise.all([
    db.select({ id: runs.id, status: runs.status, startedAt: runs.startedAt, completedAt: runs.completedAt }).from(runs).where(inArray(runs.id, ids)),
    db.execute(sql`
      SELECT ${runTasks.runId} AS run_id,
        count(*) FILTER (WHERE ${ran})::int AS tasks,
        count(*) FILTER (WHERE ${ran} AND ${runTasks.realtime} IS NOT NULL AND ${runTasks.cpuPercent} IS NOT NULL)::int AS reported,
        count(*) FILTER (WHERE NOT (${ran}))::int AS cached,
        sum(${taskCpuMs}) FILTER (WHERE ${ran})::float8 AS cpu_ms,
        max(${runTasks.peakRss}) FILTER (WHERE ${ran})::float8 AS peak_rss
      FROM ${runTasks} WHERE ${inArray(runTasks.runId, ids)} GROUP BY ${runTasks.runId}`),
  ]);
  const byRun = new Map(resultRows<TaskTotals>(totals).map((row) => [Number(row.run_id), row]));
  const runsById = new Map(found.map((run) => [run.id, run]));
  const costs: RunCost[] = [];
  for (const id of ids) {
    const run = runsById.get(id);
    if (!run) continue;
    const task = byRun.get(id);
    // A run that is still going counts to now; one that ended without saying when (UNKNOWN) has no wall time.
    const end = run.completedAt?.getTime() ?? (run.status === 'RUNNING' || run.status === 'SUBMITTED' ? now : null);
    costs.push({
      runId: id,
      status: run.status,
      wallMs: run.startedAt && end !== null ? Math.max(0, end - run.startedAt.getTime()) : null,
      cpuMs: task?.cpu_ms === null || task?.cpu_ms === undefined ? null : Math.round(Number(task.cpu_ms)),
      peakRssBytes: task?.peak_rss === null || task?.peak_rss === undefined ? null : Number(task.peak_rss),
      tasks: Number(task?.tasks ?? 0),
      tasksReported: Number(task?.reported ?? 0),
      cachedTasks: Number(task?.cached ?? 0),
    });
  }
  return { costs, unknownIds: ids.filter((id) => !runsById.has(id)) };
}
