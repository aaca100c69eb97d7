import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { contentProblem } from './content-check';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-content-'));
const file = (name: string, bytes: string | Buffer) => {
  const target = path.join(folder, name);
  fs.writeFileSync(target, bytes);
  return target;
};
const VCF = '##fileformat=VCFv4.2\n#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tA\nchr1\t1\t.\tA\tC\t.\t.\t.\tGT\t0/1\n';

describe('a bgzipped VCF named .vcf.bgz is a VCF', () => {
  it('accepts it, compressed as bgzip writes it (several gzip members)', async () => {
    const bgzipped = Buffer.concat([zlib.gzipSync(VCF.slice(0, 30)), zlib.gzipSync(VCF.slice(30))]);
    expect(await contentProblem(file('cohort.vcf.bgz', bgzipped), 'cohort.vcf.bgz', 'VCF')).toBeNull();
  });

  it('refuses a plain-text file that only carries the name', async () => {
    expect(await contentProblem(file('plain.vcf.bgz', VCF), 'plain.vcf.bgz', 'VCF')).toMatch(/ends in \.bgz but is not gzip-compressed/);
  });
});

describe('a VCF has its #CHROM column header', () => {
  const meta = '##fileformat=VCFv4.2\n';
  it('finds it after many ## lines, past the first 64 KB, compressed or not', async () => {
    const contigs = Array.from({ length: 3000 }, (_, index) => `##contig=<ID=scaffold_${index},length=${1000 + index}>`).join('\n');
    const text = `${meta}${contigs}\n#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tA\nchr1\t1\t.\tA\tC\t.\t.\t.\tGT\t0/1\n`;
    expect(text.length).toBeGreaterThan(64 * 1024);
    expect(await contentProblem(file('contigs.vcf', text), 'contigs.vcf', 'VCF')).toBeNull();
    expect(await contentProblem(file('contigs.vcf.gz', zlib.gzipSync(text)), 'contigs.vcf.gz', 'VCF')).toBeNull();
  });

  it('accepts a sites-only VCF (eight columns, no samples)', async () => {
    expect(await contentProblem(file('sites.vcf', `${meta}#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\nchr1\t1\t.\tA\tC\t.\t.\t.\n`), 'sites.vcf', 'VCF')).toBeNull();
  });

  it.each([
    [
      'a trailing tab (an empty sample name, as bcftools says)',
      `${meta}#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tA\t\n`,
      /sample 2 of its #CHROM line has an empty name .*Empty sample name/,
    ],
    ['a doubled tab', `${meta}#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\t\tB\n`, /sample 1 of its #CHROM line has an empty name/],
    ['no #CHROM line', `${meta}##source=x\n`, /has no #CHROM column header line/],
    ['data straight after the ## lines', `${meta}chr1\t1\t.\tA\tC\t.\t.\t.\n`, /is not the #CHROM column header line/],
    ['spaces instead of tabs', `${meta}#CHROM POS ID REF ALT QUAL FILTER INFO\n`, /must start with the tab-separated columns/],
  ])('refuses %s', async (_, text, message) => {
    expect(await contentProblem(file('bad.vcf', text), 'bad.vcf', 'VCF')).toMatch(message);
  });
});

describe('models named after the pipeline that wrote them are JSON', () => {
  it.each(['GDIP model', 'Auto Train model', 'spectra model'])('refuses a %s that is not JSON, and takes one that is', async (type) => {
    expect(await contentProblem(file('model.json', 'id,trait\nA,1\n'), 'model.json', type)).toMatch(/JSON starts with \{ or \[/);
    expect(await contentProblem(file('model-ok.json', '{"model":"gblup"}'), 'model-ok.json', type)).toBeNull();
  });
});
