/**
 * Writes the inputs of tests/fixtures/preprocessing/ (deterministic): two samples of 1,000
 * paired-end 150 bp reads (one gzipped) from a small reference, with adapter read-through,
 * falling quality, Ns and PCR duplicates, and the samplesheet. The expected values come from
 * FastQC and cutadapt: tests/fixtures/preprocessing/make-expected.sh.
 *
 *   npx tsx scripts/make-preprocessing-fixtures.ts && sh tests/fixtures/preprocessing/make-expected.sh
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { sampleReads } from '../pipelines/_shared/sample-data.ts';

const folder = path.resolve('tests/fixtures/preprocessing');
fs.mkdirSync(folder, { recursive: true });
const { fasta, samples } = sampleReads();
fs.writeFileSync(path.join(folder, 'ref.fa'), fasta);
const rows = ['sample,fastq_1,fastq_2'];
for (const [index, { sample, read1, read2 }] of samples.entries()) {
  // The second sample gzipped, as sequencers deliver them.
  const gzip = index === 1;
  const names = [`${sample}_R1.fastq${gzip ? '.gz' : ''}`, `${sample}_R2.fastq${gzip ? '.gz' : ''}`];
  fs.writeFileSync(path.join(folder, names[0]!), gzip ? zlib.gzipSync(read1) : read1);
  fs.writeFileSync(path.join(folder, names[1]!), gzip ? zlib.gzipSync(read2) : read2);
  rows.push(`${sample},${names[0]},${names[1]}`);
}
fs.writeFileSync(path.join(folder, 'samplesheet.csv'), `${rows.join('\n')}\n`);
