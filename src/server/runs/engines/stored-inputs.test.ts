import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createStoredInputs } from './stored-inputs';

const folder = () => fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-stored-inputs-'));

describe('what an engine gives a pipeline for stored files named by reference', () => {
  it('gives the path a launch found, and a samplesheet with references as a copy in the run’s folder', () => {
    const inputs = createStoredInputs();
    inputs.remember({
      paths: new Map([['seedbed://files/7', '/data/files/a/trial.csv']]),
      sheets: new Map([['seedbed://files/8', { name: 'cohort.csv', text: 'sample,gvcf\nS01,/data/files/b/S01.g.vcf\n' }]]),
    });
    const runDir = folder();
    const given = inputs.resolve({ input: 'seedbed://files/7', sheet: 'seedbed://files/8', outdir: 'results', folds: 5 }, runDir);
    expect(given).toEqual({ input: '/data/files/a/trial.csv', sheet: path.join(runDir, 'inputs', 'cohort.csv'), outdir: 'results', folds: 5 });
    expect(fs.readFileSync(path.join(runDir, 'inputs', 'cohort.csv'), 'utf8')).toBe('sample,gvcf\nS01,/data/files/b/S01.g.vcf\n');
  });

  it('refuses to start a run whose references were not looked up first, saying to relaunch', () => {
    expect(() => createStoredInputs().resolve({ input: 'seedbed://files/7' }, folder())).toThrow(
      'input is the stored file seedbed://files/7, which was not looked up before the run started: relaunch the run.',
    );
  });

  it('after a restart, gives a resumed run what the run it resumes was given', () => {
    const earlier = folder();
    fs.writeFileSync(path.join(earlier, 'params.json'), JSON.stringify({ input: '/data/files/a/trial.csv', outdir: 'results' }));
    expect(createStoredInputs().resolve({ input: 'seedbed://files/7', outdir: 'results' }, folder(), earlier)).toEqual({ input: '/data/files/a/trial.csv', outdir: 'results' });
  });
});
