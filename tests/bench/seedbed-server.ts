// Seedbed's real server (API and site) on a scratch embedded database, for the benchmark.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { readEnv } from '../../src/server/env';
import { createLogger } from '../../src/server/log';
import { createSeedbed } from '../../src/server/server';

const dataDir = process.env.BENCH_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-bench-'));
const env = readEnv({ ...process.env, PORT: '1', SEEDBED_DATA_DIR: dataDir, DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '' });
// Engines post their weblog to the port this process really listens on (known only once listening).
// BENCH_LOG_LEVEL=info shows, e.g., the import's phase timings.
const { app } = await createSeedbed(env, createLogger((process.env.BENCH_LOG_LEVEL as 'info' | undefined) ?? 'error'));
serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => process.stdout.write(`PORT ${info.port}\n`));
process.on('SIGTERM', () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
