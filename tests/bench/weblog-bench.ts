/**
 * Weblog ingestion throughput: Nextflow-shaped task events (submitted, started, completed for
 * ever new tasks) posted to one run's weblog endpoint by autocannon, against the real server, and
 * the same body stream posted by the same load generator to a bare Hono route that parses the
 * JSON and answers 204 (hello-server.ts), back to back in each repeat (issue #36, point 1); and
 * the weblog writer alone on the same kind of database, which bounds what the route can reach.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Request as LoadRequest } from 'autocannon';
import type { WeblogEvent } from '../../src/contract/runs';
import { openDatabase } from '../../src/server/db/client';
import { weblogWriterFor } from '../../src/server/runs/weblog-writer';
import { openTestDatabase } from '../../src/server/testing/test-database';
import { cpuPerUnit, startServer, startSignedInSeedbed, stopServer } from './api-throughput';
import { scratchDatabase } from './breeding-bench';
import { insertOpenRun, OPEN_RUN_SECRET } from './open-run';
import { repeat } from './repeats';

export interface WeblogLoad {
  eventsPerSecond: number;
  p99Ms: number;
  non2xx: number;
  /** The server process's CPU time per answered event (api-throughput.ts's cpuPerUnit): PostgreSQL's own is not in it. */
  cpuMicrosPerEvent: number | null;
}

export interface WeblogRepeat {
  seedbed: WeblogLoad;
  /** The bare Hono route, measured just before Seedbed in the same repeat. */
  bare: WeblogLoad;
  /**
   * Seedbed's weblog writer alone, in this process on a database of its own kind: the same events
   * from as many callers as the load has connections, each waiting for its event to be stored, with
   * no HTTP at all. The most any HTTP layer in front of it could reach.
   */
  writerEventsPerSecond: number;
}

export interface WeblogFigures {
  database: string;
  repeats: WeblogRepeat[];
  /** Distinct tasks whose events were answered 204, and of them those whose COMPLETED event was. */
  tasksAcknowledged: number;
  completedAcknowledged: number;
  /** What the run's tasks list holds afterwards: every acknowledged task must be in it. */
  tasksStored: number;
  completedStored: number;
}

const PHASES = [
  { event: 'process_submitted', status: 'SUBMITTED' },
  { event: 'process_started', status: 'RUNNING' },
  { event: 'process_completed', status: 'COMPLETED' },
] as const;

/** Each task's three events in order, for ever new tasks: one stream per target, continued across repeats. */
export function weblogEventStream() {
  let sequence = 3000;
  return () => {
    const taskId = Math.floor(sequence / 3);
    const phase = sequence % 3;
    sequence += 1;
    const now = Date.now();
    const completed = phase === 2;
    const trace = {
      task_id: taskId,
      hash: `ab/${taskId.toString(16).padStart(6, '0')}`,
      name: `GENOTYPE (sample_${taskId})`,
      process: 'GENOTYPE',
      status: PHASES[phase]!.status,
      exit: completed ? 0 : 2147483647,
      submit: now - 2000,
      start: phase > 0 ? now - 1000 : null,
      complete: completed ? now : null,
      duration: completed ? 2000 : null,
      realtime: completed ? 1000 : null,
      '%cpu': completed ? 97.5 : null,
      peak_rss: completed ? 104857600 : null,
      workdir: `/work/ab/${taskId}`,
    };
    const body = JSON.stringify({ runName: 'weblog_bench', runId: 'bench-session', event: PHASES[phase]!.event, utcTime: new Date(now).toISOString(), trace });
    return { taskId, completed, body };
  };
}

type EventStream = ReturnType<typeof weblogEventStream>;

/** What a target acknowledged (204), by task. */
interface Acknowledged {
  tasks: Set<number>;
  completed: Set<number>;
}

/** Posts the stream's events to `url` for `seconds` (after a 2 s warm-up) and notes each acknowledged one. */
async function postEvents(url: string, stream: EventStream, acknowledged: Acknowledged, options: { connections: number; seconds: number; pid: number | undefined }): Promise<WeblogLoad> {
  const address = new URL(url);
  type Sent = { taskId?: number; completed?: boolean };
  const requests: LoadRequest[] = [
    {
      method: 'POST',
      path: address.pathname + address.search,
      headers: { 'Content-Type': 'application/json' },
      // autocannon hands each connection's response to onResponse with the context its request was built in.
      setupRequest: (request, context: Sent) => {
        const event = stream();
        context.taskId = event.taskId;
        context.completed = event.completed;
        return { ...request, body: event.body };
      },
      onResponse: (status, _body, context: Sent) => {
        if (status !== 204 || context.taskId === undefined) return;
        acknowledged.tasks.add(context.taskId);
        if (context.completed) acknowledged.completed.add(context.taskId);
      },
    },
  ];
  await autocannon({ url, connections: options.connections, duration: 2, requests });
  const { result, cpuMicrosPerUnit } = await cpuPerUnit(
    options.pid,
    () => autocannon({ url, connections: options.connections, duration: options.seconds, requests }),
    (done) => done.requests.total,
  );
  return { eventsPerSecond: result.requests.average, p99Ms: result.latency.p99, non2xx: result.non2xx, cpuMicrosPerEvent: cpuMicrosPerUnit };
}

/** The writer alone: `callers` loops each ingesting the stream's next event and waiting for it, for `seconds`. */
async function writerAlone(options: { seconds: number; connections: number; databaseUrl?: string | undefined }, folder: string): Promise<number> {
  // PostgreSQL's scratch database is migrated as it opens; the embedded one is opened after the run goes in (one process at a time).
  const scratch = options.databaseUrl ? await openTestDatabase(options.databaseUrl) : null;
  const runId = await insertOpenRun({ dataDir: folder, databaseUrl: scratch?.url }, 'weblog_writer_bench');
  const database = scratch ?? (await openDatabase({ dataDir: path.join(folder, 'pglite') }));
  try {
    const writer = weblogWriterFor(database, path.join(folder, 'weblog-journal'), () => {});
    const stream = weblogEventStream();
    const measure = async (seconds: number) => {
      const until = performance.now() + seconds * 1000;
      let stored = 0;
      await Promise.all(
        Array.from({ length: options.connections }, async () => {
          while (performance.now() < until) {
            await writer.ingest(runId, JSON.parse(stream().body) as WeblogEvent);
            stored += 1;
          }
        }),
      );
      return stored / seconds;
    };
    await measure(2);
    const eventsPerSecond = await measure(options.seconds);
    await writer.close();
    return eventsPerSecond;
  } finally {
    await database.close();
  }
}

export async function benchWeblog(root: string, options: { seconds: number; connections: number; databaseUrl?: string | undefined }): Promise<WeblogFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-weblog-bench-'));
  // PostgreSQL: a database of the bench's own, dropped after, so its 100,000s of tasks burden no later section.
  const scratch = options.databaseUrl ? await scratchDatabase(options.databaseUrl) : null;
  // A run still going, as a Nextflow run elsewhere is while it reports (a run that ended takes no new tasks).
  const embeddedRun = scratch ? null : await insertOpenRun({ dataDir }, 'weblog_bench');
  const bare = await startServer(path.join(root, 'tests/bench/hello-server.ts'));
  const { server, base, headers } = await startSignedInSeedbed(root, { dataDir, databaseUrl: scratch?.url });
  try {
    const runId = embeddedRun ?? (await insertOpenRun({ dataDir, databaseUrl: scratch?.url }, 'weblog_bench'));
    const seedbedStream = weblogEventStream();
    const bareStream = weblogEventStream();
    const acknowledged: Acknowledged = { tasks: new Set(), completed: new Set() };
    const repeats = await repeat(async (index) => ({
      bare: await postEvents(`http://127.0.0.1:${bare.port}/weblog`, bareStream, { tasks: new Set(), completed: new Set() }, { ...options, pid: bare.child.pid }),
      seedbed: await postEvents(`${base}runs/${runId}/weblog?secret=${OPEN_RUN_SECRET}`, seedbedStream, acknowledged, { ...options, pid: server.child.pid }),
      writerEventsPerSecond: await writerAlone(options, path.join(dataDir, `writer-${index}`)),
    }));
    const count = async (query: string) => ((await (await fetch(`${base}runs/${runId}/tasks?pageSize=1${query}`, { headers })).json()) as { pagination: { totalCount: number } }).pagination.totalCount;
    return {
      database: options.databaseUrl ? 'PostgreSQL' : 'PGlite',
      repeats,
      tasksAcknowledged: acknowledged.tasks.size,
      completedAcknowledged: acknowledged.completed.size,
      tasksStored: await count(''),
      completedStored: await count('&status=COMPLETED'),
    };
  } finally {
    bare.child.kill('SIGTERM');
    await stopServer(server.child);
    await scratch?.drop();
    setTimeout(() => fs.rmSync(dataDir, { recursive: true, force: true }), 500).unref();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await benchWeblog(path.resolve(import.meta.dirname, '../..'), {
    seconds: Number(process.env.BENCH_SECONDS ?? 8),
    connections: 16,
    databaseUrl: process.env.BENCH_DATABASE_URL,
  });
  console.log(JSON.stringify(figures, null, 2));
}
