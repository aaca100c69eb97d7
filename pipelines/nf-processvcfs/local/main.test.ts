import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { table, testContext } from '../../_shared/testing.ts';
import { vcfBaseName } from '../../_shared/vcf.ts';
import { formatNumber } from '../../_shared/output.ts';
import { formatFraction, run } from './main.ts';
import { writeFractionDigits } from './site-table.ts';
import type { Params } from './params.generated.ts';

const FIXTURES = path.resolve('tests/fixtures/exactness');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-processvcfs-'));
const DEFAULTS: Params = { input: '', biallelic_snps_only: true, min_maf: 0.05, max_site_missing: 0.2, min_sample_call_rate: 0.8, ld_prune: false, ld_r2_threshold: 0.8, ld_window_kb: 500, seed: 42 };
const HEADER = '##fileformat=VCFv4.2\n##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">\n#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT';

async function processVcf(params: Partial<Params>) {
  const context = testContext({ ...DEFAULTS, ...params });
  await run(context);
  const summary = JSON.parse(context.read('qc/qc_summary.json'));
  const records = context
    .read(`filtered/${vcfBaseName(String(params.input))}.filtered.vcf`)
    .split('\n')
    .filter((line) => line && !line.startsWith('#'));
  return { context, summary, records, ids: records.map((line) => line.split('\t')[2]) };
}

const vcfFile = (name: string, samples: string[], rows: string[]) => {
  const file = path.join(scratch, name);
  fs.writeFileSync(file, `${HEADER}${samples.map((sample) => `\t${sample}`).join('')}\n${rows.map((row) => `${row}\n`).join('')}`);
  return file;
};

describe('sites exactly on a threshold are kept, as bcftools keeps them', () => {
  it('min_maf 0.1 and max_site_missing 0.05 on 300 samples: the same sites as bcftools view -i "MAF>=0.1 && F_MISSING<=0.05"', async () => {
    const { ids, summary } = await processVcf({ input: path.join(FIXTURES, 'thresholds.vcf'), min_maf: 0.1, max_site_missing: 0.05, min_sample_call_rate: 0 });
    const expected = fs.readFileSync(path.join(FIXTURES, 'thresholds.kept.txt'), 'utf8').trim().split('\n');
    expect(ids).toEqual(expected);
    // Among them: ALT-major at MAF 60/600 (1 − 0.9 in floating point is 0.0999…) and 15 of 300 missing (1 − 285/300 is 0.0500…04).
    expect(ids).toContain('chr1_3000');
    expect(ids).toContain('chr1_7000');
    expect(ids).toContain('chr1_11000');
    expect(ids).not.toContain('chr1_4000');
    expect(ids).not.toContain('chr1_9000');
    expect(summary.samples.kept).toBe(300);
  });

  it('keeps a sample called at exactly min_sample_call_rate', async () => {
    const rows = ['0/1\t0/1', '0/1\t0/1', '0/1\t0/1', '0/1\t0/1', '0/1\t./.'].map((calls, index) => `chr1\t${(index + 1) * 100}\t.\tA\tC\t.\t.\t.\tGT\t${calls}\t0/0\t1/1\t0/1\t0/0`);
    // B is called at 4 of 5 sites: 0.8.
    const { summary } = await processVcf({ input: vcfFile('callrate.vcf', ['A', 'B', 'C', 'D', 'E', 'F'], rows), min_maf: 0, max_site_missing: 1, min_sample_call_rate: 0.8 });
    expect(summary.samples).toEqual({ input: 6, kept: 6, removedLowCallRate: 0 });
  });

  it('writes per-site AN, AC, AF, MAF and F_MISSING beside the VCF, per allele for multi-allelic sites', async () => {
    const { context } = await processVcf({ input: path.join(FIXTURES, 'thresholds.vcf'), biallelic_snps_only: false, min_maf: 0.1, max_site_missing: 0.05, min_sample_call_rate: 0 });
    const rows = table(context.read('qc/site_stats.tsv'));
    expect(rows[0]).toEqual(['chrom', 'pos', 'id', 'ref', 'alt', 'an', 'ac', 'af', 'maf', 'f_missing', 'status']);
    // bcftools: AN=600 AC=172,172 AF=0.286667,0.286667 MAF=0.286667 (the second most common allele).
    expect(rows.find((row) => row[1] === '123000')).toEqual(['chr10', '123000', 'chr10_123000', 'A', 'C,G', '600', '172,172', '0.286667,0.286667', '0.286667', '0', 'kept']);
    // The half calls: AN=540 AC=280, F_MISSING=0.2 (60 of 300 samples lack a full call).
    expect(rows.find((row) => row[1] === '122000')!.slice(5)).toEqual(['540', '280', '0.518519', '0.481481', '0.2', 'high_missing']);
  });
});

describe('LD pruning is bcftools +prune’s, in the order of the file', () => {
  it('keeps the sites bcftools +prune -m 0.03 -w 500kb keeps (54 of 60)', async () => {
    const { ids } = await processVcf({ input: path.join(FIXTURES, 'gdip.vcf'), min_maf: 0, max_site_missing: 1, min_sample_call_rate: 0, ld_prune: true, ld_r2_threshold: 0.03, ld_window_kb: 500 });
    expect(ids).toEqual(fs.readFileSync(path.join(FIXTURES, 'gdip.pruned.txt'), 'utf8').trim().split('\n'));
    expect(ids).toHaveLength(54);
  });

  it('writes chr1, chr2, chr10 as the input has them, not chr1, chr10, chr2', async () => {
    const { records } = await processVcf({ input: path.join(FIXTURES, 'thresholds.vcf'), min_maf: 0.1, max_site_missing: 0.05, min_sample_call_rate: 0, ld_prune: true });
    const chromosomes = [...new Set(records.map((line) => line.split('\t')[0]))];
    expect(chromosomes).toEqual(['chr1', 'chr2', 'chr10']);
  });
});

describe('inputs with nothing to keep say why', () => {
  it('no site passing the filters: an empty VCF and a QC report naming the filters', async () => {
    const { records, summary, context } = await processVcf({ input: path.join(FIXTURES, 'thresholds.vcf'), min_maf: 0.5, max_site_missing: 0 });
    expect(records).toEqual([]);
    expect(summary.empty).toBe(true);
    expect(summary.reason).toMatch(/^no site passes the filters \(.*with MAF below 0.5.*\); loosen the filter that removed most\.$/);
    expect(context.read('filtered/thresholds.filtered.vcf')).toMatch(/#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tS001/);
  });

  it('a header-only file: an empty VCF and "no variant records"', async () => {
    const { summary, records } = await processVcf({ input: vcfFile('header-only.vcf', ['A', 'B'], []) });
    expect(records).toEqual([]);
    expect(summary.reason).toBe('header-only.vcf has no variant records, only a header.');
  });

  it('an all multi-allelic file: says so and names biallelic_snps_only', async () => {
    const { summary } = await processVcf({ input: vcfFile('multi.vcf', ['A', 'B'], ['chr1\t100\t.\tA\tC,G\t.\t.\t.\tGT\t0/1\t1/2', 'chr1\t200\t.\tAT\tA\t.\t.\t.\tGT\t0/1\t1/1']) });
    expect(summary.reason).toBe('all 2 records are indels, multi-allelic or symbolic; set biallelic_snps_only to false to keep them.');
  });

  it('FORMAT without GT fails with its own message', async () => {
    const file = vcfFile('no-gt.vcf', ['A', 'B'], ['chr1\t100\t.\tA\tC\t.\t.\t.\tDP\t10\t12']);
    await expect(processVcf({ input: file })).rejects.toThrow(/has no GT field in any record's FORMAT column/);
  });

  it('a gVCF (<NON_REF> reference blocks) fails and points at Combine GVCFs', async () => {
    const file = vcfFile('sample.g.vcf', ['A'], ['chr1\t1\t.\tA\t<NON_REF>\t.\t.\tEND=99\tGT\t0/0', 'chr1\t100\t.\tA\t<NON_REF>\t.\t.\tEND=200\tGT\t0/0']);
    await expect(processVcf({ input: file })).rejects.toThrow(/looks like a single-sample gVCF.*Combine GVCFs/);
  });

  it('an unusable input leaves no filtered VCF behind, though kept records are written as they are read', async () => {
    const file = vcfFile('late-gvcf.vcf', ['A'], ['chr1\t1\t.\tA\t<NON_REF>\t.\t.\tEND=99\tGT\t0/0']);
    const context = testContext({ ...DEFAULTS, input: file, min_maf: 0, max_site_missing: 1, biallelic_snps_only: false });
    await expect(run(context)).rejects.toThrow(/looks like a single-sample gVCF/);
    expect(fs.existsSync(path.join(context.outdir, 'filtered'))).toBe(false);
  });

  it('no sample reaching the call rate names the best one', async () => {
    const file = vcfFile('patchy.vcf', ['A', 'B'], ['chr1\t100\t.\tA\tC\t.\t.\t.\tGT\t0/1\t./.', 'chr1\t200\t.\tA\tC\t.\t.\t.\tGT\t./.\t0/1']);
    await expect(processVcf({ input: file, min_maf: 0, max_site_missing: 1, min_sample_call_rate: 0.9 })).rejects.toThrow(
      'No sample reaches a call rate of 0.9 on the 2 sites left (the best reaches 0.500); lower min_sample_call_rate.',
    );
  });
});

describe('a site table fraction', () => {
  it('is written as formatNumber writes it, for every count over every total up to 1,000', () => {
    const differing: string[] = [];
    for (let total = 1; total <= 1000; total += 1) {
      for (let count = 0; count <= total; count += 1) {
        const value = count / total;
        if (formatFraction(value) !== formatNumber(value, 6)) differing.push(`${count}/${total}`);
      }
    }
    expect(differing).toEqual([]);
    expect(formatFraction(1 / 3)).toBe('0.333333');
  });

  it('is written as bytes, in integers, as formatFraction writes it (or left to it: ties, below 1e-6)', () => {
    const bytes = new Uint8Array(32);
    const differing: string[] = [];
    let left = 0;
    const check = (count: number, total: number) => {
      bytes.fill(0x3f);
      const end = writeFractionDigits(bytes, 2, count, total);
      if (end < 0) left += 1;
      else if (Buffer.from(bytes.subarray(2, end)).toString('latin1') !== formatFraction(count / total) || bytes[end] !== 0x3f || bytes[1] !== 0x3f) differing.push(`${count}/${total}`);
    };
    for (let total = 1; total <= 1000; total += 1) for (let count = 1; count <= total; count += 1) check(count, total);
    // Totals up to 2^20, counts spread over every order of magnitude; and powers of two (ties: 1/1024 = 0.0009765625).
    for (let index = 1; index < 100_000; index += 1) {
      const total = (index * 7919) % (1 << 20) || 1;
      check(Math.max(1, Math.floor(total / 10 ** (index % 7))), total);
    }
    for (let power = 0; power < 20; power += 1) for (let count = 1; count <= Math.min(50, 2 ** power); count += 1) check(count, 2 ** power);
    expect(differing).toEqual([]);
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(2000);
    expect(formatFraction(1e-7)).toBe(formatNumber(1e-7, 6));
  });
});
