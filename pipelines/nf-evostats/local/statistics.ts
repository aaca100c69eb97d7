/**
 * Population statistics of one site and their sums over windows, with the definitions of the
 * tools breeders check them against:
 *
 * - π per window: vcftools --window-pi (pairwise mismatches over all pairs, monomorphic
 *   positions of the window counted as sites without mismatches).
 * - Tajima's D per window: vcftools --TajimaD (biallelic sites; n = twice the individuals).
 * - Watterson's θ per base: S / a₁ / window size, with vcftools' n and S.
 * - Ho and He per site: plink --hardy's O(HET) and E(HET) (1 − Σp²), averaged over the window.
 * - Weir & Cockerham's Fst: vcftools --weir-fst-pop (per site Σa / Σ(a+b+c); windows and the
 *   genome weight by the sums, MEAN_FST is the plain mean of the sites).
 * - Hudson's Fst: scikit-allel's hudson_fst (between − within over between; windows and the
 *   genome as nansum(num) / nansum(den)).
 */
import type { VcfSite } from '../../_shared/vcf.ts';

/** One population's counts at one site. */
export interface PopulationCounts {
  /** Called alleles (AN). */
  an: number;
  /** Per allele (REF first): its count among the called alleles. */
  alleles: number[];
  /** Individuals with both alleles called. */
  individuals: number;
  /** Of those, heterozygous. */
  het: number;
  /** Per allele: individuals homozygous for it, and heterozygous carrying it (vcftools' N_hom, N_het). */
  homOf: number[];
  hetOf: number[];
}

/** Whether every sample's GT has two alleles (missing or not), as vcftools' is_diploid asks. */
export const isDiploidSite = (site: VcfSite) => site.ploidy.every((ploidy) => ploidy === 2);

/**
 * Counts per population: `groups[sample]` is the sample's population index, or −1 for none.
 * Population `populations` (the last) holds every sample.
 */
export function countSite(site: VcfSite, groups: Int32Array, populations: number): PopulationCounts[] {
  const alleleCount = site.alt.length + 1;
  const counts = Array.from({ length: populations + 1 }, () => ({
    an: 0,
    alleles: new Array<number>(alleleCount).fill(0),
    individuals: 0,
    het: 0,
    homOf: new Array<number>(alleleCount).fill(0),
    hetOf: new Array<number>(alleleCount).fill(0),
  }));
  const all = counts[populations]!;
  for (let sample = 0; sample < groups.length; sample += 1) {
    const called = site.called[sample]!;
    if (called === 0) continue;
    const group = groups[sample]!;
    const own = group >= 0 ? counts[group]! : null;
    // The sample's alleles: REF copies and each ALT's copies.
    const dose = site.dosage[sample]!;
    const refCopies = called - dose;
    let first = -1;
    let second = -1;
    const add = (allele: number, copies: number) => {
      if (copies === 0) return;
      all.alleles[allele]! += copies;
      if (own) own.alleles[allele]! += copies;
      if (first < 0) {
        first = allele;
        if (copies === 2) second = allele;
      } else second = allele;
    };
    add(0, refCopies);
    if (site.altDosages) for (let alt = 0; alt < site.alt.length; alt += 1) add(alt + 1, site.altDosages[alt]![sample]!);
    else add(1, dose);
    all.an += called;
    if (own) own.an += called;
    if (called !== 2 || site.ploidy[sample] !== 2) continue;
    for (const target of own ? [all, own] : [all]) {
      target.individuals += 1;
      if (first === second) target.homOf[first]! += 1;
      else {
        target.het += 1;
        target.hetOf[first]! += 1;
        target.hetOf[second]! += 1;
      }
    }
  }
  return counts;
}

/** Expected heterozygosity 1 − Σp² over the called alleles (plink's E(HET)); NaN without calls. */
export const expectedHeterozygosity = (counts: PopulationCounts) => (counts.an === 0 ? Number.NaN : 1 - counts.alleles.reduce((sum, count) => sum + (count / counts.an) ** 2, 0));

/** Observed heterozygosity among individuals with both alleles called; NaN without any. */
export const observedHeterozygosity = (counts: PopulationCounts) => (counts.individuals === 0 ? Number.NaN : counts.het / counts.individuals);

/** Pairwise mismatches and comparisons at a site (ordered pairs, as vcftools counts them). */
export function mismatches(counts: PopulationCounts): { mismatches: number; pairs: number } {
  let sum = 0;
  for (const count of counts.alleles) sum += count * (counts.an - count);
  return { mismatches: sum, pairs: counts.an * (counts.an - 1) };
}

/** Tajima's constants for n chromosomes (vcftools' a1, a2, e1, e2). */
export function tajimaConstants(n: number) {
  let a1 = 0;
  let a2 = 0;
  for (let i = 1; i < n; i += 1) {
    a1 += 1 / i;
    a2 += 1 / (i * i);
  }
  const b1 = (n + 1) / 3 / (n - 1);
  const b2 = (2 * (n * n + n + 3)) / 9 / n / (n - 1);
  const c1 = b1 - 1 / a1;
  const c2 = b2 - (n + 2) / (a1 * n) + a2 / a1 / a1;
  return { a1, e1: c1 / a1, e2: c2 / (a1 * a1 + a2) };
}

/** Tajima's D from S segregating sites and Σ p(1−p) over them, as vcftools computes it. */
export function tajimaD(n: number, segregating: number, sumPq: number): number {
  if (segregating === 0 || n < 2) return Number.NaN;
  const { a1, e1, e2 } = tajimaConstants(n);
  const pi = (2 * sumPq * n) / (n - 1);
  return (pi - segregating / a1) / Math.sqrt(e1 * segregating + e2 * segregating * (segregating - 1));
}

/** Hudson's Fst terms of one site between two populations (scikit-allel's hudson_fst). */
export function hudson(one: PopulationCounts, two: PopulationCounts): { num: number; den: number } {
  const within = (counts: PopulationCounts) => {
    const pairs = (counts.an * (counts.an - 1)) / 2;
    let same = 0;
    for (const count of counts.alleles) same += (count * (count - 1)) / 2;
    return (pairs - same) / pairs;
  };
  const pairs = one.an * two.an;
  let same = 0;
  for (let allele = 0; allele < one.alleles.length; allele += 1) same += one.alleles[allele]! * two.alleles[allele]!;
  const between = (pairs - same) / pairs;
  return { num: between - (within(one) + within(two)) / 2, den: between };
}

/**
 * Weir & Cockerham's θ of one site among the given populations (vcftools' bi- and multi-allelic
 * form): Σa and Σ(a+b+c) over alleles; the site's Fst is their ratio (NaN when undefined).
 */
export function weirCockerham(populations: PopulationCounts[]): { a: number; all: number } {
  const r = populations.length;
  const alleleCount = populations[0]!.alleles.length;
  const n = populations.map((counts) => counts.individuals);
  const nSum = n.reduce((sum, value) => sum + value, 0);
  const nbar = nSum / r;
  const sumNsq = n.reduce((sum, value) => sum + value * value, 0);
  const nc = (nSum - sumNsq / nSum) / (r - 1);
  let sumA = 0;
  let sumAll = 0;
  for (let allele = 0; allele < alleleCount; allele += 1) {
    const p = populations.map((counts, index) => (counts.hetOf[allele]! + 2 * counts.homOf[allele]!) / (2 * n[index]!));
    const pbar = populations.reduce((sum, counts) => sum + counts.hetOf[allele]! + 2 * counts.homOf[allele]!, 0) / (2 * nSum);
    const hbar = populations.reduce((sum, counts) => sum + counts.hetOf[allele]!, 0) / nSum;
    let ssqr = 0;
    for (let index = 0; index < r; index += 1) ssqr += n[index]! * (p[index]! - pbar) ** 2;
    ssqr /= (r - 1) * nbar;
    const a = ((ssqr - (pbar * (1 - pbar) - ((r - 1) * ssqr) / r - hbar / 4) / (nbar - 1)) * nbar) / nc;
    const b = ((pbar * (1 - pbar) - (ssqr * (r - 1)) / r - hbar * ((2 * nbar - 1) / (4 * nbar))) * nbar) / (nbar - 1);
    const c = hbar / 2;
    if (!Number.isNaN(a) && !Number.isNaN(b) && !Number.isNaN(c)) {
      sumA += a;
      sumAll += a + b + c;
    }
  }
  return { a: sumA, all: sumAll };
}

/** Windows holding a position, vcftools' way: window s spans [s·step + 1, s·step + size]. */
export function windowsOf(pos: number, size: number, step: number): { first: number; last: number } {
  return { first: Math.max(0, Math.ceil((pos - size) / step)), last: Math.ceil(pos / step) };
}
