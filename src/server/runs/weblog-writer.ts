import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { RunStatus, WeblogEvent } from '../../contract/runs';
import { type Database, type DatabaseHandle, sqlText } from '../db/client';
import { runs, runTasks } from '../db/schema';
import { DomainError } from '../domain-errors';
import { isEnded, markStarted, OPEN_RUN_STATUSES, OPEN_TASK_STATUSES, taskEndedSql, taskRank, taskRankSql } from './lifecycle';
import { applyWorkflowEvent, endedRunRefusal, NO_EXIT, timestamp, WEBLOG_AFTER_END_MS } from './weblog';
import { openWeblogJournal, type WeblogJournal } from './weblog-journal';

/**
 * Group commit for weblog task events. A busy Nextflow run posts hundreds of task events a
 * second; each request's event joins the batch of the current moment, the batch is merged per
 * task (highest state wins, known fields kept) and written in one statement. With a journal
 * (weblog-journal.ts, as the server runs it) a request is answered once its event is on disk
 * there, and batches grow with the load; without one, once its batch is stored. Workflow events
 * (started, completed, error) are rare: written at once, after every task event taken before them.
 */

type TaskRow = typeof runTasks.$inferInsert;
/** A run's last event is noted at most this often (it only has to tell minutes of silence). */
const TOUCH_MS = 5000;
type Waiter = { resolve: () => void; reject: (error: unknown) => void };
/** One task event as the journal keeps it: what its batch needs to store it again after a restart. */
interface JournalLine {
  runId: number;
  at: string;
  sessionId: string;
  task: TaskRow;
}
/**
 * How long a journaled batch waits for more events before it is written (schedule()). Nobody waits
 * for it: the events are answered once journaled, and a read or a workflow event writes it at once
 * (settled()); only another instance, told by NOTIFY once it is stored, sees it later. So a batch
 * lingers LINGER_MS, and BUSY_LINGER_MS while events come in hundreds (the batch before held
 * BUSY_EVENTS or more): a statement's fixed cost on PGlite's thread is about a millisecond, and
 * at 25 ms a busy run's events paid 21 µs each there, at 100 ms 14 µs (issue #36).
 */
const LINGER_MS = 25;
const BUSY_LINGER_MS = 100;
const BUSY_EVENTS = 100;
/** A failed batch is tried again after this long, doubling up to RETRY_MAX_MS while the database stays away. */
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 10_000;

/** The database's own words for a failure (Drizzle wraps them in a message holding the whole statement). */
function reasonOf(error: unknown): string {
  let cause = error;
  while (cause instanceof Error && cause.cause instanceof Error) cause = cause.cause;
  return cause instanceof Error ? cause.message : String(cause);
}

const finite = (value: number | null | undefined) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
/** A task's times are epoch milliseconds; Nextflow sends 0 for "not yet". */
const moment = (value: number | null | undefined) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null);

/**
 * The trace fields kept for a task's detail besides its columns: what it ran and where, what it
 * asked for and what it read and wrote. (`env` is left out: it may hold secrets.)
 */
const DETAIL_FIELDS = [
  'tag',
  'module',
  'container',
  'native_id',
  'attempt',
  'queue',
  'cpus',
  'memory',
  'time',
  'disk',
  'error_action',
  'script',
  '%mem',
  'rss',
  'vmem',
  'peak_vmem',
  'rchar',
  'wchar',
  'read_bytes',
  'write_bytes',
];
/** A task's script is kept up to this many characters. */
const SCRIPT_MAX = 8000;

function detailsOf(trace: Record<string, unknown>): Record<string, unknown> | null {
  const details: Record<string, unknown> = {};
  for (const field of DETAIL_FIELDS) {
    const value = trace[field];
    if (value === null || value === undefined || value === '') continue;
    details[field] = field === 'script' && typeof value === 'string' && value.length > SCRIPT_MAX ? `${value.slice(0, SCRIPT_MAX)}\n… (cut at ${SCRIPT_MAX} characters)` : value;
  }
  return Object.keys(details).length > 0 ? details : null;
}

export function taskRowOf(runId: number, trace: NonNullable<WeblogEvent['trace']>): TaskRow {
  return {
    runId,
    taskId: trace.task_id,
    process: trace.process,
    name: trace.name,
    status: trace.status,
    hash: trace.hash ?? null,
    exit: trace.exit === NO_EXIT ? null : finite(trace.exit),
    submit: moment(trace.submit),
    start: moment(trace.start),
    complete: moment(trace.complete),
    duration: finite(trace.duration),
    realtime: finite(trace.realtime),
    cpuPercent: finite(trace['%cpu']),
    peakRss: finite(trace.peak_rss),
    workdir: trace.workdir ?? null,
    details: detailsOf(trace),
  };
}

/** Two reports of one task as one: the later state wins, and no known field is lost. */
export function mergeTask(a: TaskRow, b: TaskRow): TaskRow {
  const bNewer = taskRank(b.status) >= taskRank(a.status);
  const newer: Record<string, unknown> = bNewer ? b : a;
  const older = bNewer ? a : b;
  const merged: Record<string, unknown> = { ...older };
  // The row's own keys (taskRowOf's, the table's columns): a busy run merges most of its events.
  for (const { key } of TASK_COLUMNS) {
    const value = newer[key];
    if (value !== null && value !== undefined) merged[key] = value;
  }
  if (older.details && newer.details) merged.details = { ...older.details, ...newer.details };
  return merged as TaskRow;
}

const KEPT = ['hash', 'exit', 'submit', 'start', 'complete', 'duration', 'realtime', 'cpu_percent', 'peak_rss', 'workdir'];
/**
 * The later state wins, known fields are kept, and never backwards: a late "submitted" does not
 * undo "completed". Once the run has ended, a task that ended is not rewritten (a replay cannot
 * change its exit or times); one still open may be completed.
 */
const MERGE_TASK =
  `ON CONFLICT (run_id, task_id) DO UPDATE SET status = excluded.status, ${KEPT.map((column) => `${column} = coalesce(excluded.${column}, run_tasks.${column})`).join(', ')}, ` +
  "details = CASE WHEN excluded.details IS NULL THEN run_tasks.details ELSE coalesce(run_tasks.details, '{}'::jsonb) || excluded.details END " +
  `WHERE ${taskRankSql('excluded.status')} >= ${taskRankSql('run_tasks.status')} ` +
  `AND (NOT ${taskEndedSql('run_tasks.status')} OR EXISTS (SELECT 1 FROM runs WHERE runs.id = run_tasks.run_id AND runs.status IN (${OPEN_RUN_STATUSES.map((status) => `'${status}'`).join(', ')})))`;

/** run_tasks' columns as the table declares them: the batch's JSON records are keyed by their names. */
const TASK_COLUMNS = Object.entries(getTableColumns(runTasks)).map(([key, column]) => ({ key: key as keyof TaskRow, name: column.name, type: column.getSQLType() }));
const TASK_COLUMN_NAMES = TASK_COLUMNS.map((column) => column.name).join(', ');
/**
 * A batch is one upsert whose one parameter is the batch as JSON text, read back into rows by
 * jsonb_to_recordset. The profile of 16 clients posting events (issue #36) found the batch's
 * statement dominated by sending one array parameter per column: postgres.js serialised 16 arrays
 * (1.1 ms of client CPU for 16 events, against 0.26 ms for one JSON text), PGlite parsed them, and
 * Drizzle built the statement anew for every batch. Here the statement text never changes (so
 * PostgreSQL's driver keeps it prepared) and a batch costs one JSON.stringify.
 */
const UPSERT_TASKS_HEAD = `INSERT INTO run_tasks (${TASK_COLUMN_NAMES}) SELECT ${TASK_COLUMN_NAMES} FROM jsonb_to_recordset(`;
const UPSERT_TASKS_TAIL = `::text::jsonb) AS batch(${TASK_COLUMNS.map((column) => `${column.name} ${column.type}`).join(', ')}) ${MERGE_TASK}`;
const UPSERT_TASKS = { head: sql.raw(UPSERT_TASKS_HEAD), tail: sql.raw(UPSERT_TASKS_TAIL) };

/**
 * The upsert of task rows (each task once), one statement: on PGlite by `runStatement`, the batch
 * written into the statement (one call into the database instead of five: a third of a small
 * batch's CPU), on PostgreSQL as the prepared statement's one parameter.
 */
function upsertTasks(db: Database, rows: TaskRow[], runStatement: ((statement: string) => Promise<void>) | undefined) {
  const records = rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (const column of TASK_COLUMNS) record[column.name] = row[column.key] ?? null;
    return record;
  });
  const batch = JSON.stringify(records);
  if (runStatement) return runStatement(UPSERT_TASKS_HEAD + sqlText(batch) + UPSERT_TASKS_TAIL);
  return db.execute(sql`${UPSERT_TASKS.head}${batch}${UPSERT_TASKS.tail}`);
}

/** The columns a late task report may fill in (never overwrite) once the run has ended. */
const TASK_FIELDS = ['hash', 'exit', 'submit', 'start', 'complete', 'duration', 'realtime', 'cpuPercent', 'peakRss', 'workdir'] as const;

/** What the writer needs to know of a run to take or refuse its events. */
interface RunState {
  status: RunStatus;
  sessionId: string | null;
  /** When it ended (its completedAt), or null while open or until its end is recorded. */
  endedAt: number | null;
  /** When this was read: open runs are read again after STATE_TTL_MS. */
  readAt: number;
}
/** An open run's state is read again after this long (a busy run posts hundreds of events a second). */
const STATE_TTL_MS = 1000;

/**
 * `batchesInFlight`: how many batches may be written at once. One suits PGlite, which runs one
 * statement at a time anyway; PostgreSQL takes a few at once on its pool's connections, so a
 * batch does not wait for the round trip of the one before it (rows are written in key order,
 * so two batches that share a task lock it in the same order and cannot deadlock; the merge
 * never moves a task backwards, whichever batch commits first).
 */
export function createWeblogWriter(
  db: Database,
  options: {
    maxBatch?: number;
    batchesInFlight?: number;
    now?: () => number;
    runStatement?: ((statement: string) => Promise<void>) | undefined;
    journal?: WeblogJournal;
    /** Hears of what the journal could not store: a refused row, a database away. */
    warn?: (message: string) => void;
  } = {},
) {
  const maxBatch = options.maxBatch ?? (options.journal ? 5000 : 1000);
  const { journal } = options;
  const warn = options.warn ?? (() => {});
  const batchesInFlight = options.batchesInFlight ?? 1;
  const now = options.now ?? Date.now;
  // Ended runs are remembered for good (an end is final), open ones for STATE_TTL_MS.
  const states = new Map<number, RunState>();
  // Each task's merged row, with the requests waiting for it to be stored.
  let pending = new Map<string, { row: TaskRow; waiters: Waiter[] }>();
  let runStarts = new Map<number, { at: Date; sessionId: string }>();
  // When this instance last noted each run's latest event: at most every TOUCH_MS per run.
  const touched = new Map<number, number>();
  let scheduled = false;
  let inFlight = 0;
  // Task events are numbered as they are taken; every one up to `stored` is in the database.
  let taken = 0;
  let stored = 0;
  // Batches in the order they were taken: `stored` moves over those done, in order.
  const batches: Array<{ last: number; done: boolean }> = [];
  // Callers waiting for the events taken before them to be stored (settled()).
  let settledWaiters: Array<{ sequence: number } & Waiter> = [];
  let closing = false;
  let lingering: NodeJS.Timeout | undefined;
  // Whether the last batch held BUSY_EVENTS or more: the next one lingers longer.
  let busy = false;
  // While the database fails a batch: the error, and how to cut the wait before the next try short.
  let failing: unknown = null;
  let retryNow: (() => void) | null = null;

  /**
   * At most `batchesInFlight` batches at a time: what arrives meanwhile goes in the next, larger
   * batch. With a journal nobody waits for a batch unless settled() was asked, so it lingers
   * LINGER_MS for more events, BUSY_LINGER_MS under load (a batch's fixed cost is most of a small one's).
   */
  function schedule(): void {
    if (scheduled || inFlight >= batchesInFlight) return;
    scheduled = true;
    if (journal && settledWaiters.length === 0) lingering = setTimeout(() => void flush(), busy ? BUSY_LINGER_MS : LINGER_MS);
    else setImmediate(() => void flush());
  }

  async function flush(): Promise<void> {
    scheduled = false;
    clearTimeout(lingering);
    lingering = undefined;
    if (inFlight >= batchesInFlight || pending.size === 0) return;
    inFlight += 1;
    try {
      await write();
    } finally {
      inFlight -= 1;
      if (pending.size > 0) schedule();
    }
  }

  async function write(): Promise<void> {
    const entries = [...pending.values()].sort((a, b) => a.row.runId - b.row.runId || a.row.taskId - b.row.taskId);
    const starts = runStarts;
    pending = new Map();
    runStarts = new Map();
    busy = taken - (batches.at(-1)?.last ?? stored) >= BUSY_EVENTS;
    const batch = { last: taken, done: false };
    batches.push(batch);
    if (journal) {
      // Closing with the database away: the batch stays in the journal for the next start.
      if (!(await storeJournaled(entries, starts))) return;
    } else await storeAnswering(entries, starts);
    batch.done = true;
    while (batches[0]?.done) stored = batches.shift()!.last;
    journal?.storedThrough(stored);
    const waiting = settledWaiters;
    settledWaiters = waiting.filter((waiter) => waiter.sequence > stored);
    for (const waiter of waiting) if (waiter.sequence <= stored) waiter.resolve();
  }

  /** Without a journal each request waits for its row: a row that fails fails its requests only. */
  async function storeAnswering(entries: Array<{ row: TaskRow; waiters: Waiter[] }>, starts: Map<number, { at: Date; sessionId: string }>): Promise<void> {
    try {
      await upsertTasks(
        db,
        entries.map((entry) => entry.row),
        options.runStatement,
      );
    } catch (error) {
      rejectSettled(error);
      // One bad row must not cost the others: the batch is written again row by row, and only
      // the requests whose own row fails are refused.
      await writeOneByOne(entries);
      return markRunning(starts).catch(() => {});
    }
    try {
      await markRunning(starts);
      for (const entry of entries) for (const waiter of entry.waiters) waiter.resolve();
    } catch (error) {
      for (const entry of entries) for (const waiter of entry.waiters) waiter.reject(error);
    }
  }

  /**
   * With a journal the requests were answered: the batch is stored whatever it takes. A row the
   * database refuses while it takes the others is kept in the journal folder's refused.jsonl and
   * named in the log; while the database is away the batch is tried again, and events keep
   * arriving in the journal meanwhile.
   */
  async function storeJournaled(entries: Array<{ row: TaskRow; waiters: Waiter[] }>, starts: Map<number, { at: Date; sessionId: string }>): Promise<boolean> {
    const rows = entries.map((entry) => entry.row);
    for (let wait = RETRY_FIRST_MS; ; wait = Math.min(wait * 2, RETRY_MAX_MS)) {
      try {
        // At most maxBatch rows a statement: an outage or a stopped process's journal gathers many more.
        for (let from = 0; from < rows.length; from += maxBatch) await storeOrRefuse(rows.slice(from, from + maxBatch));
        await markRunning(starts);
        failing = null;
        return true;
      } catch (error) {
        failing = error;
        rejectSettled(error);
        if (closing) return false;
        warn(`The weblog could not store ${rows.length} task report${rows.length === 1 ? '' : 's'} (${reasonOf(error)}); they are kept in ${journal!.folder} and tried again in ${wait / 1000} s.`);
        // A caller of settled() (a workflow event) tries again at once.
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, wait).unref();
          retryNow = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        retryNow = null;
      }
    }
  }

  /**
   * Stores rows in one statement. When it fails and the database still answers, the rows go one
   * by one and a row that fails alone is refused (whatever the database's reason: a value out of
   * range, an index entry too large); when the database does not answer, it throws to be tried again.
   */
  async function storeOrRefuse(rows: TaskRow[]): Promise<void> {
    try {
      return await upsertTasks(db, rows, options.runStatement).then(() => {});
    } catch (error) {
      if (!(await databaseAnswers())) throw error;
    }
    for (const row of rows) {
      try {
        await upsertTasks(db, [row], options.runStatement);
      } catch (error) {
        if (!(await databaseAnswers())) throw error;
        refuse(row, error);
      }
    }
  }

  /** Whether the database answers a trivial statement, the way batches are sent. */
  const databaseAnswers = () =>
    (options.runStatement ? options.runStatement('SELECT 1') : db.execute(sql`SELECT 1`)).then(
      () => true,
      () => false,
    );

  function refuse(row: TaskRow, error: unknown): void {
    const reason = reasonOf(error);
    const file = journal!.keepRefused({ at: new Date().toISOString(), reason, task: row });
    warn(`The database refused the report of task ${row.taskId} of run ${row.runId} (${reason}); it is kept in ${file}.`);
  }

  /** The callers waiting for stored events hear that a batch failed (the writer itself goes on). */
  function rejectSettled(error: unknown): void {
    const waiting = settledWaiters;
    settledWaiters = [];
    for (const waiter of waiting) waiter.reject(error);
  }

  async function writeOneByOne(entries: Array<{ row: TaskRow; waiters: Waiter[] }>): Promise<void> {
    for (const entry of entries) {
      try {
        await upsertTasks(db, [entry.row], options.runStatement);
        for (const waiter of entry.waiters) waiter.resolve();
      } catch (error) {
        for (const waiter of entry.waiters) waiter.reject(error);
      }
    }
  }

  /**
   * A task event means the run is running, whatever order the workflow events arrive in, and is
   * the run's latest sign of life: a run gone UNKNOWN (silent too long) comes back to RUNNING.
   */
  async function markRunning(starts: Map<number, { at: Date; sessionId: string }>): Promise<void> {
    const now = Date.now();
    for (const [runId, start] of starts) {
      if (now - (touched.get(runId) ?? 0) < TOUCH_MS) continue;
      await markStarted(db, runId, {
        startedAt: sql`coalesce(${runs.startedAt}, ${timestamp(start.at)})`,
        sessionId: sql`coalesce(${runs.sessionId}, ${start.sessionId}::text)`,
        lastEventAt: new Date(now),
      });
      if (touched.size > 10_000) touched.clear();
      touched.set(runId, now);
    }
  }

  /** What is known of the run: from memory while fresh (no promise), else read again. */
  function stateOf(runId: number): RunState | Promise<RunState> {
    const known = states.get(runId);
    if (known && (known.endedAt !== null || now() - known.readAt < STATE_TTL_MS)) return known;
    return readState(runId);
  }

  async function readState(runId: number): Promise<RunState> {
    const [run] = await db.select({ status: runs.status, sessionId: runs.sessionId, completedAt: runs.completedAt, lastEventAt: runs.lastEventAt }).from(runs).where(eq(runs.id, runId));
    if (!run) throw new DomainError('not-found', `No run has id ${runId}.`);
    // The end as this server saw it: completedAt may be the workflow's own clock, and the last
    // event's arrival (which nothing after the end moves) is the server's.
    const endedAt = isEnded(run.status as RunStatus) && run.completedAt ? Math.max(run.completedAt.getTime(), run.lastEventAt?.getTime() ?? 0) : null;
    const state: RunState = { status: run.status as RunStatus, sessionId: run.sessionId, endedAt, readAt: now() };
    if (states.size > 10_000) states.clear();
    states.set(runId, state);
    return state;
  }

  /**
   * Refuses (403) the secret of a run that ended more than WEBLOG_AFTER_END_MS ago: checked
   * with the secret, before the body is read. Answers at once when the run's state is known.
   */
  function checkSecretInTime(runId: number): void | Promise<void> {
    const state = stateOf(runId);
    return state instanceof Promise ? state.then((known) => refuseAfterEnd(runId, known)) : refuseAfterEnd(runId, state);
  }

  function refuseAfterEnd(runId: number, { endedAt, status }: RunState): void {
    if (endedAt === null || now() - endedAt <= WEBLOG_AFTER_END_MS) return;
    throw new DomainError(
      'forbidden',
      `Run ${runId} ended (${status}) at ${new Date(endedAt).toISOString()}; its weblog secret stopped working ${WEBLOG_AFTER_END_MS / 60_000} minutes after that. To run the pipeline again, launch a new run.`,
    );
  }

  /**
   * Records one event; done once it is stored (with a journal: once its line is written, at the
   * end of the turn). The state of a run known in memory is used as it is, without a promise in
   * between (issue #36).
   */
  function ingest(runId: number, event: WeblogEvent): void | Promise<void> {
    const state = stateOf(runId);
    return state instanceof Promise ? state.then((known) => ingestKnowing(runId, known, event)) : ingestKnowing(runId, state, event);
  }

  function ingestKnowing(runId: number, state: RunState, event: WeblogEvent): void | Promise<void> {
    // A run that ended hears only its own session (the workflow events check this again as they write).
    if (isEnded(state.status) && state.sessionId && event.runId !== state.sessionId) throw endedRunRefusal(runId, state, event);
    if (!event.trace) return workflowEvent(runId, event);
    if (isEnded(state.status)) {
      if (event.event === 'error') throw endedRunRefusal(runId, state, event);
      return afterStored(() => completeTask(runId, event));
    }
    const task = queueTask(runId, event.trace, event);
    if (event.event !== 'error') return task;
    // An error event also fails the run, naming the task. Both writes are awaited together: if
    // the run's update failed first, the task's own failure would otherwise go unheard, an
    // unhandled rejection that ends the process.
    return Promise.all([task, workflowEvent(runId, event)]).then(() => {});
  }

  /**
   * A workflow event, written after the task events taken before it (a run's end counts its
   * tasks). It may end the run: what is known of the run is read again for the next event.
   */
  function workflowEvent(runId: number, event: WeblogEvent): Promise<void> {
    return afterStored(() => applyWorkflowEvent(db, runId, event).finally(() => states.delete(runId)));
  }

  /** Resolves once every task event taken so far is stored (at once when it is); rejects if a batch fails meanwhile. */
  function settled(): Promise<void> | null {
    if (stored >= taken) return null;
    if (lingering) void flush();
    retryNow?.();
    return new Promise((resolve, reject) => settledWaiters.push({ sequence: taken, resolve, reject }));
  }

  /**
   * What a read waits for: the task events answered before it. While the database fails them
   * nothing: the read shows what is stored (and meets the failure itself if the database is away).
   */
  const beforeRead = (): Promise<void> | null => (failing ? null : settled());

  const afterStored = <T>(work: () => Promise<T>): Promise<T> => settled()?.then(work) ?? work();

  /**
   * Stores what is taken and closes the journal. What the database does not take within
   * `timeoutMs` stays in the journal for the next start.
   */
  async function close(timeoutMs = 5000): Promise<void> {
    const everything = settled();
    if (everything) await Promise.race([everything.catch(() => {}), new Promise((resolve) => setTimeout(resolve, timeoutMs).unref())]);
    closing = true;
    await journal?.close({ keep: stored < taken });
  }

  /**
   * A task report after the run ended: it may complete a task that had not ended (filling what is
   * missing), never add a task or rewrite one that ended.
   */
  async function completeTask(runId: number, event: WeblogEvent): Promise<void> {
    const row = taskRowOf(runId, event.trace!);
    const fill = Object.fromEntries(TASK_FIELDS.map((field) => [field, sql`coalesce(${runTasks[field]}, ${row[field] ?? null})`]));
    const updated = await db
      .update(runTasks)
      .set({ ...fill, status: row.status, details: row.details ? sql`coalesce(${runTasks.details}, '{}'::jsonb) || ${JSON.stringify(row.details)}::jsonb` : sql`${runTasks.details}` })
      .where(
        and(eq(runTasks.runId, runId), eq(runTasks.taskId, row.taskId), inArray(runTasks.status, [...OPEN_TASK_STATUSES]), sql`${taskRank(row.status)} >= ${sql.raw(taskRankSql('run_tasks.status'))}`),
      )
      .returning({ taskId: runTasks.taskId });
    if (updated.length > 0) return;
    throw new DomainError(
      'conflict',
      `Run ${runId} has ended and takes no report of task ${row.taskId} (${row.name}): after its end a run takes only reports that complete a task still open, never a new task or one that ended. To run the pipeline again, launch a new run.`,
    );
  }

  /** With a journal the event is done once its line is written (at the end of the turn); without one, once its batch is stored. */
  function queueTask(runId: number, trace: NonNullable<WeblogEvent['trace']>, event: WeblogEvent): Promise<void> {
    const line: JournalLine = { runId, at: event.utcTime, sessionId: event.runId, task: taskRowOf(runId, trace) };
    const waiters = take(line);
    if (journal) return journal.append(taken, JSON.stringify(line)).catch((error: unknown) => Promise.reject(journalRefusal(error)));
    return new Promise<void>((resolve, reject) => waiters.push({ resolve, reject }));
  }

  /**
   * The 503 for an event the journal could not write: it is stored with its batch all the same,
   * but would be lost if Seedbed stopped first.
   */
  const journalRefusal = (error: unknown) =>
    new DomainError(
      'unavailable',
      `The weblog journal in ${journal!.folder} could not be written (${reasonOf(error)}): this event is kept in memory until it is stored, and would be lost if Seedbed stopped first. Free space on that disk.`,
    );

  /** Merges a task event into the next batch and numbers it (`taken`); answers the row's waiters (without a journal). */
  function take({ runId, at: utcTime, sessionId, task }: JournalLine): Waiter[] {
    const key = `${runId}:${task.taskId}`;
    const earlier = pending.get(key);
    const entry = earlier ? { row: mergeTask(earlier.row, task), waiters: earlier.waiters } : { row: task, waiters: [] };
    pending.set(key, entry);
    // The run's earliest event of the batch (a time that does not parse counts only when it is the first).
    const at = Date.parse(utcTime);
    const start = runStarts.get(runId);
    if (!start || at < start.at.getTime()) runStarts.set(runId, { at: Number.isNaN(at) ? new Date() : new Date(at), sessionId });
    taken += 1;
    if (pending.size >= maxBatch && inFlight < batchesInFlight) void flush();
    else schedule();
    return entry.waiters;
  }

  // What stopped processes acknowledged and had not stored goes in first; their journals go once it is stored.
  for (const leftOver of journal?.takeLeftOvers() ?? []) {
    for (const line of leftOver.lines) {
      try {
        take(JSON.parse(line) as JournalLine);
      } catch {
        warn(`A line of a stopped process's weblog journal could not be read and is skipped: ${line.slice(0, 200)}`);
      }
    }
    leftOver.lines.length = 0;
    const through = taken;
    const forget = () => (stored >= through ? leftOver.forget() : void settled()?.then(forget, () => setTimeout(forget, RETRY_FIRST_MS).unref()));
    forget();
  }

  return { ingest, checkSecretInTime, settled, beforeRead, close };
}

export type WeblogWriter = ReturnType<typeof createWeblogWriter>;

/**
 * The writer the server runs: journaled, and on PostgreSQL a few batches at once on its pool;
 * PGlite runs one statement at a time, each sent whole.
 */
export function weblogWriterFor(database: Pick<DatabaseHandle, 'db' | 'kind' | 'runStatement'>, journalRoot: string, warn: (message: string) => void): WeblogWriter {
  return createWeblogWriter(database.db, { batchesInFlight: database.kind === 'postgres' ? 4 : 1, runStatement: database.runStatement, journal: openWeblogJournal(journalRoot, warn), warn });
}
