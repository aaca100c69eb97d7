import { and, count, eq, getTableColumns, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  RUN_STATUSES,
  type ProcessProgress,
  type RunCountQuery,
  type RunDailyCounts,
  type RunDailyCountsQuery,
  type RunMetrics,
  type RunTimeline,
  type Spread,
  type RunStatus,
  type RunListQuery,
  type RunProgress,
  type RunStatusCounts,
  type RunSummary,
  type RunTask,
  type RunTaskDetail,
  type RunTasksQuery,
} from '../../contract/runs';
import { resultRows, type Database } from '../db/client';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { projects, runGroups, runs, runTasks, users } from '../db/schema';
import { escapeLike } from '../db/like';
import { equalityFilters, type ListOrder, readPage, selectSource } from '../lists/list-service';
import type { Page } from '../../contract/paging';

/** Nextflow task states folded into the five a progress bar shows. */
const PROGRESS_COLUMNS = sql`
  count(*) FILTER (WHERE ${runTasks.status} IN ('NEW', 'SUBMITTED'))::int AS pending,
  count(*) FILTER (WHERE ${runTasks.status} = 'RUNNING')::int AS running,
  count(*) FILTER (WHERE ${runTasks.status} = 'COMPLETED')::int AS succeeded,
  count(*) FILTER (WHERE ${runTasks.status} IN ('FAILED', 'ABORTED'))::int AS failed,
  count(*) FILTER (WHERE ${runTasks.status} = 'CACHED')::int AS cached`;

type Counts = { pending: number; running: number; succeeded: number; failed: number; cached: number };

export function progressOf(counts: Counts | undefined): RunProgress {
  const c = counts ?? { pending: 0, running: 0, succeeded: 0, failed: 0, cached: 0 };
  return { total: c.pending + c.running + c.succeeded + c.failed + c.cached, done: c.succeeded + c.cached, running: c.running, failed: c.failed };
}

export async function progressByRun(db: Database, runIds: number[]): Promise<Map<number, RunProgress>> {
  if (runIds.length === 0) return new Map();
  const result = await db.execute(sql`SELECT ${runTasks.runId} AS run_id, ${PROGRESS_COLUMNS} FROM ${runTasks} WHERE ${inArray(runTasks.runId, runIds)} GROUP BY ${runTasks.runId}`);
  return new Map(resultRows<Counts & { run_id: number }>(result).map((row) => [Number(row.run_id), progressOf(row)]));
}

/**
 * A run's processes, in the order their first task came, with each one's progress: as a column of
 * the run's own row, so that both come from one snapshot. Read in two statements, a run that
 * ended between them could show SUCCEEDED with its last tasks missing (PostgreSQL runs the two on
 * different connections; CI met it).
 */
const processesColumn = sql<Array<ProcessProgress & { first_task: number }>>`(
  SELECT coalesce(json_agg(p ORDER BY p.first_task), '[]'::json) FROM (
    SELECT ${runTasks.process} AS process, ${PROGRESS_COLUMNS}, min(${runTasks.taskId}) AS first_task
    FROM ${runTasks} WHERE ${runTasks.runId} = ${runs.id} GROUP BY ${runTasks.process}
  ) p
)`;

/** The name of the run this one resumes or relaunches, for the run's page. */
const relatedNameColumn = sql<string | null>`(SELECT r.name FROM ${runs} r WHERE r.id = ${runs.relatedRunId})`;

const summaryColumns = {
  id: runs.id,
  name: runs.name,
  pipelineId: runs.pipelineId,
  revision: runs.revision,
  engine: runs.engine,
  status: runs.status,
  statusReason: runs.statusReason,
  labels: runs.labels,
  groupId: runs.groupId,
  groupName: runGroups.name,
  projectId: runs.projectId,
  projectName: projects.name,
  experimentId: runs.experimentId,
  launchedById: runs.launchedById,
  launchedByName: users.name,
  launchedByEmail: users.email,
  submittedAt: runs.submittedAt,
  startedAt: runs.startedAt,
  completedAt: runs.completedAt,
  outputsRegisteredAt: runs.outputsRegisteredAt,
  relatedRunId: runs.relatedRunId,
  relation: runs.relation,
};

function summaries(db: Database) {
  return summariesWith(db, {});
}

/** Runs as the list shows them, with `extra` columns of the run beside. */
function summariesWith<Extra extends Record<string, AnyPgColumn | SQL.Aliased>>(db: Database, extra: Extra) {
  return db
    .select({ ...summaryColumns, ...extra })
    .from(runs)
    .leftJoin(runGroups, eq(runGroups.id, runs.groupId))
    .leftJoin(projects, eq(projects.id, runs.projectId))
    .leftJoin(users, eq(users.id, runs.launchedById));
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaries>['execute']>>[number];

function present(row: SummaryRow, progress: RunProgress | undefined): RunSummary {
  const { launchedById, launchedByName, launchedByEmail, outputsRegisteredAt, ...rest } = row;
  return {
    ...rest,
    launchedBy: launchedById ? { id: launchedById, name: launchedByName ?? '', email: launchedByEmail ?? '' } : null,
    submittedAt: row.submittedAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    outputsRegistered: outputsRegisteredAt !== null,
    progress: progress ?? progressOf(undefined),
  };
}

/** The list's filters as one condition (shared by the list and the counts). */
function runFilters(query: RunCountQuery, userId: number): SQL | undefined {
  return and(
    ...[
      query.status ? eq(runs.status, query.status) : undefined,
      query.pipelineId ? eq(runs.pipelineId, query.pipelineId) : undefined,
      query.groupId ? eq(runs.groupId, query.groupId) : undefined,
      query.projectId ? eq(runs.projectId, query.projectId) : undefined,
      query.experimentId ? eq(runs.experimentId, query.experimentId) : undefined,
      query.mine ? eq(runs.launchedById, userId) : undefined,
      query.label ? sql`${query.label} = ANY(${runs.labels})` : undefined,
      query.after ? gte(runs.submittedAt, new Date(query.after)) : undefined,
      query.before ? lt(runs.submittedAt, new Date(query.before)) : undefined,
      query.q ? or(ilike(runs.name, `%${escapeLike(query.q)}%`), ilike(runs.pipelineId, `%${escapeLike(query.q)}%`)) : undefined,
    ],
  );
}

/** How many runs match, by status: one GROUP BY. */
export async function countRunsByStatus(db: Database, query: RunCountQuery, userId: number): Promise<RunStatusCounts> {
  const rows = await db.select({ status: runs.status, value: count() }).from(runs).where(runFilters(query, userId)).groupBy(runs.status);
  const counted = new Map(rows.map((row) => [row.status, row.value]));
  return { total: rows.reduce((sum, row) => sum + row.value, 0), byStatus: RUN_STATUSES.map((status) => ({ status, count: counted.get(status) ?? 0 })) };
}

/** Runs submitted per day of the last `days` days (in `timeZone`), by status: one GROUP BY. */
export async function countRunsByDay(db: Database, query: RunDailyCountsQuery): Promise<RunDailyCounts> {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: query.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const days = Array.from({ length: query.days }, (_, back) => {
    const day = new Date(`${today}T00:00:00Z`);
    day.setUTCDate(day.getUTCDate() - (query.days - 1 - back));
    return day.toISOString().slice(0, 10);
  });
  const localDay = sql`to_char(${runs.submittedAt} AT TIME ZONE ${query.timeZone}, 'YYYY-MM-DD')`;
  // From the first day's start in the zone: a day-wide margin, then the exact day by the zone's date.
  const from = new Date(`${days[0]}T00:00:00Z`);
  from.setUTCDate(from.getUTCDate() - 1);
  const result = await db.execute(sql`SELECT ${localDay} AS day, ${runs.status} AS status, count(*)::int AS count FROM ${runs} WHERE ${runs.submittedAt} >= ${from.toISOString()} GROUP BY 1, 2`);
  const index = new Map(days.map((day, at) => [day, at]));
  const counts = new Map(RUN_STATUSES.map((status) => [status, days.map(() => 0)]));
  let total = 0;
  for (const row of resultRows<{ day: string; status: RunStatus; count: number }>(result)) {
    const at = index.get(row.day);
    if (at === undefined) continue;
    counts.get(row.status)![at] = Number(row.count);
    total += Number(row.count);
  }
  return { days, byStatus: RUN_STATUSES.map((status) => ({ status, counts: counts.get(status)! })), total };
}

export async function listRuns(db: Database, query: RunListQuery, userId: number): Promise<Page<RunSummary>> {
  const page = await readPage(
    query,
    { order: { columns: { submittedAt: runs.submittedAt, name: runs.name, status: runs.status, pipelineId: runs.pipelineId }, tieBreaker: runs.id }, filters: [runFilters(query, userId)] },
    selectSource(
      () => summaries(db),
      () => db.select({ value: count() }).from(runs),
    ),
  );
  const progress = await progressByRun(
    db,
    page.data.map((row) => row.id),
  );
  return { ...page, data: page.data.map((row) => present(row, progress.get(row.id))) };
}

/**
 * A run as its page shows it: the summary with its parameters, Nextflow's statistics and session,
 * and each process's progress, in one statement; the run's progress is the sum of its processes'.
 */
export async function findRunPage(db: Database, runId: number) {
  const [row] = await summariesWith(db, {
    params: runs.params,
    workflowStats: runs.workflowStats,
    sessionId: runs.sessionId,
    processes: processesColumn.as('processes'),
    relatedRunName: relatedNameColumn.as('related_run_name'),
  }).where(eq(runs.id, runId));
  if (!row) return null;
  const { params, workflowStats, sessionId, processes: processRows, relatedRunName, ...summary } = row;
  const processes: ProcessProgress[] = processRows.map(({ first_task, ...process }) => process);
  const counts = { pending: 0, running: 0, succeeded: 0, failed: 0, cached: 0 };
  for (const process of processes) for (const key of Object.keys(counts) as Array<keyof Counts>) counts[key] += process[key];
  return { summary: present(summary, progressOf(counts)), params, workflowStats, sessionId, processes, relatedRunName };
}

export async function findRunSummary(db: Database, runId: number) {
  const [row] = await findRunSummaries(db, [runId]);
  return row ?? null;
}

/**
 * The runs of `runIds` that exist, as the list shows them: two queries for any number, the runs
 * first. Their tasks are counted after, so a run read as ended shows every task it ended with
 * (read at once, the count could come from before its last tasks and the status from after its end).
 */
export async function findRunSummaries(db: Database, runIds: number[]): Promise<RunSummary[]> {
  if (runIds.length === 0) return [];
  const rows = await summaries(db).where(inArray(runs.id, runIds));
  const progress = await progressByRun(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => present(row, progress.get(row.id)));
}

const TASK_ORDER: ListOrder<RunTasksQuery['sort']> = {
  columns: {
    taskId: runTasks.taskId,
    name: runTasks.name,
    process: runTasks.process,
    status: runTasks.status,
    submit: runTasks.submit,
    duration: runTasks.duration,
    realtime: runTasks.realtime,
    cpuPercent: runTasks.cpuPercent,
    peakRss: runTasks.peakRss,
  },
  // Tasks without the value (still waiting) go last either way; the task id, in its own order, breaks ties.
  nullsLast: true,
  tieBreaker: runTasks.taskId,
  tieBreakerOrder: 'asc',
};

export async function listTasks(db: Database, runId: number, query: RunTasksQuery): Promise<Page<RunTask>> {
  const { runId: _runId, details: _details, ...listed } = getTableColumns(runTasks);
  return readPage(
    query,
    { order: TASK_ORDER, search: [runTasks.name, runTasks.process], filters: [eq(runTasks.runId, runId), ...equalityFilters({ status: runTasks.status, process: runTasks.process }, query)] },
    selectSource(
      () => db.select(listed).from(runTasks),
      () => db.select({ value: count() }).from(runTasks),
    ),
  );
}

/** One task with all Nextflow reported of it, or null. */
export async function findTask(db: Database, runId: number, taskId: number): Promise<RunTaskDetail | null> {
  const [row] = await db
    .select()
    .from(runTasks)
    .where(and(eq(runTasks.runId, runId), eq(runTasks.taskId, taskId)));
  if (!row) return null;
  const { runId: _runId, details, ...task } = row;
  return { ...task, details: details ?? {} };
}

/** The tasks' submit, start and complete, at most `max` of them (evenly sampled in submit order past that). */
export async function timelineOf(db: Database, runId: number, max: number): Promise<RunTimeline> {
  const result = await db.execute(sql`
    WITH timed AS (
      SELECT process, submit, start, complete, row_number() OVER (ORDER BY submit, task_id) - 1 AS position, count(*) OVER () AS total, min(task_id) OVER (PARTITION BY process) AS first_task
      FROM ${runTasks} WHERE ${runTasks.runId} = ${runId} AND ${runTasks.submit} IS NOT NULL
    )
    SELECT process, submit, start, complete, total, first_task FROM timed
    WHERE total <= ${max} OR position % ceil(total::float8 / ${max})::int = 0
    ORDER BY position`);
  const rows = resultRows<{ process: string; submit: string | number; start: string | number | null; complete: string | number | null; total: string | number; first_task: number }>(result);
  const processes = [...new Map([...rows].sort((a, b) => Number(a.first_task) - Number(b.first_task)).map((row) => [row.process, true])).keys()];
  const index = new Map(processes.map((process, at) => [process, at]));
  const total = rows.length > 0 ? Number(rows[0]!.total) : 0;
  const time = (value: string | number | null) => (value === null ? null : Number(value));
  return {
    total,
    sampled: total > rows.length,
    processes,
    tasks: rows.map((row) => [index.get(row.process)!, Number(row.submit), time(row.start), time(row.complete)]),
  };
}

const SPREAD_OF = (column: string) =>
  ['min', 'q1', 'median', 'q3', 'max', 'mean', 'n']
    .map((stat) => {
      const expression = {
        min: `min(${column})`,
        q1: `percentile_cont(0.25) WITHIN GROUP (ORDER BY ${column})`,
        median: `percentile_cont(0.5) WITHIN GROUP (ORDER BY ${column})`,
        q3: `percentile_cont(0.75) WITHIN GROUP (ORDER BY ${column})`,
        max: `max(${column})`,
        mean: `avg(${column})`,
        n: `count(${column})`,
      }[stat];
      return `${expression}::float8 AS ${column}_${stat}`;
    })
    .join(', ');
const SPREAD_COLUMNS = ['duration', 'realtime', 'cpu_percent', 'peak_rss'] as const;

/** Per process, the quartiles of its tasks' duration, realtime, %CPU and peak memory: one GROUP BY. */
export async function processMetricsOf(db: Database, runId: number): Promise<RunMetrics> {
  const result = await db.execute(
    sql.raw(`SELECT process, count(*)::int AS tasks, ${SPREAD_COLUMNS.map(SPREAD_OF).join(', ')} FROM run_tasks WHERE run_id = ${Number(runId)} GROUP BY process ORDER BY min(task_id)`),
  );
  const spread = (row: Record<string, unknown>, column: (typeof SPREAD_COLUMNS)[number]): Spread | null => {
    const n = Number(row[`${column}_n`]);
    if (!n) return null;
    const at = (stat: string) => Number(row[`${column}_${stat}`]);
    return { min: at('min'), q1: at('q1'), median: at('median'), q3: at('q3'), max: at('max'), mean: at('mean'), n };
  };
  return {
    processes: resultRows<Record<string, unknown>>(result).map((row) => ({
      process: String(row.process),
      tasks: Number(row.tasks),
      durationMs: spread(row, 'duration'),
      realtimeMs: spread(row, 'realtime'),
      cpuPercent: spread(row, 'cpu_percent'),
      peakRssBytes: spread(row, 'peak_rss'),
    })),
  };
}
