import { and, eq, inArray } from 'drizzle-orm';
import path from 'node:path';
import type { Database } from '../db/client';
import { filesetFiles, filesets, files, fileTypes, type runs } from '../db/schema';

/**
 * A simulator's datasets, registered when its run succeeds: every output folder holding a VCF, a
 * phenotype CSV and a known-QTL CSV becomes a fileset of kind known-gdip, named after the run and
 * the folder (replicate_1 → “<run> replicate 1”). Registering again finds them already there.
 */
export async function registerRunDatasets(db: Database, run: Pick<typeof runs.$inferSelect, 'id' | 'name' | 'projectId' | 'launchedById'>, kind: 'known-gdip'): Promise<number> {
  const outputs = await db
    .select({ id: files.id, name: files.name, type: fileTypes.name })
    .from(files)
    .innerJoin(fileTypes, eq(fileTypes.id, files.fileTypeId))
    .where(and(eq(files.runId, run.id), inArray(fileTypes.name, ['VCF', 'phenotype CSV', 'known-QTL CSV'])));
  const byFolder = new Map<string, Map<string, number>>();
  for (const output of outputs) {
    const folder = path.posix.dirname(output.name);
    const found = byFolder.get(folder) ?? new Map<string, number>();
    found.set(output.type, output.id);
    byFolder.set(folder, found);
  }
  let added = 0;
  for (const [folder, found] of [...byFolder].sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))) {
    if (found.size < 3) continue;
    const label = folder === '.' ? '' : ` ${folder.replace(/_/g, ' ')}`;
    const [fileset] = await db
      .insert(filesets)
      .values({ name: `${run.name}${label}`, kind, description: `Simulated by run ${run.name} (${folder}).`, projectId: run.projectId, createdById: run.launchedById })
      .onConflictDoNothing()
      .returning({ id: filesets.id });
    if (!fileset) continue;
    await db.insert(filesetFiles).values([...found.values()].map((fileId) => ({ filesetId: fileset.id, fileId })));
    added += 1;
  }
  return added;
}
