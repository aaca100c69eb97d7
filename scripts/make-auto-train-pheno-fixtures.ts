/**
 * Writes tests/fixtures/auto-train-pheno/folds.csv: the folds Auto Train Phenotype draws for the
 * spectra fixture's 80 samples (5 folds, seed 42). The spectra and traits are those of
 * tests/fixtures/spectra; the expected values come from scikit-learn:
 * tests/fixtures/auto-train-pheno/make-expected.sh.
 */
import fs from 'node:fs';
import path from 'node:path';
import { seededFolds } from '../pipelines/_shared/stats.ts';

const folder = path.resolve('tests/fixtures/auto-train-pheno');
fs.mkdirSync(folder, { recursive: true });
const ids = fs
  .readFileSync(path.resolve('tests/fixtures/spectra/nir_traits.csv'), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => line.split(',')[0]!);
const fold = seededFolds(ids.length, 5, 42);
fs.writeFileSync(path.join(folder, 'folds.csv'), `id,fold\n${ids.map((id, index) => `${id},${fold[index]! + 1}`).join('\n')}\n`);
