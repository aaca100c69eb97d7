import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { WeblogEvent } from '../../contract/runs';
import type { Database } from '../db/client';
import { runs } from '../db/schema';
import { runIsOpen, runNotStarted } from './lifecycle';

/**
 * Nextflow's weblog (`-with-weblog <url>`) posts one JSON event per workflow or task change.
 * Events may come twice and out of order, so every write is a merge that never moves backwards:
 * a run that ended stays ended (here), and a task only advances NEW → SUBMITTED → RUNNING → a
 * final state (weblog-writer.ts).
 */

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

/** Nextflow's own words for a failure: errorMessage, with errorReport when it says more. */
function failureReason(workflow: { errorMessage?: string | null; errorReport?: string | null } | undefined): string | null {
  const message = workflow?.errorMessage?.trim() || null;
  const report = workflow?.errorReport?.trim() || null;
  if (!report) return message;
  return !message || report.includes(message) ? report : `${message}\n${report}`;
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
    const { trace } = event;
    const reason = `Task ${trace.name} failed${trace.exit != null && trace.exit !== NO_EXIT ? ` with exit status ${trace.exit}` : ''}.`;
    await db
      .update(runs)
      .set({ status: 'FAILED', statusReason: reason, startedAt: sql`coalesce(${runs.startedAt}, ${timestamp(at)})`, sessionId: sql`coalesce(${runs.sessionId}, ${event.runId}::text)` })
      .where(and(eq(runs.id, runId), runIsOpen()));
    return;
  }

  switch (event.event) {
    case 'started':
      await db
        .update(runs)
        .set({
          status: sql`CASE WHEN ${runNotStarted()} THEN 'RUNNING' ELSE ${runs.status} END`,
          statusReason: sql`CASE WHEN ${runs.status} = 'UNKNOWN' THEN NULL ELSE ${runs.statusReason} END`,
          lastEventAt: new Date(),
          // The workflow's own start time wins over the time a task event first said it ran.
          startedAt: workflow?.start ? toDate(workflow.start) : sql`coalesce(${runs.startedAt}, ${timestamp(at)})`,
          sessionId: sql`coalesce(${runs.sessionId}, ${event.runId})`,
        })
        .where(eq(runs.id, runId));
      return;
    case 'error':
    case 'completed': {
      const succeeded = event.event === 'completed' && workflow?.success === true;
      const outcome = succeeded ? 'SUCCEEDED' : 'FAILED';
      const reported = failureReason(workflow);
      const reason = succeeded ? null : (reported ?? (event.event === 'error' ? REPORTED_AN_ERROR : 'The workflow did not succeed.'));
      const open = runIsOpen();
      await db
        .update(runs)
        .set({
          status: sql`CASE WHEN ${open} THEN ${outcome} ELSE ${runs.status} END`,
          statusReason: sql`CASE WHEN ${open} THEN ${reason}::text WHEN ${runs.statusReason} = ${REPORTED_AN_ERROR} AND ${reported}::text IS NOT NULL THEN ${reported}::text ELSE coalesce(${runs.statusReason}, ${reason}::text) END`,
          startedAt: workflow?.start ? toDate(workflow.start) : sql`coalesce(${runs.startedAt}, ${timestamp(at)})`,
          completedAt: event.event === 'completed' ? sql`coalesce(${runs.completedAt}, ${timestamp(workflow?.complete ? toDate(workflow.complete) : at)})` : sql`${runs.completedAt}`,
          workflowStats: sql`coalesce(${stats}::jsonb, ${runs.workflowStats})`,
          sessionId: sql`coalesce(${runs.sessionId}, ${event.runId})`,
        })
        .where(eq(runs.id, runId));
      return;
    }
    default:
      return;
  }
}

export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** Constant-time check of a weblog secret against the stored hash. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const given = Buffer.from(hashSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
