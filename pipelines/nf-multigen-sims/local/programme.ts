/**
 * A breeding programme, generation by generation: diploid genomes on a genetic map (each
 * chromosome one Morgan, crossovers by Haldane's map function without interference), an
 * additive trait from QTL that are not on the marker panel, phenotypes with the programme's
 * heritability, truncation selection of parents on phenotype, GEBV (rrBLUP on the markers) or at
 * random, and random crosses among the selected parents. Deterministic for a seed.
 */
import { gram } from '../../_shared/linear-algebra.ts';
import { fitRidge, geneticValue } from '../../_shared/ridge.ts';
import { pearson, shuffled } from '../../_shared/stats.ts';

export type SelectionMethod = 'phenotype' | 'gebv' | 'random';

/** The genome layout: sites (markers and QTL) with their chromosome and map position. */
export interface Genome {
  chromosomes: string[];
  /** Per site: chromosome index, position in Morgans (0–1), base-pair position, name. */
  chromosome: Int32Array;
  morgans: Float64Array;
  basePairs: Int32Array;
  names: string[];
  /** First site of each chromosome, and one past the last (sites are sorted by chromosome and position). */
  starts: number[];
  /** Indices of the QTL sites and their effects; the other sites are the marker panel. */
  qtl: Int32Array;
  effects: Float64Array;
  markers: Int32Array;
}

/** An individual: two haplotypes of 0/1 alleles, one per site. */
export interface Individual {
  id: string;
  maternal: Uint8Array;
  paternal: Uint8Array;
  tbv: number;
  phenotype: number;
  gebv: number | null;
}

export interface GenerationRecord {
  generation: number;
  individuals: number;
  meanTbv: number;
  geneticVariance: number;
  meanPhenotype: number;
  /** Correlation of the selection criterion with the true breeding value (null for random selection). */
  selectionAccuracy: number | null;
  /** Mean phenotype of the selected parents minus that of all candidates. */
  selectionDifferential: number;
  /** Mean TBV of the selected parents minus that of all candidates. */
  selectedTbvGain: number;
  expectedHeterozygosity: number;
  observedHeterozygosity: number;
  /** 1 − Ho / He of the founders (loss of heterozygosity). */
  inbreeding: number;
  segregatingQtl: number;
  fixedSites: number;
}

/** Poisson deviate (Knuth), for the crossovers of one meiosis. */
function poisson(mean: number, random: () => number): number {
  const limit = Math.exp(-mean);
  let count = 0;
  let product = random();
  while (product > limit) {
    count += 1;
    product *= random();
  }
  return count;
}

/** A gamete: the parent's two haplotypes recombined at Poisson(1)-many uniform crossovers per chromosome. */
export function meiosis(parent: Individual, genome: Genome, random: () => number): Uint8Array {
  const gamete = new Uint8Array(parent.maternal.length);
  for (let c = 0; c < genome.chromosomes.length; c += 1) {
    const first = genome.starts[c]!;
    const end = genome.starts[c + 1]!;
    const crossovers = Array.from({ length: poisson(1, random) }, () => random()).sort((a, b) => a - b);
    let source = random() < 0.5 ? parent.maternal : parent.paternal;
    let next = 0;
    for (let site = first; site < end; site += 1) {
      while (next < crossovers.length && crossovers[next]! < genome.morgans[site]!) {
        source = source === parent.maternal ? parent.paternal : parent.maternal;
        next += 1;
      }
      gamete[site] = source[site]!;
    }
  }
  return gamete;
}

export const dosage = (individual: Individual, site: number) => individual.maternal[site]! + individual.paternal[site]!;

export function trueBreedingValue(individual: Individual, genome: Genome): number {
  let value = 0;
  for (let q = 0; q < genome.qtl.length; q += 1) value += genome.effects[q]! * dosage(individual, genome.qtl[q]!);
  return value;
}

function normal(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

const meanOf = (values: ArrayLike<number>) => {
  let sum = 0;
  for (let i = 0; i < values.length; i += 1) sum += values[i]!;
  return values.length === 0 ? Number.NaN : sum / values.length;
};
const varianceOf = (values: ArrayLike<number>) => {
  const mean = meanOf(values);
  let sum = 0;
  for (let i = 0; i < values.length; i += 1) sum += (values[i]! - mean) ** 2;
  return values.length < 2 ? Number.NaN : sum / (values.length - 1);
};

/** Scales QTL effects so the founders' additive genetic variance is 1 (gains read in founder σA). */
export function scaleEffects(genome: Genome, founders: Individual[]): void {
  const values = founders.map((individual) => trueBreedingValue(individual, genome));
  const variance = varianceOf(values);
  if (!(variance > 0)) throw new Error('The QTL do not vary among the founders: no genetic variance to select on. Give founders that differ, or more QTL.');
  const scale = 1 / Math.sqrt(variance);
  for (let q = 0; q < genome.effects.length; q += 1) genome.effects[q]! *= scale;
}

/** Phenotypes with residual variance σe² = (1 − h²) / h² (founder σA² = 1). */
export function phenotype(individuals: Individual[], genome: Genome, heritability: number, random: () => number): void {
  const residual = Math.sqrt((1 - heritability) / heritability);
  for (const individual of individuals) {
    individual.tbv = trueBreedingValue(individual, genome);
    individual.phenotype = individual.tbv + residual * normal(random);
  }
}

/**
 * GEBVs of `candidates` from rrBLUP trained on `training` (phenotyped), markers only, with
 * λ = Σ2pq (1 − h²) / h² — the marker-effect variance that the programme's heritability implies.
 */
export function predictGebv(training: Individual[], candidates: Individual[], genome: Genome, heritability: number): void {
  const everyone = [...training, ...candidates.filter((candidate) => !training.includes(candidate))];
  const n = everyone.length;
  const columns: Float64Array[] = [];
  let sum2pq = 0;
  for (const site of genome.markers) {
    const column = new Float64Array(n);
    let total = 0;
    for (let i = 0; i < n; i += 1) {
      column[i] = dosage(everyone[i]!, site);
      total += column[i]!;
    }
    const p = total / (2 * n);
    if (p === 0 || p === 1) continue;
    sum2pq += 2 * p * (1 - p);
    for (let i = 0; i < n; i += 1) column[i]! -= 2 * p;
    columns.push(column);
  }
  if (columns.length === 0) {
    for (const candidate of candidates) candidate.gebv = 0;
    return;
  }
  const kernel = gram(columns, n);
  const view = { kernel, size: n, rows: training.map((_, index) => index) };
  const y = Float64Array.from(training, (individual) => individual.phenotype);
  const fit = fitRidge(view, [new Float64Array(training.length).fill(1)], y, (sum2pq * (1 - Math.min(heritability, 0.999))) / Math.min(heritability, 0.999));
  for (const candidate of candidates) candidate.gebv = fit.fixed[0]! + geneticValue(view, fit, everyone.indexOf(candidate));
}

/** The record of one generation, with the parents chosen from it. */
export function describeGeneration(generation: number, individuals: Individual[], selected: Individual[], method: SelectionMethod, genome: Genome, founderHeterozygosity: number): GenerationRecord {
  const n = individuals.length;
  const sites = genome.chromosome.length;
  let expected = 0;
  let observed = 0;
  let fixed = 0;
  let segregatingQtl = 0;
  const qtlSet = new Set(genome.qtl);
  for (let site = 0; site < sites; site += 1) {
    let alt = 0;
    let het = 0;
    for (const individual of individuals) {
      const a = individual.maternal[site]!;
      const b = individual.paternal[site]!;
      alt += a + b;
      if (a !== b) het += 1;
    }
    const p = alt / (2 * n);
    expected += 2 * p * (1 - p);
    observed += het / n;
    if (p === 0 || p === 1) fixed += 1;
    else if (qtlSet.has(site)) segregatingQtl += 1;
  }
  const tbv = individuals.map((individual) => individual.tbv);
  const criterion = method === 'phenotype' ? individuals.map((individual) => individual.phenotype) : method === 'gebv' ? individuals.map((individual) => individual.gebv ?? Number.NaN) : null;
  const observedHeterozygosity = observed / sites;
  return {
    generation,
    individuals: n,
    meanTbv: meanOf(tbv),
    geneticVariance: varianceOf(tbv),
    meanPhenotype: meanOf(individuals.map((individual) => individual.phenotype)),
    selectionAccuracy: criterion ? pearson(criterion, tbv) : null,
    selectionDifferential: meanOf(selected.map((individual) => individual.phenotype)) - meanOf(individuals.map((individual) => individual.phenotype)),
    selectedTbvGain: meanOf(selected.map((individual) => individual.tbv)) - meanOf(tbv),
    expectedHeterozygosity: expected / sites,
    observedHeterozygosity,
    inbreeding: 1 - observedHeterozygosity / founderHeterozygosity,
    segregatingQtl,
    fixedSites: fixed,
  };
}

/** The best `count` by the method's criterion (or `count` at random). */
export function selectParents(individuals: Individual[], count: number, method: SelectionMethod, random: () => number): Individual[] {
  if (method === 'random') return shuffled(individuals, random).slice(0, count);
  const key = (individual: Individual) => (method === 'phenotype' ? individual.phenotype : (individual.gebv ?? Number.NEGATIVE_INFINITY));
  return [...individuals].sort((a, b) => key(b) - key(a)).slice(0, count);
}

/** `crosses` offspring, each of a random pair of distinct parents. */
export function cross(parents: Individual[], crosses: number, generation: number, genome: Genome, random: () => number): Individual[] {
  return Array.from({ length: crosses }, (_, index) => {
    const mother = parents[Math.floor(random() * parents.length)]!;
    let father = parents[Math.floor(random() * parents.length)]!;
    while (father === mother && parents.length > 1) father = parents[Math.floor(random() * parents.length)]!;
    return { id: `G${generation}_${String(index + 1).padStart(5, '0')}`, maternal: meiosis(mother, genome, random), paternal: meiosis(father, genome, random), tbv: 0, phenotype: 0, gebv: null };
  });
}
