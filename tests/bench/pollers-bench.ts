/**
 * Many open run pages at once: 200 connections polling what the console's runs list and run page
 * read (the list, the run, its tasks, its log), while a separate client times `/health`. Reports
 * errors and timeouts (10 s), p50 and p99, on the embedded database and on PostgreSQL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Request as LoadRequest } from 'autocannon';
import { startServer } from './api-throughput';

export interface PollerFigures {
  database: string;
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  p50Ms: number;
  p99Ms: number;
  healthP99Ms: number;
  healthWorstMs: number;
}

export async function benchPollers(root: string, options: { seconds: number; connections: number; databaseUrl?: string }): Promise<PollerFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-pollers-bench-'));
  const server = await startServer(path.join(root, 'tests/bench/seedbed-server.ts'), {
    SEEDBED_ADMIN_EMAIL: 'bench@seedbed.local',
    SEEDBED_ADMIN_PASSWORD: 'bench passphrase 1',
    BENCH_DATA_DIR: dataDir,
    BENCH_DATABASE_URL: options.databaseUrl ?? '',
  });
  try {
    const base = `http://127.0.0.1:${server.port}/api/`;
    const { token } = (await (await fetch(`${base}authentication/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'bench@seedbed.local', password: 'bench passphrase 1' }) })).json()) as { token: string };
    const headers = { Authorization: `token ${token}`, 'Content-Type': 'application/json' };
    // A few real runs, one of them with 2,000 tasks reported over its weblog.
    const runIds: number[] = [];
    for (let index = 0; index < 5; index += 1) {
      const launched = await fetch(`${base}runs`, { method: 'POST', headers, body: JSON.stringify({ pipelineId: 'nf-processvcfs', name: `polled_${index}`, params: { input: path.join(root, 'tests/fixtures/genomics/panel.vcf'), outdir: 'results' } }) });
      const run = (await launched.json()) as { id: number };
      if (!launched.ok) throw new Error(`launch failed: ${JSON.stringify(run)}`);
      runIds.push(run.id);
    }
    const busy = runIds[0]!;
    const secret = fs.readFileSync(path.join(dataDir, 'runs', String(busy), 'weblog-secret'), 'utf8').trim();
    for (let start = 1000; start < 3000; start += 100) {
      await Promise.all(
        Array.from({ length: 100 }, (_, offset) =>
          fetch(`${base}runs/${busy}/weblog?secret=${secret}`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ runName: 'polled_0', runId: 'bench', event: 'process_completed', utcTime: new Date().toISOString(), trace: { task_id: start + offset, name: `GENOTYPE (${start + offset})`, process: 'GENOTYPE', status: 'COMPLETED', exit: 0, submit: Date.now() - 2000, start: Date.now() - 1000, complete: Date.now(), duration: 2000, realtime: 1000 } }),
          }),
        ),
      );
    }
    const paths = [
      'runs?page=0&pageSize=50&sort=submittedAt&order=desc',
      ...runIds.map((id) => `runs/${id}`),
      `runs/${busy}/tasks?page=0&pageSize=50`,
      `runs/${busy}/log?offset=0`,
      'runs?page=0&pageSize=50&status=SUCCEEDED',
    ];
    const requests: LoadRequest[] = paths.map((relative) => ({ method: 'GET', path: `/api/${relative}`, headers: { Authorization: `token ${token}` } }));

    // /health timed on its own while the pollers run.
    const healthTimes: number[] = [];
    let polling = true;
    const probe = (async () => {
      while (polling) {
        const started = performance.now();
        await fetch(`${base}health`).catch(() => {});
        healthTimes.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    await autocannon({ url: base, connections: options.connections, duration: 2, requests, timeout: 10 });
    const result = await autocannon({ url: base, connections: options.connections, duration: options.seconds, requests, timeout: 10 });
    polling = false;
    await probe;
    healthTimes.sort((a, b) => a - b);
    return {
      database: options.databaseUrl ? 'PostgreSQL' : 'PGlite',
      requests: result.requests.total,
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      healthP99Ms: Math.round(healthTimes[Math.floor(healthTimes.length * 0.99)] ?? 0),
      healthWorstMs: Math.round(healthTimes.at(-1) ?? 0),
    };
  } finally {
    server.child.kill('SIGTERM');
    setTimeout(() => fs.rmSync(dataDir, { recursive: true, force: true }), 500).unref();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const seconds = Number(process.env.BENCH_SECONDS ?? 30);
  for (const databaseUrl of process.env.BENCH_DATABASE_URL === '' ? [undefined] : [undefined, process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test']) {
    console.log(await benchPollers(path.resolve(import.meta.dirname, '../..'), { seconds, connections: 200, databaseUrl }));
  }
}
