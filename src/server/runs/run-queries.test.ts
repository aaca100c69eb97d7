import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import type { RunProgress } from '../../contract/runs';
import { runTasks } from '../db/schema';
import { openTestDatabase } from '../testing/test-database';
import { insertRun } from '../testing/test-runs';
import { waitFor } from '../testing/wait-for';
import { findRunPage, findRunSummary } from './run-queries';

type Database = Awaited<ReturnType<typeof openTestDatabase>>['db'];

/**
 * Ends a run of three tasks while `read` reads it: the run's last two tasks and its end, as the
 * weblog writes them (tasks first), in a transaction holding a lock that stops any statement
 * joining projects (as a run's summary does) until it commits. It commits once `read`'s
 * statement waits for the lock and nothing else of it is still going.
 */
async function endWhileReading<T>(read: (db: Database, runId: number) => Promise<T>): Promise<T> {
  const database = await openTestDatabase();
  // Two connections: one for the transaction, one to watch it (a transaction sees pg_stat_activity as it first read it).
  const other = postgres(database.url!, { max: 2, onnotice: () => {} });
  try {
    const run = await insertRun(database.db, { name: 'ends_while_read', status: 'RUNNING' });
    const task = (taskId: number, process: string) => ({ runId: run.id, taskId, process, name: process, status: 'COMPLETED' });
    await database.db.insert(runTasks).values([task(1, 'READ_VCF'), task(2, 'FILTER_SITES'), task(3, 'SAMPLE_CALL_RATE')]);
    const ending = other.begin(async (tx) => {
      await tx.unsafe('LOCK TABLE projects IN ACCESS EXCLUSIVE MODE');
      const holder = (await tx.unsafe<Array<{ pid: number }>>('SELECT pg_backend_pid() AS pid'))[0]!.pid;
      await tx.unsafe(`INSERT INTO run_tasks (run_id, task_id, process, name, status) VALUES ($1, 4, 'LD_PRUNE', 'LD_PRUNE', 'COMPLETED'), ($1, 5, 'WRITE_VCF', 'WRITE_VCF', 'COMPLETED')`, [run.id]);
      await tx.unsafe(`UPDATE runs SET status = 'SUCCEEDED', completed_at = now() WHERE id = $1`, [run.id]);
      const reading = read(database.db, run.id);
      const activity = () =>
        other.unsafe<Array<{ waiting: number; active: number }>>(
          `SELECT count(*) FILTER (WHERE wait_event_type = 'Lock')::int AS waiting, count(*) FILTER (WHERE wait_event_type IS DISTINCT FROM 'Lock')::int AS active
           FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND pid NOT IN (pg_backend_pid(), $1)`,
          [holder],
        );
      await waitFor(activity, ([row]) => row!.waiting === 1 && row!.active === 0);
      // Not the promise itself: the transaction would wait for the read, which waits for it.
      return { reading };
    });
    return await (await ending).reading;
  } finally {
    await other.end();
    await database.close();
  }
}

const ENDED: Partial<RunProgress> = { total: 5, done: 5 };

// PGlite runs one statement at a time, so only PostgreSQL's pool can read a run in the middle of its end.
describe.skipIf(!process.env.DATABASE_URL)('a run read while it ends never shows it ended with its last tasks missing', () => {
  it('on its page: status, processes and progress', async () => {
    const page = await endWhileReading(findRunPage);
    expect(page!.summary.status).toBe('SUCCEEDED');
    expect(page!.processes.map((process) => process.process)).toEqual(['READ_VCF', 'FILTER_SITES', 'SAMPLE_CALL_RATE', 'LD_PRUNE', 'WRITE_VCF']);
    expect(page!.summary.progress).toMatchObject(ENDED);
  });

  it('in its summary (the list’s row, the live updates)', async () => {
    const summary = await endWhileReading(findRunSummary);
    expect(summary!.status).toBe('SUCCEEDED');
    expect(summary!.progress).toMatchObject(ENDED);
  });
});
