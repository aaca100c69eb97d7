/**
 * Weblog ingestion throughput: Nextflow-shaped task events (submitted, started, completed for
 * ever new tasks) posted to one run's weblog endpoint by autocannon, against the real server.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Request as LoadRequest } from 'autocannon';
import { startSignedInSeedbed } from './api-throughput';

export interface WeblogFigures {
  eventsPerSecond: number;
  p99Ms: number;
  non2xx: number;
  tasksRecorded: number;
  database: string;
}

export async function benchWeblog(root: string, options: { seconds: number; connections: number; databaseUrl?: string }): Promise<WeblogFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-weblog-bench-'));
  const { server, base, headers } = await startSignedInSeedbed(root, { dataDir, databaseUrl: options.databaseUrl });
  try {
    // A real run gives the run row and its secret; its own events come first, the bench's after.
    const launched = await fetch(`${base}runs`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ pipelineId: 'nf-processvcfs', name: 'weblog_bench', params: { input: path.join(root, 'tests/fixtures/genomics/panel.vcf'), outdir: 'results' } }),
    });
    const run = (await launched.json()) as { id: number };
    if (!launched.ok) throw new Error(`launch failed: ${JSON.stringify(run)}`);
    const secret = fs.readFileSync(path.join(dataDir, 'runs', String(run.id), 'weblog-secret'), 'utf8').trim();
    const url = `${base}runs/${run.id}/weblog?secret=${secret}`;

    let sequence = 1000;
    const nextEvent = () => {
      const taskId = Math.floor(sequence / 3);
      const phase = sequence % 3;
      sequence += 1;
      const now = Date.now();
      const trace = {
        task_id: taskId,
        hash: `ab/${taskId.toString(16).padStart(6, '0')}`,
        name: `GENOTYPE (sample_${taskId})`,
        process: 'GENOTYPE',
        status: ['SUBMITTED', 'RUNNING', 'COMPLETED'][phase],
        exit: phase === 2 ? 0 : 2147483647,
        submit: now - 2000,
        start: phase > 0 ? now - 1000 : null,
        complete: phase === 2 ? now : null,
        duration: phase === 2 ? 2000 : null,
        realtime: phase === 2 ? 1000 : null,
        '%cpu': phase === 2 ? 97.5 : null,
        peak_rss: phase === 2 ? 104857600 : null,
        workdir: `/work/ab/${taskId}`,
      };
      return JSON.stringify({
        runName: 'weblog_bench',
        runId: 'bench-session',
        event: ['process_submitted', 'process_started', 'process_completed'][phase],
        utcTime: new Date(now).toISOString(),
        trace,
      });
    };
    const requests: LoadRequest[] = [
      { method: 'POST', path: new URL(url).pathname + new URL(url).search, headers: { 'Content-Type': 'application/json' }, setupRequest: (request) => ({ ...request, body: nextEvent() }) },
    ];
    await autocannon({ url, connections: options.connections, duration: 2, requests });
    const result = await autocannon({ url, connections: options.connections, duration: options.seconds, requests });
    const tasks = (await (await fetch(`${base}runs/${run.id}/tasks?pageSize=1`, { headers })).json()) as { pagination: { totalCount: number } };
    return {
      eventsPerSecond: result.requests.average,
      p99Ms: result.latency.p99,
      non2xx: result.non2xx,
      tasksRecorded: tasks.pagination.totalCount,
      database: options.databaseUrl ? 'PostgreSQL' : 'PGlite',
    };
  } finally {
    server.child.kill('SIGTERM');
    setTimeout(() => fs.rmSync(dataDir, { recursive: true, force: true }), 500).unref();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await benchWeblog(path.resolve(import.meta.dirname, '../..'), { seconds: 8, connections: 16, databaseUrl: process.env.BENCH_DATABASE_URL });
  console.log(figures);
}
