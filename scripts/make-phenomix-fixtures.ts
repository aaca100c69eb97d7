/**
 * Writes tests/fixtures/phenomix/trial.csv (deterministic, seed 2032): 60 accessions in three
 * environments with two replicates, 5 % of plots lost, two gross errors in yield, with known
 * variance components. The expected values come from lme4: tests/fixtures/phenomix/make-expected.sh.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SAMPLE_TRIAL, trialPhenotypes } from '../pipelines/_shared/sample-data.ts';

const folder = path.resolve('tests/fixtures/phenomix');
fs.mkdirSync(folder, { recursive: true });
fs.writeFileSync(path.join(folder, 'trial.csv'), trialPhenotypes(SAMPLE_TRIAL));
