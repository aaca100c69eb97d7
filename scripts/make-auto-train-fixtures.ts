/**
 * Writes the inputs of tests/fixtures/auto-train/ (deterministic): 150 individuals × 400
 * markers with 2 % missing calls, two traits of 20 QTL at h² = 0.5, and the folds Auto Train
 * draws for them (5 folds × 2 repeats, seed 42). The expected predictions come from
 * scikit-learn and R: tests/fixtures/auto-train/make-expected.sh.
 *
 *   npx tsx scripts/make-auto-train-fixtures.ts && sh tests/fixtures/auto-train/make-expected.sh
 */
import fs from 'node:fs';
import path from 'node:path';
import { simulate } from '../pipelines/_shared/simulate.ts';
import { repeatedFolds } from '../pipelines/nf-auto-train/local/main.ts';

const folder = path.resolve('tests/fixtures/auto-train');
fs.mkdirSync(folder, { recursive: true });
const data = simulate({ individuals: 150, markers: 400, chromosomes: 4, qtlPerTrait: 20, heritability: 0.5, traits: 2, seed: 2030, missingRate: 0.02 });
fs.writeFileSync(path.join(folder, 'genotypes.vcf'), data.vcf);
fs.writeFileSync(path.join(folder, 'phenotypes.csv'), data.phenotypesCsv);
const ids = data.phenotypesCsv
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => line.split(',')[0]!);
const folds = repeatedFolds(ids, 5, 2, 42);
fs.writeFileSync(path.join(folder, 'folds.csv'), `id,repeat,fold\n${folds.flatMap((fold, repeat) => ids.map((id, index) => `${id},${repeat + 1},${fold[index]! + 1}`)).join('\n')}\n`);
