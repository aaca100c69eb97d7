/**
 * Many open run pages at once: 200 connections polling what the console's runs list and run page
 * read (the list, the run, its tasks, its log), while a separate client times `/health`. Reports
 * errors, timeouts (10 s), 503s, p50, p99 and the slowest request, on the embedded database and on
 * PostgreSQL, both measured in each repeat.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { startSignedInSeedbed, stopServer } from './api-throughput';
import { scratchDatabase } from './breeding-bench';
import { insertOpenRun, OPEN_RUN_SECRET, postTaskCompleted } from './open-run';
import { repeat } from './repeats';

export interface PollerFigures {
  database: string;
  requests: number;
  requestsPerSecond: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  /** Of the non-2xx, the 503s of admission (a read that waited past its bound, told to retry). */
  busy503: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** The warm-up, whose first requests open 200 connections at once. */
  connectP99Ms: number;
  connectMaxMs: number;
  healthP99Ms: number;
  healthWorstMs: number;
}

/**
 * Each poller is one keep-alive connection that reads the pages' requests one after another, as
 * an open browser tab does, with a 10 s timeout. (autocannon was tried first: it reported 7 s
 * stragglers even against a server whose every answer took under 0.2 s, measured in the server.)
 */
async function poll(base: string, paths: string[], token: string, agents: http.Agent[], options: { seconds: number }) {
  const latencies: number[] = [];
  let errors = 0;
  let timeouts = 0;
  let non2xx = 0;
  let busy503 = 0;
  const end = performance.now() + options.seconds * 1000;
  await Promise.all(
    agents.map(async (agent, poller) => {
      for (let index = poller; performance.now() < end; index += 1) {
        const started = performance.now();
        const outcome = await new Promise<'ok' | 'non2xx' | 'busy' | 'error' | 'timeout'>((resolve) => {
          const request = http.get(`${base}${paths[index % paths.length]}`, { agent, headers: { Authorization: `token ${token}` }, timeout: 10_000 }, (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode! < 300 ? 'ok' : response.statusCode === 503 ? 'busy' : 'non2xx'));
          });
          request.on('timeout', () => {
            request.destroy();
            resolve('timeout');
          });
          request.on('error', () => resolve('error'));
        });
        if (outcome === 'timeout') timeouts += 1;
        else if (outcome === 'error') errors += 1;
        else {
          if (outcome !== 'ok') non2xx += 1;
          if (outcome === 'busy') busy503 += 1;
          latencies.push(performance.now() - started);
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (fraction: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * fraction))] ?? 0);
  return {
    requests: latencies.length + errors + timeouts,
    requestsPerSecond: Math.round(latencies.length / options.seconds),
    errors,
    timeouts,
    non2xx,
    busy503,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    maxMs: Math.round(latencies.at(-1) ?? 0),
  };
}

/**
 * One database's server, its runs and their 2,000 weblog tasks in place, ready to be polled: the
 * bench polls each database's server in turn within one repeat, so a ratio compares like moments.
 */
async function preparePollers(root: string, options: { connections: number; databaseUrl?: string | undefined }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-pollers-bench-'));
  // PostgreSQL: a database of the bench's own, so what other sections left (the weblog's 100,000s of tasks) is not polled.
  const scratch = options.databaseUrl ? await scratchDatabase(options.databaseUrl) : null;
  // A run still going (a Nextflow run elsewhere, reporting), which gets 2,000 tasks over its weblog.
  const embeddedRun = scratch ? null : await insertOpenRun({ dataDir }, 'polled_busy');
  const { server, base, token, headers } = await startSignedInSeedbed(root, { dataDir, databaseUrl: scratch?.url });
  const stop = async () => {
    await stopServer(server.child);
    await scratch?.drop();
    setTimeout(() => fs.rmSync(dataDir, { recursive: true, force: true }), 500).unref();
  };
  try {
    const busy = embeddedRun ?? (await insertOpenRun({ dataDir, databaseUrl: scratch?.url }, 'polled_busy'));
    // A few real runs beside it, with their logs.
    const runIds: number[] = [];
    for (let index = 0; index < 5; index += 1) {
      const launched = await fetch(`${base}runs`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ pipelineId: 'nf-processvcfs', name: `polled_${index}`, params: { input: path.join(root, 'tests/fixtures/genomics/panel.vcf'), outdir: 'results' } }),
      });
      const run = (await launched.json()) as { id: number };
      if (!launched.ok) throw new Error(`launch failed: ${JSON.stringify(run)}`);
      runIds.push(run.id);
    }
    // The local runs end before the load starts: their processes would otherwise share the cores.
    for (const id of runIds) {
      for (let waited = 0; waited < 120; waited += 1) {
        const run = (await (await fetch(`${base}runs/${id}`, { headers })).json()) as { status: string };
        if (['SUCCEEDED', 'FAILED', 'CANCELLED'].includes(run.status)) break;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
    for (let start = 1000; start < 3000; start += 100) {
      await Promise.all(
        Array.from({ length: 100 }, (_, offset) =>
          postTaskCompleted(
            `${base}runs/${busy}/weblog?secret=${OPEN_RUN_SECRET}`,
            { runName: 'polled_busy', runId: 'bench' },
            {
              task_id: start + offset,
              name: `GENOTYPE (${start + offset})`,
              process: 'GENOTYPE',
              submit: Date.now() - 2000,
              start: Date.now() - 1000,
              complete: Date.now(),
              duration: 2000,
              realtime: 1000,
            },
          ).then(async (response) => {
            if (response.status !== 204) throw new Error(`the weblog answered ${response.status}: ${await response.text()}`);
          }),
        ),
      );
    }
    const paths = [
      'runs?page=0&pageSize=50&sort=submittedAt&order=desc',
      ...[busy, ...runIds].map((id) => `runs/${id}`),
      `runs/${busy}/tasks?page=0&pageSize=50`,
      `runs/${runIds[0]}/log?offset=0`,
      'runs?page=0&pageSize=50&status=SUCCEEDED',
    ];
    const database = options.databaseUrl ? 'PostgreSQL' : 'PGlite';

    /** 200 open pages for `seconds`, after a 3 s warm-up that opens their connections (200 at once). */
    async function measure(seconds: number): Promise<PollerFigures> {
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
      // Open pages keep their connections: the warm-up opens them (200 at once), the measurement reuses them.
      const agents = Array.from({ length: options.connections }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
      const warmUp = await poll(base, paths, token, agents, { seconds: 3 });
      const result = await poll(base, paths, token, agents, { seconds });
      for (const agent of agents) agent.destroy();
      polling = false;
      await probe;
      healthTimes.sort((a, b) => a - b);
      return {
        database,
        ...result,
        connectP99Ms: warmUp.p99Ms,
        connectMaxMs: warmUp.maxMs,
        healthP99Ms: Math.round(healthTimes[Math.floor(healthTimes.length * 0.99)] ?? 0),
        healthWorstMs: Math.round(healthTimes.at(-1) ?? 0),
      };
    }
    return { database, measure, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** One repeat: the embedded database's server polled, then PostgreSQL's (when given), back to back. */
export interface PollerRepeat {
  pglite: PollerFigures;
  postgres: PollerFigures | null;
}

/**
 * 200 pollers on PGlite and on PostgreSQL, each repeat measuring both, so that the p99 ratio the
 * issue sets (PGlite ≤ 1.5× PostgreSQL) is taken within one repeat. PostgreSQL unreachable: its
 * figures are null and `postgresSkipped` says why.
 */
export async function benchPollers(root: string, options: { seconds: number; connections: number; databaseUrl?: string | undefined }) {
  const embedded = await preparePollers(root, { connections: options.connections });
  let postgres: Awaited<ReturnType<typeof preparePollers>> | null = null;
  let postgresSkipped: string | null = null;
  try {
    if (options.databaseUrl) {
      try {
        postgres = await preparePollers(root, { connections: options.connections, databaseUrl: options.databaseUrl });
      } catch (error) {
        postgresSkipped = error instanceof Error ? error.message : String(error);
      }
    }
    const repeats: PollerRepeat[] = await repeat(async () => ({
      pglite: await embedded.measure(options.seconds),
      postgres: postgres ? await postgres.measure(options.seconds) : null,
    }));
    return { repeats, postgresSkipped };
  } finally {
    await embedded.stop();
    await postgres?.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const seconds = Number(process.env.BENCH_SECONDS ?? 30);
  const databaseUrl = process.env.BENCH_DATABASE_URL === '' ? undefined : (process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  console.log(JSON.stringify(await benchPollers(path.resolve(import.meta.dirname, '../..'), { seconds, connections: 200, databaseUrl }), null, 2));
}
