/**
 * Writes the inputs of tests/fixtures/combine-gvcfs/ (deterministic): a reference FASTA, eight
 * single-sample gVCFs in GATK's style (one gzipped) and the samplesheet naming them. The
 * expected merge comes from bcftools: tests/fixtures/combine-gvcfs/make-expected.sh.
 *
 *   npx tsx scripts/make-combine-gvcfs-fixtures.ts && sh tests/fixtures/combine-gvcfs/make-expected.sh
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { gvcfSet, SAMPLE_GVCFS } from '../pipelines/_shared/sample-data.ts';

const folder = path.resolve('tests/fixtures/combine-gvcfs');
fs.mkdirSync(folder, { recursive: true });
const set = gvcfSet(SAMPLE_GVCFS);
fs.writeFileSync(path.join(folder, 'ref.fa'), set.fasta);
const rows = ['sample,gvcf'];
for (const [index, { sample, text }] of set.gvcfs.entries()) {
  // The last one gzipped, as HaplotypeCaller's .g.vcf.gz (the reader goes by the bytes).
  const name = index === set.gvcfs.length - 1 ? `${sample}.g.vcf.gz` : `${sample}.g.vcf`;
  fs.writeFileSync(path.join(folder, name), name.endsWith('.gz') ? zlib.gzipSync(text) : text);
  rows.push(`${sample},${name}`);
}
fs.writeFileSync(path.join(folder, 'samplesheet.csv'), `${rows.join('\n')}\n`);
