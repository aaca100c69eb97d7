/**
 * The markers GDIP analyses a trait on, and their values. Which markers pass the filters and what
 * a missing call is filled with are learned from data, so they come from one set of individuals
 * (`training`): all of the trait's individuals for the scan and the final model, a fold's training
 * individuals in cross-validation, where the held-out individuals get the training fill.
 */
import { atLeast, decimalFraction } from '../../_shared/exact.ts';
import { hasFullCall, isBiallelicSnp, type Vcf } from '../../_shared/vcf.ts';

export interface MarkerFilters {
  min_maf: number;
  biallelic_snps_only: boolean;
}

export interface Marker {
  id: string;
  chrom: string;
  pos: number;
  /** The allele whose count is the marker's value. */
  allele: string;
  /** Minor-allele frequency among the training individuals with a call. */
  maf: number;
  /** Mean allele count among the training individuals with a call: the fill of a missing call, and so also the training mean of `values`. */
  mean: number;
  /** Allele count per individual (in the order given), missing calls set to `mean`. */
  values: Float64Array;
}

export interface PreparedMarkers {
  markers: Marker[];
  skipped: { notSnp: number; multiAllelic: number; lowMaf: number; lowCallRate: number };
}

/**
 * The markers called in at least half of the training individuals whose MAF among them is at
 * least `min_maf` (compared exactly), with values for every individual of `order` (VCF sample
 * indices). `training` holds positions in `order`; by default every individual.
 */
export function prepareMarkers(vcf: Vcf, order: number[], filters: MarkerFilters, training: number[] = order.map((_, position) => position)): PreparedMarkers {
  const minMaf = decimalFraction(filters.min_maf);
  const markers: Marker[] = [];
  const skipped = { notSnp: 0, multiAllelic: 0, lowMaf: 0, lowCallRate: 0 };
  const trainingSamples = training.map((position) => order[position]!);
  for (const site of vcf.sites) {
    if (filters.biallelic_snps_only && !isBiallelicSnp(site)) {
      if (site.alt.length > 1) skipped.multiAllelic += 1;
      else skipped.notSnp += 1;
      continue;
    }
    // A multi-allelic site (allowed when biallelic_snps_only is off) is one marker per ALT allele.
    const alleles = site.altDosages ? site.alt.map((allele, index) => ({ allele, counts: site.altDosages![index]! })) : site.alt.length === 1 ? [{ allele: site.alt[0]!, counts: site.dosage }] : [];
    for (const { allele, counts } of alleles) {
      let called = 0;
      let alleleCount = 0;
      let alleleNumber = 0;
      for (const sample of trainingSamples) {
        if (!hasFullCall(site, sample)) continue;
        called += 1;
        alleleCount += counts[sample]!;
        alleleNumber += site.ploidy[sample]!;
      }
      if (2 * called < trainingSamples.length) {
        skipped.lowCallRate += 1;
        continue;
      }
      if (alleleNumber === 0 || !atLeast(Math.min(alleleCount, alleleNumber - alleleCount), alleleNumber, minMaf)) {
        skipped.lowMaf += 1;
        continue;
      }
      const fill = alleleCount / called;
      const values = new Float64Array(order.length);
      for (let position = 0; position < order.length; position += 1) {
        const sample = order[position]!;
        values[position] = hasFullCall(site, sample) ? counts[sample]! : fill;
      }
      markers.push({
        id: site.altDosages ? `${site.id}:${allele}` : site.id,
        chrom: site.chrom,
        pos: site.pos,
        allele,
        maf: Math.min(alleleCount, alleleNumber - alleleCount) / alleleNumber,
        mean: fill,
        values,
      });
    }
  }
  return { markers, skipped };
}
