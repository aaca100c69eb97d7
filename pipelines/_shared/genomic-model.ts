/**
 * Trained genomic prediction models as GDIP and Auto Train write them, and their application to
 * new genotypes. A linear model (rrBLUP, GBLUP, Bayesian ridge) predicts
 *
 *   GEBV = Σ_k effect_k · (x_k − mean_k),   prediction = intercept + GEBV,
 *
 * with x_k the count of the marker's allele and mean_k its training mean, so a missing call
 * imputed with the training mean adds nothing. A Gaussian-kernel model keeps its training
 * genotypes and α: GEBV = Σ_j exp(−d(x, x_j)² / h) α_j.
 */
import fs from 'node:fs';
import path from 'node:path';
import { hasFullCall, type Vcf, type VcfSite } from './vcf.ts';

export interface ModelMarker {
  id: string;
  chromosome: string;
  position: number;
  /** The allele whose count is the marker's value. */
  allele: string;
  /** Training mean of that count (what a missing call is imputed with). */
  mean: number;
  /** Effect per extra copy (linear models). */
  effect: number;
}

export interface TraitModel {
  trait: string;
  model: string;
  intercept: number;
  markers: ModelMarker[];
  /** Gaussian kernel models: bandwidth, α and the training genotypes (marker-major, centred values are not stored). */
  kernel?: { bandwidth: number; alpha: number[]; training: number[][] };
}

export interface GenomicModel {
  pipeline: string;
  format: string;
  traits: TraitModel[];
}

/** Reads a model JSON of GDIP (`seedbed-rrblup-2`) or Auto Train (`seedbed-genomic-model-1`). */
export function readGenomicModel(file: string): GenomicModel {
  if (!fs.existsSync(file)) throw new Error(`The model file ${file} does not exist.`);
  if (!/\.json$/i.test(file)) {
    throw new Error(`${path.basename(file)} is not a Seedbed model (a .json file written by GDIP or Auto Train). Models saved by R (.rds) or Python (.pkl) are applied by the nextflow engine.`);
  }
  let parsed: { pipeline?: string; format?: string; traits?: Record<string, Record<string, unknown>> };
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    throw new Error(`${path.basename(file)} is not valid JSON; give the models/*.json file a GDIP or Auto Train run wrote.`);
  }
  if (parsed.format !== 'seedbed-rrblup-2' && parsed.format !== 'seedbed-genomic-model-1') {
    throw new Error(`${path.basename(file)} is not a model Seedbed knows (format ${JSON.stringify(parsed.format ?? null)}); give the models/*.json file a GDIP or Auto Train run wrote.`);
  }
  const traits = Object.entries(parsed.traits ?? {}).map(([trait, entry]) => {
    const fixed = (entry.fixedEffects ?? {}) as Record<string, number>;
    const kernel = entry.kernel as TraitModel['kernel'] | undefined;
    return {
      trait,
      model: String(entry.model ?? 'rrblup'),
      // GDIP writes the intercept on the phenotype scale (its fixed effects averaged over the
      // training individuals) beside its `(intercept)`; Auto Train writes `intercept` only.
      intercept: Number(entry.intercept ?? fixed.intercept ?? fixed['(intercept)'] ?? fixed['(Intercept)'] ?? 0),
      markers: (entry.markers ?? []) as ModelMarker[],
      ...(kernel ? { kernel } : {}),
    };
  });
  if (traits.length === 0) throw new Error(`${path.basename(file)} holds no trained trait.`);
  return { pipeline: String(parsed.pipeline ?? ''), format: parsed.format, traits };
}

export interface MarkerMatch {
  /** Per model marker: the site and whether its allele is counted directly or as the complement, or null when absent or mismatched. */
  sites: Array<{ site: VcfSite; count: 'alt' | 'ref' | number } | null>;
  missing: string[];
  alleleMismatch: string[];
}

/** Finds each model marker in the VCF by id (or chromosome:position), checking its allele. */
export function matchMarkers(vcf: Vcf, markers: ModelMarker[]): MarkerMatch {
  const byId = new Map<string, VcfSite>();
  for (const site of vcf.sites) {
    byId.set(site.id, site);
    byId.set(`${site.chrom}:${site.pos}`, site);
  }
  const missing: string[] = [];
  const alleleMismatch: string[] = [];
  const sites = markers.map((marker) => {
    // A multi-allelic site's markers are "<site id>:<allele>".
    const site = byId.get(marker.id) ?? byId.get(marker.id.replace(new RegExp(`:${marker.allele.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`), '')) ?? byId.get(`${marker.chromosome}:${marker.position}`);
    if (!site) {
      missing.push(marker.id);
      return null;
    }
    const altIndex = site.alt.indexOf(marker.allele);
    if (altIndex >= 0) return { site, count: site.alt.length === 1 ? ('alt' as const) : altIndex };
    if (site.ref === marker.allele && site.alt.length === 1) return { site, count: 'ref' as const };
    alleleMismatch.push(`${marker.id} (model allele ${marker.allele}; VCF ${site.ref}/${site.alt.join(',')})`);
    return null;
  });
  return { sites, missing, alleleMismatch };
}

/** The allele count of one sample at a matched marker, or null when its call is missing. */
export function alleleCount(match: NonNullable<MarkerMatch['sites'][number]>, sample: number): number | null {
  const { site, count } = match;
  if (!hasFullCall(site, sample)) return null;
  if (count === 'alt') return site.dosage[sample]!;
  if (count === 'ref') return site.ploidy[sample]! - site.dosage[sample]!;
  return site.altDosages ? site.altDosages[count]![sample]! : 0;
}
