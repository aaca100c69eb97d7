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
  it('accepts it, compressed as bgzip writes it (several gzip members)', () => {
    const bgzipped = Buffer.concat([zlib.gzipSync(VCF.slice(0, 30)), zlib.gzipSync(VCF.slice(30))]);
    expect(contentProblem(file('cohort.vcf.bgz', bgzipped), 'cohort.vcf.bgz', 'VCF')).toBeNull();
  });

  it('refuses a plain-text file that only carries the name', () => {
    expect(contentProblem(file('plain.vcf.bgz', VCF), 'plain.vcf.bgz', 'VCF')).toMatch(/ends in \.bgz but is not gzip-compressed/);
  });
});
