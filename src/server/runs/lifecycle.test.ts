import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUN_STATUSES, type RunStatus, TASK_STATUSES, TERMINAL_RUN_STATUSES } from '../../contract/run-codes';
import { type Database, resultRows } from '../db/client';
import { runs } from '../db/schema';
import { openTestDatabase } from '../testing/test-database';
import { isEnded, markCancelled, markFailed, markStarted, markSucceeded, mayMove, moveRuns, taskRank, taskRankSql } from './lifecycle';

/** Every move a run may make, written out by hand: the table in lifecycle.ts must say exactly this. */
const ALLOWED: Array<[RunStatus, RunStatus]> = [
  ['SUBMITTED', 'RUNNING'],
  ['SUBMITTED', 'SUCCEEDED'],
  ['SUBMITTED', 'FAILED'],
  ['SUBMITTED', 'CANCELLED'],
  ['SUBMITTED', 'UNKNOWN'],
  ['RUNNING', 'SUCCEEDED'],
  ['RUNNING', 'FAILED'],
  ['RUNNING', 'CANCELLED'],
  ['RUNNING', 'UNKNOWN'],
  ['UNKNOWN', 'RUNNING'],
  ['UNKNOWN', 'SUCCEEDED'],
  ['UNKNOWN', 'FAILED'],
  ['UNKNOWN', 'CANCELLED'],
];
const allowed = (from: RunStatus, to: RunStatus) => ALLOWED.some(([a, b]) => a === from && b === to);
const EVERY_PAIR = RUN_STATUSES.flatMap((from) => RUN_STATUSES.map((to): [RunStatus, RunStatus] => [from, to]));
const REFUSED = EVERY_PAIR.filter(([from, to]) => !allowed(from, to));

/** The run service's three ways to end a run, by the status each writes. */
const END_AS = {
  FAILED: (db: Database, id: number) => markFailed(db, id, 'It broke.', { completedAt: new Date() }),
  SUCCEEDED: (db: Database, id: number) => markSucceeded(db, id, null, { completedAt: new Date() }),
  CANCELLED: (db: Database, id: number) => markCancelled(db, id, 'Cancelled by a test.', { completedAt: new Date() }),
};
const ENDING_MOVES = RUN_STATUSES.flatMap((from) => (['FAILED', 'SUCCEEDED', 'CANCELLED'] as const).map((to) => [from, to] as const));

describe('the transition table', () => {
  it.each(ALLOWED)('%s may move to %s', (from, to) => {
    expect(mayMove(from, to)).toBe(true);
  });

  it.each(REFUSED)('%s may not move to %s', (from, to) => {
    expect(mayMove(from, to)).toBe(false);
  });

  it('the statuses that go nowhere are the ended ones the console shows', () => {
    expect(RUN_STATUSES.filter(isEnded)).toEqual([...TERMINAL_RUN_STATUSES]);
  });
});

describe('writing a move', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  async function aRun(status: RunStatus, statusReason: string | null = null) {
    const [run] = await database.db
      .insert(runs)
      .values({ name: `lifecycle_${status.toLowerCase()}`, pipelineId: 'nf-processvcfs', revision: '3.0.1', engine: 'nextflow', params: {}, weblogSecretHash: 'x', status, statusReason })
      .returning();
    return run!;
  }
  const read = async (id: number) => (await database.db.select().from(runs).where(eq(runs.id, id)))[0]!;

  it.each(ENDING_MOVES)('%s → %s is written only if the table allows it', async (from, to) => {
    const run = await aRun(from, 'As it was.');
    const written = await END_AS[to](database.db, run.id);
    const after = await read(run.id);
    if (allowed(from, to)) {
      expect(written?.status).toBe(to);
      expect(after.status).toBe(to);
      expect(after.completedAt).not.toBeNull();
    } else {
      // Refused: nothing at all is written, not the reason nor the end time.
      expect(written).toBeUndefined();
      expect(after).toEqual(run);
    }
  });

  it('a sign of life starts a submitted run, brings an UNKNOWN one back without its reason, keeps a running one, and is refused by an ended one', async () => {
    const submitted = await aRun('SUBMITTED');
    const unknown = await aRun('UNKNOWN', 'No event from Nextflow for more than 10 minutes.');
    const running = await aRun('RUNNING', 'Still going.');
    const succeeded = await aRun('SUCCEEDED');
    const heardAt = new Date();
    const start = (id: number) => markStarted(database.db, id, { lastEventAt: heardAt, sessionId: sql`coalesce(${runs.sessionId}, 'session-1')` });

    expect(await Promise.all([submitted, unknown, running, succeeded].map((run) => start(run.id)))).toEqual([true, true, true, false]);
    expect(await read(submitted.id)).toMatchObject({ status: 'RUNNING', lastEventAt: heardAt, sessionId: 'session-1' });
    expect(await read(unknown.id)).toMatchObject({ status: 'RUNNING', statusReason: null });
    expect(await read(running.id)).toMatchObject({ status: 'RUNNING', statusReason: 'Still going.', lastEventAt: heardAt });
    expect(await read(succeeded.id)).toEqual(succeeded);
  });

  it('a move of many runs writes only those the table lets move', async () => {
    const running = await aRun('RUNNING');
    const submitted = await aRun('SUBMITTED');
    const unknown = await aRun('UNKNOWN', 'Silent before.');
    const failed = await aRun('FAILED', 'It broke.');
    const ids = [running, submitted, unknown, failed].map((run) => run.id);

    const moved = await moveRuns(database.db, 'UNKNOWN', sql`${runs.id} IN (${sql.join(ids, sql`, `)})`, 'Silent.');
    expect(moved.map((run) => run.id).sort()).toEqual([running.id, submitted.id].sort());
    expect(await read(unknown.id)).toEqual(unknown);
    expect(await read(failed.id)).toEqual(failed);
  });

  it("a task's rank in SQL is its rank in TypeScript, and only ends rank after RUNNING", async () => {
    const ranks = await Promise.all(
      TASK_STATUSES.map(async (status) => {
        const [row] = resultRows<{ rank: number }>(await database.db.execute(sql`SELECT ${sql.raw(taskRankSql(`'${status}'`))} AS rank`));
        return [status, Number(row!.rank)];
      }),
    );
    expect(Object.fromEntries(ranks)).toEqual(Object.fromEntries(TASK_STATUSES.map((status) => [status, taskRank(status)])));
    expect(TASK_STATUSES.filter((status) => taskRank(status) > taskRank('RUNNING'))).toEqual(['COMPLETED', 'FAILED', 'ABORTED', 'CACHED']);
    expect(['NEW', 'SUBMITTED', 'RUNNING'].map(taskRank)).toEqual([0, 1, 2]);
  });
});
