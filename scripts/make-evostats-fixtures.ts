/**
 * Writes the inputs of tests/fixtures/evostats/ (deterministic): a VCF of three populations
 * with structure and LD, some missing calls and multi-allelic sites, and its population map.
 * The expected values beside them come from vcftools, plink and an independent numpy script:
 * tests/fixtures/evostats/make-expected.sh (see the README there).
 *
 *   npx tsx scripts/make-evostats-fixtures.ts && sh tests/fixtures/evostats/make-expected.sh
 */
import fs from 'node:fs';
import path from 'node:path';
import { populationVcf } from '../pipelines/_shared/sample-data.ts';

const folder = path.resolve('tests/fixtures/evostats');
fs.mkdirSync(folder, { recursive: true });
const data = populationVcf({
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
});
fs.writeFileSync(path.join(folder, 'structured.vcf'), data.vcf);
fs.writeFileSync(path.join(folder, 'populations.csv'), data.populationsCsv);
