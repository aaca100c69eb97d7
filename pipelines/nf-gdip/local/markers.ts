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

/** A missing call in `Marker.codes`: its value is the marker's `mean`. */
export const MISSING_CODE = 255;
/** A 1 in each byte of a 32-bit word. */
const ONES = 0x01010101;

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
  /**
   * Allele count per individual (in the order given) as one byte, MISSING_CODE where the call is
   * missing; null for a marker with a count of 255 or more (ploidy that high), which has only `values`.
   */
  codes: Uint8Array | null;
  /** Allele count per individual (in the order given), missing calls set to `mean`; made from `codes` when first read. */
  readonly values: Float64Array;
}

/** A marker whose values are kept as bytes (an eighth of the memory of doubles); `values` is made from them when asked for. */
class CodedMarker implements Marker {
  id: string;
  chrom: string;
  pos: number;
  allele: string;
  maf: number;
  mean: number;
  codes: Uint8Array;
  private made: Float64Array | null = null;

  constructor(id: string, chrom: string, pos: number, allele: string, maf: number, mean: number, codes: Uint8Array) {
    this.id = id;
    this.chrom = chrom;
    this.pos = pos;
    this.allele = allele;
    this.maf = maf;
    this.mean = mean;
    this.codes = codes;
  }

  get values(): Float64Array {
    if (!this.made) this.made = centredColumn(this, 0);
    return this.made;
  }
}

/** A marker's values less `centre`, in a new array: a missing call is `mean − centre` (0 when centring on the mean). */
export function centredColumn(marker: Pick<Marker, 'codes' | 'mean' | 'values'>, centre: number): Float64Array {
  const { codes, mean } = marker;
  if (!codes) return Float64Array.from(marker.values, (value) => value - centre);
  const column = new Float64Array(codes.length);
  const fill = mean - centre;
  for (let i = 0; i < codes.length; i += 1) {
    const code = codes[i]!;
    column[i] = code === MISSING_CODE ? fill : code - centre;
  }
  return column;
}

export interface PreparedMarkers {
  markers: Marker[];
  skipped: { notSnp: number; multiAllelic: number; lowMaf: number; lowCallRate: number };
}

/**
 * Marker codes carved from large blocks: one allocation per few thousand markers instead of one
 * per marker. `next` gives the space for the next marker, `keep` takes it: a marker filtered out
 * after its codes were written leaves its space to the next one.
 */
class CodeBlocks {
  private block = new Uint8Array(0);
  private used = 0;
  private readonly length: number;

  constructor(length: number) {
    this.length = length;
  }

  next(): Uint8Array {
    if (this.used + this.length > this.block.length) {
      this.block = new Uint8Array(Math.max(this.length, 1 << 20));
      this.used = 0;
    }
    return this.block.subarray(this.used, this.used + this.length);
  }

  /** Each marker's codes start on a multiple of 4 bytes, so they can be written a word at a time. */
  keep(): void {
    this.used += (this.length + 3) & ~3;
  }
}

/**
 * The markers called in at least half of the training individuals whose MAF among them is at
 * least `min_maf` (compared exactly), with values for every individual of `order` (VCF sample
 * indices). `training` holds positions in `order`; by default every individual.
 *
 * One pass per marker writes every individual's allele count as a byte (MISSING_CODE where the
 * call is missing) and counts the training individuals' calls; a marker's doubles are made only
 * if something asks for `values` (the plain scan reads the bytes).
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
  const blocks = new CodeBlocks(count);
  // When the individuals are the VCF's samples in its order, diploid sites are read four to a word.
  const inVcfOrder = order.every((sample, position) => sample === position);
  const wordCount = inVcfOrder ? count >> 2 : 0;
  const trainingWords = new Uint32Array(inTraining.buffer, 0, count >> 2);
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
      // A called count of 255 (a ploidy that high) cannot be told from MISSING_CODE: such a marker keeps doubles.
      let saturated = false;
      const codes = blocks.next();
      if (!hasGenotypes) {
        codes.fill(MISSING_CODE);
      } else if (diploid && wordCount > 0 && calls.byteOffset % 4 === 0 && counts.byteOffset % 4 === 0) {
        // Four individuals to a 32-bit word (VCF order is this order): each byte of `full` is 1
        // for a full call, (full ^ ONES) × 255 is MISSING_CODE in the bytes of the others, and a
        // multiply by ONES adds a word's bytes into its top byte (each sum is at most 8).
        const callWords = new Uint32Array(calls.buffer, calls.byteOffset, wordCount);
        const countWords = new Uint32Array(counts.buffer, counts.byteOffset, wordCount);
        const codeWords = new Uint32Array(codes.buffer, codes.byteOffset, wordCount);
        for (let word = 0; word < wordCount; word += 1) {
          const full = (callWords[word]! >>> 1) & ONES;
          const value = countWords[word]!;
          const weight = full & trainingWords[word]!;
          codeWords[word] = value | Math.imul(full ^ ONES, 255);
          called += Math.imul(weight, ONES) >>> 24;
          alleleCount += Math.imul(value & Math.imul(weight, 255), ONES) >>> 24;
        }
        for (let position = wordCount * 4; position < count; position += 1) {
          const full = calls[position]! >> 1;
          const value = counts[position]!;
          const weight = full & inTraining[position]!;
          codes[position] = value | ((full - 1) & MISSING_CODE);
          called += weight;
          alleleCount += value & -weight;
        }
        alleleNumber = 2 * called;
      } else if (diploid) {
        for (let position = 0; position < count; position += 1) {
          const sample = orderSamples[position]!;
          // calls is 0, 1 or 2: full is 1 for a full call; -weight masks the count in or out.
          const full = calls[sample]! >> 1;
          const value = counts[sample]!;
          const weight = full & inTraining[position]!;
          // (full − 1) & 255 is 0 for a full call and MISSING_CODE (all ones) for any other.
          codes[position] = value | ((full - 1) & MISSING_CODE);
          called += weight;
          alleleCount += value & -weight;
        }
        alleleNumber = 2 * called;
      } else {
        for (let position = 0; position < count; position += 1) {
          const sample = orderSamples[position]!;
          const ploidyHere = ploidy[sample]!;
          const value = counts[sample]!;
          if (ploidyHere === 0 || calls[sample]! < ploidyHere) {
            codes[position] = MISSING_CODE;
            continue;
          }
          codes[position] = value;
          if (value === MISSING_CODE) saturated = true;
          if (inTraining[position] === 1) {
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
      const id = site.altDosages ? `${site.id}:${allele}` : site.id;
      const maf = Math.min(alleleCount, alleleNumber - alleleCount) / alleleNumber;
      if (saturated) {
        const values = Float64Array.from(orderSamples, (sample) => (ploidy[sample] === 0 || calls[sample]! < ploidy[sample]! ? fill : counts[sample]!));
        markers.push({ id, chrom: site.chrom, pos: site.pos, allele, maf, mean: fill, codes: null, values });
        continue;
      }
      blocks.keep();
      markers.push(new CodedMarker(id, site.chrom, site.pos, allele, maf, fill, codes));
    }
  }
  return { markers, skipped };
}
