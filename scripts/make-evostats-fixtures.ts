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
import { populationVcf, SAMPLE_PANEL } from '../pipelines/_shared/sample-data.ts';

const folder = path.resolve('tests/fixtures/evostats');
fs.mkdirSync(folder, { recursive: true });
const data = populationVcf(SAMPLE_PANEL);
fs.writeFileSync(path.join(folder, 'structured.vcf'), data.vcf);
fs.writeFileSync(path.join(folder, 'populations.csv'), data.populationsCsv);
