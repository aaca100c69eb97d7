import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../_shared/stats.ts';
import { scratchFiles } from '../../_shared/testing.ts';
import { readVcf, type VcfSite } from '../../_shared/vcf.ts';
import { centredColumn, MISSING_CODE, prepareMarkers } from './markers.ts';
import { createScanner } from './scan.ts';

const write = scratchFiles('gdip-markers');

/** A VCF of `samples` × `sites` random calls: diploid with missing and half calls, and every fifth site with tetraploid calls. */
function randomVcf(samples: number, sites: number, seed: number): string {
  const random = seededRandom(seed);
  const names = Array.from({ length: samples }, (_, index) => `S${index + 1}`);
  const lines = ['##fileformat=VCFv4.2', ['#CHROM', 'POS', 'ID', 'REF', 'ALT', 'QUAL', 'FILTER', 'INFO', 'FORMAT', ...names].join('\t')];
  for (let site = 0; site < sites; site += 1) {
    const tetraploid = site % 5 === 4;
    const p = 0.1 + 0.8 * random();
    const calls = names.map(() => {
      const alleles = Array.from({ length: tetraploid ? 4 : 2 }, () => (random() < 0.08 ? '.' : random() < p ? '1' : '0'));
      return alleles.join(random() < 0.5 ? '/' : '|');
    });
    lines.push(['chr1', 100 * (site + 1), `m${site + 1}`, 'A', 'G', '.', 'PASS', '.', 'GT', ...calls].join('\t'));
  }
  return `${lines.join('\n')}\n`;
}

/** What prepareMarkers wrote before its values were bytes: each call's count, or the training mean of the called counts where a call is missing. */
function expectedValues(site: VcfSite, order: number[], training: number[]): { values: number[]; mean: number } | null {
  const full = (sample: number) => site.ploidy[sample] !== 0 && site.called[sample]! >= site.ploidy[sample]!;
  const called = training.filter((position) => full(order[position]!));
  if (2 * called.length < training.length) return null;
  const mean = called.reduce((sum, position) => sum + site.dosage[order[position]!]!, 0) / called.length;
  return { values: order.map((sample) => (full(sample) ? site.dosage[sample]! : mean)), mean };
}

describe('prepareMarkers keeps calls as bytes', () => {
  it('gives every marker the values and mean of the doubles it replaced, in VCF order or not, on every individual or a training subset', async () => {
    const vcf = await readVcf(write('random.vcf', randomVcf(103, 60, 7)));
    const all = vcf.samples.map((_, index) => index);
    const shuffled = [...all].reverse();
    const subset = all.filter((index) => index % 3 !== 1);
    for (const order of [all, shuffled, all.slice(0, 90)]) {
      for (const training of [order.map((_, position) => position), subset.filter((position) => position < order.length)]) {
        const { markers } = prepareMarkers(vcf, order, { min_maf: 0, biallelic_snps_only: true }, training);
        const expected = vcf.sites.map((site) => ({ site, fit: expectedValues(site, order, training) })).filter(({ fit }) => fit !== null);
        expect(markers.map((marker) => marker.id)).toEqual(expected.map(({ site }) => site.id));
        for (const [index, marker] of markers.entries()) {
          expect(marker.mean).toBe(expected[index]!.fit!.mean);
          expect([...marker.values]).toEqual(expected[index]!.fit!.values);
          expect([...centredColumn(marker, marker.mean)]).toEqual(expected[index]!.fit!.values.map((value) => value - marker.mean));
          expect(marker.codes!.every((code, position) => (code === MISSING_CODE ? marker.values[position] === marker.mean : marker.values[position] === code))).toBe(true);
        }
      }
    }
  });

  it('scans the bytes exactly as it scans the doubles', async () => {
    const vcf = await readVcf(write('scan.vcf', randomVcf(101, 40, 11)));
    const order = vcf.samples.map((_, index) => index);
    const { markers } = prepareMarkers(vcf, order, { min_maf: 0.05, biallelic_snps_only: true });
    const random = seededRandom(3);
    const y = Float64Array.from(order, () => random() * 10);
    const covariate = Float64Array.from(order, () => random());
    const scan = createScanner(y, [new Float64Array(order.length).fill(1), covariate]);
    expect(markers.length).toBeGreaterThan(20);
    for (const marker of markers) expect(scan.codes(marker.codes!, marker.mean)).toEqual(scan(Float64Array.from(marker.values)));
  });
});
