/**
 * A run Seedbed still sees as RUNNING, with a known weblog secret: what a Nextflow run on another
 * machine is while it reports. The weblog takes task events only while a run has not ended (a
 * local run of the sample data ends before a load could start), so the weblog benches post here.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { openDatabase } from '../../src/server/db/client';
import { hashSecret } from '../../src/server/runs/weblog';

export const OPEN_RUN_SECRET = 'bench-open-run-secret-0123456789abcdef';

const insertRun = (name: string) =>
  `INSERT INTO runs (name, pipeline_id, revision, engine, status, params, weblog_secret_hash, submitted_at, started_at)
   VALUES ('${name}', 'nf-processvcfs', '1.0.0', 'nextflow', 'RUNNING', '{}'::jsonb, '${hashSecret(OPEN_RUN_SECRET)}', now(), now())
   RETURNING id`;

/**
 * Inserts the run and answers its id. The embedded database: before the server opens the folder
 * (one process at a time). PostgreSQL: once the server has migrated it.
 */
export async function insertOpenRun(target: { dataDir: string; databaseUrl?: string | undefined }, name: string): Promise<number> {
  if (target.databaseUrl) {
    const client = postgres(target.databaseUrl, { max: 1, onnotice: () => {} });
    try {
      const [row] = await client.unsafe(insertRun(name));
      return Number(row?.id);
    } finally {
      await client.end();
    }
  }
  const handle = await openDatabase({ dataDir: path.join(target.dataDir, 'pglite') });
  try {
    const result = (await handle.db.execute(sql.raw(insertRun(name)))) as unknown as { rows?: { id: number }[] } | { id: number }[];
    const rows = Array.isArray(result) ? result : (result.rows ?? []);
    return Number(rows[0]?.id);
  } finally {
    await handle.close();
  }
}

/** Posts the weblog event of a completed task, as Nextflow sends it, to a run's weblog `url` (its secret in the query). */
export function postTaskCompleted(url: string, run: { runName: string; runId: string }, trace: Record<string, unknown>): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...run, event: 'process_completed', utcTime: new Date().toISOString(), trace: { status: 'COMPLETED', exit: 0, ...trace } }),
  });
}
