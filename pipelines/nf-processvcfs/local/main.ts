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
import {
  alleleNumber,
  CallCounter,
  isBiallelicSnp,
  isReferenceBlock,
  minorAlleleCount,
  missingCount,
  rewriteVcf,
  scanVcf,
  type VcfHeader,
  type VcfSite,
  VcfWriter,
  vcfBaseName,
} from '../../_shared/vcf.ts';
import { pruneByLd } from './ld-prune.ts';
import { formatNumber } from '../../_shared/output.ts';
import { counted } from '../../../src/contract/wording.ts';
import { SiteTable } from './site-table.ts';

export { formatFraction } from './site-table.ts';

type SiteStatus = 'kept' | 'not_biallelic_snp' | 'no_calls' | 'low_maf' | 'high_missing' | 'ld_pruned';
const STATUS_NAMES: readonly SiteStatus[] = ['kept', 'not_biallelic_snp', 'no_calls', 'low_maf', 'high_missing', 'ld_pruned'];
const STATUS_CODES = Object.fromEntries(STATUS_NAMES.map((name, code) => [name, code])) as Record<SiteStatus, number>;

/** What the pass over the input found, for the checks before filtering. */
interface InputShape {
  file: string;
  samples: number;
  sites: number;
  withGenotypes: number;
  referenceBlocks: number;
}

/** Why the input cannot be filtered at all, in words; null when it can. */
function unusableInput(input: InputShape): string | null {
  if (input.samples === 0) return `${input.file} has no sample columns: Process VCFs filters genotype calls, so the VCF needs at least one sample.`;
  if (input.sites === 0) return null;
  if (input.withGenotypes === 0)
    return `${input.file} has no GT field in any record's FORMAT column: Process VCFs filters on genotype calls. Export the VCF with genotypes (GT), not only likelihoods or depths.`;
  if (input.referenceBlocks === input.sites)
    return `${input.file} looks like a single-sample gVCF: every record's ALT is <NON_REF> (reference blocks). Genotype it first: merge the gVCFs with Combine GVCFs (or GATK GenotypeGVCFs), then filter the result.`;
  return null;
}

/** The reason no site is left, for the QC report; the order of the filters decides which one is named. */
function emptyReason(input: InputShape, removed: Record<SiteStatus, number>, params: Params): string {
  if (input.sites === 0) return `${path.basename(input.file)} has no variant records, only a header.`;
  if (removed.not_biallelic_snp === input.sites) return `all ${input.sites} records are indels, multi-allelic or symbolic; set biallelic_snps_only to false to keep them.`;
  const parts = [
    removed.not_biallelic_snp ? `${removed.not_biallelic_snp} not biallelic SNPs` : '',
    removed.no_calls ? `${removed.no_calls} without any call` : '',
    removed.low_maf ? `${removed.low_maf} with MAF below ${params.min_maf}` : '',
    removed.high_missing ? `${removed.high_missing} with more than ${params.max_site_missing} missing` : '',
  ].filter(Boolean);
  return `no site passes the filters (${parts.join(', ')}); loosen the filter that removed most.`;
}

const format = (value: number) => formatNumber(value, 6);

/** One byte per record, added as they are read. */
class ByteList {
  private bytes = new Uint8Array(1 << 14);
  length = 0;
  push(value: number): void {
    if (this.length === this.bytes.length) {
      const larger = new Uint8Array(this.length * 2);
      larger.set(this.bytes);
      this.bytes = larger;
    }
    this.bytes[this.length++] = value;
  }
  get values(): Uint8Array {
    return this.bytes.subarray(0, this.length);
  }
}

/** Removes a filtered VCF begun before the input turned out unusable, and its folder when nothing else is in it. */
function removeFile(file: string): void {
  fs.rmSync(file, { force: true });
  if (fs.readdirSync(path.dirname(file)).length === 0) fs.rmdirSync(path.dirname(file));
}

/**
 * One pass over the input does the reading and the site filters: a record's site filters depend
 * on it alone, so each is decided as it is read, its row added to the site table, its full calls
 * counted for the sample call rate, and, without LD pruning, the kept record written to the
 * filtered VCF at once, with every sample (the sample call rate nearly always keeps them all;
 * when it does not, WRITE_VCF writes the file again with the samples kept). Nothing of a record
 * is kept past its pass but, with LD pruning, a kept site's genotypes.
 */
export async function run(context: LocalContext<Params>): Promise<void> {
  const { params } = context;
  const input = path.resolve(params.input);
  const base = vcfBaseName(input);
  const minMaf = decimalFraction(params.min_maf);
  const maxMissing = decimalFraction(params.max_site_missing);
  const minCallRate = decimalFraction(params.min_sample_call_rate);
  const outputVcf = path.join(context.outdir, 'filtered', `${base}.filtered.vcf`);
  const extraMeta = [
    `##seedbed_processvcfs=<biallelic_snps_only=${params.biallelic_snps_only},min_maf=${params.min_maf},max_site_missing=${params.max_site_missing},min_sample_call_rate=${params.min_sample_call_rate},ld_prune=${params.ld_prune}>`,
  ];
  const removed: Record<SiteStatus, number> = { kept: 0, not_biallelic_snp: 0, no_calls: 0, low_maf: 0, high_missing: 0, ld_pruned: 0 };
  const KEPT = STATUS_CODES.kept;

  const read = await context.task('READ_VCF', base, async () => {
    const shape: InputShape = { file: input, samples: 0, sites: 0, withGenotypes: 0, referenceBlocks: 0 };
    let multiAllelic = 0;
    // Each record's status by its index in the file.
    const status = new ByteList();
    // The file indices of the sites the site filters keep; with LD pruning, those sites (their genotypes kept).
    const keptIndices: number[] = [];
    const keptSites: VcfSite[] = [];
    let table = new SiteTable(0);
    let counter = new CallCounter(0);
    let writer: VcfWriter | null = null;
    const siteStatus = (site: VcfSite): SiteStatus => {
      const an = alleleNumber(site);
      if (params.biallelic_snps_only && !isBiallelicSnp(site)) return 'not_biallelic_snp';
      if (an === 0) return 'no_calls';
      if (!atLeast(minorAlleleCount(site), an, minMaf)) return 'low_maf';
      if (!atMost(missingCount(site), shape.samples, maxMissing)) return 'high_missing';
      return 'kept';
    };
    let header: VcfHeader;
    try {
      header = await scanVcf(input, {
        header(found) {
          shape.samples = found.samples.length;
          table = new SiteTable(shape.samples);
          counter = new CallCounter(shape.samples);
          if (writer === null && !params.ld_prune && shape.samples > 0) {
            fs.mkdirSync(path.dirname(outputVcf), { recursive: true });
            writer = new VcfWriter(
              outputVcf,
              found,
              found.samples.map((_, index) => index),
              extraMeta,
            );
          }
        },
        record(site, index) {
          shape.sites += 1;
          if (site.hasGenotypes) shape.withGenotypes += 1;
          if (isReferenceBlock(site)) shape.referenceBlocks += 1;
          if (site.alt.length > 1) multiAllelic += 1;
          const verdict = siteStatus(site);
          status.push(STATUS_CODES[verdict]);
          table.add(site);
          if (verdict !== 'kept') {
            removed[verdict] += 1;
            return false;
          }
          keptIndices.push(index);
          counter.add(site);
          (writer as VcfWriter | null)?.record(site.record);
          if (!params.ld_prune) return false;
          keptSites.push(site);
          return true;
        },
        chunkEnd() {
          (writer as VcfWriter | null)?.flush();
        },
      });
    } catch (error) {
      if (writer) {
        (writer as VcfWriter).abandon();
        removeFile(outputVcf);
      }
      throw error;
    }
    (writer as VcfWriter | null)?.close();
    const written = (writer as VcfWriter | null)?.written;
    context.log(
      `Read ${counted(shape.sites, 'record')} × ${counted(shape.samples, 'sample')} from ${input}${written ? `; the sites passing the site filters written as read (${(written.bytes / 1e6).toFixed(1)} MB, ${written.ms.toFixed(0)} ms of writing)` : ''}`,
    );
    const problem = unusableInput(shape);
    if (problem) {
      if (writer) removeFile(outputVcf);
      throw new Error(problem);
    }
    return { header, shape, multiAllelic, status: status.values, keptIndices, keptSites, table, calledCounts: counter.total(), writtenAsRead: writer !== null };
  });
  const { header, shape, status, keptIndices, table } = read;
  const sampleCount = shape.samples;
  const allSamples = header.samples.map((_, index) => index);

  const keptCount = await context.task('FILTER_SITES', base, () => {
    // Decided as the records were read (READ_VCF).
    context.log(`FILTER_SITES kept ${keptIndices.length} of ${shape.sites} sites`);
    return keptIndices.length;
  });

  const sampleCallRates = await context.task('SAMPLE_CALL_RATE', base, () => {
    const calledCounts = read.calledCounts;
    return allSamples.map((index) => {
      const called = calledCounts[index]!;
      // With no site left there is nothing to rate samples on: they all stay.
      return { sample: header.samples[index]!, called, callRate: keptCount === 0 ? Number.NaN : called / keptCount, kept: keptCount === 0 || atLeast(called, keptCount, minCallRate) };
    });
  });
  const keptSamples = allSamples.filter((index) => sampleCallRates[index]!.kept);
  if (keptSamples.length === 0) {
    const best = Math.max(...sampleCallRates.map((row) => row.callRate));
    throw new Error(`No sample reaches a call rate of ${params.min_sample_call_rate} on the ${keptCount} sites left (the best reaches ${best.toFixed(3)}); lower min_sample_call_rate.`);
  }

  let finalCount = keptCount;
  if (params.ld_prune) {
    finalCount = await context.task('LD_PRUNE', base, () => {
      const sites = read.keptSites;
      const kept = pruneByLd(sites, keptSamples, params.ld_r2_threshold, params.ld_window_kb * 1000);
      // kept is a subsequence of sites, in their order.
      let next = 0;
      for (const [position, site] of sites.entries()) {
        if (kept[next] === site) next += 1;
        else {
          status[keptIndices[position]!] = STATUS_CODES.ld_pruned;
          removed.ld_pruned += 1;
        }
      }
      context.log(`LD_PRUNE kept ${kept.length} of ${sites.length} sites (r² > ${params.ld_r2_threshold} within ${params.ld_window_kb} kb removed)`);
      return kept.length;
    });
  } else {
    context.skip('LD_PRUNE', 'ld_prune is off');
  }
  removed.kept = finalCount;
  const reason = finalCount === 0 ? emptyReason(shape, removed, params) : null;
  if (reason) context.log(`No site is left: ${reason} The filtered VCF is written with its header only.`);

  await context.task('WRITE_VCF', base, async () => {
    // Written as it was read, unless LD pruning removed sites or the sample call rate removed samples: then written again from the input.
    if (read.writtenAsRead && keptSamples.length === sampleCount) return;
    fs.mkdirSync(path.dirname(outputVcf), { recursive: true });
    const keepRecords = new Uint8Array(status.length);
    for (let index = 0; index < status.length; index += 1) keepRecords[index] = status[index] === KEPT ? 1 : 0;
    await rewriteVcf(input, outputVcf, keepRecords, keptSamples, extraMeta);
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
        input: shape.sites,
        kept: finalCount,
        removed: { notBiallelicSnp: removed.not_biallelic_snp, noCalls: removed.no_calls, lowMaf: removed.low_maf, highMissing: removed.high_missing, ldPruned: removed.ld_pruned },
        multiAllelic: read.multiAllelic,
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
    fs.writeFileSync(path.join(qcDir, 'site_stats.tsv'), table.text(status, STATUS_NAMES));
    context.log(`Kept ${counted(finalCount, 'site')} and ${counted(keptSamples.length, 'sample')}; QC summary in ${qcDir}`);
  });
}
