import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { makeTreePrivate } from '../data-folder';
import { type DataFolderLock, lockDataFolder } from './data-folder-lock';
import { ThreadedPGlite } from './pglite-on-thread';
import { preparingStatements } from './postgres-prepared';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The rows of `db.execute(sql)`: PGlite answers `{ rows }`, postgres.js an array of rows. */
export function resultRows<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];
}

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Calls `onMessage` for every NOTIFY on `channel`, from this process or any other. */
  listen(channel: string, onMessage: (payload: string) => void): Promise<void>;
  /**
   * Runs `work` while holding the startup lock: instances started together on one database take
   * turns at migrating and at creating the first rows (administrator, file types), so none of
   * them races another into a duplicate key.
   */
  withStartupLock<T>(work: () => Promise<T>): Promise<T>;
  /** The embedded database's folder lock (absent in memory and on PostgreSQL). */
  folderLock?: DataFolderLock;
  /**
   * PGlite only: runs one statement with its values written into its text, by the simple query
   * protocol. A parameterised statement costs PGlite a parse, bind, describe, execute and sync of
   * its own, each a call into the database; this is one. For statements whose fixed costs matter
   * (the weblog's batches: 1.1 ms of CPU for six tasks parameterised, 0.8 ms this way). The caller
   * writes its values as literals (`sqlText` below).
   */
  runStatement?: (statement: string) => Promise<void>;
  close(): Promise<void>;
}

/** The committed migrations, in drizzle's folder. */
export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');

export interface DatabaseOptions {
  /** postgres://… URL; when absent the embedded PGlite database is used. */
  url?: string | undefined;
  /** PGlite folder; `undefined` keeps the database in memory (tests). */
  dataDir?: string | undefined;
  /**
   * An in-memory database starts as a copy of this archive of a migrated data folder (PGlite's
   * dumpDataDir) instead of an empty one: a test run's hundreds of databases skip PostgreSQL's
   * initdb, which is most of an open (src/server/testing/pglite-template.ts).
   */
  template?: string | undefined;
  /** Hears about a stale folder lock taken over (default: standard error). */
  warn?: (message: string) => void;
}

/**
 * A string as an SQL literal (standard_conforming_strings, PostgreSQL's default since 9.1, keeps
 * backslashes as they are: a quote doubled is the only escape). A NUL cannot be in a PostgreSQL
 * text at all, so it is refused rather than sent.
 */
export function sqlText(value: string): string {
  if (value.includes('\0')) throw new Error('A NUL character cannot be stored in a PostgreSQL text.');
  return `'${value.replaceAll("'", "''")}'`;
}

/** pg_advisory_lock's key for Seedbed's startup (any fixed number; this one spells "seedbed"). */
export const STARTUP_LOCK_KEY = 0x5eedbed;

/**
 * Opens the database and brings its schema up to date with the committed migrations. An embedded
 * database's folder is locked first: a folder another process holds throws DataFolderInUseError.
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const client = postgres(options.url, { max: 10, onnotice: () => {} });
    const db = drizzlePostgres(preparingStatements(client), { schema });
    // A session-level lock lives on one connection: taken and released on a reserved one.
    const withStartupLock = async <T>(work: () => Promise<T>): Promise<T> => {
      const reserved = await client.reserve();
      try {
        await reserved`select pg_advisory_lock(${STARTUP_LOCK_KEY})`;
        try {
          return await work();
        } finally {
          await reserved`select pg_advisory_unlock(${STARTUP_LOCK_KEY})`;
        }
      } finally {
        reserved.release();
      }
    };
    await withStartupLock(() => migratePostgres(db, { migrationsFolder }));
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      listen: async (channel, onMessage) => void (await client.listen(channel, onMessage)),
      withStartupLock,
      close: () => client.end({ timeout: 5 }),
    };
  }
  // Before PGlite reads a page: a second process on the folder would damage it.
  const folderLock = options.dataDir ? lockDataFolder(options.dataDir, options.warn ?? ((message) => process.stderr.write(`${message}\n`))) : undefined;
  let client: ThreadedPGlite | undefined;
  try {
    const isNew = options.dataDir !== undefined && !fs.existsSync(path.join(options.dataDir, 'PG_VERSION'));
    if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
    client = await ThreadedPGlite.open(options.dataDir, options.template);
    const opened = client;
    // drizzle's PGlite driver calls query and transaction only, which the thread's client answers as PGlite does.
    const db = drizzlePglite(client as unknown as PGlite, { schema });
    await migratePglite(db, { migrationsFolder });
    if (options.dataDir && isNew) makeTreePrivate(options.dataDir);
    // A LISTEN still on its way to the thread when the database closes would be rejected with
    // "PGlite is closed" where nobody awaits it, so close lets the LISTENs asked for finish first.
    const listening = new Set<Promise<unknown>>();
    return {
      db: db as unknown as Database,
      kind: 'pglite',
      listen: async (channel, onMessage) => {
        const started = opened.listen(channel, onMessage);
        listening.add(started);
        try {
          await started;
        } finally {
          listening.delete(started);
        }
      },
      // One process owns an embedded database (the folder lock sees to it): nobody to take turns with.
      withStartupLock: (work) => work(),
      runStatement: async (statement) => void (await opened.exec(statement)),
      ...(folderLock ? { folderLock } : {}),
      close: async () => {
        await Promise.allSettled(listening);
        await opened.close().finally(() => folderLock?.release());
      },
    };
  } catch (error) {
    await client?.close().catch(() => {});
    folderLock?.release();
    throw error;
  }
}
