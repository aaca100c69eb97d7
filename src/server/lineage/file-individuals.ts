import { VCF_SAMPLES } from '../../contract/lineage';
import type { StoredFile } from '../../contract/files';
import { compressionOf, START, type StoredBytes } from '../previews/byte-source';
import { linesFrom, MAX_ROW_BYTES } from '../previews/lines';
import { cellsOf, recordsFrom } from '../previews/table-preview';
import type { FileStore } from '../storage/file-store';

/**
 * The one way Seedbed reads the individuals a stored file names: a VCF's samples, or the id column
 * of a table (a phenotype or predictions CSV, a genotype matrix, a field trial, a samplesheet).
 * A file's page matches them to accessions when asked (file-germplasm.ts); the individuals sweep
 * keeps them, lower-cased, so that an accession's page finds the files naming it (individuals-index.ts).
 */

/** The columns that name a table's individuals, the first present winning (compared in any case). */
const ID_COLUMNS = ['id', 'accession', 'germplasmname', 'germplasm_name', 'accession_name', 'sample'];
/** Distinct names read at most: beyond, the counts are of the first ones. */
export const MAX_INDIVIDUALS = 100_000;

export interface Individuals {
  column: string;
  /** Distinct, as the file writes them, in its order. */
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

/** The stored file and the individuals it names; null when it names none Seedbed reads (another format, no id column). */
export async function readIndividuals(files: FileStore, id: number): Promise<{ file: StoredFile; read: Individuals | null }> {
  const { file, storage, key } = await files.locate(id);
  const bytes: StoredBytes = { storage, key, sizeBytes: file.sizeBytes, compression: await compressionOf(storage, key, file.sizeBytes) };
  return { file, read: await individualsOf(file.name, bytes) };
}
