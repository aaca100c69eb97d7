import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { openDatabase, type DatabaseHandle } from '../db/client';

/** Where Vitest's global setup names the tests' template database for the test processes (pglite-template.ts). */
export const TEMPLATE_VARIABLE = 'SEEDBED_TEST_PGLITE_TEMPLATE';

/**
 * A database of the test's own: in-memory PGlite by default (a copy of the migrated template that
 * Vitest's global setup makes, when there is one), or, when DATABASE_URL (or the server
 * URL given, as the benches do) is set, a fresh PostgreSQL database created for it and dropped after it.
 */
export async function openTestDatabase(serverUrl = process.env.DATABASE_URL): Promise<DatabaseHandle & { url?: string }> {
  if (!serverUrl) return openDatabase({ template: process.env[TEMPLATE_VARIABLE] });

  const scratch = await scratchPostgres(serverUrl, 'seedbed_test');
  const handle = await openDatabase({ url: scratch.url });
  return {
    ...handle,
    // A second instance opens its own connections here.
    url: scratch.url,
    async close() {
      await handle.close();
      await scratch.drop();
    },
  };
}

/**
 * An empty PostgreSQL database on the server at `serverUrl`, named `<prefix>_…` and dropped by
 * `drop` (with its connections): for a test's database, or a bench's server to migrate.
 */
export async function scratchPostgres(serverUrl: string, prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end({ timeout: 5 });
    },
  };
}
