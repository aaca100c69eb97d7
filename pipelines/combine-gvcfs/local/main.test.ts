import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { scratchFiles, table, testContext } from '../../_shared/testing.ts';
import { run } from './main.ts';
import type { Params } from './params.generated.ts';
import { COMBINE_GVCFS_FIXTURE } from '../../../tests/fixtures/pipeline-params.ts';

/** tests/fixtures/combine-gvcfs: the expected merge from bcftools 1.16 (see make-expected.sh there). */
const FIXTURES = path.resolve('tests/fixtures/combine-gvcfs');
const write = scratchFiles('combine');

async function combine(params: Partial<Params> = {}) {
  const context = testContext({ ...COMBINE_GVCFS_FIXTURE, ...params });
  await run(context);
  const name = params.output_name ?? 'cohort';
  const lines = context.read(`combined/${name}.vcf`).trimEnd().split('\n');
  const samples = lines
    .find((line) => line.startsWith('#CHROM'))!
    .split('\t')
    .slice(9);
  const records = lines.filter((line) => !line.startsWith('#')).map((line) => line.split('\t'));
  return { context, samples, records, summary: JSON.parse(context.read(`combined/${name}.summary.json`)) };
}

/** A genotype as its bases, sorted: "CAG/C" and "C/CAG" are one genotype. */
const bases = (gt: string, alleles: string[]) =>
  gt.startsWith('.')
    ? 'missing'
    : gt
        .split(/[/|]/)
        .map((index) => alleles[Number(index)])
        .sort()
        .join('/');

describe('Combine GVCFs against bcftools merge --gvcf -m all', () => {
  let merged: Awaited<ReturnType<typeof combine>>;
  beforeAll(async () => {
    merged = await combine();
  });

  it('has the same sites, REF alleles, ALT allele sets and genotypes', () => {
    const [header, ...expected] = table(fs.readFileSync(path.join(FIXTURES, 'expected.tsv'), 'utf8'));
    expect(header!.slice(4).map((column) => column.replace(/^\[\d+\]/, '').replace(':GT', ''))).toEqual(merged.samples);
    expect(merged.records).toHaveLength(expected.length);
    expect(expected.length).toBeGreaterThan(100);
    for (const row of expected) {
      const [chrom, pos, ref, alt, ...genotypes] = row;
      const ours = merged.records.find((record) => record[0] === chrom && record[1] === pos);
      expect(ours, `${chrom}:${pos}`).toBeDefined();
      expect(ours![3]).toBe(ref);
      const expectedAlts = alt!.split(',').filter((allele) => allele !== '<NON_REF>' && allele !== '<*>');
      expect(ours![4]!.split(',').sort()).toEqual(expectedAlts.sort());
      const alleles = [ours![3]!, ...ours![4]!.split(',')];
      genotypes.forEach((tgt, index) => {
        expect(bases(ours![9 + index]!, alleles), `${chrom}:${pos} ${merged.samples[index]}`).toBe(tgt.startsWith('.') ? 'missing' : tgt.split(/[/|]/).sort().join('/'));
      });
    }
  });

  it('covers the cases that make a merge hard', () => {
    const info = (record: string[]) => Object.fromEntries(record[7]!.split(';').map((entry) => entry.split('=')));
    // A deletion and a SNP at one position: REF extended, both alleles kept.
    const extended = merged.records.filter((record) => record[3]!.length > 1 && record[4]!.split(',').some((allele) => allele.length === record[3]!.length));
    expect(extended.length).toBeGreaterThan(0);
    // Multi-allelic sites from samples carrying different ALT bases.
    expect(merged.records.some((record) => record[4]!.includes(','))).toBe(true);
    // Missing calls where a sample has no data, and AC/AN from the called alleles.
    expect(merged.records.some((record) => record.slice(9).includes('./.'))).toBe(true);
    for (const record of merged.records) {
      const calls = record
        .slice(9)
        .flatMap((gt) => gt.split('/'))
        .filter((allele) => allele !== '.');
      expect(Number(info(record).AN)).toBe(calls.length);
    }
    expect(merged.summary.sites.variantSites).toBe(merged.records.length);
    expect(merged.context.processes.filter((process) => process === 'READ_GVCF')).toHaveLength(8);
  });

  it('keeps to the intervals, and adds the non-variant positions when asked', async () => {
    const bed = write('one.bed', 'chr1\t999\t3000\n');
    const limited = await combine({ intervals: bed, output_name: 'limited' });
    expect(limited.records.length).toBeGreaterThan(0);
    expect(limited.records.every((record) => record[0] === 'chr1' && Number(record[1]) >= 1000 && Number(record[1]) <= 3000)).toBe(true);
    expect(limited.records.length).toBe(merged.records.filter((record) => record[0] === 'chr1' && Number(record[1]) >= 1000 && Number(record[1]) <= 3000).length);

    const list = write('one.list', 'chr2:101-400\n');
    const all = await combine({ intervals: list, include_non_variant_sites: true, output_name: 'all' });
    const positions = all.records.map((record) => Number(record[1]));
    const reference = fs.readFileSync(path.join(FIXTURES, 'ref.fa'), 'utf8').split('>chr2')[1]!.split('\n').slice(1).join('');
    // Every position some sample called is there, REF from the FASTA, variant or not.
    expect(positions.length).toBeGreaterThan(250);
    for (const record of all.records.filter((entry) => entry[4] === '.')) {
      expect(record[3]).toBe(reference[Number(record[1]) - 1]);
      expect(record.slice(9).every((gt) => gt === '0/0' || gt === './.')).toBe(true);
    }
  });
});

describe('inputs Combine GVCFs cannot use are named with the fix', () => {
  it.each([
    ['no gvcf column', 'sample,path\nS01,S01.g.vcf\n', /needs the columns sample and gvcf/],
    ['a sample twice', `sample,gvcf\nS01,${FIXTURES}/S01.g.vcf\nS01,${FIXTURES}/S02.g.vcf\n`, /row 3: sample S01 is already on row 2/],
    ['a missing file', 'sample,gvcf\nS01,nowhere.g.vcf\n', /row 2: nowhere\.g\.vcf does not exist \(read as .*relative to the samplesheet\)/],
  ])('%s', async (_, text, message) => {
    await expect(combine({ input: write('sheet.csv', text) })).rejects.toThrow(message);
  });

  it('a reference the gVCFs were not called against', async () => {
    const other = write('other.fa', `>chr1\n${'N'.repeat(20_000)}\n>chr2\n${'N'.repeat(20_000)}\n`);
    await expect(combine({ fasta: other })).rejects.toThrow(/REF allele is .* but other\.fa has N.*called against another reference/);
    const missing = write('short.fa', '>chr1\nACGT\n');
    await expect(combine({ fasta: missing })).rejects.toThrow(/has records on chr2, which short\.fa does not have/);
  });

  it('a multi-sample VCF', async () => {
    const vcf = write(
      'two.vcf',
      '##fileformat=VCFv4.2\n##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">\n#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tA\tB\nchr1\t5\t.\tA\tC\t.\t.\t.\tGT\t0/1\t0/0\n',
    );
    await expect(combine({ input: write('multi.csv', `sample,gvcf\nA,${vcf}\n`) })).rejects.toThrow(/has 2 samples; Combine GVCFs takes single-sample gVCFs/);
  });
});
