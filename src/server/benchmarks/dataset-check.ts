import fs from 'node:fs';
import readline from 'node:readline';
import zlib from 'node:zlib';
import Papa from 'papaparse';
import type { DatasetCheck, DatasetFiles } from '../../contract/benchmarks';
import { type CvFolds, CvFoldsError, type CvRecord, describeFolds, makeFolds } from '../../contract/cv-folds';
import { PREDICTION_DATA_COLUMNS, readObservedValues } from '../../contract/observed-values';
import { DomainError } from '../domain-errors';
import type { FileStore } from '../storage/file-store';
import { counted, firstFew, withArticle } from '../../contract/wording';

/**
 * Checks that the files of a benchmark dataset fit each other before they are registered: the
 * genotype VCF's samples and markers, the phenotypes' individuals and traits, the known QTL's
 * markers and traits. Files are streamed (a VCF of millions of markers is read line by line).
 */

type Field = DatasetCheck['problems'][number]['field'];

interface VcfIndex {
  samples: string[];
  ids: Set<string>;
  sites: Set<string>;
  markers: number;
}

async function readVcf(file: string, name: string): Promise<VcfIndex> {
  const raw = fs.createReadStream(file);
  const input = /\.b?gz$/i.test(name) ? raw.pipe(zlib.createGunzip()) : raw;
  const lines = readline.createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  const index: VcfIndex = { samples: [], ids: new Set(), sites: new Set(), markers: 0 };
  for await (const line of lines) {
    if (line.startsWith('##')) continue;
    if (line.startsWith('#CHROM')) {
      index.samples = line.split('\t').slice(9);
      continue;
    }
    // CHROM, POS and ID only: the rest of a line is not split.
    const first = line.indexOf('\t');
    const second = line.indexOf('\t', first + 1);
    const third = line.indexOf('\t', second + 1);
    if (first < 0 || second < 0) continue;
    const site = `${line.slice(0, first)}:${line.slice(first + 1, second)}`;
    const id = third > 0 ? line.slice(second + 1, third) : '.';
    index.sites.add(site);
    if (id !== '.') index.ids.add(id);
    index.markers += 1;
  }
  return index;
}

function readTable(file: string) {
  const parsed = Papa.parse<string[]>(fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, ''), { header: false, skipEmptyLines: true });
  const [header = [], ...rows] = parsed.data;
  return { columns: header.map((cell) => cell.trim()), rows };
}

/**
 * A phenotype table on this machine, read as GDIP reads it: its columns, its rows by column, and
 * its observed values (wide or long). The dataset check and the benchmark's training-overlap check
 * read it so.
 */
export function readPhenotypeTable(file: string) {
  const parsed = Papa.parse<Record<string, string>>(fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: true,
    transformHeader: (header) => header.trim(),
  });
  const columns = parsed.meta.fields ?? [];
  return { columns, rows: parsed.data, table: readObservedValues(columns, parsed.data) };
}

/** The long form's header, as the Prediction data template writes it. */
const LONG_FORM = PREDICTION_DATA_COLUMNS.join(', ');

/** The (id, environment) pairs with an observed value: the records a prediction dataset's folds split. */
function observedRecords(table: ReturnType<typeof readObservedValues>, rows: Array<Record<string, string>>): CvRecord[] {
  if (table.layout === 'long') {
    return rows
      .filter((row) => (row.observed ?? '').trim() !== '' && Number.isFinite(Number(row.observed)) && (row.id ?? '').trim() !== '')
      .map((row) => ({ id: row.id!.trim(), environment: (row.environment ?? '').trim() }));
  }
  const observed = [...table.values.values()];
  return table.individuals.filter((id) => observed.some((byId) => byId.has(id))).map((id) => ({ id, environment: '' }));
}

export const checkDataset = async (files: FileStore, input: DatasetFiles): Promise<DatasetCheck> => (await inspectDataset(files, input)).report;

/** The check, and the folds drawn for a prediction dataset's cross-validation scheme (null without one, or when they cannot be drawn). */
export async function inspectDataset(files: FileStore, input: DatasetFiles): Promise<{ report: DatasetCheck; cvFolds: CvFolds | null }> {
  const facts: string[] = [];
  const problems: DatasetCheck['problems'] = [];
  const warnings: DatasetCheck['warnings'] = [];
  const problem = (field: Field, message: string) => problems.push({ field, message });
  const warn = (field: Field, message: string) => warnings.push({ field, message });

  /** A stored file of the expected type, on this machine. */
  const open = async (field: Field, id: number, types: string[]) => {
    const file = await files.byId(id).catch(() => null);
    if (!file) throw new DomainError('invalid', `No stored file has id ${id}.`, { [field]: 'No such file' });
    if (!types.includes(file.fileTypeName ?? '')) {
      problem(field, `${file.name} is ${withArticle(file.fileTypeName ?? 'file of no type')}; choose ${types.map(withArticle).join(' or ')}.`);
      return null;
    }
    const { storage, key } = await files.locate(id);
    return { file, path: await storage.materialise(key) };
  };

  const phenotypes = await open('phenotypesFileId', input.phenotypesFileId, ['phenotype CSV']);
  const genotypes = input.genotypesFileId ? await open('genotypesFileId', input.genotypesFileId, ['VCF']) : null;
  const knownQtl = input.knownQtlFileId ? await open('knownQtlFileId', input.knownQtlFileId, ['known-QTL CSV']) : null;

  let vcf: VcfIndex | null = null;
  if (genotypes) {
    try {
      vcf = await readVcf(genotypes.path, genotypes.file.name);
      facts.push(`${counted(vcf.samples.length, 'sample')} and ${counted(vcf.markers, 'marker')} in ${genotypes.file.name}`);
      if (vcf.samples.length === 0) problem('genotypesFileId', `${genotypes.file.name} has no samples: a benchmark needs genotypes for its individuals.`);
    } catch {
      problem('genotypesFileId', `${genotypes.file.name} could not be read to its end: its compressed data is damaged. Upload it again.`);
    }
  }

  let traits: string[] = [];
  let cvFolds: CvFolds | null = null;
  if (phenotypes) {
    const { columns, rows, table } = readPhenotypeTable(phenotypes.path);
    const ids = table.individuals;
    traits = table.traits;
    const name = phenotypes.file.name;
    if (table.layout === 'long') {
      facts.push(
        `${counted(ids.length, 'individual')} with ${counted(traits.length, 'trait')} (${firstFew(traits)}) in ${name}, one row per observation (${LONG_FORM})` +
          (table.environments.length > 0 ? ` in ${counted(table.environments.length, 'environment')}: an individual observed in several is scored by its mean` : ''),
      );
      if (input.kind === 'known-gdip')
        problem('phenotypesFileId', `${name} has one row per observation (${LONG_FORM}); GDIP reads id and one column per trait. Give the known dataset a table in that form.`);
      for (const { row, column, message } of table.problems.slice(0, 5)) problem('phenotypesFileId', `${name}, row ${row}, column ${column}: ${message}.`);
      if (table.problems.length > 5) problem('phenotypesFileId', `${name} has ${counted(table.problems.length - 5, 'more problem')} like these; fix them and check again.`);
      if (table.repeated.length > 0)
        problem(
          'phenotypesFileId',
          `${name} observes ${counted(table.repeated.length, 'individual')} twice for one trait and environment: ${firstFew(table.repeated)}. Keep one row per observation, or name the environments.`,
        );
    } else {
      facts.push(`${counted(ids.length, 'individual')} with ${counted(traits.length, 'trait')} (${firstFew(traits)}) in ${name}`);
      if (table.repeated.length > 0) problem('phenotypesFileId', `${name} lists ${counted(table.repeated.length, 'individual')} twice: ${firstFew(table.repeated)}. Keep one row per individual.`);
    }
    if (input.kind === 'prediction-data' && input.crossValidation && columns.includes('id')) {
      const records = observedRecords(table, rows);
      try {
        cvFolds = makeFolds(records, input.crossValidation);
        facts.push(describeFolds(cvFolds, records));
      } catch (error) {
        if (!(error instanceof CvFoldsError)) throw error;
        problem(error.field === 'records' || error.field === 'file' ? 'phenotypesFileId' : `crossValidation.${error.field}`, error.message);
      }
    }
    if (!columns.includes('id')) problem('phenotypesFileId', `${name} has no id column (its columns: ${columns.join(', ')}): name each individual in a column id.`);
    else if (traits.length === 0) problem('phenotypesFileId', table.layout === 'long' ? `${name} has no observed value.` : `${name} has no trait column besides id.`);
    if (vcf && vcf.samples.length > 0) {
      const samples = new Set(vcf.samples);
      const unknown = ids.filter((id) => !samples.has(id));
      if (ids.length > 0 && unknown.length === ids.length) {
        problem(
          'phenotypesFileId',
          `None of the ${counted(ids.length, 'individual')} of ${name} is a sample of ${genotypes!.file.name} (its samples are named like ${firstFew(vcf.samples.slice(0, 3))}). The ids must match the VCF's sample names.`,
        );
      } else if (unknown.length > 0) {
        warn(
          'phenotypesFileId',
          `${counted(unknown.length, 'individual')} of ${name} ${unknown.length === 1 ? 'is' : 'are'} not in ${genotypes!.file.name} and will be left out: ${firstFew(unknown)}.`,
        );
      }
    }
  }

  if (knownQtl) {
    const table = readTable(knownQtl.path);
    const at = (row: string[], column: string) => row[table.columns.indexOf(column)] ?? '';
    facts.push(`${counted(table.rows.length, 'known QTL', 'known QTL')} for ${counted(new Set(table.rows.map((row) => at(row, 'trait'))).size, 'trait')} in ${knownQtl.file.name}`);
    if (table.rows.length === 0) problem('knownQtlFileId', `${knownQtl.file.name} lists no QTL.`);
    if (vcf) {
      const missing = table.rows.filter((row) => !vcf!.ids.has(at(row, 'marker')) && !vcf!.sites.has(`${at(row, 'chromosome')}:${at(row, 'position')}`));
      if (missing.length > 0) {
        problem(
          'knownQtlFileId',
          `${counted(missing.length, 'known QTL', 'known QTL')} of ${knownQtl.file.name} ${missing.length === 1 ? 'is' : 'are'} not a marker of ${genotypes!.file.name}, by id or by chromosome and position: ${firstFew(missing.map((row) => `${at(row, 'marker')} (${at(row, 'chromosome')}:${at(row, 'position')})`))}.`,
        );
      }
    }
    if (traits.length > 0) {
      const qtlTraits = [...new Set(table.rows.map((row) => at(row, 'trait')))];
      const absent = qtlTraits.filter((trait) => !traits.includes(trait));
      if (absent.length > 0) problem('knownQtlFileId', `The known QTL name trait${absent.length === 1 ? '' : 's'} ${firstFew(absent)}, which ${phenotypes!.file.name} has no column for.`);
    }
  }
  return { report: { ok: problems.length === 0, facts, problems, warnings }, cvFolds: problems.length === 0 ? cvFolds : null };
}
