import { desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { ACCESSION_FILE_RUNS_SHOWN, ACCESSION_FILES_SHOWN, type AccessionFile, type AccessionFiles } from '../../contract/lineage';
import type { Database } from '../db/client';
import { accessions, fileIndividuals, files, fileTypes, runInputs, runs } from '../db/schema';
import { DomainError } from '../domain-errors';
import { existingByLowerName } from '../routes/imports/lookups';
import type { IndividualsIndex } from './individuals-index';

/**
 * The stored files that name an accession, by its germplasm name or a synonym in any case, as the
 * individuals sweep read them (individuals-index.ts), newest first, each with the runs that read it.
 */
export async function filesNamingAccession(deps: { db: Database; individuals: IndividualsIndex }, accessionId: number): Promise<AccessionFiles> {
  const { db } = deps;
  const [accession] = await db.select({ name: accessions.germplasmName, synonyms: accessions.synonyms }).from(accessions).where(eq(accessions.id, accessionId));
  if (!accession) throw new DomainError('not-found', `There is no accession with id ${accessionId}.`);
  const wanted = new Map<string, AccessionFile['matched'][number]>();
  for (const synonym of accession.synonyms) wanted.set(synonym.toLowerCase(), { name: synonym, as: 'synonym' });
  wanted.set(accession.name.toLowerCase(), { name: accession.name, as: 'name' });
  // Names come first, as imports and a file's page match them: a synonym that is another accession's name
  // (data from before synonyms were checked) names that one.
  const synonymKeys = [...wanted].flatMap(([key, entry]) => (entry.as === 'synonym' ? [key] : []));
  for (const [key, owner] of await existingByLowerName(db, accessions, accessions.germplasmName, accessions.id, synonymKeys)) if (owner !== accessionId) wanted.delete(key);

  const matches = db
    .select({ fileId: fileIndividuals.fileId, names: sql<string[]>`array_agg(${fileIndividuals.nameLower} order by ${fileIndividuals.nameLower})`.as('names') })
    .from(fileIndividuals)
    .where(inArray(fileIndividuals.nameLower, [...wanted.keys()]))
    .groupBy(fileIndividuals.fileId)
    .as('matches');
  const [found, unindexed] = await Promise.all([
    db
      .select({
        id: files.id,
        name: files.name,
        fileTypeName: fileTypes.name,
        sizeBytes: files.sizeBytes,
        createdAt: files.createdAt,
        runId: files.runId,
        runName: runs.name,
        names: matches.names,
        total: sql<number>`(count(*) over ())::int`,
      })
      .from(matches)
      .innerJoin(files, eq(files.id, matches.fileId))
      .leftJoin(fileTypes, eq(fileTypes.id, files.fileTypeId))
      .leftJoin(runs, eq(runs.id, files.runId))
      .orderBy(desc(files.createdAt), desc(files.id))
      .limit(ACCESSION_FILES_SHOWN),
    deps.individuals.unindexed(),
  ]);

  const ids = found.map((file) => file.id);
  const reads = ids.length > 0 ? await runsReading(db, ids) : [];
  const readsOf = Map.groupBy(reads, (read) => read.fileId);

  return {
    accessionId,
    data: found.map((file) => {
      const fileReads = readsOf.get(file.id) ?? [];
      return {
        id: file.id,
        name: file.name,
        fileTypeName: file.fileTypeName,
        sizeBytes: Number(file.sizeBytes),
        createdAt: file.createdAt.toISOString(),
        // The accession's name before its synonyms.
        matched: file.names.flatMap((key) => wanted.get(key) ?? []).sort((a, b) => (a.as === b.as ? 0 : a.as === 'name' ? -1 : 1)),
        producedBy: file.runId === null ? null : { id: file.runId, name: file.runName ?? `run ${file.runId}` },
        runs: fileReads.map(({ id, name, pipelineId, status, parameter }) => ({ id, name, pipelineId, status, parameter })),
        readCount: Number(fileReads[0]?.reads ?? 0),
      };
    }),
    total: Number(found[0]?.total ?? 0),
    unindexed,
  };
}

/** The newest runs that read each of these files (at most ACCESSION_FILE_RUNS_SHOWN a file), with how many read it in all. */
function runsReading(db: Database, ids: number[]) {
  const ranked = db
    .select({
      fileId: runInputs.fileId,
      id: runs.id,
      name: runs.name,
      pipelineId: runs.pipelineId,
      status: runs.status,
      parameter: runInputs.parameter,
      rank: sql<number>`row_number() over (partition by ${runInputs.fileId} order by ${runs.id} desc, ${runInputs.parameter})`.as('rank'),
      reads: sql<number>`(count(*) over (partition by ${runInputs.fileId}))::int`.as('reads'),
    })
    .from(runInputs)
    .innerJoin(runs, eq(runs.id, runInputs.runId))
    .where(inArray(runInputs.fileId, ids))
    .as('ranked');
  return db.select().from(ranked).where(lte(ranked.rank, ACCESSION_FILE_RUNS_SHOWN)).orderBy(ranked.fileId, ranked.rank);
}
