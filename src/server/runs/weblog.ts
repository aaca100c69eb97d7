import { hash } from 'node:crypto';
import { sameBytes } from '../auth/same-bytes';
import { eq, sql } from 'drizzle-orm';
import type { WeblogEvent } from '../../contract/runs';
import type { Database } from '../db/client';
import { runs } from '../db/schema';
import { DomainError } from '../domain-errors';
import { markEndedByReport, markFailed, markStarted } from './lifecycle';

/**
 * Nextflow's weblog (`weblog.url`, as `-with-weblog` sets it) posts one JSON event per workflow or
 * task change. Events may come twice and out of order, so every write is a merge that never moves
 * backwards: a run that ended stays ended (here), and a task only advances NEW → SUBMITTED →
 * RUNNING → a final state (weblog-writer.ts).
 *
 * A run that ended takes only what completes its record: a late `completed` of its own session
 * fills what is missing (reason, stats, times) without overwriting, and task reports complete
 * tasks that had not ended; `started`, `error` and anything of another session are refused (409).
 * Its secret stops working WEBLOG_AFTER_END_MS after the end (403).
 */

/**
 * How long a run's secret still works after the run ended. Nextflow's last events follow its end
 * within seconds (a late `completed`, the tasks it was stopping); ten minutes leaves room for a
 * slow network and still closes the door on replays of an old run's events.
 */
export const WEBLOG_AFTER_END_MS = 10 * 60_000;

const toDate = (utcTime: string | null | undefined) => {
  const date = utcTime ? new Date(utcTime) : new Date();
  return Number.isNaN(date.getTime()) ? new Date() : date;
};
/** A time as a SQL value (postgres.js does not serialise Date inside raw SQL). */
export const timestamp = (date: Date) => sql`${date.toISOString()}::timestamptz`;
/** Nextflow reports Integer.MAX_VALUE as the exit status of a task that has not ended. */
export const NO_EXIT = 2147483647;
/**
 * Nextflow's usual failure sends `error` without a trace, then `completed` with the reason in
 * `errorMessage`: this placeholder stands until then, and only it is replaced.
 */
export const REPORTED_AN_ERROR = 'The workflow reported an error.';
/**
 * The reason an `error` event with a trace gives, and the LIKE pattern that finds it again (they
 * change together): Nextflow's own words in the `completed` that follows (the task's error, a
 * command's output) are added after it, since a trace says which task failed but never why.
 */
const taskFailedReason = (trace: { name: string; exit?: number | null | undefined }) =>
  `Task ${trace.name} failed${trace.exit != null && trace.exit !== NO_EXIT ? ` with exit status ${trace.exit}` : ''}.`;
const TASK_FAILED_LIKE = 'Task % failed%';

/** Nextflow's own words for a failure: errorMessage, with errorReport when it says more. */
function failureReason(workflow: { errorMessage?: string | null; errorReport?: string | null } | undefined): string | null {
  const message = workflow?.errorMessage?.trim() || null;
  const report = workflow?.errorReport?.trim() || null;
  if (!report) return message;
  return !message || report.includes(message) ? report : `${message}\n${report}`;
}

/** The engine's version and the pipeline's commit as Nextflow's `started` event reports them (lineage), when it does. */
function reportedVersions(workflow: Record<string, unknown> | undefined): { engineVersion?: string; commitId?: string } {
  const nextflow = workflow?.nextflow as { version?: unknown } | undefined;
  const version = typeof nextflow?.version === 'string' ? nextflow.version : null;
  const commit = typeof workflow?.commitId === 'string' ? workflow.commitId : null;
  return { ...(version ? { engineVersion: `Nextflow ${version}` } : {}), ...(commit ? { commitId: commit } : {}) };
}

/**
 * The workflow part of an event: `started`, `error` and `completed` move the run's status.
 * (Task traces are merged by the weblog writer, in batches.)
 */
export async function applyWorkflowEvent(db: Database, runId: number, event: WeblogEvent): Promise<void> {
  const at = toDate(event.utcTime);
  const workflow = event.metadata?.workflow;
  const stats = workflow?.stats ? JSON.stringify(workflow.stats) : null;

  if (event.event === 'error' && event.trace) {
    // Nextflow's onFlowError: the trace names the task whose failure ends the workflow.
    const failed = await markFailed(db, runId, taskFailedReason(event.trace), {
      lastEventAt: new Date(),
      startedAt: sql`coalesce(${runs.startedAt}, ${timestamp(at)})`,
      sessionId: sql`coalesce(${runs.sessionId}, ${event.runId}::text)`,
    });
    if (!failed) throw await refusalAfterEnd(db, runId, event);
    return;
  }

  switch (event.event) {
    case 'started': {
      const taken = await markStarted(db, runId, {
        lastEventAt: new Date(),
        // The workflow's own start time wins over the time a task event first said it ran.
        startedAt: workflow?.start ? toDate(workflow.start) : sql`coalesce(${runs.startedAt}, ${timestamp(at)})`,
        sessionId: sql`coalesce(${runs.sessionId}, ${event.runId})`,
        ...reportedVersions(workflow),
      });
      if (!taken) throw await refusalAfterEnd(db, runId, event);
      return;
    }
    case 'error':
    case 'completed': {
      const succeeded = event.event === 'completed' && workflow?.success === true;
      const outcome = succeeded ? 'SUCCEEDED' : 'FAILED';
      const reported = failureReason(workflow);
      const reason = succeeded ? null : (reported ?? (event.event === 'error' ? REPORTED_AN_ERROR : 'The workflow did not succeed.'));
      const start = workflow?.start ? timestamp(toDate(workflow.start)) : null;
      // A completion time is never in the future: it also starts the secret's last minutes.
      const complete = timestamp(new Date(Math.min((workflow?.complete ? toDate(workflow.complete) : at).getTime(), Date.now())));
      // After the end only a `completed` of the run's own session is taken, and it only fills in.
      const completesRecord = event.event === 'completed' ? sql`(${runs.sessionId} IS NULL OR ${runs.sessionId} = ${event.runId}::text)` : sql`false`;
      const taken = await markEndedByReport(db, runId, outcome, completesRecord, (open) => ({
        statusReason: sql`CASE WHEN ${open} THEN ${reason}::text WHEN ${runs.statusReason} = ${REPORTED_AN_ERROR} AND ${reported}::text IS NOT NULL THEN ${reported}::text WHEN ${runs.status} = 'FAILED' AND ${runs.statusReason} LIKE ${TASK_FAILED_LIKE} AND ${reported}::text IS NOT NULL AND strpos(${runs.statusReason}, ${reported}::text) = 0 THEN ${runs.statusReason} || E'\n' || ${reported}::text WHEN ${runs.status} = 'FAILED' THEN coalesce(${runs.statusReason}, ${reason}::text) ELSE ${runs.statusReason} END`,
        startedAt: start ? sql`CASE WHEN ${open} THEN ${start} ELSE coalesce(${runs.startedAt}, ${start}) END` : sql`coalesce(${runs.startedAt}, ${timestamp(at)})`,
        completedAt: event.event === 'completed' ? sql`coalesce(${runs.completedAt}, ${complete})` : sql`${runs.completedAt}`,
        // When the end arrived, by this server's clock; a late completed does not move it (nor the secret's last minutes).
        lastEventAt: sql`CASE WHEN ${open} THEN ${timestamp(new Date())} ELSE ${runs.lastEventAt} END`,
        workflowStats: sql`CASE WHEN ${open} THEN coalesce(${stats}::jsonb, ${runs.workflowStats}) ELSE coalesce(${runs.workflowStats}, ${stats}::jsonb) END`,
        sessionId: sql`coalesce(${runs.sessionId}, ${event.runId})`,
      }));
      if (!taken) throw await refusalAfterEnd(db, runId, event);
      return;
    }
    default:
      return;
  }
}

/** Why an event was not taken: the run is gone, or it ended and the event would rewrite it. */
async function refusalAfterEnd(db: Database, runId: number, event: WeblogEvent): Promise<DomainError> {
  const [run] = await db.select({ status: runs.status, sessionId: runs.sessionId }).from(runs).where(eq(runs.id, runId));
  if (!run) return new DomainError('not-found', `No run has id ${runId}.`);
  return endedRunRefusal(runId, run, event);
}

/** The 409 for an event that would rewrite a run that ended. */
export function endedRunRefusal(runId: number, run: { status: string; sessionId: string | null }, event: Pick<WeblogEvent, 'event' | 'runId'>): DomainError {
  const what = run.sessionId && event.runId !== run.sessionId ? `event of another Nextflow session (${event.runId}, not ${run.sessionId})` : `${event.event} event`;
  return new DomainError(
    'conflict',
    `Run ${runId} has ended (${run.status}) and takes no ${what}: after its end a run takes only its own session's late completed event and task reports that complete its record. To run the pipeline again, launch a new run.`,
  );
}

export const hashSecret = (secret: string) => hash('sha256', secret);

/** A run's weblog secret as the server checks it: its stored hash's bytes (the column's hex, decoded once), and the secret once it matched. */
export interface WeblogSecret {
  hash: Uint8Array;
  matched?: Buffer;
}

/**
 * Constant-time check of a weblog secret. The first one to match the stored hash is kept, and
 * the run's later events are compared with it byte for byte: a tenth of the cost of a SHA-256,
 * which a busy run paid on every event (issue #36). Two secrets that differ cannot both match.
 */
export function secretMatches(secret: string, stored: WeblogSecret): boolean {
  const given = Buffer.from(secret);
  if (stored.matched) return sameBytes(given, stored.matched);
  if (!sameBytes(hash('sha256', given, 'buffer'), stored.hash)) return false;
  stored.matched = given;
  return true;
}
