import { inArray } from 'drizzle-orm';
import { type FileGermplasm, VCF_SAMPLES } from '../../contract/lineage';
import type { Database } from '../db/client';
import { accessions } from '../db/schema';
import { compressionOf, START, type StoredBytes } from '../previews/byte-source';
import { linesFrom, MAX_ROW_BYTES } from '../previews/lines';
import { cellsOf, recordsFrom } from '../previews/table-preview';
import { accessionIdsByNameOrSynonym } from '../routes/imports/experiment-import';
import type { FileStore } from '../storage/file-store';

/**
 * The germplasm a stored file is about: the individuals it names (a VCF's samples, or the id column
 * of a table: a phenotype or predictions CSV, a genotype matrix, a field trial, a samplesheet) and
 * which of them are accessions in Breeding, by name or synonym in any case, as imports match them.
 * Read from the file's bytes when asked: a file's individuals never change, the accessions may.
 */

/** The columns that name a table's individuals, the first present winning (compared in any case). */
const ID_COLUMNS = ['id', 'accession', 'germplasmname', 'germplasm_name', 'accession_name', 'sample'];
/** Distinct names read at most: beyond, the counts are of the first ones. */
const MAX_INDIVIDUALS = 100_000;
const MATCHED_SHOWN = 200;
const UNMATCHED_SHOWN = 20;

interface Individuals {
  column: string;
  names: string[];
  complete: boolean;
}

/** A VCF's samples, from its #CHROM line (after any ## lines). */
async function vcfSamples(bytes: StoredBytes): Promise<Individuals | null> {
  for await (const line of linesFrom(bytes, START, MAX_ROW_BYTES)) {
    if (line.text.startsWith('##')) continue;
    if (!line.text.startsWith('#CHROM')) return null;
    const samples = [...new Set(line.text.split('\t').slice(9).filter(Boolean))];
    return { column: VCF_SAMPLES, names: samples.slice(0, MAX_INDIVIDUALS), complete: samples.length <= MAX_INDIVIDUALS };
  }
  return null;
}

/** A table's distinct values in its id column, in the file's order. */
async function tableIndividuals(bytes: StoredBytes, delimiter: string): Promise<Individuals | null> {
  let column: { name: string; index: number } | null = null;
  const seen = new Set<string>();
  for await (const record of recordsFrom(bytes, START)) {
    const cells = cellsOf(record.text, delimiter);
    if (!column) {
      const header = cells.map((cell) => cell.trim().replace(/^\uFEFF/, ''));
      const index = ID_COLUMNS.map((name) => header.findIndex((cell) => cell.toLowerCase() === name)).find((found) => found >= 0);
      if (index === undefined) return null;
      column = { name: header[index]!, index };
      continue;
    }
    const value = cells[column.index]?.trim();
    if (!value) continue;
    if (seen.size === MAX_INDIVIDUALS && !seen.has(value)) return { column: column.name, names: [...seen], complete: false };
    seen.add(value);
  }
  return column ? { column: column.name, names: [...seen], complete: true } : null;
}

function individualsOf(name: string, bytes: StoredBytes): Promise<Individuals | null> {
  const plain = name.toLowerCase().replace(/\.(gz|bgz|bgzf)$/, '');
  if (plain.endsWith('.vcf')) return vcfSamples(bytes);
  if (plain.endsWith('.csv')) return tableIndividuals(bytes, ',');
  if (plain.endsWith('.tsv') || plain.endsWith('.txt')) return tableIndividuals(bytes, '\t');
  return Promise.resolve(null);
}

export async function germplasmOfFile(deps: { db: Database; files: FileStore }, id: number): Promise<FileGermplasm> {
  const { file, storage, key } = await deps.files.locate(id);
  const bytes: StoredBytes = { storage, key, sizeBytes: file.sizeBytes, compression: await compressionOf(storage, key, file.sizeBytes) };
  const read = await individualsOf(file.name, bytes);
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
