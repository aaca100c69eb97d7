import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { scratchFiles, type TestContext, testContext } from '../../_shared/testing.ts';
import { run } from './main.ts';
import type { Params } from './params.generated.ts';
import { adapterStart, qualityTrimStop } from './reads.ts';
import { PREPROCESSING_FIXTURE } from '../../../tests/fixtures/pipeline-params.ts';

/** tests/fixtures/preprocessing: expected values from FastQC 0.11.9 and cutadapt 4.2 (see make-expected.sh there). */
const FIXTURES = path.resolve('tests/fixtures/preprocessing');
const EXPECTED = path.join(FIXTURES, 'expected');
const FILES = [
  ['leaf_A', 0, 'leaf_A_R1'],
  ['leaf_A', 1, 'leaf_A_R2'],
  ['leaf_B', 0, 'leaf_B_R1'],
  ['leaf_B', 1, 'leaf_B_R2'],
] as const;

/** A module of FastQC's fastqc_data.txt: its rows, header first. */
function fastqcModule(base: string, module: string): string[][] {
  const text = fs.readFileSync(path.join(EXPECTED, `${base}.fastqc_data.txt`), 'utf8');
  const start = text.indexOf(`>>${module}`);
  const body = text.slice(start, text.indexOf('>>END_MODULE', start)).trim().split('\n').slice(1);
  return body.map((line) => line.split('\t'));
}

describe('Preprocessing against FastQC and cutadapt', () => {
  let context: TestContext<Params>;
  beforeAll(async () => {
    context = testContext({ ...PREPROCESSING_FIXTURE });
    await run(context);
  });
  const qcOf = (sample: string) => JSON.parse(context.read(`qc/${sample}.qc.json`));

  it('counts reads, lengths and GC as FastQC’s Basic Statistics', () => {
    for (const [sample, read, base] of FILES) {
      const stats = Object.fromEntries(fastqcModule(base, 'Basic Statistics').map(([key, value]) => [key, value]));
      const ours = qcOf(sample).files[read].raw;
      expect(ours.sequences).toBe(Number(stats['Total Sequences']));
      expect(`${ours.minLength}`).toBe(stats['Sequence length']!.split('-')[0]);
      // FastQC prints %GC as a whole number, rounded down.
      expect(Math.floor(ours.gcPercent)).toBe(Number(stats['%GC']));
    }
  });

  it('has FastQC’s mean quality at every position (--nogroup)', () => {
    for (const [sample, read, base] of FILES) {
      const ours = qcOf(sample).files[read].raw.meanQuality;
      const rows = fastqcModule(base, 'Per base sequence quality').slice(1);
      expect(rows).toHaveLength(150);
      for (const [position, mean] of rows) expect(ours[Number(position) - 1]).toBeCloseTo(Number(mean), 9);
    }
  });

  it('has FastQC’s adapter content and deduplicated percentage', () => {
    for (const [sample, read, base] of FILES) {
      const ours = qcOf(sample).files[read].raw;
      const rows = fastqcModule(base, 'Adapter Content').slice(1);
      expect(rows.length).toBeGreaterThan(100);
      for (const [position, universal] of rows) expect(ours.adapterContent[Number(position) - 1]).toBeCloseTo(Number(universal), 9);
      expect(rows[rows.length - 1]![1]).not.toBe('0.0');
      const text = fs.readFileSync(path.join(EXPECTED, `${base}.fastqc_data.txt`), 'utf8');
      const deduplicated = Number(/#Total Deduplicated Percentage\t(\S+)/.exec(text)![1]);
      expect(ours.deduplicatedPercent).toBeCloseTo(deduplicated, 6);
    }
  });

  it('trims reads exactly as cutadapt -q 20 -a/-A AGATCGGAAGAGC -e 0 -O 3 -m 50', () => {
    for (const [sample, read, base] of FILES) {
      const ours = zlib.gunzipSync(fs.readFileSync(path.join(context.outdir, 'trimmed', `${sample}_R${read + 1}.trimmed.fastq.gz`))).toString();
      const theirs = fs.readFileSync(path.join(EXPECTED, `${base}.trimmed.fastq`), 'utf8');
      expect(ours.split('\n').length).toBe(theirs.split('\n').length);
      expect(ours).toBe(theirs);
    }
    const trimming = qcOf('leaf_A').trimming;
    expect(trimming.kept).toBe(fs.readFileSync(path.join(EXPECTED, 'leaf_A_R1.trimmed.fastq'), 'utf8').trim().split('\n').length / 4);
    expect(trimming.adapterTrimmed).toBeGreaterThan(100);
  });

  it('says which steps need the nextflow engine, and writes one QC table', () => {
    const log = context.lines.join('\n');
    for (const step of ['ALIGN', 'MARK_DUPLICATES', 'CALL_VARIANTS']) expect(log).toMatch(new RegExp(`Skipped ${step}: needs an aligner \\(bwa-mem2\\) and GATK`));
    expect(log).toMatch(/variant calling were skipped: they need an aligner \(bwa-mem2\) and GATK/);
    expect(log).toMatch(/^2 samples \(2 paired-end\)/m);
    const table = context.read('qc/read_qc.tsv').trim().split('\n');
    expect(table[0]).toBe('sample\treads\treads_kept\tpercent_kept\tlength\tmean_quality\tgc_percent\tadapter_percent\tduplication_percent');
    expect(table.slice(1).map((row) => row.split('\t')[0])).toEqual(['leaf_A', 'leaf_B']);
  });
});

describe('the trimming rules', () => {
  it('cuts the 3′ end where BWA’s running sum peaks', () => {
    const q = (values: number[]) => values.map((value) => String.fromCharCode(33 + value)).join('');
    expect(qualityTrimStop(q([30, 30, 30, 30]), 20)).toBe(4);
    expect(qualityTrimStop(q([30, 30, 30, 10, 10]), 20)).toBe(3);
    // A good base between bad ones does not save the tail.
    expect(qualityTrimStop(q([30, 30, 10, 25, 10]), 20)).toBe(2);
  });

  it('finds a whole adapter anywhere, else its start at the read’s end (3 bases or more)', () => {
    expect(adapterStart('ACGTACGTAGATCGGAAGAGCTTTT', 'AGATCGGAAGAGC')).toBe(8);
    expect(adapterStart('ACGTACGTAGATC', 'AGATCGGAAGAGC')).toBe(8);
    expect(adapterStart('ACGTACGTAGA', 'AGATCGGAAGAGC')).toBe(8);
    expect(adapterStart('ACGTACGTAG', 'AGATCGGAAGAGC')).toBe(10);
  });
});

describe('inputs Preprocessing cannot use are named with the fix', () => {
  const write = scratchFiles('preprocessing');

  it.each([
    ['no fastq_1 column', 'sample,reads\nA,a.fastq\n', /needs the columns sample, fastq_1 and \(for paired reads\) fastq_2/],
    ['a missing file', 'sample,fastq_1\nA,nowhere.fastq.gz\n', /row 2: nowhere\.fastq\.gz does not exist/],
    ['not a FASTQ name', `sample,fastq_1\nA,${FIXTURES}/ref.fa\n`, /fastq_1 .*ref\.fa should end in \.fastq\.gz/],
  ])('%s', async (_, text, message) => {
    await expect(run(testContext({ ...PREPROCESSING_FIXTURE, input: write('sheet.csv', text) }))).rejects.toThrow(message);
  });

  it('mates out of order, and a truncated file', async () => {
    const record = (name: string) => `@${name}\nACGT\n+\nIIII\n`;
    const one = write('one_R1.fastq', record('r1') + record('r2'));
    const two = write('one_R2.fastq', record('r2') + record('r1'));
    await expect(run(testContext({ ...PREPROCESSING_FIXTURE, input: write('pairs.csv', `sample,fastq_1,fastq_2\nA,${one},${two}\n`) }))).rejects.toThrow(
      /Read 1 of A is r1 in one_R1\.fastq but r2 in one_R2\.fastq/,
    );
    const cut = write('cut.fastq', `${record('r1')}@r2\nACGT\n`);
    await expect(run(testContext({ ...PREPROCESSING_FIXTURE, input: write('cut.csv', `sample,fastq_1\nA,${cut}\n`) }))).rejects.toThrow(/ends in the middle of a record .* truncated/);
  });
});
