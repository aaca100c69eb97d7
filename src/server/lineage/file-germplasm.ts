import { inArray } from 'drizzle-orm';
import type { FileGermplasm } from '../../contract/lineage';
import type { Database } from '../db/client';
import { accessions } from '../db/schema';
import { accessionIdsByNameOrSynonym } from '../routes/imports/experiment-import';
import type { FileStore } from '../storage/file-store';
import { readIndividuals } from './file-individuals';

/**
 * The germplasm a stored file is about: the individuals it names (a VCF's samples, or the id column
 * of a table: a phenotype or predictions CSV, a genotype matrix, a field trial, a samplesheet) and
 * which of them are accessions in Breeding, by name or synonym in any case, as imports match them.
 * Read from the file's bytes when asked (file-individuals.ts): a file's individuals never change, the accessions may.
 */

const MATCHED_SHOWN = 200;
const UNMATCHED_SHOWN = 20;

export async function germplasmOfFile(deps: { db: Database; files: FileStore }, id: number): Promise<FileGermplasm> {
  const { file, read } = await readIndividuals(deps.files, id);
  if (!read) return { fileId: file.id, column: null, individuals: 0, complete: true, named: 0, accessions: 0, matched: [], unmatched: [] };
  const ids = read.names.length > 0 ? await accessionIdsByNameOrSynonym(deps.db, read.names) : new Map<string, number>();
  const found =
    ids.size > 0
      ? await deps.db
          .select({ id: accessions.id, germplasmName: accessions.germplasmName })
          .from(accessions)
          .where(inArray(accessions.id, [...new Set(ids.values())]))
      : [];
  const byId = new Map(found.map((row) => [row.id, row]));
  const matched = read.names.flatMap((name) => {
    const accession = byId.get(ids.get(name.toLowerCase()) ?? -1);
    return accession ? [{ name, accession }] : [];
  });
  return {
    fileId: file.id,
    column: read.column,
    individuals: read.names.length,
    complete: read.complete,
    named: matched.length,
    accessions: new Set(matched.map((entry) => entry.accession.id)).size,
    matched: matched.slice(0, MATCHED_SHOWN),
    unmatched: read.names.filter((name) => !byId.has(ids.get(name.toLowerCase()) ?? -1)).slice(0, UNMATCHED_SHOWN),
  };
}
