/**
 * LD pruning as `bcftools +prune -m r2 -w <window>` does it: sites in file order; a site is
 * dropped when its r² with a site already kept on the same chromosome, within the window,
 * exceeds the threshold. The output keeps the file's order (chr1, chr2, …, chr10 as written).
 */
import { isMissing, type VcfSite } from '../../_shared/vcf.ts';

/** r² of two sites' dosages over the samples called at both. */
export function rSquared(a: VcfSite, b: VcfSite, samples: number[]): number {
  let n = 0;
  let sa = 0;
  let sb = 0;
  let saa = 0;
  let sbb = 0;
  let sab = 0;
  for (const index of samples) {
    if (isMissing(a, index) || isMissing(b, index)) continue;
    const x = a.dosage[index]!;
    const y = b.dosage[index]!;
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

export function pruneByLd(sites: VcfSite[], samples: number[], threshold: number, windowBases: number): VcfSite[] {
  const kept: VcfSite[] = [];
  let windowStart = 0;
  for (const site of sites) {
    while (windowStart < kept.length && (kept[windowStart]!.chrom !== site.chrom || site.pos - kept[windowStart]!.pos > windowBases)) windowStart += 1;
    let linked = false;
    for (let index = windowStart; index < kept.length && !linked; index += 1) linked = rSquared(kept[index]!, site, samples) > threshold;
    if (!linked) kept.push(site);
  }
  return kept;
}
