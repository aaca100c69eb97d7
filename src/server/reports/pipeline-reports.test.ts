import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { type ReportNumber, reportDeclarationSchema } from '../../contract/reports';
import { tQuantile } from '../../contract/student-t';
import { scratchFiles, table, testContext } from '../../../pipelines/_shared/testing.ts';
import {
  AUTO_TRAIN_FIXTURE,
  AUTO_TRAIN_PHENO_FIXTURE,
  COMBINE_GVCFS_FIXTURE,
  EVOSTATS_FIXTURE,
  GDIP_FIXTURE,
  PHENOMIX_FIXTURE,
  PREPROCESSING_FIXTURE,
  SPECTRA_FIXTURE,
} from '../../../tests/fixtures/pipeline-params.ts';
import { CONVERGENCE_BOUNDS } from '../../../pipelines/_shared/bayes-gibbs.ts';
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

async function reportOf(pipelineId: string, params: Record<string, unknown>): Promise<{ report: ComputedReport; read: (file: string) => string[][]; outdir: string; log: string[] }> {
  const { run } = (await import(`../../../pipelines/${pipelineId}/local/main.ts`)) as { run: (context: unknown) => Promise<void> };
  const context = testContext(params);
  await run(context);
  const declaration = catalogue.get(pipelineId)?.report.declaration;
  if (!declaration) throw new Error(`${pipelineId} declares no report`);
  const report = await computeReport(declaration, folderReader(context.outdir, context.params), { charts: true, tables: true });
  const read = (file: string) => table(context.read(file), file.endsWith('.csv') ? ',' : '\t');
  return { report, read, outdir: context.outdir, log: context.lines };
}

const numberAt = (numbers: ReportNumber[], key: string) => {
  const found = numbers.find((number) => number.key === key);
  if (!found) throw new Error(`No number “${key}” among ${numbers.map((number) => number.key).join(', ')}`);
  return found.value;
};

/** A column of a table read as text rows, header first. */
const column = (rows: string[][], name: string) => rows.slice(1).map((row) => row[rows[0]!.indexOf(name)]!);

describe('every report.json in the catalogue is valid', () => {
  it('parses for every bundled pipeline, each having one, with no problem', () => {
    const declared = [...catalogue.values()].filter((pipeline) => pipeline.report.declaration);
    expect(declared.map((pipeline) => pipeline.id).sort()).toEqual([...catalogue.keys()].sort());
    expect(catalogue.size).toBe(13);
    expect([...catalogue.values()].map((pipeline) => pipeline.report.problem).filter(Boolean)).toEqual([]);
  });
});

describe('GDIP', () => {
  it('shows the hits, CV r per trait from cv_accuracy.csv, a Manhattan and a QQ plot per trait, and the hits table', async () => {
    const { report, read } = await reportOf('nf-gdip', { ...GDIP_FIXTURE });
    expect(report.problems).toEqual([]);
    const accuracy = read('prediction/cv_accuracy.csv');
    // CV r is the mean of the fold scores, with the corrected resampled t interval computed here by hand.
    const folds = read('prediction/cv_folds_accuracy.csv');
    const foldR = column(folds, 'pearson_r').map(Number);
    const J = foldR.length;
    const k = Number(column(accuracy, 'folds')[0]);
    expect(J).toBe(k * Number(column(accuracy, 'repeats')[0]));
    const foldMean = foldR.reduce((sum, value) => sum + value, 0) / J;
    const sd = Math.sqrt(foldR.reduce((sum, value) => sum + (value - foldMean) ** 2, 0) / (J - 1));
    const half = tQuantile(0.975, J - 1) * sd * Math.sqrt(1 / J + 1 / (k - 1));
    const cvR = report.numbers.find((number) => number.key === 'CV r · yield')!;
    expect(cvR.value).toBeCloseTo(foldMean, 5);
    expect(cvR.interval!.low).toBeCloseTo(foldMean - half, 5);
    expect(cvR.interval!.high).toBeCloseTo(foldMean + half, 5);
    expect(cvR.interval!.level).toBe(0.95);
    const testSizes = column(folds, 'n_test').map(Number);
    expect([Number(column(accuracy, 'n_test_min')[0]), Number(column(accuracy, 'n_test_max')[0])]).toEqual([Math.min(...testSizes), Math.max(...testSizes)]);
    expect(report.numbers.find((number) => number.key === 'CV RMSE (trait units) · yield')!.interval!.low).toBeLessThan(Number(column(accuracy, 'rmse_folds')[0]));
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
    expect(gebv.group).toBe('yield');
    expect(gebv.columns).not.toContain('trait');
    expect(Number(gebv.rows[0]![gebv.columns.indexOf('gebv')])).toBe(Math.max(...column(read('prediction/gebv.csv'), 'gebv').map(Number)));
    // Genomic-control λ carries GDIP's note exactly when it is above 1.1.
    const lambdas = report.numbers.filter((number) => number.label === 'Genomic-control λ');
    expect(lambdas.length).toBeGreaterThan(0);
    for (const lambda of lambdas) expect(lambda.caution === undefined).toBe(lambda.value! <= 1.1);
    // The REML heritability of the model (0.946, as R computes it) is not at an edge, so it carries no note.
    const heritability = report.numbers.find((number) => number.key === 'Genomic h² (REML) · yield')!;
    expect(heritability.value).toBe(Number(column(accuracy, 'h2_genomic')[0]));
    expect(heritability.value).toBeCloseTo(0.9458, 4);
    expect(heritability.caution).toBeUndefined();
    // The accuracy table leads with the figures the tiles show, under headings that say which r is which.
    const cvTable = report.tables.find((entry) => entry.title === 'Cross-validated accuracy')!;
    expect(cvTable.columns.slice(0, 7)).toEqual(['trait', 'r (mean of folds)', 'r 95 % CI low', 'r 95 % CI high', 'RMSE (mean of folds)', 'RMSE 95 % CI low', 'RMSE 95 % CI high']);
    expect(cvTable.columns).toContain('r (pooled predictions)');
    expect(Number(cvTable.rows[0]![1])).toBe(numberAt(report.numbers, 'CV r · yield'));
    expect(hits.columns.at(-1)).toBe('scan');
    expect(hits.rows.map((row) => row.at(-1))).toEqual(['linear', 'linear']);
    // The accuracy bars carry the folds' 95 % interval, as the CV r tiles do.
    const bars = report.charts.find((chart) => chart.title === 'Cross-validated accuracy per trait')!;
    expect(bars.series[0]!.ranges).toEqual([{ low: cvR.interval!.low, high: cvR.interval!.high }]);
  });

  it('GDIP with BayesB shows each trait’s chain diagnostics, cautioned where the chain has not converged; a ridge model shows none', async () => {
    // A chain far too short for the fixture (BGLR's default is 1,500 iterations): too few effective draws.
    const { report, read } = await reportOf('nf-gdip', { ...GDIP_FIXTURE, model: 'bayesb', bayes_iterations: 60, bayes_burn_in: 20, bayes_thin: 1 });
    const accuracy = read('prediction/cv_accuracy.csv');
    const chain = report.numbers.filter((number) => number.label.startsWith('Chain: '));
    expect(chain.map((number) => number.key)).toEqual(['Chain: fewest effective draws · yield', 'Chain: largest R-hat · yield', 'Chain: largest Geweke |z| · yield']);
    const ess = chain[0]!;
    expect(ess.value).toBe(Number(column(accuracy, 'chain_ess_min')[0]));
    expect(ess.value).toBeLessThan(50);
    expect(ess.caution).toContain('Raise bayes_iterations');
    // Each tile is cautioned exactly past its bound, the bounds the run's log uses (CONVERGENCE_BOUNDS).
    expect(chain[1]!.caution === undefined).toBe(chain[1]!.value! <= CONVERGENCE_BOUNDS.rHatAbove);
    expect(chain[2]!.caution === undefined).toBe(chain[2]!.value! <= CONVERGENCE_BOUNDS.gewekeZAbove);

    const ridge = await reportOf('nf-gdip', { ...GDIP_FIXTURE, model: 'rrblup' });
    expect(ridge.report.numbers.filter((number) => number.label.startsWith('Chain: '))).toEqual([]);
    expect(ridge.report.problems).toEqual([]);
  }, 120_000);

  it.each(['nf-gdip', 'nf-auto-train'])('%s’s chain cautions use the bounds of the run’s log', (id) => {
    const numbers = catalogue.get(id)!.report.declaration!.numbers ?? [];
    const cautionOf = (column: string) => numbers.find((number) => number.column === column)?.caution;
    expect(cautionOf('chain_ess_min')?.below).toBe(CONVERGENCE_BOUNDS.essBelow);
    expect(cautionOf('chain_r_hat_max')?.above).toBe(CONVERGENCE_BOUNDS.rHatAbove);
    expect(cautionOf('chain_geweke_z_max')?.above).toBe(CONVERGENCE_BOUNDS.gewekeZAbove);
  });

  it('with the mixed-model scan, marks the λ of that scan only: the plain scan beside it is for comparison, without the note', async () => {
    const { report, read } = await reportOf('nf-gdip', { ...GDIP_FIXTURE, association_test: 'linear_kinship', mixed_model_test: 'p3d' });
    expect(report.problems).toEqual([]);
    const control = read('discovery/genomic_control.csv');
    expect(control.map((row) => [row[1], row[4]])).toEqual([
      ['scan', 'role'],
      ['linear', 'comparison'],
      ['linear_kinship_p3d', 'hits'],
    ]);
    const lambdas = report.numbers.filter((number) => number.label.includes('λ'));
    expect(lambdas.map((number) => number.key)).toEqual(['Genomic-control λ · yield × linear_kinship_p3d', 'λ of the plain scan (for comparison) · yield']);
    // The plain scan's λ is inflated here (4.3 and more), and says nothing: the hits come from the mixed model.
    expect(lambdas[1]!.value!).toBeGreaterThan(1.1);
    expect(lambdas[1]!.caution).toBeUndefined();
    expect(
      read('discovery/hits.csv')
        .slice(1)
        .every((row) => row.at(-1) === 'linear_kinship_p3d'),
    ).toBe(true);
  });
});

describe('GDIP without REML', () => {
  it('leaves the genomic h² out, with no problem, where the model estimates none (a fixed λ, BayesB or BayesC)', async () => {
    const { report } = await reportOf('nf-gdip', { ...GDIP_FIXTURE, lambda_method: 'fixed' });
    expect(report.problems).toEqual([]);
    expect(report.numbers.filter((number) => number.label === 'Genomic h² (REML)')).toEqual([]);
    expect(report.numbers.some((number) => number.key === 'CV r · yield')).toBe(true);
  });
});

describe('Simulate GDIP data', () => {
  it('counts the replicates and gives each trait’s realised heritability, the mean over the replicates', async () => {
    const params = {
      individuals: 40,
      markers: 200,
      chromosomes: 2,
      chromosome_length_mb: '50',
      subpopulations: 1,
      fst: 0.05,
      ld_generations: 20,
      traits: 1,
      qtl_per_trait: 3,
      effect_distribution: 'normal',
      heritability: '0.6',
      null_traits: 1,
      replicates: 2,
      seed: 7,
    };
    const { report, read } = await reportOf('simulate-gdip-data', params);
    expect(report.problems).toEqual([]);
    expect(numberAt(report.numbers, 'Replicates')).toBe(2);
    const summary = read('simulation_summary.csv');
    const at = (column: string) => summary[0]!.indexOf(column);
    for (const trait of new Set(summary.slice(1).map((row) => row[at('trait')]!))) {
      const realised = summary
        .slice(1)
        .filter((row) => row[at('trait')] === trait)
        .map((row) => Number(row[at('heritability_realised')]));
      expect(realised).toHaveLength(2);
      expect(numberAt(report.numbers, `Realised h² (mean) · ${trait}`)).toBeCloseTo((realised[0]! + realised[1]!) / 2, 10);
    }
    expect(report.tables[0]!.totalRows).toBe(summary.length - 1);
  });
});

describe('a number with a caution', () => {
  it('carries the note when its value is above the bound, per group, and not otherwise', async () => {
    const declaration = reportDeclarationSchema.parse({
      numbers: [{ label: 'λ', file: 'gc.csv', column: 'lambda', per: 'trait', caution: { above: 1.1, note: 'Inflated: scan with the mixed model.' } }],
    });
    const text = 'trait,lambda\nyield,4.326\nheight,1.1\nprotein,NA\n';
    const reader: OutputReader = { params: {}, outputs: [{ path: 'gc.csv', sizeBytes: text.length, fileId: null }], open: async () => Readable.from([text]) };
    const { numbers } = await computeReport(declaration, reader, { charts: false, tables: false });
    expect(numbers.map((number) => [number.key, number.caution ?? null])).toEqual([
      ['λ · yield', 'Inflated: scan with the mixed model.'],
      ['λ · height', null],
      ['λ · protein', null],
    ]);
  });
});

describe('a number with an interval', () => {
  it('reads the interval from the row of its value, per group, with null ends where the file has none', async () => {
    const declaration = reportDeclarationSchema.parse({
      numbers: [{ label: 'r', file: 'cv.csv', column: 'r', per: 'trait', interval: { low: 'low', high: 'high' } }],
    });
    const text = 'trait,r,low,high\nyield,0.5,0.4,0.6\nheight,0.7,NA,NA\n';
    const reader: OutputReader = { params: {}, outputs: [{ path: 'cv.csv', sizeBytes: text.length, fileId: null }], open: async () => Readable.from([text]) };
    const { numbers } = await computeReport(declaration, reader, { charts: false, tables: false });
    expect(numbers.map((number) => [number.key, number.value, number.interval])).toEqual([
      ['r · yield', 0.5, { low: 0.4, high: 0.6, level: 0.95 }],
      ['r · height', 0.7, { low: null, high: null, level: 0.95 }],
    ]);
  });

  it('is refused on an aggregate over many rows, whose interval no row holds', () => {
    const parsed = reportDeclarationSchema.safeParse({ numbers: [{ label: 'r', file: 'cv.csv', column: 'r', aggregate: 'mean', interval: { low: 'low', high: 'high' } }] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toContain('"aggregate" "first" or "last"');
  });
});

describe('a table per group', () => {
  it('keeps the top rows of each value of its column, in the order first met, without that column', async () => {
    const declaration = reportDeclarationSchema.parse({ tables: [{ title: 'Top', file: 'gebv.csv', sort: { column: 'gebv' }, limit: 2, per: 'trait' }] });
    const text = 'id,trait,gebv\na,height,3\nb,yield,0.2\nc,height,9\nd,height,5\ne,yield,0.1\nf,yield,0.4\n';
    const reader: OutputReader = { params: {}, outputs: [{ path: 'gebv.csv', sizeBytes: text.length, fileId: null }], open: async () => Readable.from([text]) };
    const { tables } = await computeReport(declaration, reader, { charts: false, tables: true });
    expect(tables.map((entry) => [entry.group, entry.columns, entry.rows, entry.totalRows])).toEqual([
      [
        'height',
        ['id', 'gebv'],
        [
          ['c', '9'],
          ['d', '5'],
        ],
        3,
      ],
      [
        'yield',
        ['id', 'gebv'],
        [
          ['f', '0.4'],
          ['b', '0.2'],
        ],
        3,
      ],
    ]);
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
    // The reasons by name, not by the JSON's keys, and the bars named in the legend by what they count.
    expect(Object.keys(summary.sites.removed)).toEqual(['notBiallelicSnp', 'noCalls', 'lowMaf', 'highMissing', 'ldPruned']);
    expect(reasons.categories).toEqual(['not a biallelic SNP', 'no calls', 'low MAF', 'high missingness', 'LD pruning']);
    expect(reasons.series.map((series) => [series.label, series.values])).toEqual([['Sites removed', Object.values(summary.sites.removed)]]);
    expect(reasons.xLabel).toBe('Reason');
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
    // Headed as the benchmark boards head the same scores, and sorted by the heading shown.
    const models = report.tables.find((table) => table.title === 'Every model')!;
    expect(models.columns).toEqual(['trait', 'model', 'folds', 'Pearson r', 'Pearson r sd', 'Spearman ρ', 'RMSE', 'Bias (slope)', 'chosen']);
    expect(models.sortedBy).toBe('Pearson r (largest first)');
  });
});

/** A JSON output of the run, parsed. */
const json = (outdir: string, relative: string) => JSON.parse(fs.readFileSync(path.join(outdir, relative), 'utf8'));

describe('Evostats', () => {
  it('gives Fst per pair of populations and Tajima’s D per population, with Fst, π and D along the genome', async () => {
    const { report, outdir, read } = await reportOf('nf-evostats', { ...EVOSTATS_FIXTURE });
    expect(report.problems).toEqual([]);
    const fst = read('evostats/structured.fst_genome.tsv');
    expect(numberAt(report.numbers, 'Fst · north × south')).toBe(Number(column(fst, 'fst')[0]));
    expect(numberAt(report.numbers, 'Tajima’s D · coast')).toBe(json(outdir, 'evostats/structured.summary.json').populations.coast.tajimaD);
    const along = report.charts.find((chart) => chart.title === 'Fst along the genome')!;
    expect(along.series.map((series) => series.label)).toEqual(['north × south', 'north × coast', 'south × coast']);
    expect(along.total).toBe(read('evostats/structured.fst_windows.tsv').length - 1);
  });

  it('gives the share of singletons among the segregating sites, and marks a VCF filtered by MAF, whose rare sites are gone', async () => {
    // Counted here from the genotypes: biallelic sites segregating over all samples, and those whose minor allele is seen once.
    const vcf = fs.readFileSync(EVOSTATS_FIXTURE.input, 'utf8').trimEnd().split('\n');
    const minorCount = (line: string) => {
      const fields = line.split('\t');
      if (fields[4]!.includes(',')) return null;
      const alleles = fields
        .slice(9)
        .flatMap((sample) => sample.split(':')[0]!.split(/[/|]/))
        .filter((allele) => allele !== '.');
      const alt = alleles.filter((allele) => allele === '1').length;
      return { minor: Math.min(alt, alleles.length - alt), called: alleles.length };
    };
    const sites = vcf.filter((line) => !line.startsWith('#')).map(minorCount);
    const segregating = sites.filter((site) => site !== null && site.minor > 0);
    const singletons = segregating.filter((site) => site!.minor === 1).length;
    expect(singletons).toBe(17);
    const { report, log } = await reportOf('nf-evostats', { ...EVOSTATS_FIXTURE });
    const whole = report.numbers.find((number) => number.key === 'Singleton share · all')!;
    expect(whole.value).toBeCloseTo(singletons / segregating.length, 12);
    expect(whole.caution).toBeUndefined();
    expect(log.join('\n')).not.toContain('No singleton');

    // The same VCF with the sites below MAF 0.05 removed, as a filter before it would.
    const kept = vcf.filter((line) => {
      if (line.startsWith('#')) return true;
      const site = minorCount(line);
      return site !== null && site.minor / site.called >= 0.05;
    });
    const filtered = scratchFiles('evostats-maf')('maf_filtered.vcf', `${kept.join('\n')}\n`);
    const after = await reportOf('nf-evostats', { ...EVOSTATS_FIXTURE, input: filtered });
    expect(after.report.numbers.find((number) => number.key === 'Singleton share · all')).toMatchObject({ value: 0, caution: expect.stringContaining('looks filtered by minor allele frequency') });
    expect(after.log.join('\n')).toMatch(/No singleton among the \d+ segregating sites of all samples: the VCF looks filtered/);
  });
});

describe('Phenomix', () => {
  it('gives H² per trait from heritability.csv and the BLUEs’ distribution per trait', async () => {
    const { report, read } = await reportOf('nf-phenomix', { ...PHENOMIX_FIXTURE });
    expect(report.problems).toEqual([]);
    const heritability = read('phenomix/heritability.csv');
    expect(numberAt(report.numbers, 'H² (Cullis) · yield')).toBe(Number(column(heritability, 'h2_cullis')[0]));
    expect(numberAt(report.numbers, 'Outliers flagged')).toBe(0);
    const blues = report.charts.filter((chart) => chart.title === 'BLUEs');
    expect(blues.map((chart) => chart.facet)).toEqual(['yield', 'height']);
    expect(blues[0]!.series[0]!.values!.reduce<number>((sum, count) => sum + (count ?? 0), 0)).toBe(column(read('phenomix/blues_blups_long.csv'), 'trait').filter((trait) => trait === 'yield').length);
  });
});

describe('Multigen sims', () => {
  it('gives the genetic gain of the last generation and draws gain per generation', async () => {
    const { report, read } = await reportOf('nf-multigen-sims', {
      n_founders: 100,
      n_chromosomes: 2,
      qtl_per_chromosome: 10,
      heritability: 0.4,
      generations: 3,
      selection_method: 'phenotype',
      selected_parents: 20,
      crosses_per_generation: 50,
      replicates: 2,
      seed: 7,
    });
    expect(report.problems).toEqual([]);
    const gains = column(read('simulation/summary.csv'), 'genetic_gain').map(Number);
    expect(numberAt(report.numbers, 'Genetic gain (last generation)')).toBe(gains.at(-1));
    const line = report.charts.find((chart) => chart.title === 'Genetic gain per generation')!;
    expect(line.series[0]!.points!.map((point) => point.y)).toEqual(gains);
  });
});

describe('Process Spectra', () => {
  it('counts the spectra and the outliers, and lists the outliers by global H', async () => {
    const { report, outdir, read } = await reportOf('nf-spectra', { ...SPECTRA_FIXTURE });
    expect(report.problems).toEqual([]);
    const summary = json(outdir, 'qc/nir.summary.json');
    expect(numberAt(report.numbers, 'Spectra')).toBe(summary.spectra);
    expect(numberAt(report.numbers, 'Outliers')).toBe(summary.outliers.length);
    expect(report.tables[0]!.rows.map((row) => row[0]).sort()).toEqual([...summary.outliers].sort());
    expect(read('qc/nir.spectra_qc.csv').length - 1).toBe(summary.spectra);
    expect(report.previews.map((preview) => preview.path)).toEqual(['processed/nir.processed.csv']);
    // The first 40 spectra as read, beside the same ones processed.
    const raw = report.charts.find((chart) => chart.title.startsWith('Raw spectra'))!;
    const rawFile = read('qc/nir.raw_spectra.csv');
    expect(raw.shown).toBe(40);
    expect(raw.series[0]!.label).toBe(rawFile[1]![0]);
    expect(raw.series[0]!.points![0]).toEqual({ x: Number(rawFile[0]![1]), y: Number(rawFile[1]![1]) });
    const input = fs
      .readFileSync(path.resolve('tests/fixtures/spectra/nir.csv'), 'utf8')
      .split('\n')
      .map((line) => line.split(','));
    const column = input[0]!.indexOf(rawFile[0]![1]!);
    expect(Number(rawFile[1]![1])).toBeCloseTo(Number(input[1]![column]), 6);
    const spectra = report.charts.find((chart) => chart.title === 'Processed spectra')!;
    expect(spectra.shown).toBe(40);
    expect(spectra.total).toBe(summary.spectra);
    const processed = read('processed/nir.processed.csv');
    expect(spectra.series[0]!.label).toBe(processed[1]![0]);
    expect(spectra.series[0]!.points![0]).toEqual({ x: Number(processed[0]![1]), y: Number(processed[1]![1]) });
    expect(spectra.series[0]!.points).toHaveLength(summary.wavelengths.count);
  });
});

describe('Preprocessing', () => {
  it('gives reads kept and mean quality per sample from read_qc.tsv, and quality per position', async () => {
    const { report, read } = await reportOf('preprocessing', { ...PREPROCESSING_FIXTURE });
    expect(report.problems).toEqual([]);
    const qc = read('qc/read_qc.tsv');
    expect(numberAt(report.numbers, 'Reads kept (%) · leaf_A')).toBe(Number(column(qc, 'percent_kept')[0]));
    expect(numberAt(report.numbers, 'Mean quality · leaf_B')).toBe(Number(column(qc, 'mean_quality')[1]));
    expect(report.charts.filter((chart) => chart.title === 'Quality per position').map((chart) => chart.file)).toEqual(['qc/leaf_A.per_position.tsv', 'qc/leaf_B.per_position.tsv']);
  });
});

describe('Combine GVCFs', () => {
  it('gives the variant sites and draws the variant records of each sample', async () => {
    const { report, outdir } = await reportOf('combine-gvcfs', { ...COMBINE_GVCFS_FIXTURE });
    expect(report.problems).toEqual([]);
    const summary = json(outdir, 'combined/cohort.summary.json');
    expect(numberAt(report.numbers, 'Variant sites')).toBe(summary.sites.variantSites);
    expect(numberAt(report.numbers, 'Samples')).toBe(summary.samples.length);
    const perSample = report.charts.find((chart) => chart.title === 'Variant records per sample')!;
    expect(perSample.categories).toEqual(summary.samples.map((sample: { sample: string }) => sample.sample));
    expect(perSample.series[0]!.values).toEqual(summary.samples.map((sample: { variantRecords: number }) => sample.variantRecords));
  });
});

describe('Auto Train Phenotype and Make Digital Phenotype Predictions', () => {
  it('gives the chosen model’s RMSECV per trait, and the predictions of spectra with the model', async () => {
    const trained = await reportOf('auto-train-pheno', { ...AUTO_TRAIN_PHENO_FIXTURE });
    expect(trained.report.problems).toEqual([]);
    const summary = trained.read('cv/cv_summary.csv');
    const chosen = summary.slice(1).find((row) => row[0] === 'protein' && row[5] === 'true')!;
    expect(numberAt(trained.report.numbers, 'RMSECV (chosen model) · protein')).toBe(Number(chosen[3]));

    const predicted = await reportOf('make-dig-pheno-predictions', {
      model: path.join(trained.outdir, 'models/spectra_model.json'),
      spectra: path.resolve('tests/fixtures/spectra/nir.csv'),
      prediction_interval: 0.95,
      flag_out_of_domain: true,
      interpolate: false,
    });
    expect(predicted.report.problems).toEqual([]);
    const rows = predicted.read('predictions/nir.predictions.csv');
    expect(numberAt(predicted.report.numbers, 'Samples predicted · protein')).toBe(column(rows, 'trait').filter((trait) => trait === 'protein').length);
    expect(numberAt(predicted.report.numbers, 'Out of the model’s domain')).toBe(column(rows, 'out_of_domain').filter((flag) => flag === 'true').length);
  });
});

describe('Make GDIP Predictions', () => {
  it('gives the individuals predicted per trait and the top individuals by GEBV', async () => {
    const gdip = await reportOf('nf-gdip', { ...GDIP_FIXTURE });
    const { report, read } = await reportOf('make-gdip-predictions', {
      model: path.join(gdip.outdir, 'models/gdip_model.json'),
      genotypes: path.resolve('tests/fixtures/exactness/gdip.vcf'),
      impute_missing: 'mean',
      max_missing_markers: 0.1,
    });
    expect(report.problems).toEqual([]);
    const rows = read('predictions/gebv_predictions.csv');
    expect(numberAt(report.numbers, 'Individuals predicted · yield')).toBe(rows.length - 1);
    const top = report.tables[0]!;
    expect(Number(top.rows[0]![top.columns.indexOf('gebv')])).toBe(Math.max(...column(rows, 'gebv').map(Number)));
    expect(top.accessionColumn).toBe(0);
  });
});
