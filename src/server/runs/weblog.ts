import { createHash, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { WeblogEvent } from '../../contract/runs';
import type { Database } from '../db/client';
import { runs } from '../db/schema';

/**
 * Nextflow's weblog (`-with-weblog <url>`) posts one JSON event per workflow or task change.
 * Events may come twice (retries) and out of order (Nextflow posts them from a thread pool), so
 * every write here is a merge that never moves a task or a run backwards:
 * a task only advances NEW → SUBMITTED → RUNNING → a final state, and a run that ended stays ended.
 */

const TASK_RANK_SQL = (column: string) =>
  `(CASE ${column} WHEN 'NEW' THEN 0 WHEN 'SUBMITTED' THEN 1 WHEN 'RUNNING' THEN 2 ELSE 3 END)`;

const toDate = (utcTime: string | null | undefined) => {
  const date = utcTime ? new Date(utcTime) : new Date();
  return Number.isNaN(date.getTime()) ? new Date() : date;
};
const orNull = <T>(value: T | null | undefined) => (value === undefined || value === null || (typeof value === 'number' && !Number.isFinite(value)) ? null : value);
/** A time as a SQL value (postgres.js does not serialise Date inside raw SQL). */
const timestamp = (date: Date) => sql`${date.toISOString()}::timestamptz`;
/** Nextflow reports Integer.MAX_VALUE as the exit status of a task that has not ended. */
const NO_EXIT = 2147483647;

/** Merges one event into the run and its tasks: one statement per event. */
export async function ingestWeblogEvent(db: Database, runId: number, event: WeblogEvent): Promise<void> {
  const at = toDate(event.utcTime);
  const workflow = event.metadata?.workflow;
  const stats = workflow?.stats ? JSON.stringify(workflow.stats) : null;

  if (event.trace) {
    const trace = event.trace;
    // The task merge and "the run is running" in one round trip.
    await db.execute(sql`
      WITH task AS (
        INSERT INTO run_tasks AS t (run_id, task_id, process, name, status, hash, exit, submit, start, complete, duration, realtime, cpu_percent, peak_rss, workdir)
        VALUES (${runId}, ${trace.task_id}, ${trace.process}, ${trace.name}, ${trace.status}, ${orNull(trace.hash)}, ${trace.exit === NO_EXIT ? null : orNull(trace.exit)},
                ${orNull(trace.submit)}, ${orNull(trace.start)}, ${orNull(trace.complete)}, ${orNull(trace.duration)}, ${orNull(trace.realtime)},
                ${orNull(trace['%cpu'])}, ${orNull(trace.peak_rss)}, ${orNull(trace.workdir)})
        ON CONFLICT (run_id, task_id) DO UPDATE SET
          status = excluded.status,
          hash = coalesce(excluded.hash, t.hash),
          exit = coalesce(excluded.exit, t.exit),
          submit = coalesce(excluded.submit, t.submit),
          start = coalesce(excluded.start, t.start),
          complete = coalesce(excluded.complete, t.complete),
          duration = coalesce(excluded.duration, t.duration),
          realtime = coalesce(excluded.realtime, t.realtime),
          cpu_percent = coalesce(excluded.cpu_percent, t.cpu_percent),
          peak_rss = coalesce(excluded.peak_rss, t.peak_rss),
          workdir = coalesce(excluded.workdir, t.workdir)
        WHERE ${sql.raw(TASK_RANK_SQL('excluded.status'))} >= ${sql.raw(TASK_RANK_SQL('t.status'))}
      )
      UPDATE runs SET
        status = CASE WHEN ${event.event}::text = 'error' THEN 'FAILED' ELSE 'RUNNING' END,
        status_reason = CASE WHEN ${event.event}::text = 'error' THEN ${`Task ${trace.name} failed${trace.exit != null && trace.exit !== NO_EXIT ? ` with exit status ${trace.exit}` : ''}.`}::text ELSE status_reason END,
        started_at = coalesce(started_at, ${timestamp(at)}),
        session_id = coalesce(session_id, ${event.runId}::text)
      WHERE id = ${runId} AND (status IN ('SUBMITTED', 'UNKNOWN') OR (${event.event}::text = 'error' AND status = 'RUNNING'))`);
    return;
  }

  switch (event.event) {
    case 'started':
      await db
        .update(runs)
        .set({
          status: sql`CASE WHEN ${runs.status} IN ('SUBMITTED', 'UNKNOWN') THEN 'RUNNING' ELSE ${runs.status} END`,
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
      const reason = succeeded ? null : (workflow?.errorMessage ?? (event.event === 'error' ? 'The workflow reported an error.' : 'The workflow did not succeed.'));
      const open = sql`${runs.status} IN ('SUBMITTED', 'RUNNING', 'UNKNOWN')`;
      await db
        .update(runs)
        .set({
          status: sql`CASE WHEN ${open} THEN ${outcome} ELSE ${runs.status} END`,
          statusReason: sql`CASE WHEN ${open} THEN ${reason}::text ELSE coalesce(${runs.statusReason}, ${reason}::text) END`,
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
