import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq, inArray } from 'drizzle-orm';
import {
  gvcfSet,
  panelPhenotypes,
  populationVcf,
  SAMPLE_GVCFS,
  SAMPLE_PANEL,
  SAMPLE_PANEL_TRAITS,
  SAMPLE_SPECTRA,
  SAMPLE_TRIAL,
  sampleReads,
  sampleSpectra,
  trialPhenotypes,
} from '../../../pipelines/_shared/sample-data.ts';
import type { Database } from '../db/client';
import { files, fileTypes } from '../db/schema';
import { fileReference } from '../../contract/file-reference';
import { registerLocalFile } from '../storage/file-store';

/**
 * Sample inputs for the pipelines that run on the embedded engine, from the same seeded
 * generators as the tests: a VCF of three populations with its population map (Evostats,
 * Process VCFs, Multigen sims founders) and its traits (GDIP), single-sample gVCFs with their samplesheet and
 * reference (Combine GVCFs), paired FASTQ with their samplesheet (Preprocessing), a
 * three-environment field trial (Phenomix) and NIR spectra with their reference values
 * (Process Spectra, Auto Train Phenotype). Written
 * under SEEDBED_DATA_DIR/files/sample-data and stored as files of their types, so every launch
 * form can pick them.
 */
const FOLDER = path.join('files', 'sample-data');

interface SampleFile {
  name: string;
  type: string;
  bytes: Buffer;
}

/**
 * The sample files, and the samplesheets naming some of them. A sheet names its files by
 * reference (seedbed://files/<id>, from `referenceOf` once the files are stored), as a person
 * picking stored files would: it says nothing of the server's folders, and a run is given a copy
 * with the files' paths.
 */
function sampleFiles(): { data: SampleFile[]; sheets: (referenceOf: (name: string) => string) => SampleFile[] } {
  const out: SampleFile[] = [];
  const text = (name: string, type: string, content: string) => out.push({ name, type, bytes: Buffer.from(content) });
  const sheet = (name: string, content: string): SampleFile => ({ name, type: 'samplesheet CSV', bytes: Buffer.from(content) });
  const populations = populationVcf(SAMPLE_PANEL);

  text('wheat_panel_3pops.vcf', 'VCF', populations.vcf);
  text('wheat_panel_populations.csv', 'population map CSV', populations.populationsCsv);
  // The panel's own traits, by the VCF's sample names: GDIP's genotypes and phenotypes.
  text('wheat_panel_phenotypes.csv', 'phenotype CSV', panelPhenotypes(populations, SAMPLE_PANEL_TRAITS));

  const gvcfs = gvcfSet(SAMPLE_GVCFS);
  text('sample_reference.fa', 'FASTA', gvcfs.fasta);
  for (const { sample, text: gvcf } of gvcfs.gvcfs) out.push({ name: `${sample}.g.vcf.gz`, type: 'GVCF', bytes: zlib.gzipSync(gvcf) });

  const reads = sampleReads();
  text('reads_reference.fa', 'FASTA', reads.fasta);
  for (const { sample, read1, read2 } of reads.samples) {
    out.push({ name: `${sample}_R1.fastq.gz`, type: 'FASTQ', bytes: zlib.gzipSync(read1) }, { name: `${sample}_R2.fastq.gz`, type: 'FASTQ', bytes: zlib.gzipSync(read2) });
  }
  text('wheat_trial_3envs.csv', 'field trial CSV', trialPhenotypes(SAMPLE_TRIAL));
  const spectra = sampleSpectra(SAMPLE_SPECTRA);
  text('grain_nir_spectra.csv', 'spectra CSV', spectra.spectraCsv);
  text('grain_nir_reference_values.csv', 'phenotype CSV', spectra.traitsCsv);
  const sheets = (referenceOf: (name: string) => string) => [
    sheet('gvcf_samplesheet.csv', `sample,gvcf\n${gvcfs.gvcfs.map(({ sample }) => `${sample},${referenceOf(`${sample}.g.vcf.gz`)}`).join('\n')}\n`),
    sheet(
      'fastq_samplesheet.csv',
      `sample,fastq_1,fastq_2\n${reads.samples.map(({ sample }) => `${sample},${referenceOf(`${sample}_R1.fastq.gz`)},${referenceOf(`${sample}_R2.fastq.gz`)}`).join('\n')}\n`,
    ),
  ];
  return { data: out, sheets };
}

/** Writes and stores the sample files once: the data first, then the samplesheets naming them by id; returns how many were added. */
export async function seedSampleFiles(db: Database, dataDir: string): Promise<number> {
  fs.mkdirSync(path.join(dataDir, FOLDER), { recursive: true });
  const types = new Map((await db.select({ id: fileTypes.id, name: fileTypes.name }).from(fileTypes)).map((type) => [type.name, type.id]));
  const ids = new Map<string, number>();
  const store = async (made: SampleFile[]) => {
    const storagePaths = made.map((file) => path.join(FOLDER, file.name));
    const existing = new Set((await db.select({ storagePath: files.storagePath }).from(files).where(inArray(files.storagePath, storagePaths))).map((row) => row.storagePath));
    let added = 0;
    for (const file of made) {
      const storagePath = path.join(FOLDER, file.name);
      if (existing.has(storagePath)) continue;
      fs.writeFileSync(path.join(dataDir, storagePath), file.bytes);
      const stored = await registerLocalFile(db, {
        name: file.name,
        storagePath,
        sizeBytes: file.bytes.length,
        sha256: createHash('sha256').update(file.bytes).digest('hex'),
        fileTypeId: types.get(file.type) ?? null,
      });
      if (stored) added += 1;
    }
    const rows = await db.select({ id: files.id, storagePath: files.storagePath }).from(files).where(inArray(files.storagePath, storagePaths));
    for (const row of rows) ids.set(path.basename(row.storagePath), row.id);
    return added;
  };
  const { data, sheets } = sampleFiles();
  const added = await store(data);
  return added + (await store(sheets((name) => fileReference(ids.get(name)!))));
}

/** Whether the sample files are stored already (the demo start adds them once). */
export async function hasSampleFiles(db: Database): Promise<boolean> {
  const [row] = await db
    .select({ id: files.id })
    .from(files)
    .where(eq(files.storagePath, path.join(FOLDER, 'fastq_samplesheet.csv')));
  return row !== undefined;
}
