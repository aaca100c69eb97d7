import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlState, UNIQUE_VIOLATION } from './errors';
import { ThreadedPGlite } from './pglite-on-thread';

const SCHEMA = `
  CREATE TABLE samples (id serial PRIMARY KEY, name text UNIQUE NOT NULL, reads bigint, score double precision, taken timestamptz, day date,
    tags text[], meta jsonb, raw bytea, ok boolean);
  INSERT INTO samples (name, reads, score, taken, day, tags, meta, raw, ok) VALUES
    ('a', 9007199254740993, 0.25, '2024-05-06 07:08:09.123+00', '2024-05-06', '{x,"y z"}', '{"depth": [1, 2]}', '\\x00ff', true),
    ('b', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);`;

// drizzle's parsers: dates and intervals kept as PostgreSQL wrote them.
const keepText = { [types.TIMESTAMPTZ]: (text: string) => text, [types.DATE]: (text: string) => text };

let threaded: ThreadedPGlite;
let inProcess: PGlite;
beforeAll(async () => {
  [threaded, inProcess] = await Promise.all([ThreadedPGlite.open(undefined), PGlite.create()]);
  await threaded.exec(SCHEMA);
  await inProcess.exec(SCHEMA);
});
afterAll(async () => {
  await threaded.close();
  await inProcess.close();
});

describe('the embedded database on its own thread', () => {
  it('answers every statement as PGlite in this process does, the first time and on the prepared statement after', async () => {
    const statements: Array<[string, unknown[], Parameters<PGlite['query']>[2]]> = [
      ['SELECT * FROM samples ORDER BY id', [], undefined],
      ['SELECT * FROM samples WHERE name = $1', ['a'], { rowMode: 'array', parsers: keepText }],
      ['SELECT name, taken, day FROM samples WHERE id = ANY($1::int[]) ORDER BY id', [[1, 2]], { parsers: keepText }],
      ['SELECT $1::jsonb AS doc, $2::bytea AS bytes, $3::timestamptz AS at', [{ a: [1, null] }, new Uint8Array([1, 2]), new Date('2025-01-02T03:04:05Z')], undefined],
      ['UPDATE samples SET score = score + $1 WHERE ok', [1], undefined],
      ['WITH counted AS (SELECT count(*) AS n FROM samples) SELECT n FROM counted', [], undefined],
    ];
    for (const [sql, params, options] of statements) {
      for (let time = 0; time < 3; time += 1) {
        const [ours, theirs] = await Promise.all([threaded.query(sql, params, options), inProcess.query(sql, params, options)]);
        expect({ rows: ours.rows, fields: ours.fields, affectedRows: ours.affectedRows }).toEqual({ rows: theirs.rows, fields: theirs.fields, affectedRows: theirs.affectedRows });
      }
    }
  });

  it('keeps working past the number of prepared statements it keeps, the oldest closed', async () => {
    for (let index = 0; index < 520; index += 1) expect((await threaded.query<{ n: number }>(`SELECT $1::int + ${index} AS n`, [1])).rows).toEqual([{ n: index + 1 }]);
    expect((await threaded.query<{ n: number }>('SELECT $1::int + 0 AS n', [5])).rows).toEqual([{ n: 5 }]);
  });

  it('prepares a statement again after the schema under it changed', async () => {
    await threaded.exec('CREATE TABLE shifting (a int); INSERT INTO shifting VALUES (1)');
    expect((await threaded.query('SELECT * FROM shifting WHERE a = $1', [1])).rows).toEqual([{ a: 1 }]);
    await threaded.query('ALTER TABLE shifting ADD COLUMN b text DEFAULT $$x$$');
    expect((await threaded.query('SELECT * FROM shifting WHERE a = $1', [1])).rows).toEqual([{ a: 1, b: 'x' }]);
    // Changed by a statement that did not come through `query`: the stale plan is met, and prepared again.
    await threaded.exec('ALTER TABLE shifting ADD COLUMN c int DEFAULT 3');
    expect((await threaded.query('SELECT * FROM shifting WHERE a = $1', [1])).rows).toEqual([{ a: 1, b: 'x', c: 3 }]);
  });

  it('forgets prepared statements after a schema change or a DEALLOCATE sent as plain text, inside a transaction too', async () => {
    await threaded.exec('CREATE TABLE widening (a int); INSERT INTO widening VALUES (1)');
    expect((await threaded.query('SELECT * FROM widening')).rows).toEqual([{ a: 1 }]);
    const widened = await threaded.transaction(async (tx) => {
      await tx.exec('ALTER TABLE widening ADD COLUMN b int DEFAULT 2');
      return (await tx.query('SELECT * FROM widening')).rows;
    });
    expect(widened).toEqual([{ a: 1, b: 2 }]);
    await threaded.exec('DEALLOCATE ALL');
    expect((await threaded.query('SELECT * FROM widening')).rows).toEqual([{ a: 1, b: 2 }]);
  });

  it('commits a transaction that succeeds, rolls back one that throws, and serves others only after it', async () => {
    await threaded.query('CREATE TABLE moves (n int)');
    const order: string[] = [];
    let outside: Promise<number> | undefined;
    await threaded.transaction(async (tx) => {
      await tx.query('INSERT INTO moves VALUES ($1)', [1]);
      // Outside the transaction: waits for its end, so it sees both rows committed.
      outside = threaded.query<{ count: number }>('SELECT count(*)::int AS count FROM moves').then((result) => {
        order.push('outside');
        return result.rows[0]!.count;
      });
      await tx.query('INSERT INTO moves VALUES ($1)', [2]);
      order.push('inside');
    });
    await expect(outside).resolves.toBe(2);
    await expect(
      threaded.transaction(async (tx) => {
        await tx.query('INSERT INTO moves VALUES ($1)', [3]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await threaded.query('SELECT n FROM moves ORDER BY n')).rows).toEqual([{ n: 1 }, { n: 2 }]);
    expect(order).toEqual(['inside', 'outside']);
  });

  it('gives a database error its SQLSTATE, detail and constraint, inside a transaction too', async () => {
    const duplicate = await threaded.query('INSERT INTO samples (name) VALUES ($1)', ['a']).catch((error: unknown) => error);
    expect(sqlState(duplicate)).toBe(UNIQUE_VIOLATION);
    expect(duplicate).toMatchObject({ constraint: 'samples_name_key', detail: 'Key (name)=(a) already exists.' });
    const inTransaction = await threaded.transaction((tx) => tx.query('INSERT INTO samples (name) VALUES ($1)', ['a'])).catch((error: unknown) => error);
    expect(sqlState(inTransaction)).toBe(UNIQUE_VIOLATION);
    expect((await threaded.query<{ n: number }>('SELECT count(*)::int AS n FROM samples')).rows).toEqual([{ n: 2 }]);
  });

  it('hears NOTIFY on a channel it listens to', async () => {
    let hear: (payload: string) => void = () => {};
    const heard = new Promise<string>((resolve) => {
      hear = resolve;
    });
    await threaded.listen('seedbed_thread_test', (payload) => hear(payload));
    await threaded.query("SELECT pg_notify('seedbed_thread_test', $1)", ['hello']);
    await expect(heard).resolves.toBe('hello');
  });

  it('asks again to listen on a channel whose first LISTEN failed', async () => {
    await expect(threaded.listen('not a channel', () => {})).rejects.toThrow(/syntax error/);
    await expect(threaded.listen('not a channel', () => {})).rejects.toThrow(/syntax error/);
  });

  it('refuses a parser that would change the text, or an option it cannot carry, instead of leaving it out', async () => {
    await expect(threaded.query('SELECT 1 AS n', [], { parsers: { [types.INT4]: (text: string) => Number(text) * 2 } })).rejects.toThrow(/a parser that changes type 23's text/);
    await expect(threaded.query('SELECT 1 AS n', [], { blob: new Blob(['x']) } as never)).rejects.toThrow(/the query option blob cannot go/);
  });

  it('keeps a process alive while it waits for an answer, and not once it is idle or a value was refused', async () => {
    // A script that awaits a query with nothing else to keep it alive, then has a value that cannot
    // be copied to the thread refused, and leaves the database open: it must still end by itself.
    const script = `
      const { ThreadedPGlite } = await import(${JSON.stringify(path.resolve(import.meta.dirname, 'pglite-on-thread.ts'))});
      const db = await ThreadedPGlite.open(undefined);
      console.log((await db.query('SELECT 41 + 1 AS n')).rows[0].n);
      console.log(await db.query('SELECT $1::text AS t', [{ toString: () => 'x' }]).catch((error) => error.message));`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { timeout: 60_000 });
    const [answer, refusal] = stdout.trim().split('\n');
    expect(answer).toBe('42');
    expect(refusal).toMatch(/cannot go to the embedded database's thread .*pass text, numbers, dates/);
  });
});
