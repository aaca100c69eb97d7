import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { recommendationQuerySchema, trendsQuerySchema } from '../../src/contract/resources';
import { recommendResources } from '../../src/server/runs/resource-recommendations';
import { resourceTrends } from '../../src/server/runs/resource-trends';
import { openTestDatabase } from '../../src/server/testing/test-database';
import { type Spread, timed } from './repeats';

export interface ResourcesFigures {
  database: 'PGlite' | 'PostgreSQL';
  tasks: number;
  /** Five calls after the first (which rolls the runs up), in ms. */
  recommendationMs: Spread;
  trendsWeekMs: Spread;
  trendsDayLabelMs: Spread;
  /** The first recommendation, which rolls up the 1,000 ended runs (once). */
  firstRecommendationMs: number;
  /** The 95th percentile instead of the largest use: every task is read (no target). */
  percentileMs: Spread;
  processes: number;
}

const RUNS = 1000;
const TASKS_PER_RUN = 200;

/**
 * Recommendations for a pipeline with 1,000 runs × 200 tasks (20 processes, every 50th task killed
 * for memory), and a year of trends over the same tasks, on one database. The history is written
 * with generate_series, a run every 8 h 45 min through 2025, each task with a request, a peak and
 * the bytes it read.
 */
export async function benchResources(databaseUrl?: string): Promise<ResourcesFigures> {
  const database = await openTestDatabase(databaseUrl ?? '');
  try {
    const { db } = database;
    await db.execute(sql`
      INSERT INTO runs (name, pipeline_id, revision, engine, status, params, labels, weblog_secret_hash, submitted_at, started_at, completed_at)
      SELECT 'bench_' || g, 'bench-pipeline', 'v1', 'nextflow', 'SUCCEEDED', '{}'::jsonb, ARRAY['cohort-' || (g % 5)], 'x', ts, ts, ts + interval '2 hours'
      FROM generate_series(1, ${RUNS}) AS g, LATERAL (SELECT timestamptz '2025-01-01 00:00:00+00' + g * interval '8 hours 45 minutes' AS ts) AS moment`);
    await db.execute(sql`
      INSERT INTO run_tasks (run_id, task_id, process, name, status, exit, start, complete, realtime, cpu_percent, peak_rss, details)
      SELECT r.id, t, 'PROC_' || (t % 20), 'PROC_' || (t % 20) || ' (' || t || ')',
        CASE WHEN t % 50 = 0 THEN 'FAILED' ELSE 'COMPLETED' END, CASE WHEN t % 50 = 0 THEN 137 ELSE 0 END,
        (extract(epoch FROM r.started_at) * 1000)::bigint + t * 30000, (extract(epoch FROM r.started_at) * 1000)::bigint + t * 30000 + 60000 + (t * 7919 + r.id) % 600000,
        60000 + (t * 7919 + r.id) % 600000, 50 + (t * 31 + r.id) % 300, ((0.5 + ((t * 13 + r.id) % 100) / 25.0) * 1073741824)::bigint,
        jsonb_build_object('cpus', 4, 'memory', 8589934592, 'time', 7200000, 'rchar', ((t * 104729 + r.id) % 1000) * 1048576)
      FROM runs r, generate_series(1, ${TASKS_PER_RUN}) AS t`);
    await db.execute(sql`ANALYZE runs`);
    await db.execute(sql`ANALYZE run_tasks`);
    const recommendation = recommendationQuerySchema.parse({ pipeline: 'bench-pipeline' });
    let processes = 0;
    const first = performance.now();
    await recommendResources(db, recommendation);
    const firstRecommendationMs = performance.now() - first;
    await resourceTrends(db, trendsQuerySchema.parse({ from: '2025-01-01', to: '2025-01-31' }));
    const recommendationMs = await timed(async () => {
      processes = (await recommendResources(db, recommendation)).processes.length;
    }, 5);
    const week = trendsQuerySchema.parse({ from: '2025-01-01', to: '2025-12-31', bucket: 'week', groupBy: 'pipeline', timeZone: 'Europe/Berlin' });
    const dayByLabel = trendsQuerySchema.parse({ from: '2025-01-01', to: '2025-12-31', bucket: 'day', groupBy: 'label', timeZone: 'America/Los_Angeles' });
    const trendsWeekMs = await timed(() => resourceTrends(db, week), 5);
    const trendsDayLabelMs = await timed(() => resourceTrends(db, dayByLabel), 5);
    const percentileMs = await timed(() => recommendResources(db, recommendationQuerySchema.parse({ pipeline: 'bench-pipeline', percentile: 95 })));
    return { database: databaseUrl ? 'PostgreSQL' : 'PGlite', tasks: RUNS * TASKS_PER_RUN, recommendationMs, trendsWeekMs, trendsDayLabelMs, firstRecommendationMs, percentileMs, processes };
  } finally {
    await database.close();
  }
}

if (process.argv[1]?.endsWith('resources-bench.ts')) {
  for (const url of [undefined, process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test']) console.log(await benchResources(url));
}
