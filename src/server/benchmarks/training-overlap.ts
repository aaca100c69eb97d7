import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { fileIdOf } from '../../contract/file-reference';
import type { Database } from '../db/client';
import { runs } from '../db/schema';
import type { FileStore } from '../storage/file-store';
import { readPhenotypeTable } from './dataset-check';

/**
 * Whether a trained model would be scored on individuals it learned from. A prediction benchmark
 * applies stored models to a dataset and scores them against the dataset's observed values; a
 * model trained on some of those individuals (the same phenotypes, or a table that shares lines
 * with them) reports an accuracy that is not one: GDIP's model on its own training lines gave
 * r = 1.000 and topped the board. Both GDIP and Auto Train read their training values from the
 * `phenotypes` parameter.
 */

/** The file a run's parameter named, on this machine: a stored file by its reference, or an absolute path; null when neither can be read. */
async function localFileOf(files: FileStore, value: unknown): Promise<string | null> {
  if (typeof value !== 'string') return null;
  const id = fileIdOf(value);
  if (id !== null) {
    const located = await files.locate(id).catch(() => null);
    return located ? located.storage.materialise(located.key) : null;
  }
  return path.isAbsolute(value) && fs.existsSync(value) ? value : null;
}

/**
 * The individuals the run `modelRunId` trained on (its `phenotypes`), or null when that cannot be
 * known: a model uploaded rather than written by a run here, or a run whose training table is no
 * longer readable.
 */
export async function trainedOn(db: Database, files: FileStore, modelRunId: number | null): Promise<ReadonlySet<string> | null> {
  if (modelRunId === null) return null;
  const [run] = await db.select({ params: runs.params }).from(runs).where(eq(runs.id, modelRunId));
  const training = await localFileOf(files, (run?.params as Record<string, unknown> | undefined)?.phenotypes);
  if (!training) return null;
  try {
    return new Set(readPhenotypeTable(training).table.individuals);
  } catch {
    return null;
  }
}
