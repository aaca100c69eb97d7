/**
 * Multigen sims, local implementation: founders (from a VCF, or simulated with LD), an additive
 * trait on QTL off the marker panel, and `generations` rounds of selection and random crossing,
 * `replicates` times. Writes per generation the genetic gain, genetic variance, inbreeding and
 * diversity (a chart-ready table), the true QTL, and the last generation of the first replicate.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { LocalContext } from '../../../src/pipeline-kit/local-pipeline.ts';
import type { Params } from './params.generated.ts';
import { seededRandom, shuffled } from '../../_shared/stats.ts';
import { readVcf } from '../../_shared/vcf.ts';
import { cross, describeGeneration, type GenerationRecord, type Genome, type Individual, phenotype, predictGebv, scaleEffects, selectParents } from './programme.ts';
import { formatNumber } from '../../_shared/output.ts';

/** Marker-panel sites per chromosome besides the QTL, when founders are simulated. */
export const MARKERS_PER_CHROMOSOME = 100;
/** Generations of phenotyped individuals the GEBV model is trained on. */
export const TRAINING_GENERATIONS = 3;

function chooseQtl(genome: Omit<Genome, 'qtl' | 'effects' | 'markers'>, perChromosome: number, random: () => number) {
  const qtl: number[] = [];
  for (let c = 0; c < genome.chromosomes.length; c += 1) {
    const sites = shuffled(
      Array.from({ length: genome.starts[c + 1]! - genome.starts[c]! }, (_, index) => genome.starts[c]! + index),
      random,
    );
    qtl.push(...sites.slice(0, Math.min(perChromosome, Math.floor(sites.length / 2))).sort((a, b) => a - b));
  }
  const qtlSet = new Set(qtl);
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  return {
    qtl: Int32Array.from(qtl),
    effects: Float64Array.from(qtl, () => normal()),
    markers: Int32Array.from(Array.from({ length: genome.chromosome.length }, (_, site) => site).filter((site) => !qtlSet.has(site))),
  };
}

/** Founders with LD: each haplotype a mosaic of 16 ancestral haplotypes, switching ~10 times per Morgan. */
function simulateFounders(params: Params, random: () => number): { genome: Genome; founders: Individual[] } {
  const perChromosome = params.qtl_per_chromosome + MARKERS_PER_CHROMOSOME;
  const chromosomes = Array.from({ length: params.n_chromosomes }, (_, index) => `chr${index + 1}`);
  const total = perChromosome * chromosomes.length;
  const chromosome = new Int32Array(total);
  const morgans = new Float64Array(total);
  const basePairs = new Int32Array(total);
  const names: string[] = [];
  const starts: number[] = [];
  for (let c = 0; c < chromosomes.length; c += 1) {
    starts.push(c * perChromosome);
    const positions = Array.from({ length: perChromosome }, () => random()).sort((a, b) => a - b);
    for (let k = 0; k < perChromosome; k += 1) {
      const site = c * perChromosome + k;
      chromosome[site] = c;
      morgans[site] = positions[k]!;
      // One Morgan ≈ 100 Mb, a usual plant genome-wide average.
      basePairs[site] = 1 + Math.floor(positions[k]! * 100_000_000);
      names.push(`${chromosomes[c]}_${basePairs[site]}`);
    }
  }
  starts.push(total);
  const ancestors = 16;
  const ancestral = Array.from({ length: ancestors }, () => new Uint8Array(total));
  for (let site = 0; site < total; site += 1) {
    const p = 0.05 + 0.9 * random();
    for (const haplotype of ancestral) haplotype[site] = random() < p ? 1 : 0;
  }
  const haplotype = () => {
    const result = new Uint8Array(total);
    let source = Math.floor(random() * ancestors);
    for (let site = 0; site < total; site += 1) {
      const gap = site === 0 || chromosome[site] !== chromosome[site - 1] ? Number.POSITIVE_INFINITY : morgans[site]! - morgans[site - 1]!;
      if (random() < 1 - Math.exp(-10 * gap)) source = Math.floor(random() * ancestors);
      result[site] = random() < 0.01 ? 1 - ancestral[source]![site]! : ancestral[source]![site]!;
    }
    return result;
  };
  const founders = Array.from({ length: params.n_founders }, (_, index) => ({
    id: `F${String(index + 1).padStart(5, '0')}`,
    maternal: haplotype(),
    paternal: haplotype(),
    tbv: 0,
    phenotype: 0,
    gebv: null,
  }));
  const layout = { chromosomes, chromosome, morgans, basePairs, names, starts };
  return { genome: { ...layout, ...chooseQtl(layout, params.qtl_per_chromosome, random) }, founders };
}

/**
 * Founders from a VCF: its biallelic SNPs (diploid calls; unphased heterozygotes phased at
 * random, missing alleles drawn from the site's frequency), each chromosome mapped onto one
 * Morgan from its first to its last site.
 */
async function foundersFromVcf(file: string, params: Params, random: () => number, log: (message: string) => void): Promise<{ genome: Genome; founders: Individual[] }> {
  const vcf = await readVcf(file);
  if (vcf.samples.length < 2) throw new Error(`${path.basename(file)} has ${vcf.samples.length} sample(s); a breeding programme needs at least two founders.`);
  const sites = vcf.sites.filter((site) => site.alt.length === 1 && site.ref.length === 1 && /^[ACGT]$/i.test(site.alt[0]!) && site.ploidy.every((ploidy) => ploidy === 2 || ploidy === 0));
  if (sites.length < 2) throw new Error(`${path.basename(file)} has ${sites.length} diploid biallelic SNP(s); founders need at least two.`);
  if (sites.length < vcf.sites.length) log(`${vcf.sites.length - sites.length} records are not diploid biallelic SNPs and are left out of the founders.`);
  const chromosomes = [...new Set(sites.map((site) => site.chrom))];
  const ordered = chromosomes.flatMap((name) => sites.filter((site) => site.chrom === name).sort((a, b) => a.pos - b.pos));
  const total = ordered.length;
  const chromosome = new Int32Array(total);
  const morgans = new Float64Array(total);
  const basePairs = new Int32Array(total);
  const starts: number[] = [];
  for (const [c, name] of chromosomes.entries()) {
    const first = ordered.findIndex((site) => site.chrom === name);
    starts.push(first);
    const onChromosome = ordered.filter((site) => site.chrom === name);
    const span = onChromosome[onChromosome.length - 1]!.pos - onChromosome[0]!.pos || 1;
    onChromosome.forEach((site, k) => {
      chromosome[first + k] = c;
      morgans[first + k] = (site.pos - onChromosome[0]!.pos) / span;
      basePairs[first + k] = site.pos;
    });
  }
  starts.push(total);
  const founders: Individual[] = vcf.samples.map((sample) => ({ id: sample, maternal: new Uint8Array(total), paternal: new Uint8Array(total), tbv: 0, phenotype: 0, gebv: null }));
  for (const [index, site] of ordered.entries()) {
    const columns = site.record.toString('latin1').split('\t');
    const gtIndex = (columns[8] ?? '').split(':').indexOf('GT');
    const frequency = site.alleleCounts[1]! / Math.max(1, site.alleleCounts[0]! + site.alleleCounts[1]!);
    for (const [sampleIndex, founder] of founders.entries()) {
      const text = gtIndex < 0 ? './.' : ((columns[9 + sampleIndex] ?? '').split(':')[gtIndex] ?? './.');
      const [first, second] = text.split(/[/|]/).map((allele) => (allele === '.' || allele === undefined ? (random() < frequency ? 1 : 0) : Number(allele)));
      const swap = !text.includes('|') && random() < 0.5;
      founder.maternal[index] = swap ? (second ?? 0) : (first ?? 0);
      founder.paternal[index] = swap ? (first ?? 0) : (second ?? 0);
    }
  }
  log(`Founders from ${path.basename(file)}: ${founders.length} samples, ${total} SNPs on ${chromosomes.length} chromosomes (n_founders and n_chromosomes are taken from the VCF).`);
  const layout = { chromosomes, chromosome, morgans, basePairs, names: ordered.map((site) => site.id), starts };
  return { genome: { ...layout, ...chooseQtl(layout, params.qtl_per_chromosome, random) }, founders };
}

const format = (value: number | null) => formatNumber(value, 8);

function writeVcf(file: string, individuals: Individual[], genome: Genome, source: string) {
  const lines = [
    '##fileformat=VCFv4.2',
    `##source=${source}`,
    '##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype (maternal|paternal)">',
    ...genome.chromosomes.map((name) => `##contig=<ID=${name}>`),
    ['#CHROM', 'POS', 'ID', 'REF', 'ALT', 'QUAL', 'FILTER', 'INFO', 'FORMAT', ...individuals.map((individual) => individual.id)].join('\t'),
  ];
  for (let site = 0; site < genome.chromosome.length; site += 1) {
    lines.push(
      [
        genome.chromosomes[genome.chromosome[site]!],
        genome.basePairs[site],
        genome.names[site],
        'A',
        'G',
        '.',
        'PASS',
        '.',
        'GT',
        ...individuals.map((individual) => `${individual.maternal[site]}|${individual.paternal[site]}`),
      ].join('\t'),
    );
  }
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
}

export async function run(context: LocalContext<Params>): Promise<void> {
  const { params } = context;
  const random = seededRandom(params.seed);
  const method = params.selection_method;
  const { genome, founders } = await context.task('FOUNDERS', params.founders ? path.basename(params.founders) : 'simulated', async () => {
    const made = params.founders ? await foundersFromVcf(path.resolve(params.founders), params, random, context.log) : simulateFounders(params, random);
    scaleEffects(made.genome, made.founders);
    context.log(
      `Genome: ${made.genome.chromosomes.length} chromosomes, ${made.genome.markers.length} markers and ${made.genome.qtl.length} QTL; ${made.founders.length} founders; QTL effects scaled so the founders' additive variance is 1.`,
    );
    return made;
  });
  for (const [what, size] of [
    ['founders', founders.length],
    ['crosses_per_generation', params.crosses_per_generation],
  ] as const) {
    if (params.selected_parents > size)
      throw new Error(`selected_parents (${params.selected_parents}) is more than the ${size} individuals a generation has (${what}); lower selected_parents or raise ${what}.`);
  }

  const outDir = path.join(context.outdir, 'simulation');
  fs.mkdirSync(outDir, { recursive: true });
  const founderAlt = new Float64Array(genome.chromosome.length);
  for (const founder of founders) for (let site = 0; site < founderAlt.length; site += 1) founderAlt[site]! += founder.maternal[site]! + founder.paternal[site]!;
  let founderHeterozygosity = 0;
  for (let site = 0; site < founderAlt.length; site += 1) {
    const p = founderAlt[site]! / (2 * founders.length);
    founderHeterozygosity += 2 * p * (1 - p);
  }
  founderHeterozygosity /= founderAlt.length;

  const records: Array<GenerationRecord & { replicate: number }> = [];
  let lastOfFirst: Individual[] = [];
  for (let replicate = 1; replicate <= params.replicates; replicate += 1) {
    await context.task('BREEDING_PROGRAMME', `replicate ${replicate}`, () => {
      // Each replicate its own stream, from the run's seed: any replicate can be repeated alone.
      const stream = seededRandom((params.seed * 1_000_003 + replicate) >>> 0);
      let population: Individual[] = founders.map((founder) => ({ ...founder, gebv: null }));
      const history: Individual[][] = [];
      for (let generation = 0; generation <= params.generations; generation += 1) {
        phenotype(population, genome, params.heritability, stream);
        if (method === 'gebv') {
          // Genomic selection: candidates are genotyped, the model is trained on earlier phenotyped generations (the founders on themselves).
          const training = generation === 0 ? population : history.slice(-TRAINING_GENERATIONS).flat();
          predictGebv(training, population, genome, params.heritability);
        }
        const last = generation === params.generations;
        const parents = last ? [] : selectParents(population, params.selected_parents, method, stream);
        records.push({ replicate, ...describeGeneration(generation, population, parents, method, genome, founderHeterozygosity) });
        history.push(population);
        if (last) break;
        population = cross(parents, params.crosses_per_generation, generation + 1, genome, stream);
      }
      if (replicate === 1) lastOfFirst = population;
    });
  }

  await context.task('SUMMARY', 'all replicates', () => {
    const columns = [
      'replicate',
      'generation',
      'individuals',
      'mean_tbv',
      'genetic_variance',
      'mean_phenotype',
      'selection_accuracy',
      'selection_differential',
      'selected_tbv_gain',
      'expected_heterozygosity',
      'observed_heterozygosity',
      'inbreeding',
      'segregating_qtl',
      'fixed_sites',
    ];
    const rows = records.map((record) =>
      [
        record.replicate,
        record.generation,
        record.individuals,
        format(record.meanTbv),
        format(record.geneticVariance),
        format(record.meanPhenotype),
        format(record.selectionAccuracy),
        format(record.selectionDifferential),
        format(record.selectedTbvGain),
        format(record.expectedHeterozygosity),
        format(record.observedHeterozygosity),
        format(record.inbreeding),
        record.segregatingQtl,
        record.fixedSites,
      ].join(','),
    );
    fs.writeFileSync(path.join(outDir, 'generations.csv'), `${columns.join(',')}\n${rows.join('\n')}\n`);

    const summaryColumns = ['generation', 'replicates', 'genetic_gain', 'genetic_gain_sd', 'mean_tbv', 'genetic_variance', 'inbreeding', 'expected_heterozygosity', 'selection_accuracy'] as const;
    type Summary = Record<(typeof summaryColumns)[number], number | null>;
    const perGeneration: Summary[] = [];
    const startOf = new Map(records.filter((record) => record.generation === 0).map((record) => [record.replicate, record.meanTbv]));
    for (let generation = 0; generation <= params.generations; generation += 1) {
      const these = records.filter((record) => record.generation === generation);
      const mean = (values: Array<number | null>) => {
        const kept = values.filter((value): value is number => value !== null && Number.isFinite(value));
        return kept.length === 0 ? null : kept.reduce((sum, value) => sum + value, 0) / kept.length;
      };
      // Gain: each replicate against its own founders, so the founders' chance mean drops out.
      const gains = these.map((record) => record.meanTbv - (startOf.get(record.replicate) ?? Number.NaN));
      const gain = mean(gains);
      perGeneration.push({
        generation,
        replicates: these.length,
        genetic_gain: gain,
        genetic_gain_sd: gain === null || gains.length < 2 ? null : Math.sqrt(gains.reduce((sum, value) => sum + (value - gain) ** 2, 0) / (gains.length - 1)),
        mean_tbv: mean(these.map((record) => record.meanTbv)),
        genetic_variance: mean(these.map((record) => record.geneticVariance)),
        inbreeding: mean(these.map((record) => record.inbreeding)),
        expected_heterozygosity: mean(these.map((record) => record.expectedHeterozygosity)),
        selection_accuracy: mean(these.map((record) => record.selectionAccuracy)),
      });
    }
    const summaryRows = perGeneration.map((row) => summaryColumns.map((column) => (column === 'generation' || column === 'replicates' ? String(row[column]) : format(row[column]))).join(','));
    fs.writeFileSync(path.join(outDir, 'summary.csv'), `${summaryColumns.join(',')}\n${summaryRows.join('\n')}\n`);
    const final = perGeneration[perGeneration.length - 1]!;
    context.log(
      `After ${params.generations} generations of ${method} selection (${params.replicates} replicates): genetic gain ${format(final.genetic_gain)} founder σA, genetic variance ${format(final.genetic_variance)}, inbreeding ${format(final.inbreeding)}.`,
    );

    const qtlRows = Array.from(genome.qtl, (site, q) => [genome.names[site], genome.chromosomes[genome.chromosome[site]!], genome.basePairs[site], 'trait', format(genome.effects[q]!)].join(','));
    fs.writeFileSync(path.join(outDir, 'true_qtl.csv'), `marker,chromosome,position,trait,effect\n${qtlRows.join('\n')}\n`);
    const individuals = lastOfFirst.map((individual) => [individual.id, format(individual.tbv), format(individual.phenotype), format(individual.gebv)].join(','));
    fs.writeFileSync(path.join(outDir, 'final_phenotypes.csv'), `id,tbv,phenotype,gebv\n${individuals.join('\n')}\n`);
    writeVcf(path.join(outDir, 'final_generation.vcf'), lastOfFirst, genome, `seedbed-multigen-sims (replicate 1, generation ${params.generations})`);
    if (!params.founders) writeVcf(path.join(outDir, 'founders.vcf'), founders, genome, 'seedbed-multigen-sims (simulated founders)');
    fs.writeFileSync(
      path.join(outDir, 'summary.json'),
      `${JSON.stringify(
        {
          params: { ...params },
          genome: { chromosomes: genome.chromosomes.length, markers: genome.markers.length, qtl: genome.qtl.length, founders: founders.length },
          founderHeterozygosity,
          generations: perGeneration,
          definitions: {
            units: 'true breeding values in founder additive standard deviations (founder σA² = 1)',
            inbreeding: '1 − observed heterozygosity / founder expected heterozygosity, over every site',
            gebv: `rrBLUP on the markers (QTL are not on the panel), trained on the last ${TRAINING_GENERATIONS} phenotyped generations, λ = Σ2pq(1 − h²)/h²; candidates are selected before their own phenotypes are used`,
            map: 'each chromosome one Morgan; crossovers Poisson(1) per chromosome and meiosis, uniform (Haldane, no interference)',
          },
        },
        null,
        2,
      )}\n`,
    );
  });
}
