/**
 * Process VCFs, local implementation: the filters of the Nextflow pipeline, in its order —
 * biallelic SNPs, minor-allele frequency, site missingness, sample call rate (on the remaining
 * sites), then LD pruning — with the filtered VCF, a per-site table and a QC summary as outputs.
 *
 * Frequencies and missingness are bcftools' (`+fill-tags` AN, AC, MAF, F_MISSING), and every
 * threshold is compared in integers (see exact.ts), so a site exactly on a threshold is kept.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { LocalContext } from '../../../src/pipeline-kit/local-pipeline.ts';
import type { Params } from './params.generated.ts';
import { atLeast, atMost, decimalFraction } from '../../_shared/exact.ts';
import { alleleNumber, calledSites, isBiallelicSnp, isReferenceBlock, minorAlleleCount, missingCount, readVcf, type Vcf, type VcfSite, vcfBaseName, writeVcf } from '../../_shared/vcf.ts';
import { pruneByLd } from './ld-prune.ts';
import { formatNumber, rowsInto } from '../../_shared/output.ts';
import { counted } from '../../_shared/words.ts';

type SiteStatus = 'kept' | 'not_biallelic_snp' | 'no_calls' | 'low_maf' | 'high_missing' | 'ld_pruned';
const STATUS_NAMES: readonly SiteStatus[] = ['kept', 'not_biallelic_snp', 'no_calls', 'low_maf', 'high_missing', 'ld_pruned'];
const STATUS_CODES = Object.fromEntries(STATUS_NAMES.map((name, code) => [name, code])) as Record<SiteStatus, number>;

/** Why the input cannot be filtered at all, in words; null when it can. */
function unusableInput(vcf: Vcf): string | null {
  if (vcf.samples.length === 0) return `${vcf.file} has no sample columns: Process VCFs filters genotype calls, so the VCF needs at least one sample.`;
  if (vcf.sites.length === 0) return null;
  if (!vcf.sites.some((site) => site.hasGenotypes))
    return `${vcf.file} has no GT field in any record's FORMAT column: Process VCFs filters on genotype calls. Export the VCF with genotypes (GT), not only likelihoods or depths.`;
  if (vcf.sites.every(isReferenceBlock))
    return `${vcf.file} looks like a single-sample gVCF: every record's ALT is <NON_REF> (reference blocks). Genotype it first: merge the gVCFs with Combine GVCFs (or GATK GenotypeGVCFs), then filter the result.`;
  return null;
}

/** The reason no site is left, for the QC report; the order of the filters decides which one is named. */
function emptyReason(vcf: Vcf, removed: Record<SiteStatus, number>, params: Params): string {
  if (vcf.sites.length === 0) return `${path.basename(vcf.file)} has no variant records, only a header.`;
  if (removed.not_biallelic_snp === vcf.sites.length) return `all ${vcf.sites.length} records are indels, multi-allelic or symbolic; set biallelic_snps_only to false to keep them.`;
  const parts = [
    removed.not_biallelic_snp ? `${removed.not_biallelic_snp} not biallelic SNPs` : '',
    removed.no_calls ? `${removed.no_calls} without any call` : '',
    removed.low_maf ? `${removed.low_maf} with MAF below ${params.min_maf}` : '',
    removed.high_missing ? `${removed.high_missing} with more than ${params.max_site_missing} missing` : '',
  ].filter(Boolean);
  return `no site passes the filters (${parts.join(', ')}); loosen the filter that removed most.`;
}

const format = (value: number) => formatNumber(value, 6);

/**
 * `count / total` as a table cell. The same few thousand fractions recur over the sites (AN is
 * at most twice the samples), so each is formatted once.
 */
function fractionFormatter(): (count: number, total: number) => string {
  const cells = new Map<number, string>();
  return (count, total) => {
    if (total === 0) return format(Number.NaN);
    if (count >= 1 << 20 || total >= 1 << 20) return format(count / total);
    const key = count * (1 << 20) + total;
    let cell = cells.get(key);
    if (cell === undefined) {
      cell = formatFraction(count / total);
      cells.set(key, cell);
    }
    return cell;
  };
}

/**
 * format(value) for a value in [0, 1], without parsing the text back: from 1e-6 up, toPrecision
 * writes plain digits, and those digits less their trailing zeros are what Number(…).toString()
 * gives (a decimal of six digits is the shortest text of its double). Smaller values go through format.
 */
export function formatFraction(value: number): string {
  if (!(value >= 1e-6 && value <= 1) && value !== 0) return format(value);
  const text = value.toPrecision(6);
  let end = text.length;
  while (text.charCodeAt(end - 1) === 48 /* 0 */) end -= 1;
  if (text.charCodeAt(end - 1) === 46 /* . */) end -= 1;
  return text.slice(0, end);
}

function siteRow(site: VcfSite, status: SiteStatus, sampleCount: number, fraction: (count: number, total: number) => string): string {
  const an = alleleNumber(site);
  // A biallelic site (nearly every row) as one template: this runs once per site.
  if (site.alt.length === 1) {
    const ac = site.alleleCounts[1]!;
    return `${site.chrom}\t${site.pos}\t${site.id}\t${site.ref}\t${site.alt[0]}\t${an}\t${ac}\t${fraction(ac, an)}\t${fraction(minorAlleleCount(site), an)}\t${fraction(missingCount(site), sampleCount)}\t${status}`;
  }
  const alleleFrequencies = site.alleleCounts.slice(1).map((count) => fraction(count, an));
  return [
    site.chrom,
    site.pos,
    site.id,
    site.ref,
    site.alt.join(',') || '.',
    an,
    site.alleleCounts.slice(1).join(',') || '0',
    alleleFrequencies.join(',') || 'NA',
    fraction(minorAlleleCount(site), an),
    fraction(missingCount(site), sampleCount),
    status,
  ].join('\t');
}

export async function run(context: LocalContext<Params>): Promise<void> {
  const { params } = context;
  const input = path.resolve(params.input);
  const base = vcfBaseName(input);
  const minMaf = decimalFraction(params.min_maf);
  const maxMissing = decimalFraction(params.max_site_missing);
  const minCallRate = decimalFraction(params.min_sample_call_rate);

  const vcf = await context.task('READ_VCF', base, async () => {
    const read = await readVcf(input);
    context.log(`Read ${counted(read.sites.length, 'record')} × ${counted(read.samples.length, 'sample')} from ${input}`);
    const problem = unusableInput(read);
    if (problem) throw new Error(problem);
    return read;
  });
  const sampleCount = vcf.samples.length;
  const allSamples = vcf.samples.map((_, index) => index);
  // Each record's status by its index in the file (a Map keyed by the sites cost a hash per site).
  const status = new Uint8Array(vcf.sites.length);
  const removed: Record<SiteStatus, number> = { kept: 0, not_biallelic_snp: 0, no_calls: 0, low_maf: 0, high_missing: 0, ld_pruned: 0 };
  const mark = (index: number, value: SiteStatus) => {
    status[index] = STATUS_CODES[value];
    removed[value] += 1;
  };

  // The file indices of the sites FILTER_SITES keeps, and of those LD_PRUNE keeps of them.
  const keptIndices: number[] = [];
  const finalIndices: number[] = [];
  const sites = await context.task('FILTER_SITES', base, () => {
    const kept: VcfSite[] = [];
    for (const [index, site] of vcf.sites.entries()) {
      const an = alleleNumber(site);
      if (params.biallelic_snps_only && !isBiallelicSnp(site)) mark(index, 'not_biallelic_snp');
      else if (an === 0) mark(index, 'no_calls');
      else if (!atLeast(minorAlleleCount(site), an, minMaf)) mark(index, 'low_maf');
      else if (!atMost(missingCount(site), sampleCount, maxMissing)) mark(index, 'high_missing');
      else {
        kept.push(site);
        keptIndices.push(index);
      }
    }
    context.log(`FILTER_SITES kept ${kept.length} of ${vcf.sites.length} sites`);
    return kept;
  });

  const sampleCallRates = await context.task('SAMPLE_CALL_RATE', base, () => {
    const calledCounts = calledSites(sites, sampleCount);
    return allSamples.map((index) => {
      const called = calledCounts[index]!;
      // With no site left there is nothing to rate samples on: they all stay.
      return { sample: vcf.samples[index]!, called, callRate: sites.length === 0 ? Number.NaN : called / sites.length, kept: sites.length === 0 || atLeast(called, sites.length, minCallRate) };
    });
  });
  const keptSamples = allSamples.filter((index) => sampleCallRates[index]!.kept);
  if (keptSamples.length === 0) {
    const best = Math.max(...sampleCallRates.map((row) => row.callRate));
    throw new Error(`No sample reaches a call rate of ${params.min_sample_call_rate} on the ${sites.length} sites left (the best reaches ${best.toFixed(3)}); lower min_sample_call_rate.`);
  }

  let finalSites = sites;
  if (params.ld_prune) {
    finalSites = await context.task('LD_PRUNE', base, () => {
      const kept = pruneByLd(sites, keptSamples, params.ld_r2_threshold, params.ld_window_kb * 1000);
      // kept is a subsequence of sites, in their order.
      let next = 0;
      for (const [position, site] of sites.entries()) {
        if (kept[next] === site) {
          finalIndices.push(keptIndices[position]!);
          next += 1;
        } else mark(keptIndices[position]!, 'ld_pruned');
      }
      context.log(`LD_PRUNE kept ${kept.length} of ${sites.length} sites (r² > ${params.ld_r2_threshold} within ${params.ld_window_kb} kb removed)`);
      return kept;
    });
  } else {
    context.skip('LD_PRUNE', 'ld_prune is off');
  }
  for (const index of params.ld_prune ? finalIndices : keptIndices) mark(index, 'kept');
  const reason = finalSites.length === 0 ? emptyReason(vcf, removed, params) : null;
  if (reason) context.log(`No site is left: ${reason} The filtered VCF is written with its header only.`);

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
      empty: reason !== null,
      reason,
      definitions: {
        maf: 'frequency of the second most common allele among called alleles (bcftools +fill-tags MAF)',
        siteMissing: 'share of samples whose GT has any allele missing (bcftools F_MISSING)',
        thresholds: 'compared exactly: a site or sample exactly on a threshold is kept',
      },
      samples: { input: sampleCount, kept: keptSamples.length, removedLowCallRate: sampleCount - keptSamples.length },
      sites: {
        input: vcf.sites.length,
        kept: finalSites.length,
        removed: { notBiallelicSnp: removed.not_biallelic_snp, noCalls: removed.no_calls, lowMaf: removed.low_maf, highMissing: removed.high_missing, ldPruned: removed.ld_pruned },
        multiAllelic: vcf.sites.filter((site) => site.alt.length > 1).length,
      },
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
    const sampleRows = sampleCallRates.map((row) => `${row.sample}\t${row.called}\t${format(row.callRate)}\t${row.kept ? 'kept' : 'removed'}`);
    fs.writeFileSync(path.join(qcDir, 'sample_call_rate.tsv'), `sample\tcalled_sites\tcall_rate\tstatus\n${sampleRows.join('\n')}${sampleRows.length ? '\n' : ''}`);
    const fraction = fractionFormatter();
    const siteLines = ['chrom\tpos\tid\tref\talt\tan\tac\taf\tmaf\tf_missing\tstatus'];
    const rows = rowsInto(siteLines);
    for (const [index, site] of vcf.sites.entries()) rows.push(siteRow(site, STATUS_NAMES[status[index]!]!, sampleCount, fraction));
    rows.flush();
    fs.writeFileSync(path.join(qcDir, 'site_stats.tsv'), `${siteLines.join('\n')}\n`);
    context.log(`Kept ${counted(finalSites.length, 'site')} and ${counted(keptSamples.length, 'sample')}; QC summary in ${qcDir}`);
  });
}
