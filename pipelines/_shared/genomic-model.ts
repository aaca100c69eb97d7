/**
 * Trained genomic prediction models as GDIP and Auto Train write them, and their application to
 * new genotypes. A linear model (rrBLUP, GBLUP, Bayesian ridge) predicts
 *
 *   GEBV = Σ_k effect_k · (x_k − mean_k),   prediction = intercept + GEBV,
 *
 * with x_k the count of the marker's allele and mean_k its training mean, so a missing call
 * imputed with the training mean adds nothing. A Gaussian-kernel model keeps its training
 * genotypes and α: GEBV = Σ_j exp(−d(x, x_j)² / h) α_j. A random forest keeps its trees and an
 * ε-SVR its support vectors (Auto Train's learners.ts); their GEBV is the prediction less the
 * intercept (the training mean).
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
  /** Random forests: every tree, a node per row [feature, threshold, left, right, value] (feature −1 is a leaf; ≤ threshold goes left), features indexing `markers`. */
  forest?: { forest: SavedTree[] };
  /** ε-SVR with a Gaussian kernel on standardised allele counts. */
  svr?: SavedSvr;
}

export type SavedTree = number[][];

export interface SavedSvr {
  cost: number;
  gamma: number;
  epsilon: number;
  rho: number;
  yCenter: number;
  yScale: number;
  /** Per kept marker: its index among the model's markers, training mean and SD. */
  features: number[];
  center: number[];
  scale: number[];
  /** Support vectors' allele counts over the kept markers, and their coefficients. */
  supportVectors: number[][];
  coefficients: number[];
}

/** A saved forest's prediction for one individual's allele counts (in the model's marker order). */
export function applyForest(trees: SavedTree[], values: ArrayLike<number>): number {
  let sum = 0;
  for (const tree of trees) {
    let node = tree[0]!;
    while (node[0]! >= 0) node = tree[values[node[0]!]! <= node[1]! ? node[2]! : node[3]!]!;
    sum += node[4]!;
  }
  return sum / trees.length;
}

/** A saved SVR's prediction: y-centre + y-scale · (Σ_j coef_j exp(−γ‖z − z_j‖²) − ρ), z standardised. */
export function applySvr(svr: SavedSvr, values: ArrayLike<number>): number {
  const z = svr.features.map((feature, k) => (values[feature]! - svr.center[k]!) / svr.scale[k]!);
  let sum = -svr.rho;
  for (const [j, vector] of svr.supportVectors.entries()) {
    let distance = 0;
    for (let k = 0; k < z.length; k += 1) distance += (z[k]! - (vector[k]! - svr.center[k]!) / svr.scale[k]!) ** 2;
    sum += svr.coefficients[j]! * Math.exp(-svr.gamma * distance);
  }
  return svr.yCenter + svr.yScale * sum;
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
    const forest = entry.forest as TraitModel['forest'] | undefined;
    const svr = entry.svr as TraitModel['svr'] | undefined;
    return {
      trait,
      model: String(entry.model ?? 'rrblup'),
      // GDIP writes the intercept on the phenotype scale (its fixed effects averaged over the
      // training individuals) beside its `(intercept)`; Auto Train writes `intercept` only.
      intercept: Number(entry.intercept ?? fixed.intercept ?? fixed['(intercept)'] ?? fixed['(Intercept)'] ?? 0),
      markers: (entry.markers ?? []) as ModelMarker[],
      ...(kernel ? { kernel } : {}),
      ...(forest ? { forest } : {}),
      ...(svr ? { svr } : {}),
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
