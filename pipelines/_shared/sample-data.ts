/**
 * Small, realistic inputs for the catalogue's pipelines, deterministic for a seed: a diploid VCF
 * with population structure (Balding–Nichols frequencies) and linkage disequilibrium (each
 * haplotype a mosaic of a few founder haplotypes, switching with distance), its population map,
 * and single-sample gVCFs with reference blocks. Used by the tests, the fixtures and the docs.
 */
import { betaDeviate, mean, normalDeviate, seededRandom } from './stats.ts';

const BASES = ['A', 'C', 'G', 'T'];

export interface PopulationVcfOptions {
  seed: number;
  /** Samples per population. */
  populations: Array<{ name: string; samples: number }>;
  chromosomes: number;
  sitesPerChromosome: number;
  /** Chromosome length in bp. */
  length: number;
  /** Wright's F between each population and the ancestral one. */
  fst: number;
  missingRate: number;
  /** Founder haplotypes per population (fewer: stronger LD). */
  founders?: number;
  /** Positions never used (window edges a test wants to avoid): multiples of this. */
  avoidMultiplesOf?: number;
  /** Every how many sites one is multi-allelic (0: none). */
  multiAllelicEvery?: number;
}

export interface PopulationData {
  vcf: string;
  populationsCsv: string;
  samples: Array<{ sample: string; population: string }>;
  /** Per site, in the VCF's order, each sample's count of alternate alleles (null for a missing call). */
  doses: Array<Array<number | null>>;
}

/** A panel's samples in the VCF's order, each named after its population (NOR001, NOR002, … SOU001 …). */
export function panelSamples(options: Pick<PopulationVcfOptions, 'populations'>): Array<{ sample: string; population: string }> {
  return options.populations.flatMap((population) =>
    Array.from({ length: population.samples }, (_, index) => ({ sample: `${population.name.slice(0, 3).toUpperCase()}${String(index + 1).padStart(3, '0')}`, population: population.name })),
  );
}

export function populationVcf(options: PopulationVcfOptions): PopulationData {
  const random = seededRandom(options.seed);
  const samples = panelSamples(options);
  const founders = options.founders ?? 6;
  const header = [
    '##fileformat=VCFv4.2',
    '##source=seedbed-sample-data',
    '##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">',
    ...Array.from({ length: options.chromosomes }, (_, index) => `##contig=<ID=chr${index + 1},length=${options.length}>`),
    ['#CHROM', 'POS', 'ID', 'REF', 'ALT', 'QUAL', 'FILTER', 'INFO', 'FORMAT', ...samples.map((entry) => entry.sample)].join('\t'),
  ];
  const records: string[] = [];
  const doses: PopulationData['doses'] = [];
  for (let chromosome = 1; chromosome <= options.chromosomes; chromosome += 1) {
    const positions = new Set<number>();
    while (positions.size < options.sitesPerChromosome) {
      const pos = 1 + Math.floor(random() * (options.length - 1));
      if (options.avoidMultiplesOf && pos % options.avoidMultiplesOf === 0) continue;
      positions.add(pos);
    }
    const sorted = [...positions].sort((a, b) => a - b);
    // Each sample's two haplotypes copy a founder of its population, switching now and then.
    const copying = samples.map(() => [Math.floor(random() * founders), Math.floor(random() * founders)]);
    let previous = 0;
    for (const [siteIndex, pos] of sorted.entries()) {
      const switchChance = 1 - Math.exp(-(pos - previous) / 150_000);
      previous = pos;
      for (const haplotypes of copying) for (let copy = 0; copy < 2; copy += 1) if (random() < switchChance) haplotypes[copy] = Math.floor(random() * founders);
      const multi = options.multiAllelicEvery ? siteIndex % options.multiAllelicEvery === options.multiAllelicEvery - 1 : false;
      const ancestral = 0.05 + random() * 0.45;
      const shape = (1 - options.fst) / options.fst;
      // Per population: each founder haplotype's allele, from the population's frequency.
      const founderAlleles = options.populations.map(() => {
        const p = betaDeviate(ancestral * shape, (1 - ancestral) * shape, random);
        return Array.from({ length: founders }, () => (random() < p ? (multi && random() < 0.4 ? 2 : 1) : 0));
      });
      const ref = BASES[Math.floor(random() * 4)]!;
      const alts = BASES.filter((base) => base !== ref);
      const alt = multi ? `${alts[0]},${alts[1]}` : alts[Math.floor(random() * 3)]!;
      const siteDoses: Array<number | null> = [];
      const calls = samples.map((entry, sample) => {
        if (random() < options.missingRate) {
          siteDoses.push(null);
          return './.';
        }
        const group = options.populations.findIndex((population) => population.name === entry.population);
        const [first, second] = copying[sample]!.map((founder) => founderAlleles[group]![founder]!);
        // A new mutation on the copy now and then keeps founders from being clones.
        const mutate = (allele: number) => (random() < 0.02 ? (allele === 0 ? 1 : 0) : allele);
        const a = mutate(first!);
        const b = mutate(second!);
        siteDoses.push(Number(a > 0) + Number(b > 0));
        return `${Math.min(a, b)}/${Math.max(a, b)}`;
      });
      doses.push(siteDoses);
      records.push([`chr${chromosome}`, pos, `chr${chromosome}_${pos}`, ref, alt, '50', 'PASS', '.', 'GT', ...calls].join('\t'));
    }
  }
  return {
    vcf: `${[...header, ...records].join('\n')}\n`,
    populationsCsv: `sample,population\n${samples.map((entry) => `${entry.sample},${entry.population}`).join('\n')}\n`,
    samples,
    doses,
  };
}

export interface GvcfSetOptions {
  seed: number;
  samples: number;
  contigs: number;
  /** Contig length in bp. */
  length: number;
  /** Variable positions shared across the samples, per contig. */
  variantsPerContig: number;
}

export interface GvcfSet {
  /** The reference FASTA (60 bases a line). */
  fasta: string;
  /** Per sample: its name and its single-sample gVCF (GATK style: reference blocks with <NON_REF>, INFO/END). */
  gvcfs: Array<{ sample: string; text: string }>;
}

/**
 * Single-sample gVCFs called against one reference, as GATK HaplotypeCaller -ERC GVCF writes
 * them: reference blocks (`<NON_REF>`, `END=`) between variant records, gaps without coverage,
 * a block without a call (`./.`), private SNPs, sites where samples carry different ALT alleles,
 * and deletions at positions where other samples have SNPs (REF lengths to reconcile).
 */
export function gvcfSet(options: GvcfSetOptions): GvcfSet {
  const random = seededRandom(options.seed);
  const contigs = Array.from({ length: options.contigs }, (_, index) => ({
    name: `chr${index + 1}`,
    sequence: Array.from({ length: options.length }, () => BASES[Math.floor(random() * 4)]).join(''),
  }));
  const fasta = contigs.map((contig) => `>${contig.name}\n${contig.sequence.match(/.{1,60}/g)!.join('\n')}\n`).join('');
  // Shared variable sites: each with two possible ALT bases, and every fifth also a deletion.
  const shared = contigs.flatMap((contig) => {
    const positions = new Set<number>();
    while (positions.size < options.variantsPerContig) positions.add(100 + Math.floor(random() * (options.length - 200)));
    return [...positions].map((pos) => {
      const ref = contig.sequence[pos - 1]!;
      const alts = BASES.filter((base) => base !== ref);
      return { contig, pos, ref, alts: [alts[Math.floor(random() * 3)]!, alts[Math.floor(random() * 3)]!], deletion: random() < 0.2, frequency: 0.15 + random() * 0.5 };
    });
  });
  const gvcfs = Array.from({ length: options.samples }, (_, index) => {
    const sample = `S${String(index + 1).padStart(2, '0')}`;
    const lines = [
      '##fileformat=VCFv4.2',
      '##ALT=<ID=NON_REF,Description="Represents any possible alternative allele not already represented at this location by REF and ALT">',
      '##INFO=<ID=END,Number=1,Type=Integer,Description="Stop position of the interval">',
      '##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">',
      '##FORMAT=<ID=DP,Number=1,Type=Integer,Description="Approximate read depth">',
      '##FORMAT=<ID=GQ,Number=1,Type=Integer,Description="Genotype Quality">',
      ...contigs.map((contig) => `##contig=<ID=${contig.name},length=${options.length}>`),
      `#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\t${sample}`,
    ];
    for (const contig of contigs) {
      // This sample's variant records on the contig, by position.
      const records = new Map<number, { ref: string; alt: string; gt: string }>();
      for (const site of shared.filter((entry) => entry.contig === contig)) {
        const copies = (random() < site.frequency ? 1 : 0) + (random() < site.frequency ? 1 : 0);
        if (copies === 0) continue;
        if (site.deletion && random() < 0.5) {
          records.set(site.pos, { ref: contig.sequence.slice(site.pos - 1, site.pos + 2), alt: site.ref, gt: copies === 2 ? '1/1' : '0/1' });
        } else {
          records.set(site.pos, { ref: site.ref, alt: site.alts[random() < 0.7 ? 0 : 1]!, gt: copies === 2 ? '1/1' : '0/1' });
        }
      }
      for (let private_ = 0; private_ < 2; private_ += 1) {
        const pos = 100 + Math.floor(random() * (options.length - 200));
        if ([...records.keys()].some((other) => Math.abs(other - pos) < 4)) continue;
        const ref = contig.sequence[pos - 1]!;
        records.set(pos, { ref, alt: BASES.filter((base) => base !== ref)[Math.floor(random() * 3)]!, gt: '0/1' });
      }
      // Blocks fill the space between records, with a gap without coverage now and then.
      let start = 1;
      const positions = [...records.keys()].sort((a, b) => a - b);
      const block = (from: number, to: number) => {
        let cursor = from;
        while (cursor <= to) {
          const end = Math.min(to, cursor + 200 + Math.floor(random() * 1500));
          const roll = random();
          if (roll < 0.08) {
            // No reads here: nothing is written.
          } else if (roll < 0.12) {
            lines.push([contig.name, cursor, '.', contig.sequence[cursor - 1], '<NON_REF>', '.', '.', `END=${end}`, 'GT:DP:GQ', './.:0:0'].join('\t'));
          } else {
            lines.push(
              [contig.name, cursor, '.', contig.sequence[cursor - 1], '<NON_REF>', '.', '.', `END=${end}`, 'GT:DP:GQ', `0/0:${10 + Math.floor(random() * 20)}:${20 + Math.floor(random() * 79)}`].join(
                '\t',
              ),
            );
          }
          cursor = end + 1;
        }
      };
      for (const pos of positions) {
        const record = records.get(pos)!;
        if (pos > start) block(start, pos - 1);
        lines.push(
          [contig.name, pos, '.', record.ref, `${record.alt},<NON_REF>`, '50', '.', '.', 'GT:DP:GQ', `${record.gt}:${15 + Math.floor(random() * 20)}:${30 + Math.floor(random() * 69)}`].join('\t'),
        );
        start = pos + record.ref.length;
      }
      if (start <= contig.sequence.length) block(start, contig.sequence.length);
    }
    return { sample, text: `${lines.join('\n')}\n` };
  });
  return { fasta, gvcfs };
}

export interface FastqOptions {
  seed: number;
  /** The sample's genome the reads come from. */
  reference: string;
  pairs: number;
  readLength: number;
  /** Share of pairs that are PCR copies of an earlier pair. */
  duplicateRate: number;
}

/** TruSeq / Illumina Universal adapter, as read through on both reads of a short insert. */
export const ILLUMINA_ADAPTER = 'AGATCGGAAGAGCACACGTCTGAACTCCAGTCAC';
const ADAPTER_READ2 = 'AGATCGGAAGAGCGTCGTGTAGGGAAAGAGTGT';

const complement: Record<string, string> = { A: 'T', C: 'G', G: 'C', T: 'A', N: 'N' };
const reverseComplement = (sequence: string) =>
  [...sequence]
    .reverse()
    .map((base) => complement[base] ?? 'N')
    .join('');

/**
 * Paired-end reads as an Illumina run gives them: inserts from the reference (some shorter than
 * the reads, so the adapter is read through), quality falling along the read with noisy tails,
 * the odd N, and PCR duplicates. Returns the two FASTQ texts.
 */
export function fastqPairs(sample: string, options: FastqOptions): { read1: string; read2: string } {
  const random = seededRandom(options.seed);
  const length = options.readLength;
  const read1: string[] = [];
  const read2: string[] = [];
  const made: Array<[string, string]> = [];
  const quality = (sequence: string) =>
    [...sequence]
      .map((base, position) => {
        if (base === 'N') return '#';
        const decline = (position / length) * 14;
        const tail = position > length - 12 && random() < 0.3 ? 20 : 0;
        const q = Math.max(2, Math.min(41, Math.round(38 - decline - tail + (random() - 0.5) * 8)));
        return String.fromCharCode(33 + q);
      })
      .join('');
  const withNs = (sequence: string) => [...sequence].map((base) => (random() < 0.002 ? 'N' : base)).join('');
  for (let pair = 0; pair < options.pairs; pair += 1) {
    let sequences: [string, string];
    if (made.length > 0 && random() < options.duplicateRate) {
      sequences = made[Math.floor(random() * made.length)]!;
    } else {
      // Insert sizes around 300 bp; one pair in eight shorter than a read.
      const insert = random() < 0.125 ? 40 + Math.floor(random() * (length - 40)) : 200 + Math.floor(random() * 250);
      const start = Math.floor(random() * (options.reference.length - insert));
      const fragment = options.reference.slice(start, start + insert);
      const first = (fragment + ILLUMINA_ADAPTER + 'A'.repeat(length)).slice(0, length);
      const second = (reverseComplement(fragment) + ADAPTER_READ2 + 'A'.repeat(length)).slice(0, length);
      sequences = [withNs(first), withNs(second)];
      made.push(sequences);
    }
    const name = `@${sample}:1:FC01:1:${1101 + (pair % 3)}:${1000 + pair}:${2000 + ((pair * 7) % 5000)}`;
    read1.push(`${name} 1:N:0:1\n${sequences[0]}\n+\n${quality(sequences[0])}`);
    read2.push(`${name} 2:N:0:1\n${sequences[1]}\n+\n${quality(sequences[1])}`);
  }
  return { read1: `${read1.join('\n')}\n`, read2: `${read2.join('\n')}\n` };
}

/** The sample datasets: the tests' fixtures and the demo's stored files are made from these. */
export const SAMPLE_PANEL: PopulationVcfOptions = {
  seed: 2027,
  populations: [
    { name: 'north', samples: 24 },
    { name: 'south', samples: 20 },
    { name: 'coast', samples: 16 },
  ],
  chromosomes: 3,
  sitesPerChromosome: 250,
  length: 1_000_000,
  fst: 0.08,
  missingRate: 0.03,
  // vcftools' --TajimaD bins start at multiples of the window (0-based) and --window-pi's one past
  // them: no site sits on a multiple of 50 kb, so both tools put every site in the same window.
  avoidMultiplesOf: 50_000,
  multiAllelicEvery: 40,
};

export const SAMPLE_GVCFS: GvcfSetOptions = { seed: 2028, samples: 8, contigs: 2, length: 20_000, variantsPerContig: 40 };

/** Two samples of 1,000 paired 150 bp reads from a 2 × 20 kb reference. */
export function sampleReads(): { fasta: string; samples: Array<{ sample: string; read1: string; read2: string }> } {
  const { fasta } = gvcfSet({ seed: 2029, samples: 1, contigs: 2, length: 20_000, variantsPerContig: 1 });
  const reference = fasta
    .split('\n')
    .filter((line) => !line.startsWith('>'))
    .join('');
  return {
    fasta,
    samples: ['leaf_A', 'leaf_B'].map((sample, index) => ({ sample, ...fastqPairs(sample, { seed: 3000 + index, reference, pairs: 1000, readLength: 150, duplicateRate: 0.08 }) })),
  };
}

export interface SpectraOptions {
  seed: number;
  samples: number;
  /** First and last wavelength (nm) and the step. */
  from: number;
  to: number;
  step: number;
  /** Sample ids of spectra made strange on purpose (a lamp fault, a wet sample). */
  outliers?: number;
}

/**
 * NIR reflectance spectra as log(1/R) with what real ones carry: a baseline offset and slope per
 * sample (scatter), water and protein absorption bands whose depth follows the sample's
 * moisture and protein, and noise. The traits file holds the true protein and moisture.
 */
export function sampleSpectra(options: SpectraOptions): { spectraCsv: string; traitsCsv: string; wavelengths: number[] } {
  const random = seededRandom(options.seed);
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const wavelengths: number[] = [];
  for (let nm = options.from; nm <= options.to; nm += options.step) wavelengths.push(nm);
  const band = (nm: number, centre: number, width: number) => Math.exp(-(((nm - centre) / width) ** 2));
  const rows: string[] = [];
  const traits: string[] = [];
  for (let sample = 0; sample < options.samples; sample += 1) {
    const id = `NIR${String(sample + 1).padStart(3, '0')}`;
    const protein = 11 + 2.5 * normal();
    const moisture = 12 + 1.5 * normal();
    const offset = 0.2 + 0.08 * normal();
    const slope = 1 + 0.15 * normal();
    const strange = sample >= options.samples - (options.outliers ?? 0);
    const values = wavelengths.map((nm) => {
      const chemistry = 0.012 * protein * (band(nm, 1510, 40) + 0.6 * band(nm, 1200, 35)) + 0.03 * moisture * (band(nm, 1450, 45) + 0.5 * band(nm, 1160, 30) + 0.4 * band(nm, 1940, 50));
      const scatter = offset + slope * (0.15 + 0.0002 * (nm - options.from));
      const fault = strange ? 0.35 * band(nm, (options.from + options.to) / 2, 120) : 0;
      return (scatter * (1 + chemistry) + fault + 0.0015 * normal()).toFixed(6);
    });
    rows.push([id, ...values].join(','));
    traits.push(`${id},${protein.toFixed(3)},${moisture.toFixed(3)}`);
  }
  return { spectraCsv: `id,${wavelengths.join(',')}\n${rows.join('\n')}\n`, traitsCsv: `id,protein,moisture\n${traits.join('\n')}\n`, wavelengths };
}

export const SAMPLE_SPECTRA: SpectraOptions = { seed: 2031, samples: 80, from: 1000, to: 1800, step: 4, outliers: 2 };

export interface TrialOptions {
  seed: number;
  accessions: number;
  environments: string[];
  reps: number;
  /** Share of plots lost (the design becomes unbalanced). */
  missingRate: number;
  /** Plots whose yield was recorded wrongly (a slipped decimal). */
  grossErrors: number;
}

/**
 * A multi-environment trial, plot by plot: accession, environment and replicate effects, G×E,
 * known variance components per trait (yield: σ²G 0.25, σ²GE 0.08, σ²rep 0.05, σ²e 0.2 in t/ha²;
 * height: σ²G 40, σ²GE 10, σ²rep 4, σ²e 25 in cm²), lost plots, and a few gross errors.
 */
/** A trial's accessions, ACC001 onwards. */
export function trialAccessions(options: Pick<TrialOptions, 'accessions'>): string[] {
  return Array.from({ length: options.accessions }, (_, index) => `ACC${String(index + 1).padStart(3, '0')}`);
}

export function trialPhenotypes(options: TrialOptions): string {
  const random = seededRandom(options.seed);
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const traits = [
    { name: 'yield', mean: 6, g: 0.25, ge: 0.08, rep: 0.05, e: 0.2, envShift: [0, -1.2, 0.8, -0.4], digits: 3 },
    { name: 'height', mean: 95, g: 40, ge: 10, rep: 4, e: 25, envShift: [0, -8, 5, 3], digits: 1 },
  ];
  const accessions = trialAccessions(options);
  const genotype = traits.map((trait) => accessions.map(() => Math.sqrt(trait.g) * normal()));
  const interaction = traits.map((trait) => options.environments.map(() => accessions.map(() => Math.sqrt(trait.ge) * normal())));
  const block = traits.map((trait) => options.environments.map(() => Array.from({ length: options.reps }, () => Math.sqrt(trait.rep) * normal())));
  const rows: string[] = [];
  let plot = 0;
  const gross = new Set<number>();
  const total = accessions.length * options.environments.length * options.reps;
  while (gross.size < options.grossErrors) gross.add(Math.floor(random() * total));
  for (const [e, environment] of options.environments.entries()) {
    for (let rep = 0; rep < options.reps; rep += 1) {
      for (const [a, accession] of accessions.entries()) {
        const index = plot;
        plot += 1;
        if (random() < options.missingRate) continue;
        const values = traits.map((trait, t) => {
          const value = trait.mean + (trait.envShift[e % trait.envShift.length] ?? 0) + genotype[t]![a]! + interaction[t]![e]![a]! + block[t]![e]![rep]! + Math.sqrt(trait.e) * normal();
          return (t === 0 && gross.has(index) ? value * 3 : value).toFixed(trait.digits);
        });
        rows.push([`P${String(index + 1).padStart(4, '0')}`, accession, environment, rep + 1, ...values].join(','));
      }
    }
  }
  return `plot,accession,environment,rep,${traits.map((trait) => trait.name).join(',')}\n${rows.join('\n')}\n`;
}

export const SAMPLE_TRIAL: TrialOptions = { seed: 2032, accessions: 60, environments: ['Obregon', 'Toluca', 'ElBatan'], reps: 2, missingRate: 0.05, grossErrors: 2 };

export interface PanelTraitOptions {
  seed: number;
  /** Sites of large effect per trait; every other site has a small one. */
  qtl: number;
  /** Share of each trait's variance its genotypes explain. */
  heritability: number;
  missingRate: number;
}

/**
 * Phenotypes of a VCF panel's samples, one row each under the name the VCF gives it (`id`), what
 * GDIP reads beside that VCF: per trait, `qtl` sites of large effect (minor allele at 20 % or
 * more) and a small effect at every site, scaled to the heritability, then noise; a few values
 * missing.
 */
export function panelPhenotypes(panel: PopulationData, options: PanelTraitOptions): string {
  const random = seededRandom(options.seed);
  // A missing call counts as its site's mean dose.
  const doses = panel.doses.map((site) => {
    const known = site.filter((dose) => dose !== null);
    const average = known.length > 0 ? mean(known) : 0;
    return { dose: site.map((dose) => dose ?? average), frequency: average / 2 };
  });
  const common = doses.flatMap((site, index) => (Math.min(site.frequency, 1 - site.frequency) >= 0.2 ? [index] : []));
  const traits = [
    { name: 'yield', mean: 6, variance: 0.6, digits: 3 },
    { name: 'height', mean: 95, variance: 60, digits: 1 },
  ];
  const values = traits.map((trait) => {
    const large = new Set<number>();
    while (large.size < Math.min(options.qtl, common.length)) large.add(common[Math.floor(random() * common.length)]!);
    const effects = doses.map((_, index) => (large.has(index) ? 1 : 0.05) * normalDeviate(random));
    const genetic = panel.samples.map((_, sample) => doses.reduce((sum, site, index) => sum + effects[index]! * site.dose[sample]!, 0));
    const centre = mean(genetic);
    const spread = Math.sqrt(mean(genetic.map((value) => (value - centre) ** 2))) || 1;
    const geneticSd = Math.sqrt(trait.variance * options.heritability);
    const noiseSd = Math.sqrt(trait.variance * (1 - options.heritability));
    return genetic.map((value) => (random() < options.missingRate ? 'NA' : (trait.mean + ((value - centre) / spread) * geneticSd + noiseSd * normalDeviate(random)).toFixed(trait.digits)));
  });
  const rows = panel.samples.map(({ sample }, index) => [sample, ...values.map((trait) => trait[index])].join(','));
  return `id,${traits.map((trait) => trait.name).join(',')}\n${rows.join('\n')}\n`;
}

export const SAMPLE_PANEL_TRAITS: PanelTraitOptions = { seed: 2033, qtl: 3, heritability: 0.7, missingRate: 0.03 };
