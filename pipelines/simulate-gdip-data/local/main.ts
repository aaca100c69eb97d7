/**
 * Simulate GDIP data, local implementation: genotypes with population structure (Balding–Nichols
 * allele frequencies per subpopulation) and linkage disequilibrium (haplotypes as mosaics of
 * founder haplotypes, recombining at 1 cM per Mb over `ld_generations`), and additive traits from
 * known QTL at the asked heritability, and null traits with no QTL (noise) for the type I error.
 * Deterministic for a seed; replicate r uses seed + r − 1.
 * Each replicate folder holds genotypes.vcf, phenotypes.csv and known_qtl.csv.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { LocalContext } from '../../../src/pipeline-kit/local-pipeline.ts';
import type { Params } from './params.generated.ts';
import { commaList } from '../../_shared/params.ts';
import { betaDeviate, gammaDeviate, normalDeviate, seededRandom } from '../../_shared/stats.ts';
import { counted } from '../../../src/contract/wording.ts';

/** Founder haplotypes per subpopulation that every individual's haplotypes are mosaics of. */
export const FOUNDER_HAPLOTYPES = 20;
const PHENOTYPE_MEAN = 100;
const MIN_QTL_MAF = 0.05;

/** One value per item: a single value for all, or one each. */
function perItem(text: string, count: number, what: string): number[] {
  const values = commaList(text).map(Number);
  if (values.length === 1) return Array.from({ length: count }, () => values[0]!);
  if (values.length !== count) throw new Error(`${what} lists ${values.length} values for ${count}: give one value, or one for each.`);
  return values;
}

export interface SimulatedMarker {
  id: string;
  chromosome: string;
  position: number;
  ref: string;
  alt: string;
}

export interface SimulatedDataset {
  samples: string[];
  markers: SimulatedMarker[];
  /** Dosage of the alternative allele, marker-major: dosages[m * n + i]. */
  dosages: Uint8Array;
  traits: string[];
  phenotypes: Float64Array[];
  qtl: Array<{ marker: number; trait: number; effect: number }>;
  /** Per trait: genetic and residual variance as realised in this sample. */
  variances: Array<{ genetic: number; residual: number }>;
}

export function simulateDataset(params: Params, seed: number): SimulatedDataset {
  const random = seededRandom(seed);
  const n = params.individuals;
  const lengthsMb = perItem(params.chromosome_length_mb, params.chromosomes, 'chromosome_length_mb');
  const heritabilities = perItem(params.heritability, params.traits, 'heritability');
  const bases = ['A', 'C', 'G', 'T'];

  // Markers spread over the chromosomes in proportion to their length, at sorted random positions.
  const totalMb = lengthsMb.reduce((sum, length) => sum + length, 0);
  const markers: SimulatedMarker[] = [];
  let assigned = 0;
  lengthsMb.forEach((lengthMb, c) => {
    const count = c === lengthsMb.length - 1 ? params.markers - assigned : Math.round((params.markers * lengthMb) / totalMb);
    assigned += count;
    const positions = Array.from({ length: count }, () => 1 + Math.floor(random() * lengthMb * 1e6)).sort((a, b) => a - b);
    for (const position of positions) {
      const ref = bases[Math.floor(random() * 4)]!;
      const alt = bases.filter((base) => base !== ref)[Math.floor(random() * 3)]!;
      markers.push({ id: `chr${c + 1}_${position}`, chromosome: `chr${c + 1}`, position, ref, alt });
    }
  });
  const m = markers.length;

  // Allele frequencies: ancestral, then per subpopulation drawn around them (Balding–Nichols).
  const k = params.subpopulations;
  const structured = k > 1 && params.fst > 0;
  const frequencies = Array.from({ length: k }, () => new Float64Array(m));
  for (let j = 0; j < m; j += 1) {
    const ancestral = 0.05 + 0.9 * random();
    for (let s = 0; s < k; s += 1) {
      frequencies[s]![j] = structured ? betaDeviate((ancestral * (1 - params.fst)) / params.fst, ((1 - ancestral) * (1 - params.fst)) / params.fst, random) : ancestral;
    }
  }
  const founders = frequencies.map((frequency) => Array.from({ length: FOUNDER_HAPLOTYPES }, () => Uint8Array.from(frequency, (p) => (random() < p ? 1 : 0))));

  // Each haplotype walks along a chromosome, switching founder after a crossover (1 cM per Mb).
  const dosages = new Uint8Array(m * n);
  const subpopulationOf = (i: number) => Math.floor((i * k) / n);
  for (let i = 0; i < n; i += 1) {
    const pool = founders[subpopulationOf(i)]!;
    for (let copy = 0; copy < 2; copy += 1) {
      let founder = Math.floor(random() * FOUNDER_HAPLOTYPES);
      for (let j = 0; j < m; j += 1) {
        const newChromosome = j === 0 || markers[j]!.chromosome !== markers[j - 1]!.chromosome;
        const morgans = newChromosome ? Number.POSITIVE_INFINITY : (markers[j]!.position - markers[j - 1]!.position) / 1e8;
        if (random() < 1 - Math.exp(-morgans * params.ld_generations)) founder = Math.floor(random() * FOUNDER_HAPLOTYPES);
        dosages[j * n + i]! += pool[founder]![j]!;
      }
    }
  }

  // QTL: distinct markers with a minor allele frequency of at least 5 %.
  const usable: number[] = [];
  for (let j = 0; j < m; j += 1) {
    let sum = 0;
    for (let i = 0; i < n; i += 1) sum += dosages[j * n + i]!;
    const frequency = sum / (2 * n);
    if (Math.min(frequency, 1 - frequency) >= MIN_QTL_MAF) usable.push(j);
  }
  const needed = params.qtl_per_trait * params.traits;
  if (usable.length < needed) {
    throw new Error(
      `Only ${usable.length} markers have a minor allele frequency of at least 5 %, and ${needed} QTL are asked for (${params.qtl_per_trait} per trait × ${params.traits}). Ask for more markers or fewer QTL.`,
    );
  }
  for (let index = usable.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [usable[index], usable[other]] = [usable[other]!, usable[index]!];
  }
  const effectOf = () => {
    if (params.effect_distribution === 'equal') return random() < 0.5 ? -1 : 1;
    if (params.effect_distribution === 'gamma') return (random() < 0.5 ? -1 : 1) * gammaDeviate(0.4, random);
    return normalDeviate(random);
  };
  const traits = Array.from({ length: params.traits }, (_, t) => `trait${t + 1}`);
  const qtl: SimulatedDataset['qtl'] = [];
  const phenotypes: Float64Array[] = [];
  const variances: SimulatedDataset['variances'] = [];
  traits.forEach((_, t) => {
    const chosen = usable.slice(t * params.qtl_per_trait, (t + 1) * params.qtl_per_trait).sort((a, b) => a - b);
    const genetic = new Float64Array(n);
    for (const marker of chosen) {
      const effect = effectOf();
      qtl.push({ marker, trait: t, effect });
      for (let i = 0; i < n; i += 1) genetic[i]! += effect * dosages[marker * n + i]!;
    }
    const mean = genetic.reduce((sum, value) => sum + value, 0) / n;
    const geneticVariance = genetic.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (n - 1);
    const h2 = heritabilities[t]!;
    const residual = h2 >= 1 ? 0 : (geneticVariance * (1 - h2)) / h2;
    phenotypes.push(Float64Array.from(genetic, (value) => PHENOTYPE_MEAN + value - mean + Math.sqrt(residual) * normalDeviate(random)));
    variances.push({ genetic: geneticVariance, residual });
  });
  // Null traits: no QTL, no polygenic background (the traits above have none either), noise at the
  // QTL traits' mean phenotypic variance; drawn last, so they leave everything above unchanged.
  const nullVariance = variances.reduce((sum, variance) => sum + variance.genetic + variance.residual, 0) / variances.length;
  for (let t = 0; t < params.null_traits; t += 1) {
    traits.push(`null_trait${t + 1}`);
    phenotypes.push(Float64Array.from({ length: n }, () => PHENOTYPE_MEAN + Math.sqrt(nullVariance) * normalDeviate(random)));
    variances.push({ genetic: 0, residual: nullVariance });
  }
  const samples = Array.from({ length: n }, (_, i) => `SIM${String(i + 1).padStart(5, '0')}`);
  return { samples, markers, dosages, traits, phenotypes, qtl, variances };
}

const GENOTYPE = ['0/0', '0/1', '1/1'];

/** Writes a dataset's three files into `folder`, the VCF streamed line by line. */
export async function writeDataset(dataset: SimulatedDataset, folder: string, source: string): Promise<void> {
  fs.mkdirSync(folder, { recursive: true });
  const n = dataset.samples.length;
  const chromosomes = [...new Set(dataset.markers.map((marker) => marker.chromosome))];
  const lengths = new Map<string, number>();
  for (const marker of dataset.markers) lengths.set(marker.chromosome, Math.max(lengths.get(marker.chromosome) ?? 0, marker.position));
  const vcf = fs.createWriteStream(path.join(folder, 'genotypes.vcf'));
  const write = (text: string) => (vcf.write(text) ? Promise.resolve() : new Promise<void>((resolve) => vcf.once('drain', () => resolve())));
  await write(
    [
      '##fileformat=VCFv4.2',
      `##source=${source}`,
      '##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">',
      ...chromosomes.map((chromosome) => `##contig=<ID=${chromosome},length=${lengths.get(chromosome)}>`),
      ['#CHROM', 'POS', 'ID', 'REF', 'ALT', 'QUAL', 'FILTER', 'INFO', 'FORMAT', ...dataset.samples].join('\t'),
      '',
    ].join('\n'),
  );
  for (let j = 0; j < dataset.markers.length; j += 1) {
    const marker = dataset.markers[j]!;
    const calls = new Array<string>(n);
    for (let i = 0; i < n; i += 1) calls[i] = GENOTYPE[dataset.dosages[j * n + i]!]!;
    await write(`${marker.chromosome}\t${marker.position}\t${marker.id}\t${marker.ref}\t${marker.alt}\t50\tPASS\t.\tGT\t${calls.join('\t')}\n`);
  }
  await new Promise<void>((resolve, reject) => vcf.end((error?: Error | null) => (error ? reject(error) : resolve())));
  fs.writeFileSync(
    path.join(folder, 'phenotypes.csv'),
    `id,${dataset.traits.join(',')}\n${dataset.samples.map((sample, i) => [sample, ...dataset.phenotypes.map((values) => values[i]!.toFixed(4))].join(',')).join('\n')}\n`,
  );
  fs.writeFileSync(
    path.join(folder, 'known_qtl.csv'),
    `marker,chromosome,position,trait,effect\n${dataset.qtl
      .map((one) => {
        const marker = dataset.markers[one.marker]!;
        return [marker.id, marker.chromosome, marker.position, dataset.traits[one.trait], one.effect.toPrecision(6)].join(',');
      })
      .join('\n')}\n`,
  );
}

export async function run(context: LocalContext<Params>): Promise<void> {
  const { params } = context;
  const summary = ['replicate,trait,qtl,heritability_asked,genetic_variance,residual_variance,heritability_realised'];
  for (let replicate = 1; replicate <= params.replicates; replicate += 1) {
    if (context.signal.aborted) return;
    await context.task('SIMULATE', `replicate ${replicate}`, async () => {
      const dataset = simulateDataset(params, params.seed + replicate - 1);
      await writeDataset(dataset, path.join(context.outdir, `replicate_${replicate}`), `seedbed simulate-gdip-data seed=${params.seed + replicate - 1}`);
      const asked = perItem(params.heritability, params.traits, 'heritability');
      dataset.variances.forEach((variance, t) => {
        summary.push(
          [
            replicate,
            dataset.traits[t],
            t < params.traits ? params.qtl_per_trait : 0,
            asked[t] ?? 0,
            variance.genetic.toPrecision(6),
            variance.residual.toPrecision(6),
            (variance.genetic / (variance.genetic + variance.residual)).toFixed(4),
          ].join(','),
        );
      });
      context.log(
        `Replicate ${replicate}: ${counted(dataset.samples.length, 'individual')} × ${counted(dataset.markers.length, 'marker')} in ${counted(params.subpopulations, 'subpopulation')}; ${dataset.qtl.length} QTL over ${counted(params.traits, 'trait')}${params.null_traits > 0 ? `, and ${counted(params.null_traits, 'null trait')} without QTL` : ''}.`,
      );
    });
  }
  fs.writeFileSync(path.join(context.outdir, 'simulation_summary.csv'), `${summary.join('\n')}\n`);
}
