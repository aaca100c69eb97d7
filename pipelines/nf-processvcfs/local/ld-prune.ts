/**
 * LD pruning as `bcftools +prune -m r2 -w <window>` does it: sites in file order; a site is
 * dropped when its r² with a site already kept on the same chromosome, within the window,
 * exceeds the threshold. The output keeps the file's order (chr1, chr2, …, chr10 as written).
 */
import { hasFullCall, type VcfSite } from '../../_shared/vcf.ts';

/** A site's dosages over the chosen samples, -1 where the call is not complete. */
function dosages(site: VcfSite, samples: number[]): Int8Array {
  const values = new Int8Array(samples.length);
  for (let index = 0; index < samples.length; index += 1) {
    const sample = samples[index]!;
    values[index] = hasFullCall(site, sample) ? Math.min(site.dosage[sample]!, 127) : -1;
  }
  return values;
}

/** r² of two sites' dosages over the samples called at both. */
export function rSquared(a: Int8Array, b: Int8Array): number {
  let n = 0;
  let sa = 0;
  let sb = 0;
  let saa = 0;
  let sbb = 0;
  let sab = 0;
  for (let index = 0; index < a.length; index += 1) {
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

export function pruneByLd(sites: VcfSite[], samples: number[], threshold: number, windowBases: number): VcfSite[] {
  const kept: Array<{ site: VcfSite; values: Int8Array }> = [];
  let windowStart = 0;
  for (const site of sites) {
    while (windowStart < kept.length && (kept[windowStart]!.site.chrom !== site.chrom || site.pos - kept[windowStart]!.site.pos > windowBases)) windowStart += 1;
    const values = dosages(site, samples);
    let linked = false;
    for (let index = windowStart; index < kept.length && !linked; index += 1) linked = rSquared(kept[index]!.values, values) > threshold;
    if (!linked) kept.push({ site, values });
  }
  return kept.map((entry) => entry.site);
}
