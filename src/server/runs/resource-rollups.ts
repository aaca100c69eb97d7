import { type SQL, sql } from 'drizzle-orm';
import { resultRows, type Database } from '../db/client';
import { runProcessUsage, runs, runTasks, runUsageRollups, runUsageSlots } from '../db/schema';
import { GB } from './resource-sizes';
import { taskCpuMs } from './run-costs';
import { WEBLOG_AFTER_END_MS } from './weblog';

const HOUR_MS = 3_600_000;
/** Runs rolled up per call: the rest are read from their tasks until a later call. */
const BATCH = 2000;
/** A quarter hour: every time zone's days start on one (offsets are whole quarter hours). */
export const SLOT_MS = 900_000;

/** A number from the trace's details, or null when Nextflow gave none (or not a number). */
export const traceNumber = (field: string) => sql.raw(`CASE WHEN jsonb_typeof(details->'${field}') = 'number' THEN (details->>'${field}')::float8 END`);

/** The tasks that ran (completed or failed) of the runs `where` picks, with their use, request and bytes read, as the rows `task` below reads. */
export const taskRows = (where: SQL) => sql`
  SELECT ${runTasks.runId} AS run_id, ${runTasks.process} AS process, ${runTasks.status} AS status, ${runTasks.exit} AS exit, ${runTasks.realtime}::float8 AS realtime,
    ${runTasks.cpuPercent} / 100 AS cores, ${runTasks.peakRss}::float8 AS peak,
    ${traceNumber('cpus')} AS req_cpus, ${traceNumber('memory')} AS req_memory, ${traceNumber('time')} AS req_time, ${traceNumber('rchar')} AS input
  FROM ${runTasks} WHERE ${where} AND ${runTasks.status} IN ('COMPLETED', 'FAILED')`;

const OK = `status = 'COMPLETED'`;
const FIT = `${OK} AND peak IS NOT NULL AND input IS NOT NULL`;
/** One run's process, from its task rows: the columns of run_process_usage, in this order. */
const USAGE: Array<[string, string]> = [
  ['tasks_ok', `count(*) FILTER (WHERE ${OK} AND peak IS NOT NULL AND realtime IS NOT NULL)::int`],
  ['killed_memory', `count(*) FILTER (WHERE status = 'FAILED' AND exit = 137)::int`],
  ['killed_time', `count(*) FILTER (WHERE status = 'FAILED' AND exit IN (140, 143))::int`],
  ['cores_max', `max(cores) FILTER (WHERE ${OK})`],
  ['peak_max', `max(peak) FILTER (WHERE ${OK})`],
  ['realtime_max', `max(realtime) FILTER (WHERE ${OK})`],
  ['killed_peak_max', `max(peak) FILTER (WHERE status = 'FAILED' AND exit = 137)`],
  ['req_cpus_max', 'max(req_cpus)'],
  ['req_memory_max', 'max(req_memory)'],
  ['req_time_max', 'max(req_time)'],
  ['input_min', `min(input) FILTER (WHERE ${OK})`],
  ['input_max', `max(input) FILTER (WHERE ${OK})`],
  ['fit_n', `count(*) FILTER (WHERE ${FIT})::int`],
  ['fit_sx', `sum(input / ${GB}) FILTER (WHERE ${FIT})`],
  ['fit_sy', `sum(peak / ${GB}) FILTER (WHERE ${FIT})`],
  ['fit_sxx', `sum((input / ${GB}) * (input / ${GB})) FILTER (WHERE ${FIT})`],
  ['fit_sxy', `sum((input / ${GB}) * (peak / ${GB})) FILTER (WHERE ${FIT})`],
  ['fit_syy', `sum((peak / ${GB}) * (peak / ${GB})) FILTER (WHERE ${FIT})`],
  ['cpu_req_hours', `sum(req_cpus * realtime) / ${HOUR_MS}`],
  ['cpu_req_realtime', 'sum(realtime) FILTER (WHERE req_cpus IS NOT NULL)'],
  ['gb_req_hours', `sum(req_memory / ${GB} * realtime) / ${HOUR_MS}`],
  ['memory_req_realtime', 'sum(realtime) FILTER (WHERE req_memory IS NOT NULL)'],
];
export const USAGE_COLUMN_NAMES = USAGE.map(([name]) => name);
export const USAGE_COLUMNS = sql.raw(USAGE_COLUMN_NAMES.join(', '));
export const USAGE_AGGREGATES = sql.raw(USAGE.map(([name, expression]) => `${expression} AS ${name}`).join(', '));

/** What one task adds to a quarter hour of trends: CPU time (realtime × %cpu / 100) and memory (peak GB × realtime), in ms. */
export const SLOT_SUMS = sql`coalesce(sum(${taskCpuMs}), 0)::float8 AS cpu_ms, coalesce(sum(${runTasks.peakRss}::float8 / ${GB} * ${runTasks.realtime}), 0)::float8 AS gb_ms`;
export const slotOf = sql.raw(`to_timestamp(floor(start / ${SLOT_MS}.0) * ${SLOT_MS / 1000})`);

/** Runs without a rollup yet, to be read from their tasks. */
export const notRolledUp = (runId: SQL) => sql`NOT EXISTS (SELECT 1 FROM ${runUsageRollups} WHERE ${runUsageRollups.runId} = ${runId})`;

/** Ids as a PostgreSQL array for `column = ANY(…)`, which reads each run's tasks by the primary key. */
export const anyOf = (ids: number[]) => sql`ANY(${`{${ids.join(',')}}`}::int[])`;

/**
 * Of the runs a query of ids picks, those without a rollup: read from their tasks. Asked apart, so
 * that their tasks are read by run (an index scan), never by scanning every task for none.
 */
export async function runsNotRolledUp(db: Database, picked: SQL): Promise<number[]> {
  const rows = resultRows<{ id: number }>(await db.execute(sql`SELECT picked.id FROM (${picked}) AS picked WHERE ${notRolledUp(sql`picked.id`)}`));
  return rows.map((row) => Number(row.id));
}

/**
 * Rolls up runs that ended, and last heard from their engine, more than the weblog's late-report
 * window ago (after it, their secret stops working and their tasks no longer change): one row per process and one per quarter hour, written with the run's marker in
 * one transaction. Readers take a run's rollup only with its marker, and read every other run from
 * its tasks, so the answer is the same whether a run is rolled up or not.
 */
export async function rollUpEndedRuns(db: Database, now = Date.now()): Promise<number> {
  const cutoff = new Date(now - WEBLOG_AFTER_END_MS).toISOString();
  const due = resultRows<{ id: number }>(
    await db.execute(
      sql`SELECT ${runs.id} AS id FROM ${runs} WHERE ${runs.completedAt} IS NOT NULL AND greatest(${runs.completedAt}, ${runs.lastEventAt}) < ${cutoff}::timestamptz AND ${notRolledUp(sql`${runs.id}`)} ORDER BY ${runs.id} LIMIT ${BATCH}`,
    ),
  ).map((row) => Number(row.id));
  if (due.length === 0) return 0;
  const ids = anyOf(due);
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      INSERT INTO ${runProcessUsage} (run_id, process, ${USAGE_COLUMNS})
      SELECT run_id, process, ${USAGE_AGGREGATES} FROM (${taskRows(sql`${runTasks.runId} = ${ids}`)}) AS task GROUP BY run_id, process
      ON CONFLICT DO NOTHING`);
    await tx.execute(sql`
      INSERT INTO ${runUsageSlots} (run_id, slot, cpu_ms, gb_ms)
      SELECT run_id, ${slotOf}, ${SLOT_SUMS} FROM ${runTasks}
      WHERE ${runTasks.runId} = ${ids} AND ${runTasks.status} <> 'CACHED' AND ${runTasks.start} IS NOT NULL GROUP BY 1, 2
      ON CONFLICT DO NOTHING`);
    await tx.execute(sql`INSERT INTO ${runUsageRollups} (run_id) SELECT unnest(${`{${due.join(',')}}`}::int[]) ON CONFLICT DO NOTHING`);
  });
  return due.length;
}
