import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ReportNumber } from '../../contract/reports';
import { table, testContext } from '../../../pipelines/_shared/testing.ts';
import { AUTO_TRAIN_FIXTURE, GDIP_FIXTURE } from '../../../tests/fixtures/pipeline-params.ts';
import { readCatalogue } from '../pipelines/catalogue';
import { type ComputedReport, computeReport, type OutputReader } from './compute-report';

/**
 * Each pipeline's report.json over what its local implementation really writes: the pipeline is
 * run on its test fixture, and numbers read from its output files must appear in the report.
 */
const catalogue = new Map(readCatalogue(path.resolve('pipelines')).map((pipeline) => [pipeline.id, pipeline]));

/** Every file under `directory`, relative to it. */
function walk(directory: string, base = directory): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    return entry.isDirectory() ? walk(full, base) : [path.relative(base, full)];
  });
}

function folderReader(outdir: string, params: Record<string, unknown>): OutputReader {
  return {
    params,
    outputs: walk(outdir).map((relative) => ({ path: relative, sizeBytes: fs.statSync(path.join(outdir, relative)).size, fileId: null })),
    open: async (output) => fs.createReadStream(path.join(outdir, output.path)),
  };
}

async function reportOf(pipelineId: string, params: Record<string, unknown>): Promise<{ report: ComputedReport; read: (file: string) => string[][]; outdir: string }> {
  const { run } = (await import(`../../../pipelines/${pipelineId}/local/main.ts`)) as { run: (context: unknown) => Promise<void> };
  const context = testContext(params);
  await run(context);
  const declaration = catalogue.get(pipelineId)?.report.declaration;
  if (!declaration) throw new Error(`${pipelineId} declares no report`);
  const report = await computeReport(declaration, folderReader(context.outdir, context.params), { charts: true, tables: true });
  const read = (file: string) => table(context.read(file), file.endsWith('.csv') ? ',' : '\t');
  return { report, read, outdir: context.outdir };
}

const numberAt = (numbers: ReportNumber[], key: string) => {
  const found = numbers.find((number) => number.key === key);
  if (!found) throw new Error(`No number “${key}” among ${numbers.map((number) => number.key).join(', ')}`);
  return found.value;
};

/** A column of a table read as text rows, header first. */
const column = (rows: string[][], name: string) => rows.slice(1).map((row) => row[rows[0]!.indexOf(name)]!);

describe('every report.json in the catalogue is valid', () => {
  it('parses for each pipeline that has one, with no problem', () => {
    const declared = [...catalogue.values()].filter((pipeline) => pipeline.report.declaration);
    expect(declared.map((pipeline) => pipeline.id)).toEqual(expect.arrayContaining(['nf-gdip', 'nf-processvcfs', 'nf-auto-train']));
    expect([...catalogue.values()].map((pipeline) => pipeline.report.problem).filter(Boolean)).toEqual([]);
  });
});

describe('GDIP', () => {
  it('shows the hits, CV r per trait from cv_accuracy.csv, a Manhattan and a QQ plot per trait, and the hits table', async () => {
    const { report, read } = await reportOf('nf-gdip', { ...GDIP_FIXTURE });
    expect(report.problems).toEqual([]);
    const accuracy = read('prediction/cv_accuracy.csv');
    expect(numberAt(report.numbers, 'CV r · yield')).toBe(Number(column(accuracy, 'pearson_r')[0]));
    expect(numberAt(report.numbers, 'Hits')).toBe(read('discovery/hits.csv').length - 1);
    const manhattan = report.charts.find((chart) => chart.kind === 'manhattan')!;
    expect(manhattan.facet).toBe('yield');
    expect(manhattan.total).toBe(read('discovery/associations.csv').length - 1);
    expect(manhattan.threshold).toBe(GDIP_FIXTURE.significance_threshold);
    expect(manhattan.ticks?.map((tick) => tick.label)).toEqual(['chr1', 'chr2', 'chr3']);
    const qq = report.charts.find((chart) => chart.kind === 'qq')!;
    expect(Math.max(...qq.series[0]!.points!.map((point) => point.y))).toBeCloseTo(71.1277, 4);
    const hits = report.tables.find((entry) => entry.title === 'Hits')!;
    expect(hits.rows.map((row) => row[1])).toEqual(['m8', 'm34']);
    const gebv = report.tables.find((entry) => entry.title === 'Top GEBVs')!;
    expect(Number(gebv.rows[0]![gebv.columns.indexOf('gebv')])).toBe(Math.max(...column(read('prediction/gebv.csv'), 'gebv').map(Number)));
  });
});

describe('Process VCFs', () => {
  it('counts sites and samples kept and removed by reason from qc_summary.json, with MAF histograms by status', async () => {
    const { report, outdir } = await reportOf('nf-processvcfs', {
      input: path.resolve('tests/fixtures/genomics/panel.vcf'),
      biallelic_snps_only: true,
      min_maf: 0.05,
      max_site_missing: 0.2,
      min_sample_call_rate: 0.8,
      ld_prune: false,
      ld_r2_threshold: 0.8,
      ld_window_kb: 500,
    });
    expect(report.problems).toEqual([]);
    const summary = JSON.parse(fs.readFileSync(path.join(outdir, 'qc/qc_summary.json'), 'utf8'));
    expect(numberAt(report.numbers, 'Sites kept')).toBe(summary.sites.kept);
    expect(numberAt(report.numbers, 'Sites removed (low MAF)')).toBe(summary.sites.removed.lowMaf);
    expect(numberAt(report.numbers, 'Samples removed (low call rate)')).toBe(summary.samples.removedLowCallRate);
    const reasons = report.charts.find((chart) => chart.title === 'Sites removed by reason')!;
    expect(reasons.categories).toEqual(Object.keys(summary.sites.removed));
    const maf = report.charts.find((chart) => chart.title === 'MAF of the sites')!;
    const kept = maf.series.find((series) => series.label === 'kept')!;
    expect(kept.values!.reduce<number>((sum, count) => sum + (count ?? 0), 0)).toBe(summary.sites.kept);
    expect(report.tables[0]!.totalRows).toBe(summary.samples.removedLowCallRate);
  });
});

describe('Auto Train', () => {
  it('gives the chosen model’s nested CV r per trait and each model’s CV r with its sd', async () => {
    const { report, read } = await reportOf('nf-auto-train', { ...AUTO_TRAIN_FIXTURE, models: 'rrblup,gblup', cv_repeats: 1 });
    expect(report.problems).toEqual([]);
    const chosen = read('models/chosen_models.csv');
    expect(numberAt(report.numbers, 'Nested CV r (chosen model) · trait1')).toBe(Number(column(chosen, 'nested_pearson_r')[0]));
    const bars = report.charts.find((chart) => chart.kind === 'bar' && chart.facet === 'trait1')!;
    expect(bars.categories).toEqual(['rrblup', 'gblup']);
    const summary = read('cv/cv_summary.csv');
    expect(bars.series[0]!.errors![0]).toBe(Number(column(summary, 'pearson_r_sd')[0]));
    expect(report.tables[0]!.rows.map((row) => row[1])).toEqual(column(chosen, 'model'));
  });
});
