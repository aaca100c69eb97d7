import type { Database } from '../db/client';
import { runs } from '../db/schema';
import { hashSecret } from '../runs/weblog';

type NewRun = typeof runs.$inferInsert;

/**
 * A run's row as a test needs it, written straight to the database instead of launched: a local
 * nf-gdip run at revision 1 with no parameters unless the test says otherwise.
 */
export async function insertRun(db: Database, values: Pick<NewRun, 'name' | 'status'> & Partial<NewRun>) {
  const [run] = await db
    .insert(runs)
    .values({ pipelineId: 'nf-gdip', revision: '1', engine: 'local', params: {}, weblogSecretHash: hashSecret(values.name), ...values })
    .returning();
  return run!;
}
