import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { scratchFiles, table, testContext } from '../../_shared/testing.ts';
import { structuredPopulation } from '../../../tests/fixtures/gdip-mlm/structured-population.ts';
import { run } from './main.ts';
import { GDIP_FIXTURE } from '../../../tests/fixtures/pipeline-params.ts';

// Inputs: scripts/make-exactness-fixtures.ts. Expected: tests/fixtures/exactness/gdip-expected.R (R 4.2.2).
const FIXTURES = path.resolve('tests/fixtures/exactness');
const csv = (name: string) => table(fs.readFileSync(path.join(FIXTURES, name), 'utf8'), ',');
const relative = (actual: number, expected: number) => Math.abs(actual - expected) / Math.max(Math.abs(expected), 1e-300);

async function gdip(params: Record<string, unknown> = {}) {
  const context = testContext({ ...GDIP_FIXTURE, ...params });
  await run(context);
  return context;
}

describe('the association scan is R’s lm(y ~ factor(env) + age + g)', () => {
  it('β, SE and t to 5e-7, p to 1e-10 (relative), −log10 p to 1e-9, for p down to 1e-72', async () => {
    const context = await gdip();
    const rows = table(context.read('discovery/associations.csv'), ',');
    const header = rows[0]!;
    const at = (row: string[], column: string) => Number(row[header.indexOf(column)]);
    const ours = new Map(rows.slice(1).map((row) => [row[1]!, row]));
    const expected = csv('gdip.lm.csv').slice(1);
    expect(ours.size).toBe(expected.length);
    for (const [marker, beta, se, t, p, log10p] of expected) {
      const row = ours.get(marker!)!;
      expect(relative(at(row, 'beta'), Number(beta)), marker).toBeLessThan(5e-7);
      expect(relative(at(row, 'se'), Number(se)), marker).toBeLessThan(5e-7);
      expect(relative(at(row, 't'), Number(t)), marker).toBeLessThan(5e-7);
      expect(relative(at(row, 'p_value'), Number(p)), marker).toBeLessThan(1e-8); // printed with 9 significant digits
      expect(Math.abs(at(row, 'log10p') - Number(log10p)), marker).toBeLessThan(1e-5);
    }
    // The strong QTL: R's p is 7.45e-72; `2·(1 − cdf)` would have printed 4.9e-324.
    expect(at(ours.get('m8')!, 'log10p')).toBeCloseTo(71.127689695911229, 5);
    const hits = table(context.read('discovery/hits.csv'), ',')
      .slice(1)
      .map((row) => row[1]);
    expect(hits).toEqual(['m8', 'm34']);
  });

  it('refuses a covariate of a few whole numbers that is not declared categorical or numeric', async () => {
    await expect(gdip({ categorical_covariates: '' })).rejects.toThrow(
      'Covariate env holds 3 distinct whole numbers (1, 2, 3): are they categories, such as environments or blocks, or a measurement? List env in categorical_covariates to fit one effect per value, or in numeric_covariates to fit it as a number.',
    );
  });

  it('fits a declared numeric covariate as a slope (its effect on the scan differs from the categorical one)', async () => {
    const categorical = table((await gdip()).read('discovery/associations.csv'), ',');
    const numeric = table((await gdip({ categorical_covariates: '', numeric_covariates: 'env' })).read('discovery/associations.csv'), ',');
    expect(numeric[1]![1]).toBe(categorical[1]![1]);
    expect(numeric[1]![8]).not.toBe(categorical[1]![8]);
  });
});

describe('the prediction model fits the covariates as fixed effects and λ by REML', () => {
  const summary = Object.fromEntries(csv('gdip.ridge-summary.csv').map(([key, value]) => [key, Number(value)]));
  const expected = new Map(
    csv('gdip.ridge.csv')
      .slice(1)
      .map((row) => [row[0]!, row]),
  );

  it('REML λ agrees with R’s profiled REML, to 1e-6 on all individuals and 1e-5 re-estimated in each fold; CV predictions on the same folds and r to 5e-7', async () => {
    const context = await gdip();
    const model = JSON.parse(context.read('models/gdip_model.json')).traits.yield;
    expect(relative(model.lambda, summary.lambda!)).toBeLessThan(1e-6);
    const foldLambdas: number[] = model.cvFoldLambdas;
    expect(foldLambdas).toHaveLength(5);
    // A fold's likelihood is flatter than the whole data's: 1e-5 of λ in fold 5 moves R's log-likelihood by 5e-10.
    for (const [fold, lambda] of foldLambdas.entries()) expect(relative(lambda, summary[`fold_lambda_${fold + 1}`]!), `fold ${fold + 1}`).toBeLessThan(1e-5);
    expect(model.fixedEffects).toHaveProperty(['env=2']);
    const predictions = table(context.read('prediction/cv_predictions.csv'), ',').slice(1);
    expect(predictions).toHaveLength(summary.n!);
    for (const [id, , fold, , predicted, genetic] of predictions) {
      const [, rFold, rPredicted, rGenetic] = expected.get(id!)!;
      expect(fold, id).toBe(rFold);
      expect(relative(Number(predicted), Number(rPredicted)), id).toBeLessThan(5e-7);
      expect(Math.abs(Number(genetic) - Number(rGenetic)), id).toBeLessThan(5e-6);
    }
    const accuracy = table(context.read('prediction/cv_accuracy.csv'), ',');
    const r = Number(accuracy[1]![accuracy[0]!.indexOf('pearson_r')]);
    expect(Math.abs(r - summary.cv_pearson_r!)).toBeLessThan(5e-7);
    expect(accuracy[1]![accuracy[0]!.indexOf('lambda_method')]).toBe('reml');
    expect(relative(Number(accuracy[1]![accuracy[0]!.indexOf('h2_genomic')]), summary.h2_genomic!)).toBeLessThan(1e-6);
    // R's fold λs: 0.867, 1.407, 1.623, 1.625, 1.734.
    expect(relative(Number(accuracy[1]![accuracy[0]!.indexOf('lambda_fold_median')]), summary.fold_lambda_3!)).toBeLessThan(1e-6);
  });

  it('with λ fixed at R’s value, the GEBVs agree to 1e-9', async () => {
    const context = await gdip({ lambda_method: 'fixed', ridge_lambda: summary.lambda! / summary.markers! });
    for (const [id, , , gebv] of table(context.read('prediction/gebv.csv'), ',').slice(1)) {
      const [, , , , rGebv] = expected.get(id!)!;
      expect(Math.abs(Number(gebv) - Number(rGebv)), id).toBeLessThan(1e-7 * Math.max(1, Math.abs(Number(rGebv))));
    }
  });
});

describe('which records are tested', () => {
  const panel = {
    genotypes: path.resolve('tests/fixtures/genomics/panel.vcf'),
    phenotypes: path.resolve('tests/fixtures/genomics/panel_phenotypes.csv'),
    traits: 'trait1',
    covariates: '',
    categorical_covariates: '',
  };

  it('tests biallelic SNPs only by default, and says what it left out', async () => {
    const context = await gdip(panel);
    const markers = table(context.read('discovery/associations.csv'), ',').slice(1);
    // panel.vcf holds 8 indels and 8 multi-allelic SNPs (written by scripts/make-genomics-fixtures.ts).
    expect(markers.some((row) => row[4] !== 'A' && row[4] !== 'C' && row[4] !== 'G' && row[4] !== 'T')).toBe(false);
    expect(context.lines.find((line) => line.startsWith('trait1: '))).toMatch(/left out: 8 multi-allelic and 8 other non-SNP records as biallelic_snps_only is on/);
  });

  it('with biallelic_snps_only off, tests each ALT allele of a multi-allelic site as its own marker', async () => {
    const context = await gdip({ ...panel, biallelic_snps_only: false });
    const ids = table(context.read('discovery/associations.csv'), ',')
      .slice(1)
      .map((row) => row[1]!);
    expect(ids.filter((id) => /:[GT]$/.test(id)).length).toBeGreaterThan(0);
  });
});

describe('association_test linear_kinship runs the mixed-model scan, as GEMMA -lmm 1 with covariates', () => {
  // The structured population of tests/fixtures/gdip-mlm as a VCF (ALT = the counted allele) and a
  // phenotype table with the subpopulation as a categorical covariate; GEMMA ran with it in -c.
  const population = structuredPopulation();
  const n = population.individuals;
  const write = scratchFiles('gdip-mlm');
  const ids = Array.from({ length: n }, (_, i) => `I${i + 1}`);
  const calls = ['0/0', '0/1', '1/1'];
  const vcf = [
    '##fileformat=VCFv4.2',
    '##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">',
    ['#CHROM', 'POS', 'ID', 'REF', 'ALT', 'QUAL', 'FILTER', 'INFO', 'FORMAT', ...ids].join('\t'),
    ...Array.from({ length: population.markers }, (_, k) =>
      [population.chromosome(k), (k + 1) * 1000, `m${k + 1}`, 'C', 'A', '.', 'PASS', '.', 'GT', ...ids.map((_, i) => calls[population.genotypes[k * n + i]!])].join('\t'),
    ),
  ].join('\n');
  const phenotypes = ['id,trait,subpopulation', ...ids.map((id, i) => `${id},${population.phenotype[i]!.toPrecision(17)},${population.subpopulation[i]}`)].join('\n');
  const params = {
    genotypes: write('population.vcf', `${vcf}\n`),
    phenotypes: write('population.csv', `${phenotypes}\n`),
    traits: 'trait',
    covariates: 'subpopulation',
    categorical_covariates: 'subpopulation',
    numeric_covariates: '',
    association_test: 'linear_kinship',
    min_maf: 0.01,
  };
  const gemma = gunzipSync(fs.readFileSync(path.resolve('tests/fixtures/gdip-mlm/gemma-covariates.assoc.txt.gz')))
    .toString()
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t'));

  it("writes GEMMA's β, SE and p_wald in the associations' columns, and genomic-control λ for both scans", async () => {
    const context = await gdip(params);
    const rows = table(context.read('discovery/associations.csv'), ',');
    const header = rows[0]!;
    expect(header.join(',')).toBe('trait,marker,chromosome,position,allele,n,maf,beta,se,t,p_value,log10p,significant');
    const at = (row: string[], column: string) => Number(row[header.indexOf(column)]);
    const ours = new Map(rows.slice(1).map((row) => [row[1]!, row]));
    expect(ours.size).toBe(gemma.length);
    for (const expected of gemma) {
      const row = ours.get(expected[1]!)!;
      expect(relative(at(row, 'beta'), Number(expected[7])), expected[1]).toBeLessThan(5e-6);
      expect(relative(at(row, 'se'), Number(expected[8])), expected[1]).toBeLessThan(1e-6);
      expect(relative(at(row, 'p_value'), Number(expected[11])), expected[1]).toBeLessThan(1e-6);
    }
    const inflation = table(context.read('discovery/genomic_control.csv'), ',');
    expect(inflation[0]).toEqual(['trait', 'scan', 'markers', 'genomic_control_lambda', 'role']);
    expect(inflation.slice(1).map((row) => [row[1], row[4]])).toEqual([
      ['linear', 'comparison'],
      ['linear_kinship_exact', 'hits'],
    ]);
    const lambda = new Map(inflation.slice(1).map((row) => [row[1]!, Number(row[3])]));
    // With the subpopulation fitted, the families still inflate the plain scan.
    expect(lambda.get('linear')!).toBeGreaterThan(1.5);
    expect(lambda.get('linear_kinship_exact')!).toBeGreaterThan(0.9);
    expect(lambda.get('linear_kinship_exact')!).toBeLessThan(1.1);
    expect(context.lines.join('\n')).toMatch(/trait: genomic-control λ 0\.9\d\d for the mixed-model scan, \d\.\d{3} for the plain scan/);
  });
  it('with kinship_loco, tests each chromosome against the kinship of the others: a null model per chromosome, and its own genomic-control row', async () => {
    const context = await gdip({ ...params, mixed_model_test: 'p3d', kinship_loco: true });
    const log = context.lines.join('\n');
    for (const chromosome of ['1', '2', '3', '4', '5']) expect(log).toContain(`the markers off chromosome ${chromosome} (leave one chromosome out), testing chromosome ${chromosome}'s`);
    const inflation = table(context.read('discovery/genomic_control.csv'), ',');
    const lambda = new Map(inflation.slice(1).map((row) => [row[1]!, Number(row[3])]));
    expect([...lambda.keys()]).toEqual(['linear', 'linear_kinship_p3d_loco']);
    expect(lambda.get('linear_kinship_p3d_loco')!).toBeGreaterThan(0.9);
    expect(lambda.get('linear_kinship_p3d_loco')!).toBeLessThan(1.15);
    expect(table(context.read('discovery/associations.csv'), ',').length).toBe(gemma.length + 1);
  });
});
