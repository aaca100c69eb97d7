import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCatalogue } from '../pipelines/catalogue';
import { readPipelineReport } from './report-declaration';

/** A pipeline folder holding `files`. */
function folderWith(files: Record<string, string>): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-report-'));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(folder, name), text);
  return folder;
}

describe('a pipeline’s report declaration', () => {
  it('is absent without report.json or tower.yml', () => {
    expect(readPipelineReport(folderWith({}))).toEqual({ declaration: null, problem: null });
  });

  it('reads Seqera’s tower.yml reports as previews, matched in any folder when the pattern names a file only', () => {
    const folder = folderWith({ 'tower.yml': 'reports:\n  multiqc_report.html:\n    display: "MultiQC HTML report"\n  "**/fastqc/*.html":\n    display: FastQC\n' });
    expect(readPipelineReport(folder).declaration?.previews).toEqual([
      { title: 'MultiQC HTML report', file: '**/multiqc_report.html' },
      { title: 'FastQC', file: '**/fastqc/*.html' },
    ]);
  });

  it('names the file, the field and the fix when report.json is wrong', () => {
    const folder = folderWith({ 'report.json': JSON.stringify({ numbers: [{ label: 'CV r', file: 'cv.csv' }] }) });
    const { declaration, problem } = readPipelineReport(folder);
    expect(declaration).toBeNull();
    expect(problem).toBe(
      `${path.join(folder, 'report.json')}: numbers.0: “CV r”: give "value" (a JSON path to one number), or "column" and "aggregate" (or "aggregate": "count" to count rows). Fix the file (Docs → Administrator guide → The pipeline catalogue, report.json) and restart Seedbed.`,
    );
  });

  it('refuses an output pattern that leaves the output directory', () => {
    const folder = folderWith({ 'report.json': JSON.stringify({ tables: [{ title: 'Secrets', file: '../weblog-secret' }] }) });
    expect(readPipelineReport(folder).problem).toContain('tables.0.file: must be a path inside the output directory');
  });
});

describe('the catalogue with a broken report.json', () => {
  it('keeps the pipeline launchable, without a report, and warns with the problem', () => {
    const catalogue = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-report-catalogue-'));
    const folder = path.join(catalogue, 'nf-processvcfs');
    fs.mkdirSync(folder);
    for (const name of ['pipeline.json', 'nextflow_schema.json']) fs.copyFileSync(path.resolve('pipelines/nf-processvcfs', name), path.join(folder, name));
    fs.symlinkSync(path.resolve('pipelines/nf-processvcfs/local'), path.join(folder, 'local'));
    fs.writeFileSync(path.join(folder, 'report.json'), '{ "numbers": [');
    const [pipeline] = readCatalogue(catalogue);
    expect(pipeline!.problem).toBeNull();
    expect(pipeline!.report.declaration).toBeNull();
    expect(pipeline!.report.problem).toMatch(/report\.json: not valid JSON \(.+\)\. Fix the file and restart Seedbed\.$/);
    expect(pipeline!.warnings).toContain(pipeline!.report.problem);
  });
});
