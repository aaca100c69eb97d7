/**
 * Preprocessing, local implementation: per-sample read QC (FastQC's definitions) and quality and
 * adapter trimming (cutadapt's), writing trimmed FASTQ and a QC table. Alignment, duplicate
 * marking and variant calling need an aligner and GATK, so they run on the nextflow engine; the
 * run says so for each skipped step.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import Papa from 'papaparse';
import type { LocalContext } from '../../../src/pipeline-kit/local-pipeline.ts';
import type { Params } from './params.generated.ts';
import { type FastqRecord, ReadQc, readFastq, trimRead } from './reads.ts';
import { formatNumber } from '../../_shared/output.ts';
import { counted } from '../../../src/contract/wording.ts';

/** The adapter trimmed from both reads: the start shared by Illumina's TruSeq and universal adapters (Trim Galore's default). */
export const TRIM_ADAPTER = 'AGATCGGAAGAGC';

interface Sample {
  sample: string;
  fastq1: string;
  fastq2: string | null;
  row: number;
}

export function readSamplesheet(file: string): Sample[] {
  const parsed = Papa.parse<Record<string, string>>(fs.readFileSync(file, 'utf8'), { header: true, skipEmptyLines: true, transformHeader: (header) => header.trim().toLowerCase() });
  const fields = parsed.meta.fields ?? [];
  if (!fields.includes('sample') || !fields.includes('fastq_1')) {
    throw new Error(`${path.basename(file)} needs the columns sample, fastq_1 and (for paired reads) fastq_2 (found: ${fields.join(', ') || 'nothing'}), as nf-core samplesheets have them.`);
  }
  const seen = new Set<string>();
  const resolve = (value: string, row: number, column: string) => {
    const resolved = path.isAbsolute(value) ? value : path.resolve(path.dirname(file), value);
    if (!/\.f(ast)?q(\.gz)?$/i.test(value)) throw new Error(`${path.basename(file)} row ${row}: ${column} ${value} should end in .fastq.gz, .fq.gz, .fastq or .fq.`);
    if (!fs.existsSync(resolved))
      throw new Error(
        `${path.basename(file)} row ${row}: ${value} does not exist${path.isAbsolute(value) ? '' : ` (read as ${resolved}, relative to the samplesheet)`}. Give the FASTQ's path on the Seedbed server.`,
      );
    return resolved;
  };
  const samples = parsed.data.map((record, index) => {
    const row = index + 2;
    const sample = (record.sample ?? '').trim();
    if (!sample) throw new Error(`${path.basename(file)} row ${row}: the sample name is empty.`);
    if (/\s/.test(sample)) throw new Error(`${path.basename(file)} row ${row}: the sample name "${sample}" has spaces; use letters, digits, _ and -.`);
    // nf-core allows several rows (runs) per sample; here each sample is one pair of files.
    if (seen.has(sample)) throw new Error(`${path.basename(file)} row ${row}: sample ${sample} appears twice. Merge its runs into one pair of files first (cat R1s, cat R2s), or name the runs apart.`);
    seen.add(sample);
    const fastq1 = (record.fastq_1 ?? '').trim();
    const fastq2 = (record.fastq_2 ?? '').trim();
    if (!fastq1) throw new Error(`${path.basename(file)} row ${row}: fastq_1 is empty.`);
    return { sample, fastq1: resolve(fastq1, row, 'fastq_1'), fastq2: fastq2 ? resolve(fastq2, row, 'fastq_2') : null, row };
  });
  if (samples.length === 0) throw new Error(`${path.basename(file)} lists no sample.`);
  return samples;
}

/** The read's name without its read-number suffix, to check that the two files go together. */
const pairName = (name: string) => (name.split(/\s/)[0] ?? '').replace(/\/[12]$/, '');

const fastqText = (record: FastqRecord) => `@${record.name}\n${record.sequence}\n+\n${record.quality}\n`;

/** Pairs of records from two FASTQ files (or single records from one), checked to match. */
async function* records(sample: Sample): AsyncGenerator<[FastqRecord, FastqRecord | null]> {
  const first = readFastq(sample.fastq1);
  const second = sample.fastq2 ? readFastq(sample.fastq2) : null;
  let index = 0;
  for (;;) {
    const a = await first.next();
    const b = second ? await second.next() : null;
    index += 1;
    if (a.done) {
      if (b && !b.done)
        throw new Error(`${path.basename(sample.fastq2!)} has more reads than ${path.basename(sample.fastq1)} (read ${index} has no mate): the two files of ${sample.sample} do not go together.`);
      return;
    }
    if (b?.done)
      throw new Error(`${path.basename(sample.fastq1)} has more reads than ${path.basename(sample.fastq2!)} (read ${index} has no mate): the two files of ${sample.sample} do not go together.`);
    if (b && pairName(a.value.name) !== pairName(b.value.name)) {
      throw new Error(
        `Read ${index} of ${sample.sample} is ${pairName(a.value.name)} in ${path.basename(sample.fastq1)} but ${pairName(b.value.name)} in ${path.basename(sample.fastq2!)}: the files are not in the same order, or not mates.`,
      );
    }
    yield [a.value, b ? b.value : null];
  }
}

/** A gzip writer that waits when its buffer is full. */
function gzipWriter(file: string) {
  const gzip = zlib.createGzip({ level: 5 });
  const out = fs.createWriteStream(file);
  gzip.pipe(out);
  let pending: string[] = [];
  let size = 0;
  const flush = async () => {
    if (pending.length === 0) return;
    const chunk = pending.join('');
    pending = [];
    size = 0;
    if (!gzip.write(chunk)) await new Promise<void>((resolve) => gzip.once('drain', () => resolve()));
  };
  return {
    async write(text: string) {
      pending.push(text);
      size += text.length;
      if (size > 1 << 20) await flush();
    },
    async close() {
      await flush();
      await new Promise<void>((resolve, reject) => {
        out.on('finish', () => resolve());
        out.on('error', reject);
        gzip.end();
      });
    },
  };
}

const format = (value: number) => formatNumber(value, 6);

export async function run(context: LocalContext<Params>): Promise<void> {
  const { params } = context;
  const sheet = path.resolve(params.input);
  const samples = await context.task('READ_SAMPLESHEET', path.basename(sheet), () => {
    const rows = readSamplesheet(sheet);
    const fasta = path.resolve(params.fasta);
    if (!fs.existsSync(fasta)) throw new Error(`The reference FASTA ${params.fasta} does not exist.`);
    context.log(`${counted(rows.length, 'sample')} (${rows.filter((row) => row.fastq2).length} paired-end); reference ${path.basename(fasta)} (${params.genome_name}).`);
    return rows;
  });
  const qcDir = path.join(context.outdir, 'qc');
  const trimmedDir = path.join(context.outdir, 'trimmed');
  fs.mkdirSync(qcDir, { recursive: true });
  const table: string[] = [];

  for (const sample of samples) {
    const files = [sample.fastq1, sample.fastq2].filter((file): file is string => file !== null);
    const raw = files.map(() => new ReadQc());
    const trimmed = files.map(() => new ReadQc());
    const counts = await context.task(params.skip_trimming ? 'FASTQC' : 'FASTQC_AND_TRIM', sample.sample, async () => {
      const writers = params.skip_trimming ? [] : files.map((_, index) => gzipWriter(path.join(trimmedDir, `${sample.sample}_R${index + 1}.trimmed.fastq.gz`)));
      if (writers.length > 0) fs.mkdirSync(trimmedDir, { recursive: true });
      let reads = 0;
      let kept = 0;
      let adapterTrimmed = 0;
      let qualityTrimmedBases = 0;
      for await (const pair of records(sample)) {
        if (context.signal.aborted) throw new Error('Cancelled.');
        reads += 1;
        const mates = pair.filter((record): record is FastqRecord => record !== null);
        for (const [index, record] of mates.entries()) raw[index]!.add(record);
        if (params.skip_trimming) continue;
        const results = mates.map((record) => trimRead(record, params.min_base_quality, TRIM_ADAPTER));
        for (const result of results) {
          qualityTrimmedBases += result.qualityTrimmed;
          if (result.adapterTrimmed > 0) adapterTrimmed += 1;
        }
        const cut = results.map((result) => result.record);
        // A pair is dropped when either read is too short (cutadapt's --pair-filter=any).
        if (cut.some((record) => record.sequence.length < params.min_read_length)) continue;
        kept += 1;
        for (const [index, record] of cut.entries()) {
          trimmed[index]!.add(record);
          await writers[index]!.write(fastqText(record));
        }
      }
      for (const writer of writers) await writer.close();
      return { reads, kept, adapterTrimmed, qualityTrimmedBases };
    });
    const qc = {
      sample: sample.sample,
      files: files.map((file, index) => ({ file, raw: raw[index]!.summary(), trimmed: params.skip_trimming ? null : trimmed[index]!.summary() })),
      trimming: params.skip_trimming ? null : { ...counts, dropped: counts.reads - counts.kept, minBaseQuality: params.min_base_quality, minReadLength: params.min_read_length, adapter: TRIM_ADAPTER },
    };
    fs.writeFileSync(path.join(qcDir, `${sample.sample}.qc.json`), `${JSON.stringify(qc, null, 2)}\n`);
    const perPosition = ['read\tposition\tmean_quality\tadapter_percent'];
    for (const [index, file] of qc.files.entries()) {
      for (const [position, value] of file.raw.meanQuality.entries()) perPosition.push(`R${index + 1}\t${position + 1}\t${format(value)}\t${format(file.raw.adapterContent[position] ?? 0)}`);
    }
    fs.writeFileSync(path.join(qcDir, `${sample.sample}.per_position.tsv`), `${perPosition.join('\n')}\n`);
    const first = qc.files[0]!.raw;
    table.push(
      [
        sample.sample,
        counts.reads,
        params.skip_trimming ? 'NA' : counts.kept,
        params.skip_trimming ? 'NA' : format((100 * counts.kept) / Math.max(1, counts.reads)),
        `${first.minLength}-${first.maxLength}`,
        format(first.meanReadQuality),
        format(first.gcPercent),
        format((100 * first.adapterReads) / Math.max(1, first.sequences)),
        format(100 - first.deduplicatedPercent),
      ].join('\t'),
    );
    context.log(
      `${sample.sample}: ${counts.reads} ${sample.fastq2 ? 'pairs' : 'reads'}${params.skip_trimming ? '' : `, ${counts.kept} kept after trimming (${counts.adapterTrimmed} reads with adapter)`}; GC ${format(first.gcPercent)} %, duplication ${format(100 - first.deduplicatedPercent)} %.`,
    );
  }
  if (params.skip_trimming) context.skip('TRIM', 'skip_trimming is on');
  fs.writeFileSync(path.join(qcDir, 'read_qc.tsv'), `sample\treads\treads_kept\tpercent_kept\tlength\tmean_quality\tgc_percent\tadapter_percent\tduplication_percent\n${table.join('\n')}\n`);

  // What an aligner and GATK do: the local engine has neither.
  const missing = `an aligner (${params.aligner}) and GATK, which the local engine does not have: launch on the nextflow engine to align to ${params.genome_name} and call per-sample gVCFs (ploidy ${params.ploidy})`;
  const why = `needs ${missing}`;
  context.skip('ALIGN', why);
  context.skip('MARK_DUPLICATES', params.skip_markduplicates ? 'skip_markduplicates is on' : why);
  context.skip('CALL_VARIANTS', why);
  context.log(`Read QC${params.skip_trimming ? '' : ' and trimmed reads'} are in ${context.outdir}. Alignment, duplicate marking and variant calling were skipped: they need ${missing}.`);
}
