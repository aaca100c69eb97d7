// The embedded databases of this process on a thread of their own (pglite-on-thread.ts starts it
// once and speaks for it). Plain JavaScript, started as it is: no loader or transpiler stands
// between it and Node. One thread for every database the process opens: a thread ended after each
// one frees PGlite's compiled WebAssembly with its isolate, which V8 (Node 24) sometimes aborts on
// ("Check failed: jit_page_->allocations_.erase(addr) == 1", nodejs/node#64500).
import { readFile } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import { PGlite, parse, protocol } from '@electric-sql/pglite';

/**
 * Each open database by its id: PGlite, its prepared statements by their text, the statements found
 * stale (closed with the next one prepared), and its open transactions by the id of their `begin`
 * (each holds PGlite until its `end` arrives).
 */
const databases = new Map();
// Parsers that keep a type's text as it is (drizzle's, for dates and intervals), by their type list.
const keepText = new Map();

/**
 * Prepared statements by their text, as postgres.js keeps them for PostgreSQL: PGlite's own query
 * parses, plans and describes every statement again in six calls into the database; a statement
 * seen before is bound and run in one, on the plan PostgreSQL keeps for it. Statements that change
 * the schema are not kept (migrations run once). Past `MAX_STATEMENTS`, the oldest is closed.
 */
const MAX_STATEMENTS = 500;
let nextStatement = 0;
const KEPT = /^\s*(select|insert|update|delete|with)\b/i;

const joined = (...parts) => {
  const all = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
};

/** The statement prepared for `sql`, prepared now if it is new. */
async function preparedFor({ pg, statements, orphans }, sql) {
  const known = statements.get(sql);
  if (known) {
    // Most recently used last, so that the first is the one to close.
    statements.delete(sql);
    statements.set(sql, known);
    return known;
  }
  const name = `seedbed_${nextStatement++}`;
  const closing = orphans.splice(0).map((orphan) => protocol.serialize.close({ type: 'S', name: orphan }));
  if (statements.size >= MAX_STATEMENTS) {
    const [oldest, statement] = statements.entries().next().value;
    statements.delete(oldest);
    closing.push(protocol.serialize.close({ type: 'S', name: statement.name }));
  }
  const { messages } = await pg.execProtocol(joined(...closing, protocol.serialize.parse({ name, text: sql }), protocol.serialize.describe({ type: 'S', name }), protocol.serialize.sync()), {
    syncToFs: false,
  });
  const statement = { name, types: parse.parseDescribeStatementResults(messages) };
  statements.set(sql, statement);
  return statement;
}

/** One statement on a prepared statement: bound, described, run and synced in one call. */
async function runPrepared(database, sql, params, options, inTransaction) {
  const { pg } = database;
  // As PGlite's own query: nothing runs once the database is closing.
  await pg._checkReady();
  const statement = await preparedFor(database, sql);
  const values = params.map((value, index) => {
    if (value === null || value === undefined) return null;
    const serialize = pg.serializers[statement.types[index]];
    return serialize ? serialize(value) : value.toString();
  });
  const { messages } = await pg.execProtocol(
    joined(protocol.serialize.bind({ statement: statement.name, values }), protocol.serialize.describe({ type: 'P' }), protocol.serialize.execute({}), protocol.serialize.sync()),
    { syncToFs: false },
  );
  if (!inTransaction) await pg.syncToFs();
  return parse.parseResults(messages, pg.parsers, options)[0];
}

// Statements that neither read nor write rows and leave the schema as it is.
const SESSION_ONLY = /^\s*(begin|start|commit|end|rollback|savepoint|release|set|show|listen|unlisten|notify)\b/i;

/** Runs `work` alone on the database: inside the caller's transaction, or as a transaction of its own would. */
const exclusive = ({ pg }, inTransaction, work) => (inTransaction ? pg.runExclusive(work) : pg._runExclusiveTransaction(() => pg.runExclusive(work)));

/** Forgets every prepared statement, here and in the database. */
const forgetStatements = (database, inTransaction) =>
  exclusive(database, inTransaction, async () => {
    database.statements.clear();
    await database.pg.execProtocol(protocol.serialize.query('DEALLOCATE ALL'), { syncToFs: false });
  });

/**
 * A prepared statement the database no longer runs as it was prepared: its plan would change its
 * result's columns after the schema changed ("cached plan must not change result type"), or it
 * was deallocated by a statement that did not come through here.
 */
const isStale = (error) => (error?.code === '0A000' && error.routine === 'RevalidateCachedQuery') || error?.code === '26000';

/** Forgets one statement found stale; it is closed in the database with the next one prepared. */
function forgetStale({ statements, orphans }, sql) {
  const statement = statements.get(sql);
  if (!statement) return;
  statements.delete(sql);
  orphans.push(statement.name);
}

/**
 * A statement by its prepared statement when it is one to keep, by PGlite's query otherwise. A
 * statement that may change the schema (a migration, a test's ALTER) forgets the prepared ones,
 * whose plans and result columns it may change. One found stale all the same (the schema changed
 * while it waited) is prepared again: at once outside a transaction, from the next statement on
 * inside one, which the error has ended.
 */
async function query(database, message) {
  const options = optionsOf(message.options);
  const params = message.params ?? [];
  const inTransaction = message.tx !== undefined;
  if (!KEPT.test(message.sql)) {
    const result = await clientOf(database, message).query(message.sql, params, options);
    if (!SESSION_ONLY.test(message.sql)) await forgetStatements(database, inTransaction);
    return result;
  }
  clientOf(database, message);
  try {
    return await exclusive(database, inTransaction, () => runPrepared(database, message.sql, params, options, inTransaction));
  } catch (error) {
    if (!isStale(error)) throw error;
    forgetStale(database, message.sql);
    if (inTransaction) throw error;
    return exclusive(database, false, () => runPrepared(database, message.sql, params, options, false));
  }
}

/** Statements as one text, by PGlite's exec (the simple protocol); one that may change the schema forgets the prepared ones. */
async function exec(database, message) {
  const results = await clientOf(database, message).exec(message.sql);
  if (!KEPT.test(message.sql) && !SESSION_ONLY.test(message.sql)) await forgetStatements(database, message.tx !== undefined);
  return results;
}

const answer = (id, result) => parentPort.postMessage({ id, result });

/** A database error's fields (SQLSTATE, detail, constraint…) as data: an Error's own fields do not cross threads. */
function failure(id, error, query) {
  const fields = query === undefined ? {} : { query };
  if (error && typeof error === 'object') for (const [key, value] of Object.entries(error)) if (['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  parentPort.postMessage({ id, error: { ...fields, name: error?.name ?? 'Error', message: error?.message ?? String(error) } });
}

function optionsOf(options) {
  if (!options) return undefined;
  const { rowMode, textTypes } = options;
  if (!textTypes) return { rowMode };
  const key = textTypes.join(',');
  if (!keepText.has(key)) keepText.set(key, Object.fromEntries(textTypes.map((type) => [type, (text) => text])));
  return { rowMode, parsers: keepText.get(key) };
}

/** The client a statement runs on: its transaction's, or PGlite itself. */
function clientOf({ pg, transactions }, message) {
  if (message.tx === undefined) return pg;
  const transaction = transactions.get(message.tx);
  if (!transaction) throw new Error('This transaction has already ended.');
  return transaction.tx;
}

function begin({ pg, transactions }, id) {
  let begun = false;
  pg.transaction(
    (tx) =>
      new Promise((commit, rollBack) => {
        begun = true;
        transactions.set(id, { tx, commit, rollBack, endId: null });
        answer(id, null);
      }),
  ).then(
    () => {
      const endId = transactions.get(id)?.endId;
      transactions.delete(id);
      answer(endId, null);
    },
    (error) => {
      const transaction = transactions.get(id);
      transactions.delete(id);
      if (!begun) failure(id, error);
      // Rolled back as asked: the caller's own error is what it throws.
      else if (transaction?.rolledBack) answer(transaction.endId, null);
      else failure(transaction?.endId, error);
    },
  );
}

function end({ transactions }, message) {
  const transaction = transactions.get(message.tx);
  if (!transaction) return failure(message.id, new Error('This transaction has already ended.'));
  transaction.endId = message.id;
  if (message.commit) transaction.commit();
  else {
    transaction.rolledBack = true;
    transaction.rollBack(new Error('rolled back'));
  }
}

// Templates' archives by their path, read once: every database opened from one starts as its copy.
const templates = new Map();

const templateOf = (file) => {
  if (!templates.has(file))
    templates.set(
      file,
      readFile(file).then((bytes) => new Blob([bytes])),
    );
  return templates.get(file);
};

/** Opens a database (`dataDir` absent: in memory, empty or a copy of `template`) and answers once it is ready. */
async function open(message) {
  const pg = new PGlite({ dataDir: message.dataDir, ...(message.template ? { loadDataDir: await templateOf(message.template) } : {}) });
  databases.set(message.db, { pg, statements: new Map(), orphans: [], transactions: new Map() });
  try {
    await pg.waitReady;
  } catch (error) {
    databases.delete(message.db);
    throw error;
  }
}

async function close(message) {
  const database = databases.get(message.db);
  if (!database) return;
  await database.pg.close();
  databases.delete(message.db);
}

function databaseOf(message) {
  const database = databases.get(message.db);
  if (!database) throw new Error('PGlite is closed');
  return database;
}

parentPort.on('message', async (message) => {
  try {
    switch (message.op) {
      case 'open':
        await open(message);
        return answer(message.id, null);
      case 'query':
        return answer(message.id, await query(databaseOf(message), message));
      case 'exec':
        return answer(message.id, await exec(databaseOf(message), message));
      case 'begin':
        return begin(databaseOf(message), message.id);
      case 'end':
        return end(databaseOf(message), message);
      case 'listen':
        await databaseOf(message).pg.listen(message.channel, (payload) => parentPort.postMessage({ db: message.db, channel: message.channel, payload }));
        return answer(message.id, null);
      case 'close':
        await close(message);
        return answer(message.id, null);
      default:
        throw new Error(`Unknown request ${message.op}`);
    }
  } catch (error) {
    failure(message.id, error, message.sql);
  }
});
