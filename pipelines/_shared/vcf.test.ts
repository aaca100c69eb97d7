import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { table } from './testing.ts';
import { alleleNumber, CallCounter, calledSites, hasFullCall, minorAlleleCount, missingCount, readVcf, rewriteVcf, scanVcf, type VcfSite } from './vcf.ts';

const FIXTURES = path.resolve('tests/fixtures/exactness');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-vcf-'));
const HEADER = '##fileformat=VCFv4.2\n##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">\n';
const CHROM = '#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT';
const write = (name: string, text: string | Buffer) => {
  const file = path.join(scratch, name);
  fs.writeFileSync(file, text);
  return file;
};

describe('per-site figures agree with bcftools +fill-tags (AN, AC, AF, MAF, F_MISSING)', () => {
  // Expected: make-expected.sh (bcftools 1.16). bcftools stores AF, MAF and F_MISSING as 32-bit
  // floats printed with 6 digits, hence 1e-6; AN and AC are integers and must be equal.
  for (const name of ['thresholds', 'tetraploid']) {
    it(`${name}.vcf: every site`, async () => {
      const vcf = await readVcf(path.join(FIXTURES, `${name}.vcf`));
      const expected = table(fs.readFileSync(path.join(FIXTURES, `${name}.fill-tags.tsv`), 'utf8'));
      expect(vcf.sites).toHaveLength(expected.length);
      for (const [index, site] of vcf.sites.entries()) {
        const [chrom, pos, , an, ac, af, maf, missing] = expected[index]!;
        const where = `${chrom}:${pos}`;
        expect(`${site.chrom}:${site.pos}`).toBe(where);
        const number = alleleNumber(site);
        expect(number, where).toBe(Number(an));
        expect(site.alleleCounts.slice(1).join(','), where).toBe(ac);
        if (name !== 'tetraploid') {
          // bcftools 1.16's +fill-tags counts two alleles per call, so only AN and AC (from +fill-AN-AC) are its word on polyploids.
          for (const [allele, count] of site.alleleCounts.slice(1).entries()) expect(Math.abs(count / number - Number(af!.split(',')[allele])), where).toBeLessThan(1e-6);
          expect(Math.abs(minorAlleleCount(site) / number - Number(maf)), where).toBeLessThan(1e-6);
        }
        expect(Math.abs(missingCount(site) / vcf.samples.length - Number(missing)), where).toBeLessThan(1e-6);
      }
    });
  }

  it('counts a tetraploid call as four alleles (dosage 0–4), not capped at 2', async () => {
    const vcf = await readVcf(path.join(FIXTURES, 'tetraploid.vcf'));
    expect(Math.max(...vcf.sites.flatMap((site) => [...site.dosage]))).toBe(4);
    expect(Math.max(...vcf.sites.flatMap((site) => [...site.ploidy]))).toBe(4);
  });

  it('reads a record whose last call is of another shape (haploid, 0/1/1) as a whole again, counting each allele once', async () => {
    const file = write('mixed-shapes.vcf', `${HEADER}${CHROM}\tA\tB\tC\tD\nchr1\t100\t.\tA\tC\t.\t.\t.\tGT\t0/1\t1|1\t./.\t1\nchr1\t200\t.\tA\tC\t.\t.\t.\tGT\t0/1\t0/0\t1/1\t0/1/1\n`);
    const [haploid, triploid] = (await readVcf(file)).sites;
    expect({ counts: haploid!.alleleCounts, dosage: [...haploid!.dosage], ploidy: [...haploid!.ploidy], missing: missingCount(haploid!) }).toEqual({
      counts: [1, 4],
      dosage: [1, 2, 0, 1],
      ploidy: [2, 2, 2, 1],
      missing: 1,
    });
    expect({ counts: triploid!.alleleCounts, dosage: [...triploid!.dosage], ploidy: [...triploid!.ploidy] }).toEqual({ counts: [4, 5], dosage: [1, 0, 2, 2], ploidy: [2, 2, 2, 3] });
    // Loops over genotypes read `called` alone only where every call is diploid.
    expect([haploid!.diploid, triploid!.diploid]).toEqual([false, false]);
  });

  it('marks a site diploid when every call is, on the usual path and the general one', async () => {
    const records = ['chr1\t100\t.\tA\tC\t.\t.\t.\tGT\t0/1\t./.', 'chr1\t200\t.\tA\tC\t.\t.\t.\tGT:DP\t0/1:3\t1|1:5', 'chr1\t300\t.\tA\tC,G\t.\t.\t.\tGT\t0/2\t1/.'];
    const file = write('diploid.vcf', `${HEADER}${CHROM}\tA\tB\n${records.join('\n')}\n`);
    expect((await readVcf(file)).sites.map((site) => site.diploid)).toEqual([true, true, true]);
  });

  it('counts the called allele of a half call (./1) and still calls the sample missing', async () => {
    const file = write('half.vcf', `${HEADER}${CHROM}\tA\tB\tC\tD\nchr1\t100\t.\tA\tC\t.\t.\t.\tGT\t./1\t0/1\t0/0\t1/1\n`);
    const [site] = (await readVcf(file)).sites;
    expect({ an: alleleNumber(site!), ac: site!.alleleCounts[1], missing: missingCount(site!) }).toEqual({ an: 7, ac: 4, missing: 1 });
  });
});

describe('the usual record, four calls to a word', () => {
  it('reads every call as one at a time would, on any number of samples, past 256 of them, and with an odd call anywhere in a group of four', async () => {
    // Each call's ALT count, alleles called and whether it is missing, as the general reader counts them.
    const meaning: Record<string, [number, number]> = {
      '0/0': [0, 2],
      '0/1': [1, 2],
      '1/0': [1, 2],
      '1/1': [2, 2],
      '0|1': [1, 2],
      '1|1': [2, 2],
      './1': [1, 1],
      '0/.': [0, 1],
      './.': [0, 0],
      '.|.': [0, 0],
      '1': [1, 1],
      '0/1/1': [2, 3],
    };
    const usual = ['0/0', '0/1', '1/0', '1/1', '0|1', '1|1', './1', '0/.', './.', '.|.'];
    for (const samples of [1, 3, 4, 5, 8, 255, 257, 260, 513]) {
      const names = Array.from({ length: samples }, (_, index) => `S${index}`);
      const rows = Array.from({ length: 12 }, (_, site) => {
        const row = names.map((_, sample) => usual[(site * 31 + sample * 7 + ((sample * sample) % 11)) % usual.length]!);
        // Sites 3 and 7 hold one call of another shape, at a different place in its group of four each time.
        if (site === 3 || site === 7) row[(site * 13 + samples) % samples] = site === 3 ? '1' : '0/1/1';
        return row;
      });
      const records = rows.map((row, site) => `chr1\t${site + 1}\t.\tA\tC\t.\t.\t.\tGT\t${row.join('\t')}`);
      const vcf = await readVcf(write(`packed-${samples}.vcf`, `${HEADER}${CHROM}\t${names.join('\t')}\n${records.join('\n')}\n`));
      for (const [index, site] of vcf.sites.entries()) {
        const row = rows[index]!;
        const where = `${samples} samples, site ${index + 1}`;
        expect([...site.dosage], where).toEqual(row.map((call) => meaning[call]![0]));
        expect([...site.called], where).toEqual(row.map((call) => meaning[call]![1]));
        const alt = row.reduce((sum, call) => sum + meaning[call]![0], 0);
        const calledAlleles = row.reduce((sum, call) => sum + meaning[call]![1], 0);
        expect(site.alleleCounts, where).toEqual([calledAlleles - alt, alt]);
        expect(missingCount(site), where).toBe(row.filter((call) => meaning[call]![1] < (call === '1' ? 1 : call === '0/1/1' ? 3 : 2)).length);
        expect(site.diploid, where).toBe(!row.some((call) => call === '1' || call === '0/1/1'));
      }
    }
  });
});

describe('calledSites', () => {
  it('counts each sample’s full calls as hasFullCall does, four samples to a word and past 255 sites', async () => {
    // 7 samples (one past a whole word), 600 sites: usual diploid records with a few calls missing
    // (so a sample has more than 255 full calls in a row), and every 50th site with a haploid call.
    const calls = ['0/0', '0/1', '1/1', '0|1', '1|1', './1', './.'];
    const records = Array.from({ length: 600 }, (_, site) => {
      const row = Array.from({ length: 7 }, (_, sample) => calls[(site * 7 + sample) % 23 === 0 ? 5 + (site % 2) : (site + sample) % 5]!);
      if (site % 50 === 0) row[site % 7] = '1';
      return `chr1\t${site + 1}\t.\tA\tC\t.\t.\t.\tGT\t${row.join('\t')}`;
    });
    const vcf = await readVcf(write('called.vcf', `${HEADER}${CHROM}\t${['A', 'B', 'C', 'D', 'E', 'F', 'G'].join('\t')}\n${records.join('\n')}\n`));
    const expected = vcf.samples.map((_, sample) => vcf.sites.filter((site) => hasFullCall(site, sample)).length);
    expect([...calledSites(vcf.sites, vcf.samples.length)]).toEqual(expected);
    expect(vcf.sites.filter((site) => !site.diploid)).toHaveLength(12);
  });
});

describe('files bcftools refuses are refused, with the file, the line and the fix', () => {
  const cases: Array<[string, string, RegExp]> = [
    [
      'a #CHROM line ending in a tab',
      `${HEADER}${CHROM}\tA\tB\t\nchr1\t100\t.\tA\tC\t.\t.\t.\tGT\t0/1\t0/1\n`,
      /line 3: sample 3 of the #CHROM line has an empty name \(a tab at the end of the line\)/,
    ],
    ['a duplicated sample name', `${HEADER}${CHROM}\tA\tB\tA\nchr1\t100\t.\tA\tC\t.\t.\t.\tGT\t0/1\t0/1\t0/0\n`, /sample "A" appears twice \(columns 10 and 12\)/],
    ['a truncated row', `${HEADER}${CHROM}\tA\tB\tC\nchr1\t100\t.\tA\tC\t.\t.\t.\tGT\t0/1\t0/1\n`, /line 4 \(chr1:100\): 2 of 3 sample columns; the row is cut short/],
    ['too many sample columns', `${HEADER}${CHROM}\tA\nchr1\t100\t.\tA\tC\t.\t.\t.\tGT\t0/1\t0/1\n`, /2 sample columns, but the header names 1/],
    ['an allele index beyond ALT', `${HEADER}${CHROM}\tA\tB\nchr1\t100\t.\tA\tC\t.\t.\t.\tGT\t0/2\t0/1\n`, /sample A's genotype refers to allele 2, but ALT lists 1 allele/],
    ['a GT that is not one', `${HEADER}${CHROM}\tA\nchr1\t100\t.\tA\tC\t.\t.\t.\tGT\tA/C\n`, /genotype "A\/C" is not a GT value/],
    ['a text file', 'sample,genotype\nA,0/1\n', /does not start like a VCF/],
  ];
  for (const [name, text, message] of cases) {
    it(name, async () => {
      const file = write(`${name.replaceAll(' ', '_')}.vcf`, text);
      await expect(readVcf(file)).rejects.toThrow(message);
      await expect(readVcf(file)).rejects.toThrow(file);
    });
  }

  it('reads bgzip (several gzip members) by its bytes, whatever the name, and names a cut-off file', async () => {
    const text = `${HEADER}${CHROM}\tA\tB\n${Array.from({ length: 500 }, (_, index) => `chr1\t${index + 1}\t.\tA\tC\t.\t.\t.\tGT\t0/1\t1|1`).join('\n')}\n`;
    const half = Math.floor(text.length / 2);
    const bgzipped = Buffer.concat([zlib.gzipSync(text.slice(0, half)), zlib.gzipSync(text.slice(half))]);
    const vcf = await readVcf(write('cohort.vcf.bgz', bgzipped));
    expect(vcf.sites).toHaveLength(500);
    expect(vcf.sites.every((site) => alleleNumber(site) === 4 && site.alleleCounts[1] === 3)).toBe(true);
    const cut = write('cut.vcf.gz', bgzipped.subarray(0, bgzipped.length - 200));
    await expect(readVcf(cut)).rejects.toThrow(/cut\.vcf\.gz is cut short: its compressed data ends in the middle/);
  });
});

describe('scanVcf: one pass, nothing kept', () => {
  /** What a test compares of a site: its figures and, while it is read, its genotypes and bytes. */
  const figures = (site: VcfSite) => ({
    chrom: site.chrom,
    pos: site.pos,
    id: site.id,
    ref: site.ref,
    alt: site.alt,
    alleleCounts: [...site.alleleCounts],
    missing: site.missing,
    diploid: site.diploid,
    hasGenotypes: site.hasGenotypes,
    dosage: [...site.dosage],
    called: [...site.called],
    ploidy: [...site.ploidy],
    record: site.record.toString('latin1'),
  });

  it('reads every record as readVcf does: plain, CRLF, gzip, without a last newline, and a record longer than a read', async () => {
    const thresholds = fs.readFileSync(path.join(FIXTURES, 'thresholds.vcf'), 'utf8');
    // 100,000 samples with a depth beside each call: each record is longer than the 1 MB read, so the buffer grows.
    const wide = 100_000;
    const names = Array.from({ length: wide }, (_, index) => `S${index}`).join('\t');
    const wideRows = [0, 1, 2].map(
      (site) => `chr1\t${site + 1}\tw${site}\tA\tG\t.\t.\t.\tGT:DP\t${Array.from({ length: wide }, (_, sample) => `${['0/0', '0/1', '1/1', './.'][(sample + site) % 4]}:1234567`).join('\t')}`,
    );
    const files = [
      path.join(FIXTURES, 'thresholds.vcf'),
      path.join(FIXTURES, 'tetraploid.vcf'),
      path.join(FIXTURES, 'gdip.vcf'),
      write('crlf.vcf', thresholds.replaceAll('\n', '\r\n')),
      write('scan.vcf.gz', zlib.gzipSync(thresholds)),
      write('no-last-newline.vcf', thresholds.trimEnd()),
      write('wide.vcf', `${HEADER}${CHROM}\t${names}\n${wideRows.join('\n')}\n`),
    ];
    for (const file of files) {
      const expected = (await readVcf(file)).sites.map(figures);
      const seen: Array<ReturnType<typeof figures>> = [];
      const header = await scanVcf(file, {
        record(site, index) {
          expect(index, file).toBe(seen.length);
          seen.push(figures(site));
          return false;
        },
      });
      expect(seen, file).toEqual(expected);
      expect(header.samples.length, file).toBe(expected.length > 0 ? expected[0]!.dosage.length : header.samples.length);
    }
  });

  it('keeps the genotypes of the sites it is told to keep, and counts full calls as calledSites does', async () => {
    const file = path.join(FIXTURES, 'thresholds.vcf');
    const vcf = await readVcf(file);
    const kept: VcfSite[] = [];
    let counter = new CallCounter(0);
    await scanVcf(file, {
      header: (header) => {
        counter = new CallCounter(header.samples.length);
      },
      record(site, index) {
        if (index % 3 !== 0) return false;
        counter.add(site);
        kept.push(site);
        return true;
      },
    });
    const expected = vcf.sites.filter((_, index) => index % 3 === 0);
    expect(kept.map((site) => [[...site.dosage], [...site.called], [...site.ploidy]])).toEqual(expected.map((site) => [[...site.dosage], [...site.called], [...site.ploidy]]));
    expect([...counter.total()]).toEqual([...calledSites(expected, vcf.samples.length)]);
  });

  it('passes on an error of its handler as it is, and refuses what readVcf refuses with the same message', async () => {
    const file = path.join(FIXTURES, 'thresholds.vcf');
    const mine = new RangeError('mine');
    await expect(
      scanVcf(file, {
        record: () => {
          throw mine;
        },
      }),
    ).rejects.toBe(mine);
    const bad = write('bad-allele.vcf', `${HEADER}${CHROM}\tA\tB\nchr1\t1\t.\tA\tC\t.\t.\t.\tGT\t0/1\t0/2\n`);
    const message = await readVcf(bad).catch((error: Error) => error.message);
    await expect(scanVcf(bad, { record: () => false })).rejects.toThrow(message as string);
    await expect(scanVcf(path.join(scratch, 'missing.vcf'), { record: () => false })).rejects.toThrow(/does not exist/);
  });
});

describe('rewriteVcf', () => {
  it('writes the records and samples kept, as they were written (a second pass over the file)', async () => {
    const file = write(
      'rewrite.vcf',
      `${HEADER}##contig=<ID=chr1>\n${CHROM}\tA\tB\tC\nchr1\t1\t.\tA\tC\t.\t.\t.\tGT\t0/1\t1/1\t0/0\nchr1\t2\t.\tA\tC\t.\t.\t.\tGT:DP\t0/0:3\t./.:0\t1|1:9\nchr1\t3\t.\tA\tC\t.\t.\t.\tGT\t0/1\t0/1\t0/1\n`,
    );
    const output = path.join(scratch, 'rewritten.vcf');
    await rewriteVcf(file, output, Uint8Array.of(1, 1, 0), [0, 2], ['##extra=1']);
    expect(fs.readFileSync(output, 'utf8')).toBe(`${HEADER}##contig=<ID=chr1>\n##extra=1\n${CHROM}\tA\tC\nchr1\t1\t.\tA\tC\t.\t.\t.\tGT\t0/1\t0/0\nchr1\t2\t.\tA\tC\t.\t.\t.\tGT:DP\t0/0:3\t1|1:9\n`);
  });
});
