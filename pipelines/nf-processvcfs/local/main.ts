/**
 * Process VCFs, local implementation: the filters of the Nextflow pipeline, in its order —
 * biallelic SNPs, minor-allele frequency, site missingness, sample call rate (on the remaining
 * sites), then LD pruning — on a real VCF, with the filtered VCF and a QC summary as outputs.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { LocalContext } from '../../../src/server/runs/local-runner/context.ts';
import { altFrequency, readVcf, writeVcf, type VcfSite } from '../../_shared/vcf.ts';

interface Params {
  input: string;
  biallelic_snps_only: boolean;
  min_maf: number;
  max_site_missing: number;
  min_sample_call_rate: number;
  ld_prune: boolean;
  ld_r2_threshold: number;
  ld_window_kb: number;
}

const isSnp = (site: VcfSite) => site.ref.length === 1 && site.alt.length === 1 && site.alt[0]!.length === 1 && /^[ACGT]$/i.test(site.ref) && /^[ACGT]$/i.test(site.alt[0]!);

/** r² between two sites over the samples called at both. */
export function rSquared(a: Int8Array, b: Int8Array, samples: number[]): number {
  let n = 0;
  let sa = 0;
  let sb = 0;
  let saa = 0;
  let sbb = 0;
  let sab = 0;
  for (const index of samples) {
    const x = a[index]!;
    const y = b[index]!;
    if (x < 0 || y < 0) continue;
    n += 1;
    sa += x;
    sb += y;
    saa += x * x;
    sbb += y * y;
    sab += x * y;
  }
  if (n < 2) return 0;
  const cov = sab - (sa * sb) / n;
  const va = saa - (sa * sa) / n;
  const vb = sbb - (sb * sb) / n;
  return va <= 0 || vb <= 0 ? 0 : (cov * cov) / (va * vb);
}

export async function run(context: LocalContext): Promise<void> {
  const params = context.params as unknown as Params;
  const input = path.resolve(params.input);
  const base = path.basename(input).replace(/\.vcf(\.gz)?$/, '');

  const vcf = await context.task('READ_VCF', base, async () => {
    if (!fs.existsSync(input)) throw new Error(`The input VCF ${input} does not exist.`);
    const read = await readVcf(input);
    context.log(`Read ${read.sites.length} sites × ${read.samples.length} samples from ${input}`);
    if (read.samples.length === 0) throw new Error(`${input} has no samples.`);
    return read;
  });
  const allSamples = vcf.samples.map((_, index) => index);
  const removed = { notBiallelicSnp: 0, lowMaf: 0, highMissing: 0, ldPruned: 0 };

  const sites = await context.task('FILTER_SITES', base, () => {
    const kept: VcfSite[] = [];
    for (const site of vcf.sites) {
      if (params.biallelic_snps_only && !isSnp(site)) {
        removed.notBiallelicSnp += 1;
        continue;
      }
      const { frequency, called } = altFrequency(site);
      if (called === 0 || Math.min(frequency, 1 - frequency) < params.min_maf) {
        removed.lowMaf += 1;
        continue;
      }
      if (1 - called / vcf.samples.length > params.max_site_missing) {
        removed.highMissing += 1;
        continue;
      }
      kept.push(site);
    }
    context.log(`FILTER_SITES kept ${kept.length} of ${vcf.sites.length} sites`);
    return kept;
  });

  const sampleCallRates = await context.task('SAMPLE_CALL_RATE', base, () =>
    allSamples.map((index) => {
      let called = 0;
      for (const site of sites) if (site.dosage[index]! >= 0) called += 1;
      return { sample: vcf.samples[index]!, callRate: sites.length === 0 ? 0 : called / sites.length, kept: sites.length > 0 && called / sites.length >= params.min_sample_call_rate };
    }),
  );
  const keptSamples = allSamples.filter((index) => sampleCallRates[index]!.kept);
  if (keptSamples.length === 0) throw new Error(`No sample reaches a call rate of ${params.min_sample_call_rate} on the ${sites.length} sites left; lower min_sample_call_rate.`);

  let finalSites = sites;
  if (params.ld_prune) {
    finalSites = await context.task('LD_PRUNE', base, () => {
      const window = params.ld_window_kb * 1000;
      const kept: VcfSite[] = [];
      let windowStart = 0;
      for (const site of [...sites].sort((a, b) => a.chrom.localeCompare(b.chrom) || a.pos - b.pos)) {
        while (windowStart < kept.length && (kept[windowStart]!.chrom !== site.chrom || site.pos - kept[windowStart]!.pos > window)) windowStart += 1;
        let linked = false;
        for (let index = windowStart; index < kept.length && !linked; index += 1) linked = rSquared(kept[index]!.dosage, site.dosage, keptSamples) > params.ld_r2_threshold;
        if (linked) removed.ldPruned += 1;
        else kept.push(site);
      }
      context.log(`LD_PRUNE kept ${kept.length} of ${sites.length} sites (r² > ${params.ld_r2_threshold} within ${params.ld_window_kb} kb removed)`);
      return kept;
    });
  } else {
    context.skip('LD_PRUNE', 'ld_prune is off');
  }

  const outputVcf = path.join(context.outdir, 'filtered', `${base}.filtered.vcf`);
  await context.task('WRITE_VCF', base, async () => {
    fs.mkdirSync(path.dirname(outputVcf), { recursive: true });
    await writeVcf(outputVcf, vcf, finalSites, keptSamples, [
      `##seedbed_processvcfs=<biallelic_snps_only=${params.biallelic_snps_only},min_maf=${params.min_maf},max_site_missing=${params.max_site_missing},min_sample_call_rate=${params.min_sample_call_rate},ld_prune=${params.ld_prune}>`,
    ]);
  });

  await context.task('QC_SUMMARY', base, () => {
    const qcDir = path.join(context.outdir, 'qc');
    fs.mkdirSync(qcDir, { recursive: true });
    const summary = {
      input,
      output: outputVcf,
      samples: { input: vcf.samples.length, kept: keptSamples.length, removedLowCallRate: vcf.samples.length - keptSamples.length },
      sites: { input: vcf.sites.length, kept: finalSites.length, removed },
      filters: {
        biallelic_snps_only: params.biallelic_snps_only,
        min_maf: params.min_maf,
        max_site_missing: params.max_site_missing,
        min_sample_call_rate: params.min_sample_call_rate,
        ld_prune: params.ld_prune,
        ld_r2_threshold: params.ld_r2_threshold,
        ld_window_kb: params.ld_window_kb,
      },
    };
    fs.writeFileSync(path.join(qcDir, 'qc_summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
    const rows = sampleCallRates.map((row) => `${row.sample}\t${row.callRate.toFixed(4)}\t${row.kept ? 'kept' : 'removed'}`);
    fs.writeFileSync(path.join(qcDir, 'sample_call_rate.tsv'), `sample\tcall_rate\tstatus\n${rows.join('\n')}\n`);
    context.log(`Kept ${finalSites.length} sites and ${keptSamples.length} samples; QC summary in ${qcDir}`);
  });
}
