import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { samplesheetPaths, samplesheetProblems } from './samplesheet';

/** nf-core's assets/schema_input.json, in the shape rnaseq and sarek write it. */
const SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://raw.githubusercontent.com/nf-core/rnaseq/master/assets/schema_input.json',
  title: 'nf-core/rnaseq pipeline - params.input schema',
  type: 'array',
  items: {
    type: 'object',
    properties: {
      sample: { type: 'string', pattern: '^\\S+$', errorMessage: 'Sample name must be provided and cannot contain spaces', meta: ['id'] },
      fastq_1: {
        type: 'string',
        format: 'file-path',
        exists: true,
        pattern: '^\\S+\\.f(ast)?q\\.gz$',
        errorMessage: 'FastQ file for reads 1 must be provided, cannot contain spaces and must have extension .fq.gz or .fastq.gz',
      },
      fastq_2: { type: 'string', format: 'file-path', exists: true, pattern: '^\\S+\\.f(ast)?q\\.gz$' },
      strandedness: { type: 'string', enum: ['forward', 'reverse', 'unstranded', 'auto'] },
      lane: { type: 'integer' },
    },
    required: ['sample', 'fastq_1', 'strandedness'],
  },
};

function folder() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'samplesheet-'));
  fs.writeFileSync(path.join(dir, 'schema_input.json'), JSON.stringify(SCHEMA));
  for (const name of ['A_R1.fastq.gz', 'A_R2.fastq.gz', 'B_R1.fastq.gz']) fs.writeFileSync(path.join(dir, name), 'x');
  return dir;
}

describe('a samplesheet checked against its schema before launch', () => {
  it('passes rows that fit, with values typed as nf-schema types them', () => {
    const dir = folder();
    fs.writeFileSync(path.join(dir, 'good.csv'), 'sample,fastq_1,fastq_2,strandedness,lane\nA,A_R1.fastq.gz,A_R2.fastq.gz,auto,1\nB,B_R1.fastq.gz,,reverse,2\n');
    expect(samplesheetProblems(path.join(dir, 'good.csv'), path.join(dir, 'schema_input.json'), dir)).toBeNull();
  });

  it('names each bad row: its own error message, a missing file, a value outside the list, a missing column value', () => {
    const dir = folder();
    fs.writeFileSync(
      path.join(dir, 'bad.csv'),
      'sample,fastq_1,fastq_2,strandedness,lane\nA,A_R1.fastq.gz,,auto,1\nsample two,A_R1.fastq.gz,,auto,1\nC,C_R1.fastq.gz,,auto,1\nD,A_R1.fastq.gz,,sideways,x\nE,A_R1.fq,,,1\n',
    );
    const problem = samplesheetProblems(path.join(dir, 'bad.csv'), path.join(dir, 'schema_input.json'), dir)!;
    expect(problem).toMatch(/^4 of 5 rows of bad\.csv do not fit the pipeline's samplesheet schema: /);
    expect(problem).toContain('row 3: sample: Sample name must be provided and cannot contain spaces');
    expect(problem).toContain('row 4: fastq_1: no file at C_R1.fastq.gz on this server');
    expect(problem).toMatch(/row 5: strandedness must be one of forward, reverse, unstranded, auto; lane must be a whole number/);
    const row6 = problem.slice(problem.indexOf('row 6:'));
    expect(row6).toContain('strandedness is required');
    expect(row6).toContain('fastq_1: FastQ file for reads 1 must be provided');
  });
});

describe('the paths a samplesheet names, checked before launch like the parameters themselves', () => {
  it('takes the columns its schema types as paths, leaving remote locations to Nextflow', () => {
    const dir = folder();
    fs.writeFileSync(path.join(dir, 'sheet.csv'), 'sample,fastq_1,fastq_2,strandedness\nA/1,A_R1.fastq.gz,s3://bucket/A_R2.fastq.gz,auto\nB,file:///srv/B_R1.fastq.gz,,auto\n');
    expect(samplesheetPaths(path.join(dir, 'sheet.csv'), path.join(dir, 'schema_input.json'), dir)).toEqual([
      { row: 2, column: 'fastq_1', value: 'A_R1.fastq.gz' },
      { row: 3, column: 'fastq_1', value: 'file:///srv/B_R1.fastq.gz' },
    ]);
  });

  it('without a schema, takes every cell that reads as a path: absolute, with a folder, or a file beside the sheet', () => {
    const dir = folder();
    fs.writeFileSync(path.join(dir, 'sheet.csv'), 'sample,gvcf,note\nS01,/data/S01.g.vcf,plain words\nS02,A_R1.fastq.gz,cross A/B\nS03,missing.g.vcf,,/etc/extra\n');
    expect(samplesheetPaths(path.join(dir, 'sheet.csv'), null, dir)).toEqual([
      { row: 2, column: 'gvcf', value: '/data/S01.g.vcf' },
      { row: 3, column: 'gvcf', value: 'A_R1.fastq.gz' },
      { row: 3, column: 'note', value: 'cross A/B' },
      { row: 4, column: '__parsed_extra', value: '/etc/extra' },
    ]);
  });
});
