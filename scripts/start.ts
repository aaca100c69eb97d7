/**
 * `npm start`: builds the console when the build is missing or stale, then serves it and the
 * API from one process.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigurationError, readEnv } from '../src/server/env';
import { buildIfStale } from './build-if-stale';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

try {
  const env = readEnv();
  buildIfStale(root, env.SEEDBED_STATIC_DIR);
} catch (error) {
  if (!(error instanceof ConfigurationError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
await import('../src/server/main');
