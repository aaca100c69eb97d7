/**
 * Evostats, local implementation: from a VCF and a population map, per population and in
 * windows — allele frequencies, observed and expected heterozygosity, nucleotide diversity (π),
 * Watterson's θ, Tajima's D — and pairwise Fst (Hudson, or Weir & Cockerham) in windows and
 * genome-wide. Definitions and their reference tools are in statistics.ts and README.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import type { LocalContext } from '../../../src/pipeline-kit/local-pipeline.ts';
import type { Params } from './params.generated.ts';
import { readVcf, type VcfSite, vcfBaseName } from '../../_shared/vcf.ts';
import { formatNumber } from '../../_shared/output.ts';
import { commaList } from '../../_shared/params.ts';
import { counted as countedNoun } from '../../../src/contract/wording.ts';
import {
  countSite,
  expectedHeterozygosity,
  hudson,
  isDiploidSite,
  mismatches,
  observedHeterozygosity,
  type PopulationCounts,
  tajimaConstants,
  tajimaD,
  weirCockerham,
  windowsOf,
} from './statistics.ts';

export const ALL = 'all';

interface PopulationMap {
  names: string[];
  /** Per VCF sample: its population's index, or −1. */
  groups: Int32Array;
  /** Per population: how many of the VCF's samples it has. */
  sizes: number[];
  notInVcf: string[];
  unassigned: string[];
}

/** Reads `sample,population` rows; every problem is named with its row and the fix. */
export function readPopulations(file: string, samples: string[]): PopulationMap {
  const text = fs.readFileSync(file, 'utf8');
  const parsed = Papa.parse<string[]>(text.trim(), { skipEmptyLines: true, delimiter: text.includes(',') ? ',' : '\t' });
  const rows = parsed.data.map((row) => row.map((cell) => cell.trim()));
  const header = rows[0]?.map((cell) => cell.toLowerCase()) ?? [];
  const sampleColumn = header.indexOf('sample');
  const populationColumn = header.indexOf('population');
  if (sampleColumn < 0 || populationColumn < 0) {
    throw new Error(
      `${path.basename(file)} needs the columns sample and population (found: ${rows[0]?.join(', ') || 'nothing'}). Write one row per sample, e.g. "sample,population" then "IND001,north".`,
    );
  }
  const vcfIndex = new Map(samples.map((sample, index) => [sample, index]));
  const groups = new Int32Array(samples.length).fill(-1);
  const names: string[] = [];
  const seen = new Map<string, { population: string; row: number }>();
  const notInVcf: string[] = [];
  for (const [offset, row] of rows.slice(1).entries()) {
    const line = offset + 2;
    const sample = row[sampleColumn] ?? '';
    const population = row[populationColumn] ?? '';
    if (!sample || !population) throw new Error(`${path.basename(file)} row ${line}: both sample and population are needed (got "${row.join(',')}").`);
    if (population.toLowerCase() === ALL) throw new Error(`${path.basename(file)} row ${line}: "${population}" names the statistics over every sample; call the population something else.`);
    const earlier = seen.get(sample);
    if (earlier && earlier.population !== population)
      throw new Error(`${path.basename(file)} row ${line}: sample ${sample} is in ${earlier.population} (row ${earlier.row}) and in ${population}; a sample belongs to one population.`);
    seen.set(sample, { population, row: line });
    const index = vcfIndex.get(sample);
    if (index === undefined) {
      notInVcf.push(sample);
      continue;
    }
    let group = names.indexOf(population);
    if (group < 0) group = names.push(population) - 1;
    groups[index] = group;
  }
  if (names.length === 0) {
    throw new Error(
      `None of the ${seen.size} samples of ${path.basename(file)} is in the VCF (first in the map: ${[...seen.keys()].slice(0, 3).join(', ')}; first in the VCF: ${samples.slice(0, 3).join(', ')}). Use the VCF's sample names.`,
    );
  }
  const sizes = names.map((_, group) => groups.filter((value) => value === group).length);
  return { names, groups, sizes, notInVcf, unassigned: samples.filter((_, index) => groups[index] === -1) };
}

/** The statistics asked for, from "pi,het,fst,tajima". */
function statisticsOf(text: string) {
  const asked = new Set(commaList(text));
  return { pi: asked.has('pi'), het: asked.has('het'), fst: asked.has('fst'), tajima: asked.has('tajima') };
}

const format = (value: number) => formatNumber(value, 8);

/** Segregating sites from which a sample without any singleton is taken for filtered (unfiltered, about 1 in 6 or more are singletons). */
const RARE_CHECK_SITES = 50;

/** Sums of one population over one window. */
interface WindowSums {
  sites: number;
  variantSites: number;
  polymorphic: number;
  mismatches: number;
  variantPairs: number;
  segregating: number;
  /** Of the segregating sites, those whose minor allele is seen once (a singleton). */
  singletons: number;
  sumPq: number;
  hoSum: number;
  heSum: number;
  hetSites: number;
}
const emptySums = (): WindowSums => ({ sites: 0, variantSites: 0, polymorphic: 0, mismatches: 0, variantPairs: 0, segregating: 0, singletons: 0, sumPq: 0, hoSum: 0, heSum: 0, hetSites: 0 });

interface FstSums {
  num: number;
  den: number;
  weightedA: number;
  weightedAll: number;
  sumFst: number;
  count: number;
}
const emptyFst = (): FstSums => ({ num: 0, den: 0, weightedA: 0, weightedAll: 0, sumFst: 0, count: 0 });

function addFst(sums: FstSums, one: PopulationCounts, two: PopulationCounts, estimator: Params['fst_estimator']) {
  if (estimator === 'hudson') {
    const { num, den } = hudson(one, two);
    // scikit-allel's nansum: each term is summed where it is defined.
    if (!Number.isNaN(num)) sums.num += num;
    if (!Number.isNaN(den)) sums.den += den;
    if (!Number.isNaN(num) && !Number.isNaN(den)) sums.count += 1;
    return;
  }
  const { a, all } = weirCockerham([one, two]);
  const fst = a / all;
  if (Number.isNaN(fst)) return;
  sums.weightedA += a;
  sums.weightedAll += all;
  sums.sumFst += fst;
  sums.count += 1;
}

const fstValue = (sums: FstSums, estimator: Params['fst_estimator']) => (estimator === 'hudson' ? sums.num / sums.den : sums.weightedA / sums.weightedAll);

export async function run(context: LocalContext<Params>): Promise<void> {
  const { params } = context;
  const input = path.resolve(params.input);
  const base = vcfBaseName(input);
  const size = params.window_size_kb * 1000;
  const step = params.window_step_kb * 1000;
  const wanted = statisticsOf(params.statistics);
  if (step > size)
    throw new Error(`window_step_kb (${params.window_step_kb}) is larger than window_size_kb (${params.window_size_kb}): windows would leave gaps. Use a step no larger than the window.`);

  const { vcf, populations } = await context.task('READ_INPUTS', base, async () => {
    const read = await readVcf(input);
    if (read.samples.length === 0) throw new Error(`${input} has no sample columns: Evostats needs genotypes.`);
    if (read.sites.length > 0 && !read.sites.some((site) => site.hasGenotypes)) throw new Error(`${input} has no GT field in any record: Evostats needs genotype calls.`);
    const map = readPopulations(path.resolve(params.populations), read.samples);
    context.log(
      `Read ${countedNoun(read.sites.length, 'record')} × ${countedNoun(read.samples.length, 'sample')}; populations: ${map.names.map((name, index) => `${name} (${map.sizes[index]})`).join(', ')}`,
    );
    if (map.notInVcf.length > 0)
      context.log(
        `${countedNoun(map.notInVcf.length, 'sample')} of the population map ${map.notInVcf.length === 1 ? 'is' : 'are'} not in the VCF and are left out: ${map.notInVcf.slice(0, 5).join(', ')}${map.notInVcf.length > 5 ? ', …' : ''}`,
      );
    if (map.unassigned.length > 0)
      context.log(`${map.unassigned.length} VCF samples have no population; they count only in "${ALL}": ${map.unassigned.slice(0, 5).join(', ')}${map.unassigned.length > 5 ? ', …' : ''}`);
    if (wanted.fst && map.names.length < 2)
      throw new Error(`Fst needs two or more populations; ${path.basename(params.populations)} names only ${map.names[0]}. Add populations, or leave fst out of statistics.`);
    return { vcf: read, populations: map };
  });

  const names = [...populations.names, ALL];
  const groupCount = populations.names.length;
  const chromosomes = [...populations.sizes, populations.groups.length].map((individuals) => 2 * individuals);
  const pairs: Array<[number, number]> = [];
  for (let one = 0; one < groupCount; one += 1) for (let two = one + 1; two < groupCount; two += 1) pairs.push([one, two]);
  const skipped = { notDiploid: 0 };
  const diploidSites = vcf.sites.filter((site) => {
    const keep = isDiploidSite(site);
    if (!keep) skipped.notDiploid += 1;
    return keep;
  });
  if (skipped.notDiploid > 0) context.log(`${countedNoun(skipped.notDiploid, 'site')} ${skipped.notDiploid === 1 ? 'is' : 'are'} not diploid in every sample and are left out (as vcftools does).`);

  const outDir = path.join(context.outdir, 'evostats');
  fs.mkdirSync(outDir, { recursive: true });
  const counted = new Map<VcfSite, PopulationCounts[]>();
  const countsOf = (site: VcfSite) => {
    let counts = counted.get(site);
    if (!counts) {
      counts = countSite(site, populations.groups, groupCount);
      counted.set(site, counts);
    }
    return counts;
  };

  await context.task('ALLELE_FREQUENCIES', base, () => {
    const lines = ['chrom\tpos\tid\tref\talt\tpopulation\tan\talt_freq\tho\the'];
    for (const site of diploidSites) {
      const counts = countsOf(site);
      for (const [index, name] of names.entries()) {
        const own = counts[index]!;
        const frequencies = own.alleles.slice(1).map((count) => format(own.an === 0 ? Number.NaN : count / own.an));
        const he = expectedHeterozygosity(own);
        lines.push([site.chrom, site.pos, site.id, site.ref, site.alt.join(',') || '.', name, own.an, frequencies.join(',') || 'NA', format(observedHeterozygosity(own)), format(he)].join('\t'));
      }
    }
    fs.writeFileSync(path.join(outDir, `${base}.site_stats.tsv`), `${lines.join('\n')}\n`);
  });

  /** Per chromosome, in file order: window index → per-population sums, and per-pair Fst sums. */
  const byChromosome = new Map<string, { windows: Map<number, WindowSums[]>; fst: Map<number, FstSums[]> }>();
  const genomeFst = pairs.map(emptyFst);
  const genome = names.map(emptySums);

  await context.task('WINDOW_STATISTICS', base, () => {
    for (const site of diploidSites) {
      const counts = countsOf(site);
      let chromosome = byChromosome.get(site.chrom);
      if (!chromosome) {
        chromosome = { windows: new Map(), fst: new Map() };
        byChromosome.set(site.chrom, chromosome);
      }
      const biallelic = site.alt.length === 1;
      const perPopulation = counts.map((own) => {
        const { mismatches: mismatchCount, pairs: pairCount } = mismatches(own);
        const p = own.an === 0 ? Number.NaN : own.alleles[0]! / own.an;
        return {
          mismatchCount,
          pairCount,
          polymorphic: mismatchCount > 0 && own.alleles[0]! < own.an,
          segregating: biallelic && p > 0 && p < 1,
          singleton: biallelic && Math.min(own.alleles[0]!, own.an - own.alleles[0]!) === 1,
          pq: p * (1 - p),
          ho: observedHeterozygosity(own),
          he: expectedHeterozygosity(own),
        };
      });
      const addTo = (sums: WindowSums, index: number) => {
        const stats = perPopulation[index]!;
        sums.sites += 1;
        if (stats.mismatchCount > 0) {
          sums.variantSites += 1;
          sums.mismatches += stats.mismatchCount;
          sums.variantPairs += stats.pairCount;
          if (stats.polymorphic) sums.polymorphic += 1;
        }
        if (stats.segregating) {
          sums.segregating += 1;
          if (stats.singleton) sums.singletons += 1;
          sums.sumPq += stats.pq;
        }
        if (!Number.isNaN(stats.ho)) {
          sums.hoSum += stats.ho;
          sums.heSum += stats.he;
          sums.hetSites += 1;
        }
      };
      const addAll = (sums: WindowSums[]) => {
        for (let index = 0; index < names.length; index += 1) addTo(sums[index]!, index);
      };
      const addPairs = (sums: FstSums[]) => {
        for (const [pair, [one, two]] of pairs.entries()) addFst(sums[pair]!, counts[one]!, counts[two]!, params.fst_estimator);
      };
      addAll(genome);
      const { first, last } = windowsOf(site.pos, size, step);
      for (let window = first; window < last; window += 1) {
        let sums = chromosome.windows.get(window);
        if (!sums) {
          sums = names.map(emptySums);
          chromosome.windows.set(window, sums);
        }
        addAll(sums);
      }
      if (!wanted.fst) continue;
      addPairs(genomeFst);
      for (let window = first; window < last; window += 1) {
        let sums = chromosome.fst.get(window);
        if (!sums) {
          sums = pairs.map(emptyFst);
          chromosome.fst.set(window, sums);
        }
        addPairs(sums);
      }
    }

    const columns = ['chrom', 'start', 'end', 'population', 'n_sites', 'n_variants'];
    if (wanted.pi) columns.push('pi');
    if (wanted.tajima) columns.push('n_segregating', 'theta_w', 'tajima_d');
    if (wanted.het) columns.push('ho', 'he');
    const lines = [columns.join('\t')];
    for (const [chrom, { windows }] of byChromosome) {
      for (const window of [...windows.keys()].sort((a, b) => a - b)) {
        const sums = windows.get(window)!;
        for (const [index, name] of names.entries()) {
          const own = sums[index]!;
          const n = chromosomes[index]!;
          const row: Array<string | number> = [chrom, window * step + 1, window * step + size, name, own.sites, own.polymorphic];
          if (wanted.pi) row.push(format(own.mismatches / (own.variantPairs + (size - own.variantSites) * n * (n - 1))));
          if (wanted.tajima) row.push(own.segregating, format(n < 2 ? Number.NaN : own.segregating / tajimaConstants(n).a1 / size), format(tajimaD(n, own.segregating, own.sumPq)));
          if (wanted.het) row.push(format(own.hoSum / own.hetSites), format(own.heSum / own.hetSites));
          lines.push(row.join('\t'));
        }
      }
    }
    fs.writeFileSync(path.join(outDir, `${base}.windows.tsv`), `${lines.join('\n')}\n`);
  });

  if (wanted.fst) {
    await context.task('FST', base, () => {
      const estimator = params.fst_estimator;
      const lines = ['chrom\tstart\tend\tpopulation_1\tpopulation_2\testimator\tn_sites\tfst\tmean_fst'];
      for (const [chrom, { fst }] of byChromosome) {
        for (const window of [...fst.keys()].sort((a, b) => a - b)) {
          for (const [pair, [one, two]] of pairs.entries()) {
            const sums = fst.get(window)![pair]!;
            if (sums.count === 0) continue;
            lines.push(
              [
                chrom,
                window * step + 1,
                window * step + size,
                names[one],
                names[two],
                estimator,
                sums.count,
                format(fstValue(sums, estimator)),
                estimator === 'hudson' ? 'NA' : format(sums.sumFst / sums.count),
              ].join('\t'),
            );
          }
        }
      }
      fs.writeFileSync(path.join(outDir, `${base}.fst_windows.tsv`), `${lines.join('\n')}\n`);
      const genomeLines = ['chrom\tpopulation_1\tpopulation_2\testimator\tn_sites\tfst\tmean_fst'];
      for (const [pair, [one, two]] of pairs.entries()) {
        const sums = genomeFst[pair]!;
        genomeLines.push([ALL, names[one], names[two], estimator, sums.count, format(fstValue(sums, estimator)), estimator === 'hudson' ? 'NA' : format(sums.sumFst / sums.count)].join('\t'));
      }
      fs.writeFileSync(path.join(outDir, `${base}.fst_genome.tsv`), `${genomeLines.join('\n')}\n`);
      context.log(
        `Fst (${estimator}) genome-wide: ${genomeLines
          .slice(1)
          .map((line) => `${line.split('\t').slice(1, 3).join('–')} ${line.split('\t')[5]}`)
          .join('; ')}`,
      );
    });
  } else {
    context.skip('FST', 'fst is not among the statistics asked for');
  }

  await context.task('SUMMARY', base, () => {
    const whole = genome[names.length - 1]!;
    if (whole.segregating >= RARE_CHECK_SITES && whole.singletons === 0)
      context.log(
        `No singleton among the ${whole.segregating} segregating sites of all samples: the VCF looks filtered by minor allele frequency or count. π, θ_W and Tajima's D assume every segregating site is kept; without the rare ones θ_W falls more than π and Tajima's D is biased upwards. Run Evostats on the VCF before that filter.`,
      );
    const summary = {
      input,
      populations: Object.fromEntries(
        names.map((name, index) => {
          const own = genome[index]!;
          return [
            name,
            {
              samples: index < groupCount ? populations.sizes[index] : populations.groups.length,
              sites: own.sites,
              variants: own.polymorphic,
              segregatingBiallelic: own.segregating,
              // Singletons are a sixth or more of an unfiltered sample's segregating sites (1/a₁ under neutrality); none means rare variants were filtered out.
              singletons: own.singletons,
              singletonShare: own.segregating === 0 ? null : own.singletons / own.segregating,
              meanHo: own.hetSites === 0 ? null : own.hoSum / own.hetSites,
              meanHe: own.hetSites === 0 ? null : own.heSum / own.hetSites,
              tajimaD: Number.isFinite(tajimaD(chromosomes[index]!, own.segregating, own.sumPq)) ? tajimaD(chromosomes[index]!, own.segregating, own.sumPq) : null,
            },
          ];
        }),
      ),
      fst: wanted.fst
        ? pairs.map(([one, two], pair) => ({
            populations: [names[one], names[two]],
            estimator: params.fst_estimator,
            sites: genomeFst[pair]!.count,
            fst: fstValue(genomeFst[pair]!, params.fst_estimator),
          }))
        : [],
      windows: { sizeBp: size, stepBp: step, convention: 'window s spans [s·step + 1, s·step + size], as vcftools --window-pi' },
      skipped: { notDiploidSites: skipped.notDiploid, samplesNotInVcf: populations.notInVcf, samplesWithoutPopulation: populations.unassigned },
    };
    fs.writeFileSync(path.join(outDir, `${base}.summary.json`), `${JSON.stringify(summary, null, 2)}\n`);
  });
}
