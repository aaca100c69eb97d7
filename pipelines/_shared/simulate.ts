/**
 * Simulated genotypes and phenotypes with known QTL: the data benchmark methods are judged on,
 * and the test data of the local implementations. Deterministic for a given seed.
 */
import { seededRandom } from './stats.ts';

export interface SimulationOptions {
  individuals: number;
  markers: number;
  chromosomes: number;
  qtlPerTrait: number;
  heritability: number;
  traits: number;
  seed: number;
  /** Fraction of calls left missing. */
  missingRate?: number;
}

export interface Simulation {
  vcf: string;
  phenotypesCsv: string;
  knownQtlCsv: string;
}

/** Box–Muller normal deviate. */
function normal(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

export function simulate(options: SimulationOptions): Simulation {
  const random = seededRandom(options.seed);
  const bases = ['A', 'C', 'G', 'T'];
  const samples = Array.from({ length: options.individuals }, (_, index) => `IND${String(index + 1).padStart(4, '0')}`);
  const perChromosome = Math.ceil(options.markers / options.chromosomes);
  const markers: Array<{ id: string; chrom: string; pos: number; dosage: number[] }> = [];
  for (let index = 0; index < options.markers; index += 1) {
    const chrom = `chr${Math.floor(index / perChromosome) + 1}`;
    const pos = ((index % perChromosome) + 1) * 200_000 + Math.floor(random() * 100_000);
    const p = 0.1 + random() * 0.4;
    const dosage = samples.map(() => (random() < p ? 1 : 0) + (random() < p ? 1 : 0));
    markers.push({ id: `${chrom}_${pos}`, chrom, pos, dosage });
  }
  const header = [
    '##fileformat=VCFv4.2',
    '##source=seedbed-simulate',
    '##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">',
    ...Array.from({ length: options.chromosomes }, (_, index) => `##contig=<ID=chr${index + 1}>`),
    ['#CHROM', 'POS', 'ID', 'REF', 'ALT', 'QUAL', 'FILTER', 'INFO', 'FORMAT', ...samples].join('\t'),
  ];
  const records = markers.map((marker) => {
    const ref = bases[Math.floor(random() * 4)]!;
    const alt = bases.filter((base) => base !== ref)[Math.floor(random() * 3)]!;
    const calls = marker.dosage.map((dose) => (random() < (options.missingRate ?? 0) ? './.' : dose === 0 ? '0/0' : dose === 1 ? '0/1' : '1/1'));
    return [marker.chrom, marker.pos, marker.id, ref, alt, '50', 'PASS', '.', 'GT', ...calls].join('\t');
  });

  const traitNames = Array.from({ length: options.traits }, (_, index) => `trait${index + 1}`);
  const qtlRows: string[] = ['marker,chromosome,position,trait,effect'];
  const values = traitNames.map((trait) => {
    const chosen = new Set<number>();
    while (chosen.size < Math.min(options.qtlPerTrait, options.markers)) chosen.add(Math.floor(random() * options.markers));
    const genetic = samples.map(() => 0);
    for (const index of chosen) {
      const effect = Math.round((0.5 + random()) * (random() < 0.5 ? -1 : 1) * 1000) / 1000;
      const marker = markers[index]!;
      qtlRows.push([marker.id, marker.chrom, marker.pos, trait, effect].join(','));
      marker.dosage.forEach((dose, sample) => {
        genetic[sample]! += dose * effect;
      });
    }
    const mean = genetic.reduce((sum, value) => sum + value, 0) / genetic.length;
    const variance = genetic.reduce((sum, value) => sum + (value - mean) ** 2, 0) / genetic.length || 1;
    const noise = Math.sqrt((variance * (1 - options.heritability)) / options.heritability);
    return genetic.map((value) => 100 + value + noise * normal(random));
  });
  const phenotypeRows = samples.map((sample, index) => [sample, ...values.map((trait) => trait[index]!.toFixed(3))].join(','));
  return {
    vcf: `${[...header, ...records].join('\n')}\n`,
    phenotypesCsv: `${['id', ...traitNames].join(',')}\n${phenotypeRows.join('\n')}\n`,
    knownQtlCsv: `${qtlRows.join('\n')}\n`,
  };
}
