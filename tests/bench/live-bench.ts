import { chromium } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db/client';
import { hashSecret } from '../../src/server/runs/weblog';
import { BENCH_ADMIN, benchToken, load, startServer } from './api-throughput';
import { postTaskCompleted } from './open-run';
import { scratchDatabase } from './breeding-bench';
import { type Spread, timed } from './repeats';

/**
 * Live monitoring at scale: a run of 20,000 tasks and 100,000 runs, on PGlite and PostgreSQL (the
 * tasks page and the runs list, filtered and sorted; the run page's first paint in Chromium); a
 * weblog event posted to one API instance reaching a runs list open on another (PostgreSQL,
 * LISTEN/NOTIFY between them); and the memory an open event stream costs.
 */

const TASKS = 20_000;
const RUNS = 100_000;
const SECRET = 'bench-weblog-secret-0123456789abcdef';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;

/** 100,000 runs (one of them with 20,000 tasks) straight into the database, as SQL. */
const FILL = `
  INSERT INTO runs (name, pipeline_id, revision, engine, status, params, weblog_secret_hash, submitted_at, started_at, completed_at, labels)
  SELECT 'bench_' || lpad(g::text, 6, '0'),
         (ARRAY['nf-gdip','nf-processvcfs','nf-evostats','nf-auto-train','preprocessing'])[1 + g % 5],
         '1.0.0', 'nextflow',
         (ARRAY['SUCCEEDED','SUCCEEDED','SUCCEEDED','FAILED','CANCELLED','RUNNING'])[1 + g % 6],
         '{}'::jsonb, '${hashSecret(SECRET)}',
         now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval + interval '5 minutes',
         ARRAY['cycle' || (g % 20)]
  FROM generate_series(1, ${RUNS}) AS g;
  INSERT INTO run_tasks (run_id, task_id, process, name, status, hash, exit, submit, start, complete, duration, realtime, cpu_percent, peak_rss, workdir)
  SELECT 1, t::int, (ARRAY['ALIGN','CALL','MERGE','QC'])[(1 + t % 4)::int], (ARRAY['ALIGN','CALL','MERGE','QC'])[(1 + t % 4)::int] || ' (' || t || ')',
         (ARRAY['COMPLETED','COMPLETED','COMPLETED','FAILED','CACHED'])[(1 + t % 5)::int], 'ab/' || t, 0,
         1790000000000 + t * 100, 1790000000000 + t * 100 + 50, 1790000000000 + t * 100 + 50 + (t * 7919) % 600000,
         (t * 7919) % 600000 + 50, (t * 7919) % 600000, 50 + (t % 350), (t % 4000) * 1048576, '/work/ab/' || t
  FROM generate_series(1::bigint, ${TASKS}::bigint) AS t;
  ANALYZE runs; ANALYZE run_tasks;`;

const signIn = (port: number) => benchToken(`http://127.0.0.1:${port}/api/`);

const serverEnv = (extra: Record<string, string>) => ({ SEEDBED_ADMIN_EMAIL: BENCH_ADMIN.email, SEEDBED_ADMIN_PASSWORD: BENCH_ADMIN.password, ...extra });

export interface ScaleFigures {
  database: string;
  tasksP97_5Ms: number;
  runsP97_5Ms: number;
  runPageMs: Spread;
}

/** The tasks page and the runs list (one client, p97.5 ≥ p95), and the run page's first paint, on one database. */
async function benchScale(root: string, database: 'PGlite' | 'PostgreSQL', serverUrl: string): Promise<ScaleFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-live-bench-'));
  let scratch: Awaited<ReturnType<typeof scratchDatabase>> | null = null;
  if (database === 'PGlite') {
    // The embedded database is filled before the server opens it (one process at a time).
    const handle = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    for (const statement of FILL.split(';').filter((text) => text.trim())) await handle.db.execute(sql.raw(statement));
    await handle.close();
  } else {
    scratch = await scratchDatabase(serverUrl);
    const client = postgres(scratch.url, { max: 1, onnotice: () => {} });
    // The server migrates the scratch database; filled once it has.
    const server = await startServer(path.join(root, 'tests/bench/seedbed-server.ts'), serverEnv({ BENCH_DATABASE_URL: scratch.url, BENCH_DATA_DIR: dataDir }));
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
    fs.mkdirSync(dataDir, { recursive: true });
    await client.unsafe(FILL);
    await client.end();
  }
  const server = await startServer(path.join(root, 'tests/bench/seedbed-server.ts'), serverEnv({ BENCH_DATA_DIR: dataDir, BENCH_DATABASE_URL: scratch?.url ?? '' }));
  const browser = await chromium.launch({ executablePath: process.env.SEEDBED_CHROMIUM ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const token = await signIn(server.port);
    const headers = { Authorization: `token ${token}` };
    const base = `http://127.0.0.1:${server.port}/api/`;
    const tasks = await load(`${base}runs/1/tasks?status=COMPLETED&process=CALL&sort=duration&order=desc&pageSize=50`, { headers, connections: 1, seconds: 5 });
    const runsList = await load(`${base}runs?status=SUCCEEDED&pipelineId=nf-gdip&sort=name&order=asc&pageSize=50`, { headers, connections: 1, seconds: 5 });
    if (tasks.non2xx + runsList.non2xx > 0) throw new Error(`non-2xx answers: tasks ${tasks.non2xx}, runs ${runsList.non2xx}`);

    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    await page.goto(`http://127.0.0.1:${server.port}/auth/login`);
    await page.evaluate((value) => localStorage.setItem('token', value), token);
    const runPageMs = await timed(async () => {
      await page.goto(`http://127.0.0.1:${server.port}/tools/pipeline/monitor/pipeline-run/view?id=1`);
      await page.getByRole('list', { name: 'Processes' }).waitFor({ timeout: 30_000 });
    });
    return { database, tasksP97_5Ms: tasks.p97_5Ms, runsP97_5Ms: runsList.p97_5Ms, runPageMs };
  } finally {
    await browser.close();
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await scratch?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export interface StreamFigures {
  events: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  streams: number;
  bytesPerStream: number;
}

/**
 * Two API instances on one PostgreSQL database: a runs list open in Chromium on the first, task
 * events posted to the second; each event's time to the row's progress on the page. Then 200
 * streams opened on the first, and what they cost it in memory.
 */
async function benchStreams(root: string, serverUrl: string): Promise<StreamFigures> {
  const scratch = await scratchDatabase(serverUrl);
  const dirs = [fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-live-a-')), fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-live-b-'))];
  const first = await startServer(path.join(root, 'tests/bench/seedbed-server.ts'), serverEnv({ BENCH_DATABASE_URL: scratch.url, BENCH_DATA_DIR: dirs[0]! }));
  const second = await startServer(path.join(root, 'tests/bench/seedbed-server.ts'), serverEnv({ BENCH_DATABASE_URL: scratch.url, BENCH_DATA_DIR: dirs[1]! }));
  const browser = await chromium.launch({ executablePath: process.env.SEEDBED_CHROMIUM ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const streams: AbortController[] = [];
  try {
    const client = postgres(scratch.url, { max: 1, onnotice: () => {} });
    const [run] =
      await client`INSERT INTO runs (name, pipeline_id, revision, engine, status, params, weblog_secret_hash) VALUES ('bench_live', 'nf-gdip', '1.0.0', 'nextflow', 'RUNNING', '{}'::jsonb, ${hashSecret(SECRET)}) RETURNING id`;
    await client.end();
    const runId = Number(run!.id);
    const token = await signIn(first.port);
    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    await page.goto(`http://127.0.0.1:${first.port}/auth/login`);
    await page.evaluate((value) => localStorage.setItem('token', value), token);
    await page.goto(`http://127.0.0.1:${first.port}/tools/pipeline/monitor/pipeline-run/list`);
    await page.getByRole('status').filter({ hasText: 'Live' }).waitFor();
    const progress = page.getByRole('progressbar', { name: 'bench_live tasks done' });
    await progress.waitFor();

    const EVENTS = 40;
    const latencies: number[] = [];
    for (let task = 1; task <= EVENTS; task += 1) {
      // The page notes when the row shows this many tasks done; the clock is this machine's for both.
      // A string, so that no helper the TypeScript loader adds to functions travels into the page.
      const seen = page.evaluate<number>(`new Promise((resolve) => {
        const done = () => document.querySelector('[role="progressbar"][aria-label="bench_live tasks done"]')?.getAttribute('aria-valuenow') === '${task}';
        if (done()) return resolve(Date.now());
        const observer = new MutationObserver(() => {
          if (done()) {
            observer.disconnect();
            resolve(Date.now());
          }
        });
        observer.observe(document.body, { subtree: true, attributes: true, childList: true });
        // Never seen within 10 s: counted as 10 s, far past the target.
        setTimeout(() => resolve(Date.now() + 10000), 10000);
      })`);
      const sent = Date.now();
      const response = await postTaskCompleted(
        `http://127.0.0.1:${second.port}/api/runs/${runId}/weblog?secret=${SECRET}`,
        { runName: 'bench_live', runId: '0b0b0b0b-1111-2222-3333-444444444444' },
        { task_id: task, hash: `ab/${task}`, name: `CALL (${task})`, submit: sent - 2000, start: sent - 1000, complete: sent, process: 'CALL', tag: null, workdir: `/work/ab/${task}` },
      );
      if (response.status !== 204) throw new Error(`the weblog answered ${response.status}`);
      latencies.push((await seen) - sent);
      // Apart enough that each event is its own change, not coalesced with the next.
      await new Promise((resolve) => setTimeout(resolve, 300));
    }

    // 200 open streams: the first instance's memory before and after (heap settled both times).
    const rss = () => {
      const status = fs.readFileSync(`/proc/${first.child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
    };
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const before = rss();
    const STREAMS = 200;
    for (let index = 0; index < STREAMS; index += 1) {
      const abort = new AbortController();
      streams.push(abort);
      const response = await fetch(`http://127.0.0.1:${first.port}/api/events`, { headers: { Authorization: `token ${token}` }, signal: abort.signal });
      // Read the opening event so the stream is really open, then leave it be.
      const reader = response.body!.getReader();
      await reader.read();
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const after = rss();
    return {
      events: EVENTS,
      p50Ms: percentile(latencies, 50),
      p95Ms: percentile(latencies, 95),
      maxMs: Math.max(...latencies),
      streams: STREAMS,
      bytesPerStream: Math.max(0, (after - before) / STREAMS),
    };
  } finally {
    for (const abort of streams) abort.abort();
    await browser.close();
    first.child.kill('SIGTERM');
    second.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await scratch.drop();
  }
}

export async function benchLive(root: string, serverUrl: string) {
  // BENCH_LIVE=streams, PGlite or PostgreSQL measures that part alone.
  if (process.env.BENCH_LIVE === 'streams') return { scale: [], streams: await benchStreams(root, serverUrl), skipped: null };
  if (process.env.BENCH_LIVE === 'PGlite' || process.env.BENCH_LIVE === 'PostgreSQL') return { scale: [await benchScale(root, process.env.BENCH_LIVE, serverUrl)], streams: null, skipped: null };
  const scale: ScaleFigures[] = [await benchScale(root, 'PGlite', serverUrl)];
  let streams: StreamFigures | null = null;
  let skipped: string | null = null;
  try {
    scale.push(await benchScale(root, 'PostgreSQL', serverUrl));
    streams = await benchStreams(root, serverUrl);
  } catch (error) {
    skipped = error instanceof Error ? error.message : String(error);
  }
  return { scale, streams, skipped };
}
