/**
 * Writes the inputs of tests/fixtures/spectra/ (deterministic): 80 NIR spectra from 1000 to
 * 1800 nm every 4 nm, with scatter, protein and water bands, noise and two faulty spectra, and
 * their true protein and moisture. The expected values come from SciPy and numpy:
 * tests/fixtures/spectra/make-expected.sh.
 *
 *   npx tsx scripts/make-spectra-fixtures.ts && sh tests/fixtures/spectra/make-expected.sh
 */
import fs from 'node:fs';
import path from 'node:path';
import { SAMPLE_SPECTRA, sampleSpectra } from '../pipelines/_shared/sample-data.ts';

const folder = path.resolve('tests/fixtures/spectra');
fs.mkdirSync(folder, { recursive: true });
const { spectraCsv, traitsCsv } = sampleSpectra(SAMPLE_SPECTRA);
fs.writeFileSync(path.join(folder, 'nir.csv'), spectraCsv);
fs.writeFileSync(path.join(folder, 'nir_traits.csv'), traitsCsv);
