/**
 * Weblog ingestion throughput: Nextflow-shaped task events (submitted, started, completed for
 * ever new tasks) posted to one run's weblog endpoint by autocannon, against the real server.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Request as LoadRequest } from 'autocannon';
import { startSignedInSeedbed } from './api-throughput';
import { insertOpenRun, OPEN_RUN_SECRET } from './open-run';

export interface WeblogFigures {
  eventsPerSecond: number;
  p99Ms: number;
  non2xx: number;
  tasksRecorded: number;
  database: string;
}

export async function benchWeblog(root: string, options: { seconds: number; connections: number; databaseUrl?: string }): Promise<WeblogFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-weblog-bench-'));
  // A run still going, as a Nextflow run elsewhere is while it reports (a run that ended takes no new tasks).
  const embeddedRun = options.databaseUrl ? null : await insertOpenRun({ dataDir }, 'weblog_bench');
  const { server, base, headers } = await startSignedInSeedbed(root, { dataDir, databaseUrl: options.databaseUrl });
  try {
    const runId = embeddedRun ?? (await insertOpenRun({ dataDir, databaseUrl: options.databaseUrl }, 'weblog_bench'));
    const url = `${base}runs/${runId}/weblog?secret=${OPEN_RUN_SECRET}`;

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
    const tasks = (await (await fetch(`${base}runs/${runId}/tasks?pageSize=1`, { headers })).json()) as { pagination: { totalCount: number } };
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
