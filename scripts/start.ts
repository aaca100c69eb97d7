/**
 * `npm start`: builds the console when the build is missing or stale, then serves it and the
 * API from one process.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { currentHolder, DataFolderInUseError, lockFileOf } from '../src/server/db/data-folder-lock';
import { ConfigurationError, readEnv } from '../src/server/env';
import { buildIfStale } from './build-if-stale';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

try {
  const env = readEnv();
  // A second `npm start` on a folder a server holds says so at once, before rebuilding the site that server serves.
  const pglite = path.join(env.SEEDBED_DATA_DIR, 'pglite');
  const holder = env.DATABASE_URL ? null : currentHolder(pglite);
  if (holder) throw new DataFolderInUseError(pglite, lockFileOf(pglite), holder);
  buildIfStale(root, env.SEEDBED_STATIC_DIR);
} catch (error) {
  if (error instanceof DataFolderInUseError) {
    process.stderr.write(`Seedbed cannot start: ${error.message}\n`);
    process.exit(1);
  }
  if (!(error instanceof ConfigurationError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
await import('../src/server/main');
