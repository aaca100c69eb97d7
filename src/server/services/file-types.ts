import { count } from 'drizzle-orm';
import type { Database } from '../db/client';
import { fileTypes } from '../db/schema';
import { CV_FOLDS_COLUMNS } from '../../contract/cv-folds';

/**
 * Outputs that share an extension and header with an input they cannot stand in for: each model
 * says which pipeline wrote it (a spectra model is no genomic model), and Process Spectra's QC
 * table is no spectra CSV. A pipeline declares them in outputFileTypes and takes them in
 * inputFileTypes (migration 0020 adds them to older databases and retypes the outputs already stored).
 */
export const MODEL_AND_QC_FILE_TYPES: Array<typeof fileTypes.$inferInsert> = [
  {
    name: 'GDIP model',
    extensions: ['gdip_model.json'],
    mimeType: 'application/json',
    description: 'A genomic prediction model written by GDIP (models/gdip_model.json), applied by Make GDIP Predictions.',
    requiredColumns: [],
  },
  {
    name: 'Auto Train model',
    extensions: ['auto_train_model.json'],
    mimeType: 'application/json',
    description: 'The genomic prediction models Auto Train chose per trait (models/auto_train_model.json), applied by Make GDIP Predictions.',
    requiredColumns: [],
  },
  {
    name: 'spectra model',
    extensions: ['spectra_model.json'],
    mimeType: 'application/json',
    description: 'A model from spectra to trait values written by Auto Train Phenotype (models/spectra_model.json), applied by Make Digital Phenotype Predictions.',
    requiredColumns: [],
  },
  {
    name: 'spectra QC CSV',
    extensions: ['spectra_qc.csv'],
    mimeType: 'text/csv',
    description: 'Process Spectra’s outlier flags: id, global H and whether the spectrum is an outlier. Not a spectra table.',
    requiredColumns: ['id', 'global_h', 'outlier'],
  },
];

/** A prediction dataset's frozen folds (src/contract/cv-folds.ts; migration 0021 adds the type to older databases). */
export const CV_FOLDS_FILE_TYPE: typeof fileTypes.$inferInsert = {
  name: 'CV folds CSV',
  extensions: ['.csv'],
  mimeType: 'text/csv',
  description: 'Frozen cross-validation folds of a prediction dataset (CV1, CV2, CV0 or CV00): one row per repeat, fold and record, in its training or test set.',
  requiredColumns: [...CV_FOLDS_COLUMNS],
};

/** What pipelines write besides their main results: QC summaries, and other tables and reports (migration 0017 adds them to older databases). */
export const OUTPUT_FILE_TYPES: Array<typeof fileTypes.$inferInsert> = [
  {
    name: 'QC summary JSON',
    extensions: ['summary.json', '.qc.json'],
    mimeType: 'application/json',
    description: 'A pipeline’s quality-control or run summary: counts, thresholds and statistics as JSON.',
    requiredColumns: [],
  },
  { name: 'table CSV', extensions: ['.csv'], mimeType: 'text/csv', description: 'Any other comma-separated table a pipeline writes (metrics, summaries, folds).', requiredColumns: [] },
  {
    name: 'table TSV',
    extensions: ['.tsv'],
    mimeType: 'text/tab-separated-values',
    description: 'Any other tab-separated table a pipeline writes (QC per site, sample or read position).',
    requiredColumns: [],
  },
  { name: 'text report', extensions: ['.txt'], mimeType: 'text/plain', description: 'A plain-text report or list a pipeline writes (FastQC data, kept markers).', requiredColumns: [] },
  ...MODEL_AND_QC_FILE_TYPES,
];

/** The file types a new Seedbed knows: what pipelines read and write. */
export const DEFAULT_FILE_TYPES: Array<typeof fileTypes.$inferInsert> = [
  { name: 'VCF', extensions: ['.vcf', '.vcf.gz', '.vcf.bgz'], mimeType: 'text/plain', description: 'Variant calls, one or more samples (VCF 4.x).', requiredColumns: [] },
  { name: 'GVCF', extensions: ['.g.vcf', '.g.vcf.gz', '.gvcf.gz'], mimeType: 'text/plain', description: 'Per-sample genomic VCF with reference blocks, for joint genotyping.', requiredColumns: [] },
  { name: 'BAM', extensions: ['.bam'], mimeType: 'application/octet-stream', description: 'Aligned reads (with a .bai index beside it).', requiredColumns: [] },
  {
    name: 'FASTA',
    extensions: ['.fa', '.fasta', '.fna', '.fa.gz', '.fasta.gz', '.fna.gz'],
    mimeType: 'text/x-fasta',
    description: 'Reference sequences (a genome), plain or bgzipped.',
    requiredColumns: [],
  },
  { name: 'FASTQ', extensions: ['.fastq', '.fq', '.fastq.gz', '.fq.gz'], mimeType: 'text/plain', description: 'Raw sequencing reads.', requiredColumns: [] },
  { name: 'phenotype CSV', extensions: ['.csv'], mimeType: 'text/csv', description: 'One row per individual or plot: an id column and one column per trait.', requiredColumns: ['id'] },
  { name: 'genotype matrix', extensions: ['.csv', '.tsv'], mimeType: 'text/csv', description: 'Individuals × markers, coded 0/1/2 (dosage of the alternative allele).', requiredColumns: ['id'] },
  { name: 'spectra CSV', extensions: ['.csv'], mimeType: 'text/csv', description: 'One row per sample: an id column and one column per wavelength (nm).', requiredColumns: ['id'] },
  {
    name: 'model',
    extensions: ['.json', '.rds', '.pkl'],
    mimeType: 'application/octet-stream',
    description: 'A trained prediction model written by GDIP, Auto Train or Auto Train Phenotype.',
    requiredColumns: [],
  },
  { name: 'predictions CSV', extensions: ['.csv'], mimeType: 'text/csv', description: 'Predicted values: individual, trait and prediction.', requiredColumns: ['id', 'trait', 'prediction'] },
  {
    name: 'associations CSV',
    extensions: ['.csv'],
    mimeType: 'text/csv',
    description: 'Marker–trait association results (GDIP discovery): one row per marker and trait.',
    requiredColumns: ['marker', 'chromosome', 'position', 'trait', 'p_value'],
  },
  { name: 'known-QTL CSV', extensions: ['.csv'], mimeType: 'text/csv', description: 'The true QTL of a benchmark dataset.', requiredColumns: ['marker', 'chromosome', 'position', 'trait', 'effect'] },
  {
    name: 'samplesheet CSV',
    extensions: ['.csv'],
    mimeType: 'text/csv',
    description:
      'A pipeline samplesheet: one row per sample with its files, each a path or a stored file reference seedbed://files/<id> (Combine GVCFs: sample,gvcf; Preprocessing: sample,fastq_1,fastq_2).',
    requiredColumns: ['sample'],
  },
  {
    name: 'population map CSV',
    extensions: ['.csv'],
    mimeType: 'text/csv',
    description: 'The population of each sample: sample and population columns (Evostats).',
    requiredColumns: ['sample', 'population'],
  },
  {
    name: 'population statistics TSV',
    extensions: ['.tsv'],
    mimeType: 'text/tab-separated-values',
    description: 'Population-genetic statistics (Evostats): per site or window and population, tab-separated.',
    requiredColumns: ['chrom'],
  },
  {
    name: 'field trial CSV',
    extensions: ['.csv'],
    mimeType: 'text/csv',
    description: 'Plot-level phenotypes of a trial: accession, environment, replicate and one column per trait (Phenomix).',
    requiredColumns: ['accession', 'environment'],
  },
  {
    name: 'breeding simulation CSV',
    extensions: ['.csv'],
    mimeType: 'text/csv',
    description: 'A simulated breeding programme (Multigen sims): genetic gain, variance, inbreeding and diversity per generation.',
    requiredColumns: ['generation'],
  },
  { name: 'params JSON', extensions: ['.json'], mimeType: 'application/json', description: 'Pipeline parameters, as nf-core launch writes them.', requiredColumns: [] },
  CV_FOLDS_FILE_TYPE,
  ...OUTPUT_FILE_TYPES,
];

/** On first start (no file types at all) the defaults are created; later deletions are respected. */
export async function seedFileTypes(db: Database): Promise<void> {
  const [existing] = await db.select({ value: count() }).from(fileTypes);
  if ((existing?.value ?? 0) === 0) await db.insert(fileTypes).values(DEFAULT_FILE_TYPES);
}
