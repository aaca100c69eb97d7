import { sql, type SQL } from 'drizzle-orm';
import type { Trends, TrendSeries, TrendsQuery } from '../../contract/resources';
import { resultRows, type Database } from '../db/client';
import { runs, runTasks, runUsageRollups, runUsageSlots, users } from '../db/schema';
import { anyOf, rollUpEndedRuns, runsNotRolledUp, SLOT_SUMS, slotOf } from './resource-rollups';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** Every bucket's first day from `from` to `to`: days, or weeks from the Monday on or before `from`. */
export function bucketsOf(query: Pick<TrendsQuery, 'from' | 'to' | 'bucket'>): string[] {
  const start = new Date(`${query.from}T00:00:00Z`);
  if (query.bucket === 'week') start.setUTCDate(start.getUTCDate() - ((start.getUTCDay() + 6) % 7));
  const end = Date.parse(`${query.to}T00:00:00Z`);
  const step = query.bucket === 'week' ? 7 * DAY_MS : DAY_MS;
  const buckets: string[] = [];
  for (let at = start.getTime(); at <= end; at += step) buckets.push(new Date(at).toISOString().slice(0, 10));
  return buckets;
}

/** The key a run counts under: its pipeline, each of its labels, or who launched it. */
function keyOf(groupBy: TrendsQuery['groupBy']): { key: SQL; join: SQL } {
  if (groupBy === 'label') return { key: sql.raw('key'), join: sql`CROSS JOIN LATERAL unnest(CASE WHEN cardinality(${runs.labels}) = 0 THEN ARRAY['(none)'] ELSE ${runs.labels} END) AS key` };
  if (groupBy === 'user') return { key: sql`coalesce(${users.email}, '(none)')`, join: sql`LEFT JOIN ${users} ON ${users.id} = ${runs.launchedById}` };
  return { key: sql`${runs.pipelineId}`, join: sql`` };
}

/**
 * CPU-hours (Σ realtime × %cpu / 100) and memory GB-hours (Σ peak_rss × realtime) of the tasks
 * that ran, by the day or week their task started, and the runs' wall time by the day or week they
 * started, in the reader's time zone (PostgreSQL AT TIME ZONE), per pipeline, label or user: one
 * GROUP BY over the tasks, one over the runs. A run with two labels counts under both.
 */
export async function resourceTrends(db: Database, query: TrendsQuery, now = new Date()): Promise<Trends> {
  const buckets = bucketsOf(query);
  const unit = sql.raw(`'${query.bucket}'`);
  const { key, join } = keyOf(query.groupBy);
  // The period chosen, exactly: a first week that starts before it counts only its days within it.
  const first = sql`(${`${query.from}T00:00:00`}::timestamp AT TIME ZONE ${query.timeZone})`;
  const next = new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 19);
  const after = sql`(${next}::timestamp AT TIME ZONE ${query.timeZone})`;
  const localBucket = (moment: SQL) => sql`to_char(date_trunc(${unit}, ${moment} AT TIME ZONE ${query.timeZone}), 'YYYY-MM-DD')`;
  await rollUpEndedRuns(db, now.getTime());
  // Quarter hours of rolled-up runs, and of the others from their tasks: a quarter hour lies within one day in every zone.
  const live = await runsNotRolledUp(db, sql`SELECT ${runs.id} AS id FROM ${runs}`);
  const fromTasks =
    live.length === 0
      ? sql``
      : sql`UNION ALL SELECT run_id, ${slotOf} AS slot, ${SLOT_SUMS} FROM ${runTasks}
        WHERE ${runTasks.runId} = ${anyOf(live)} AND ${runTasks.status} <> 'CACHED'
          AND ${runTasks.start} >= extract(epoch FROM ${first}) * 1000 AND ${runTasks.start} < extract(epoch FROM ${after}) * 1000
        GROUP BY 1, 2`;
  const [tasks, walls] = await Promise.all([
    db.execute(sql`
      WITH slots AS (
        SELECT s.run_id, s.slot, s.cpu_ms, s.gb_ms FROM ${runUsageSlots} s JOIN ${runUsageRollups} r ON r.run_id = s.run_id
        WHERE s.slot >= ${first} AND s.slot < ${after}
        ${fromTasks}
      )
      SELECT ${localBucket(sql`slots.slot`)} AS bucket, ${key} AS key, sum(slots.cpu_ms) / ${HOUR_MS} AS cpu_hours, sum(slots.gb_ms) / ${HOUR_MS} AS gb_hours
      FROM slots JOIN ${runs} ON ${runs.id} = slots.run_id ${join}
      GROUP BY 1, 2`),
    db.execute(sql`
      SELECT ${localBucket(sql`${runs.startedAt}`)} AS bucket, ${key} AS key,
        sum(extract(epoch FROM (coalesce(${runs.completedAt}, ${now.toISOString()}::timestamptz) - ${runs.startedAt})))::float8 / 3600 AS wall_hours
      FROM ${runs} ${join}
      WHERE ${runs.startedAt} >= ${first} AND ${runs.startedAt} < ${after}
        AND (${runs.completedAt} IS NOT NULL OR ${runs.status} IN ('RUNNING', 'SUBMITTED'))
      GROUP BY 1, 2`),
  ]);
  const at = new Map(buckets.map((bucket, index) => [bucket, index]));
  const series = new Map<string, TrendSeries>();
  const seriesOf = (name: string) => {
    const found = series.get(name);
    if (found) return found;
    const created = { key: name, cpuHours: buckets.map(() => 0), memoryGbHours: buckets.map(() => 0), wallHours: buckets.map(() => 0) };
    series.set(name, created);
    return created;
  };
  for (const row of resultRows<{ bucket: string; key: string; cpu_hours: number; gb_hours: number }>(tasks)) {
    const index = at.get(row.bucket);
    if (index === undefined) continue;
    const entry = seriesOf(row.key);
    entry.cpuHours[index] = Number(row.cpu_hours);
    entry.memoryGbHours[index] = Number(row.gb_hours);
  }
  for (const row of resultRows<{ bucket: string; key: string; wall_hours: number }>(walls)) {
    const index = at.get(row.bucket);
    if (index !== undefined) seriesOf(row.key).wallHours[index] = Number(row.wall_hours);
  }
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const ordered = [...series.values()].sort((a, b) => sum(b.cpuHours) - sum(a.cpuHours) || a.key.localeCompare(b.key));
  return {
    buckets,
    series: ordered,
    totals: {
      cpuHours: sum(ordered.map((entry) => sum(entry.cpuHours))),
      memoryGbHours: sum(ordered.map((entry) => sum(entry.memoryGbHours))),
      wallHours: sum(ordered.map((entry) => sum(entry.wallHours))),
    },
    note: `Tasks count on the ${query.bucket} they started and runs on the ${query.bucket} they started, in ${query.timeZone}, from ${query.from} to ${query.to}${query.bucket === 'week' ? ' (weeks from Monday; the first and last may be partial)' : ''}; cached tasks are left out.${query.groupBy === 'label' ? ' A run with several labels counts under each, so the totals count it more than once.' : ''}`,
  };
}
