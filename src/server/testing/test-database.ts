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

  const name = `seedbed_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  return {
    ...handle,
    // A second instance opens its own connections here.
    url: url.toString(),
    async close() {
      await handle.close();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end({ timeout: 5 });
    },
  };
}
