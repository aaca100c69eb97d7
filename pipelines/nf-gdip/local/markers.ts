/**
 * The markers GDIP analyses a trait on, and their values. Which markers pass the filters and what
 * a missing call is filled with are learned from data, so they come from one set of individuals
 * (`training`): all of the trait's individuals for the scan and the final model, a fold's training
 * individuals in cross-validation, where the held-out individuals get the training fill.
 */
import { atLeast, decimalFraction } from '../../_shared/exact.ts';
import { isBiallelicSnp, type Vcf } from '../../_shared/vcf.ts';

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
 * Marker values carved from large blocks: one allocation per few hundred markers instead of one
 * per marker (20,000 small arrays cost more in allocation and garbage collection than filling
 * them). `next` gives the space for the next marker, `keep` takes it: a marker filtered out after
 * its values were written leaves its space to the next one.
 */
class ValueBlocks {
  private block = new Float64Array(0);
  private used = 0;
  private readonly length: number;

  constructor(length: number) {
    this.length = length;
  }

  next(): Float64Array {
    if (this.used + this.length > this.block.length) {
      this.block = new Float64Array(Math.max(this.length, 1 << 17));
      this.used = 0;
    }
    return this.block.subarray(this.used, this.used + this.length);
  }

  keep(): void {
    this.used += this.length;
  }
}

/**
 * The markers called in at least half of the training individuals whose MAF among them is at
 * least `min_maf` (compared exactly), with values for every individual of `order` (VCF sample
 * indices). `training` holds positions in `order`; by default every individual.
 *
 * One pass per marker writes every individual's allele count, counts the training individuals'
 * calls and notes where a call is missing; only those places get the fill afterwards.
 */
export function prepareMarkers(vcf: Vcf, order: number[], filters: MarkerFilters, training: number[] = order.map((_, position) => position)): PreparedMarkers {
  const minMaf = decimalFraction(filters.min_maf);
  const markers: Marker[] = [];
  const skipped = { notSnp: 0, multiAllelic: 0, lowMaf: 0, lowCallRate: 0 };
  const count = order.length;
  const orderSamples = Int32Array.from(order);
  // 1 at the positions of training individuals: a weight that adds a call in or leaves it out without a branch.
  const inTraining = new Uint8Array(count);
  for (const position of training) inTraining[position] = 1;
  const trainingCount = training.length;
  const missingPositions = new Int32Array(count);
  const blocks = new ValueBlocks(count);
  for (const site of vcf.sites) {
    if (filters.biallelic_snps_only && !isBiallelicSnp(site)) {
      if (site.alt.length > 1) skipped.multiAllelic += 1;
      else skipped.notSnp += 1;
      continue;
    }
    // A multi-allelic site (allowed when biallelic_snps_only is off) is one marker per ALT allele.
    const alleles = site.altDosages ? site.alt.map((allele, index) => ({ allele, counts: site.altDosages![index]! })) : site.alt.length === 1 ? [{ allele: site.alt[0]!, counts: site.dosage }] : [];
    // hasFullCall, inlined in the loops below: they run once per genotype. Where every call is
    // diploid a full call is `called === 2`, and `ploidy` need not be read.
    const { called: calls, ploidy, hasGenotypes, diploid } = site;
    for (const { allele, counts } of alleles) {
      let called = 0;
      let alleleCount = 0;
      let alleleNumber = 0;
      let missing = 0;
      const values = blocks.next();
      if (!hasGenotypes) {
        missing = count;
        for (let position = 0; position < count; position += 1) missingPositions[position] = position;
      } else if (diploid) {
        for (let position = 0; position < count; position += 1) {
          const sample = orderSamples[position]!;
          // calls is 0, 1 or 2: full is 1 for a full call; -weight masks the count in or out.
          const full = calls[sample]! >> 1;
          const value = counts[sample]!;
          const weight = full & inTraining[position]!;
          values[position] = value;
          called += weight;
          alleleCount += value & -weight;
          if (full === 0) missingPositions[missing++] = position;
        }
        alleleNumber = 2 * called;
      } else {
        for (let position = 0; position < count; position += 1) {
          const sample = orderSamples[position]!;
          const ploidyHere = ploidy[sample]!;
          const value = counts[sample]!;
          values[position] = value;
          if (ploidyHere === 0 || calls[sample]! < ploidyHere) {
            missingPositions[missing++] = position;
          } else if (inTraining[position] === 1) {
            called += 1;
            alleleCount += value;
            alleleNumber += ploidyHere;
          }
        }
      }
      if (2 * called < trainingCount) {
        skipped.lowCallRate += 1;
        continue;
      }
      if (alleleNumber === 0 || !atLeast(Math.min(alleleCount, alleleNumber - alleleCount), alleleNumber, minMaf)) {
        skipped.lowMaf += 1;
        continue;
      }
      const fill = alleleCount / called;
      for (let index = 0; index < missing; index += 1) values[missingPositions[index]!] = fill;
      blocks.keep();
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
