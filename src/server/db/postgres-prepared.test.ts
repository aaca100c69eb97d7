import { eq, sql } from 'drizzle-orm';
import type postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../testing/test-database';
import { openDatabase, resultRows } from './client';
import { MAX_PREPARED_TEXTS, preparingStatements } from './postgres-prepared';
import { users } from './schema';

/** A stand-in for postgres.js's client that notes the options each statement was sent with. */
function recordingClient(sent: Array<{ query: string; options: unknown }>): postgres.Sql {
  const client = {
    options: { parsers: {} },
    unsafe: (...args: unknown[]) => {
      const [query, , options] = args as [string, unknown, unknown];
      // As postgres.js reads it: two arguments, the second not a list, are a query and its options.
      sent.push({ query, options: args.length === 2 && !Array.isArray(args[1]) ? { twoArguments: args[1] } : options });
      return Promise.resolve([]);
    },
    begin: (work: (inner: postgres.Sql) => unknown) => work(client as unknown as postgres.Sql),
    savepoint: (_name: string, work: (inner: postgres.Sql) => unknown) => work(client as unknown as postgres.Sql),
  };
  return client as unknown as postgres.Sql;
}

describe('preparingStatements', () => {
  it('prepares statements with parameters, in transactions and savepoints too, and leaves the others as asked', async () => {
    const sent: Array<{ query: string; options: unknown }> = [];
    const target = recordingClient(sent);
    const client = preparingStatements(target);
    await client.unsafe('select $1', [1], { prepare: false });
    await client.unsafe('select 1', [], { prepare: false });
    await client.unsafe('select 2');
    await client.begin((inner) => inner.unsafe('select $1 from a transaction', [2]));
    await client.begin((inner) =>
      (inner as unknown as { savepoint: (name: string, work: (sql: postgres.Sql) => unknown) => unknown }).savepoint('nested', (nested) => nested.unsafe('select $1 from a savepoint', [3])),
    );
    expect(sent).toEqual([
      { query: 'select $1', options: { prepare: true } },
      { query: 'select 1', options: { prepare: false } },
      { query: 'select 2', options: undefined },
      { query: 'select $1 from a transaction', options: { prepare: true } },
      { query: 'select $1 from a savepoint', options: { prepare: true } },
    ]);
    // drizzle sets its parsers on the client's options: they must be the client's own.
    expect(client.options).toBe(target.options);
  });

  it('prepares at most MAX_PREPARED_TEXTS texts, the ones it prepared still, and passes other calls on as they were made', async () => {
    const sent: Array<{ query: string; options: unknown }> = [];
    const client = preparingStatements(recordingClient(sent));
    // A list of ids of a new length makes a new text: past the bound, new texts go unprepared.
    for (let length = 1; length <= MAX_PREPARED_TEXTS + 20; length += 1)
      await client.unsafe(
        `select * from files where id in (${Array.from({ length }, (_, index) => `$${index + 1}`).join(', ')})`,
        Array.from({ length }, (_, index) => index),
      );
    const prepared = sent.filter((statement) => (statement.options as { prepare?: boolean } | undefined)?.prepare === true);
    expect(prepared).toHaveLength(MAX_PREPARED_TEXTS);
    expect(sent.at(-1)?.options).toBeUndefined();
    await client.unsafe('select * from files where id in ($1)', [7]);
    expect(sent.at(-1)?.options).toEqual({ prepare: true });
    // postgres.js's unsafe(query, options) form keeps its two arguments.
    await client.unsafe('select 3', { prepare: false } as never);
    expect(sent.at(-1)).toEqual({ query: 'select 3', options: { twoArguments: { prepare: false } } });
    // A property that is not a function, or is absent, is the client's own.
    expect((client as unknown as { reserve?: unknown }).reserve).toBeUndefined();
  });

  it.skipIf(!process.env.DATABASE_URL)('on PostgreSQL, keeps drizzle’s statements with parameters prepared on the connection, and no others', async () => {
    const database = await openTestDatabase();
    try {
      const kept = await database.db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.email, 'nobody@example.org'));
        await tx.execute(sql.raw('select 41 + 1 as answer'));
        const nested = await tx.transaction(async (inner) => {
          await inner.select({ name: users.name }).from(users).where(eq(users.id, 7));
          return true;
        });
        expect(nested).toBe(true);
        return resultRows<{ statement: string }>(await tx.execute(sql.raw('select statement from pg_prepared_statements where not from_sql'))).map((row) => row.statement);
      });
      expect(kept.some((statement) => statement.includes('"email" = $1'))).toBe(true);
      expect(kept.some((statement) => statement.includes('"id" = $1'))).toBe(true);
      expect(kept.some((statement) => statement.includes('41 + 1'))).toBe(false);
    } finally {
      await database.close();
    }
  });

  it.skipIf(!process.env.DATABASE_URL)('prepares nothing when DATABASE_URL says prepare=false (a PgBouncer that cannot keep them)', async () => {
    const database = await openTestDatabase();
    const url = new URL(database.url!);
    url.searchParams.set('prepare', 'false');
    const unprepared = await openDatabase({ url: url.toString() });
    try {
      const kept = await unprepared.db.transaction(async (tx) => {
        const found = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'nobody@example.org'));
        expect(found).toEqual([]);
        return resultRows<{ statement: string }>(await tx.execute(sql.raw('select statement from pg_prepared_statements'))).length;
      });
      expect(kept).toBe(0);
    } finally {
      await unprepared.close();
      await database.close();
    }
  });
});
