// Seedbed's real server (API and site) on a scratch embedded database, for the benchmark.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { readEnv } from '../../src/server/env';
import { createLogger } from '../../src/server/log';
import { createSeedbed } from '../../src/server/server';

/** A free port, chosen before the start so that run engines post their weblog to the right place. */
const port = await new Promise<number>((resolve) => {
  const probe = net.createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address() as net.AddressInfo;
    probe.close(() => resolve(free));
  });
});
const dataDir = process.env.BENCH_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-bench-'));
const env = readEnv({
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  SEEDBED_DATA_DIR: dataDir,
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
  // The benchmark launches pipelines on the repository's fixtures.
  SEEDBED_INPUT_DIRS: process.env.SEEDBED_INPUT_DIRS || path.resolve('tests/fixtures'),
});
// BENCH_LOG_LEVEL=info shows, e.g., the import's phase timings.
const { app, runService } = await createSeedbed(env, createLogger((process.env.BENCH_LOG_LEVEL as 'info' | undefined) ?? 'error'));
serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, (info) => process.stdout.write(`PORT ${info.port}\n`));
// SIGINT too: an exit of its own on either signal is what lets `--cpu-prof` (BENCH_NODE_ARGS) write its profile.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    runService.stop({ killProcesses: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
}
