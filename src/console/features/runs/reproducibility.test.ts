import { describe, expect, it } from 'vitest';
import { type ReproducibleRun, sameInputGroups } from './reproducibility';

const run = (id: number, changes: Partial<ReproducibleRun> = {}): ReproducibleRun => ({
  id,
  name: `run${id}`,
  pipelineId: 'nf-gdip',
  revision: '1.8.0',
  params: { genotypes: 'seedbed://files/1', min_maf: 0.05, outdir: 'results' },
  outputs: [
    { path: 'prediction/gebv.csv', fileId: 100 + id },
    { path: 'discovery/hits.csv', fileId: 200 + id },
  ],
  ...changes,
});

describe('runs with the same inputs', () => {
  const checksums = new Map<number, string>([
    [1, 'aaa'],
    [2, 'aaa'],
    [3, 'bbb'],
    [101, 'g1'],
    [102, 'g1'],
    [103, 'g-other'],
    [201, 'h1'],
    [202, 'h1'],
    [203, 'h1'],
  ]);
  const checksumOf = (id: number) => checksums.get(id);

  it('groups runs of one revision with the same parameters and input bytes (two uploads of one file agree), and says which outputs differ', () => {
    const groups = sameInputGroups([run(1), run(2, { params: { outdir: 'results', min_maf: 0.05, genotypes: 'seedbed://files/2' } }), run(3)], checksumOf);
    expect(groups).toEqual([
      {
        runs: [
          { id: 1, name: 'run1' },
          { id: 2, name: 'run2' },
          { id: 3, name: 'run3' },
        ],
        compared: 2,
        differing: ['prediction/gebv.csv'],
      },
    ]);
  });

  it('keeps apart runs whose revision, parameters or input bytes differ, and claims nothing of a file whose checksum is unknown', () => {
    expect(sameInputGroups([run(1), run(2, { revision: '1.9.0' })], checksumOf)).toEqual([]);
    expect(sameInputGroups([run(1), run(2, { params: { genotypes: 'seedbed://files/1', min_maf: 0.1, outdir: 'results' } })], checksumOf)).toEqual([]);
    expect(sameInputGroups([run(1), run(2, { params: { genotypes: 'seedbed://files/3', min_maf: 0.05, outdir: 'results' } })], checksumOf)).toEqual([]);
    expect(sameInputGroups([run(1), run(2, { params: { genotypes: 'seedbed://files/9', min_maf: 0.05, outdir: 'results' } })], checksumOf)).toEqual([]);
  });

  it('compares only the outputs every run of the group stored', () => {
    const groups = sameInputGroups([run(1), run(2, { outputs: [{ path: 'discovery/hits.csv', fileId: 202 }] })], checksumOf);
    expect(groups[0]).toMatchObject({ compared: 1, differing: [] });
  });
});
