import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { RUN_STATUSES, type RunStatus } from '../../contract/run-codes';
import type { Database } from '../db/client';
import { runs } from '../db/schema';

/**
 * A run's life, decided here and written only from here: the run service (launch, exit, cancel,
 * recovery, silence) and the weblog (Nextflow's own reports) say what happened, and this module
 * says whether the run's status may move and writes it. A move the table refuses writes nothing.
 */

/**
 * Where each status may go next: SUBMITTED → RUNNING → SUCCEEDED | FAILED | CANCELLED, with
 * UNKNOWN while nobody can tell (a Nextflow run gone silent; its next event brings it back).
 * A run not yet running may still end: its process fails to start, it is cancelled in the queue,
 * or the first event that arrives is its end. An ended run goes nowhere: a late report only fills
 * in its record (weblog.ts), never its status.
 */
export const RUN_TRANSITIONS = {
  SUBMITTED: ['RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED', 'UNKNOWN'],
  RUNNING: ['SUCCEEDED', 'FAILED', 'CANCELLED', 'UNKNOWN'],
  UNKNOWN: ['RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED'],
  SUCCEEDED: [],
  FAILED: [],
  CANCELLED: [],
} as const satisfies Record<RunStatus, readonly RunStatus[]>;

export function mayMove(from: RunStatus, to: RunStatus): boolean {
  const next: readonly RunStatus[] = RUN_TRANSITIONS[from];
  return next.includes(to);
}

/** The statuses from which a run may move to `to`. */
const statusesBefore = (to: RunStatus): RunStatus[] => RUN_STATUSES.filter((from) => mayMove(from, to));

export const isEnded = (status: RunStatus) => RUN_TRANSITIONS[status].length === 0;

/** Runs still going: a process may report on them, and they can be cancelled. */
export const OPEN_RUN_STATUSES: readonly RunStatus[] = RUN_STATUSES.filter((status) => !isEnded(status));

/** SQL: the run is still open (for UPDATE … WHERE, so an ended run is never changed). */
export const runIsOpen = (): SQL => inArray(runs.status, [...OPEN_RUN_STATUSES]);
/** SQL: the run's status may move to `to`. */
const runMayBecome = (to: RunStatus): SQL => inArray(runs.status, statusesBefore(to));
/** SQL: `to` where the run may move there, else its status as it is (for a statement that also writes runs it may not move). */
const statusBecoming = (to: RunStatus): SQL => sql`CASE WHEN ${runMayBecome(to)} THEN ${to} ELSE ${runs.status} END`;

/** The columns a change of status writes with it. */
export type RunFields = Omit<PgUpdateSetSource<typeof runs>, 'status' | 'statusReason'>;
type RunRow = typeof runs.$inferSelect;

/**
 * Moves the runs `where` selects to `to`, saying why; only those whose status may become `to`
 * are written. Returns the runs as written.
 */
export async function moveRuns(db: Database, to: RunStatus, where: SQL | undefined, reason: string | SQL | null, fields: RunFields = {}): Promise<RunRow[]> {
  return db
    .update(runs)
    .set({ ...fields, status: to, statusReason: reason })
    .where(and(where, runMayBecome(to)))
    .returning();
}

/** Moves one run; the run as written, or undefined when the move was refused (or there is no such run). */
async function moveRun(db: Database, runId: number, to: RunStatus, reason: string | null, fields: RunFields = {}): Promise<RunRow | undefined> {
  const [moved] = await moveRuns(db, to, eq(runs.id, runId), reason, fields);
  return moved;
}

export const markFailed = (db: Database, runId: number, reason: string, fields?: RunFields) => moveRun(db, runId, 'FAILED', reason, fields);
export const markSucceeded = (db: Database, runId: number, reason: string | null, fields?: RunFields) => moveRun(db, runId, 'SUCCEEDED', reason, fields);
export const markCancelled = (db: Database, runId: number, reason: string, fields?: RunFields) => moveRun(db, runId, 'CANCELLED', reason, fields);

/**
 * A sign that the run is running (its `started` event, or any task event): a run not yet started,
 * or gone UNKNOWN, becomes RUNNING, and UNKNOWN's reason goes with it; a running one only takes
 * `fields`. False when the run has ended (nothing is written) or does not exist.
 */
export async function markStarted(db: Database, runId: number, fields: RunFields): Promise<boolean> {
  const updated = await db
    .update(runs)
    .set({
      ...fields,
      status: statusBecoming('RUNNING'),
      statusReason: sql`CASE WHEN ${runs.status} = 'UNKNOWN' THEN NULL ELSE ${runs.statusReason} END`,
    })
    .where(and(eq(runs.id, runId), runIsOpen()))
    .returning({ id: runs.id });
  return updated.length > 0;
}

/**
 * The end a run's workflow reports, in one statement since it races the process's exit: a run
 * that may still move to `outcome` does so; one that already ended keeps its status, and takes
 * the report only where `afterEndTakes` holds (its columns are then only filled in). `build`
 * writes each column from `mayEnd`, the SQL that tells the two apart. False when nothing was written.
 */
export async function markEndedByReport(db: Database, runId: number, outcome: 'SUCCEEDED' | 'FAILED', afterEndTakes: SQL, build: (mayEnd: SQL) => RunFields & { statusReason: SQL }): Promise<boolean> {
  const mayEnd = runMayBecome(outcome);
  const updated = await db
    .update(runs)
    .set({ ...build(mayEnd), status: statusBecoming(outcome) })
    .where(and(eq(runs.id, runId), sql`(${mayEnd} OR ${afterEndTakes})`))
    .returning({ id: runs.id });
  return updated.length > 0;
}

/**
 * A task's states in the order they advance; every other state (COMPLETED, FAILED, ABORTED,
 * CACHED) is an end and ranks after them. A task never moves to a lower rank.
 */
export const OPEN_TASK_STATUSES = ['NEW', 'SUBMITTED', 'RUNNING'] as const;
const ENDED_TASK_RANK = OPEN_TASK_STATUSES.length;

export function taskRank(status: string): number {
  const ordered: readonly string[] = OPEN_TASK_STATUSES;
  const rank = ordered.indexOf(status);
  return rank >= 0 ? rank : ENDED_TASK_RANK;
}
/** Raw SQL for `taskRank` of a column, for statements that must stay one (the batch merge). */
export const taskRankSql = (column: string) => `(CASE ${column} ${OPEN_TASK_STATUSES.map((status, rank) => `WHEN '${status}' THEN ${rank}`).join(' ')} ELSE ${ENDED_TASK_RANK} END)`;
/** Raw SQL: a task in this column has ended. */
export const taskEndedSql = (column: string) => `${taskRankSql(column)} >= ${ENDED_TASK_RANK}`;
