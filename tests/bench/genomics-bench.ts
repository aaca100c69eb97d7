/**
 * Process VCFs and GDIP on 500 samples × 20,400 markers, each timed beside the tool a
 * bioinformatician would use on the same file in the same run: plink 1.9 for filtering and
 * the association scan, numpy for ridge cross-validation. Medians of three runs.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AUTO_TRAIN_FIXTURE, AUTO_TRAIN_PHENO_FIXTURE, COMBINE_GVCFS_FIXTURE, EVOSTATS_FIXTURE, PHENOMIX_FIXTURE, PREPROCESSING_FIXTURE, SPECTRA_FIXTURE } from '../fixtures/pipeline-params.ts';
import { type GivenParams, testContext } from '../../pipelines/_shared/testing.ts';
import type { Params as EvostatsParams } from '../../pipelines/nf-evostats/local/params.generated.ts';
import type { Params as GdipParams } from '../../pipelines/nf-gdip/local/params.generated.ts';
import { run as gdip } from '../../pipelines/nf-gdip/local/main.ts';
import { run as processVcfs } from '../../pipelines/nf-processvcfs/local/main.ts';
import { run as combineGvcfs } from '../../pipelines/combine-gvcfs/local/main.ts';
import { run as evostats } from '../../pipelines/nf-evostats/local/main.ts';
import { run as multigenSims } from '../../pipelines/nf-multigen-sims/local/main.ts';
import { run as autoTrain } from '../../pipelines/nf-auto-train/local/main.ts';
import { run as autoTrainPheno } from '../../pipelines/auto-train-pheno/local/main.ts';
import { run as phenomix } from '../../pipelines/nf-phenomix/local/main.ts';
import { run as processSpectra } from '../../pipelines/nf-spectra/local/main.ts';
import { run as preprocessing } from '../../pipelines/preprocessing/local/main.ts';
import { writeGenomicsData } from './genomics-data.ts';

export interface GenomicsFigures {
  size: string;
  processVcfsSeconds: number;
  processVcfsLdSeconds: number;
  plinkFilterSeconds: number | null;
  bcftoolsPruneSeconds: number | null;
  scanSeconds: number;
  plinkLinearSeconds: number | null;
  ridgeCvSeconds: number;
  ridgeCvRemlSeconds: number;
  numpyRidgeCvSeconds: number | null;
  gdipSeconds: number;
  /** GDIP's mixed-model scan (association_test linear_kinship, the exact per-marker test, no covariates): markers, kinship, null model and every marker's test. */
  mixedScanSeconds: number;
  /** GEMMA on the same markers (MAF ≥ 0.05, none left out for missing calls: `-miss 1`) and trait: `-gk 1` then `-lmm 1`. */
  gemmaLmmSeconds: number | null;
  /** Evostats with every statistic (π, θ, Tajima's D, Ho/He, Hudson's Fst) for two populations and all samples. */
  evostatsSeconds: number;
  /** vcftools doing the same: --window-pi and --TajimaD per population and for all, and windowed --weir-fst-pop (seven runs). */
  vcftoolsEvostatsSeconds: number | null;
  /** The pipelines on their test fixtures (the sample data): seconds each. */
  sampleData: Record<string, number>;
  notes: string[];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function timedContext<const Given>(params: Given) {
  const context = testContext(params);
  const times: Record<string, number> = {};
  const task = context.task;
  context.task = async (process, tag, work) => {
    const started = performance.now();
    try {
      return await task(process, tag, work);
    } finally {
      times[process] = (times[process] ?? 0) + (performance.now() - started) / 1000;
    }
  };
  return { context, times };
}

/** Seconds of one external command, or null when the tool is not installed. */
function timeCommand(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): number | null {
  try {
    const started = performance.now();
    execFileSync(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...options.env }, cwd: options.cwd });
    return (performance.now() - started) / 1000;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

const NUMPY_RIDGE = `
import csv, sys, time
import numpy as np
vcf, phenotypes, folds_file, lam = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])
codes = {'0/0': 0.0, '0/1': 1.0, '1/1': 2.0}
rows = [line.rstrip('\\n').split('\\t') for line in open(vcf) if not line.startswith('#')]
samples = [line.rstrip('\\n').split('\\t')[9:] for line in open(vcf) if line.startswith('#CHROM')][0]
G = np.array([[codes.get(call, np.nan) for call in row[9:]] for row in rows]).T
pheno = list(csv.DictReader(open(phenotypes)))
index = {name: i for i, name in enumerate(samples)}
order = [index[row['id']] for row in pheno]
G = G[order]
y = np.array([float(row['yield']) for row in pheno])
env = [row['environment'] for row in pheno]
X = np.column_stack([np.ones(len(y)), [e == 'north' for e in env], [e == 'south' for e in env], [float(row['moisture']) for row in pheno]]).astype(float)
means = np.nanmean(G, 0)
where = np.where(np.isnan(G))
G[where] = np.take(means, where[1])
p = means / 2
G = G[:, np.minimum(p, 1 - p) >= 0.05]
fold = np.array([int(line.split(',')[2]) for line in open(folds_file).read().split('\\n')[1:] if line])
started = time.perf_counter()
predicted = np.zeros(len(y))
for f in range(fold.max() + 1):
    train, test = fold != f, fold == f
    Z = G[train] - G[train].mean(0)
    H = Z @ Z.T + lam * np.eye(train.sum())
    Hi_X = np.linalg.solve(H, X[train])
    Hi_y = np.linalg.solve(H, y[train])
    b = np.linalg.solve(X[train].T @ Hi_X, X[train].T @ Hi_y)
    alpha = Hi_y - Hi_X @ b
    predicted[test] = X[test] @ b + (G[test] - G[train].mean(0)) @ (Z.T @ alpha)
print(time.perf_counter() - started, np.corrcoef(predicted, y)[0, 1])
`;

export async function benchGenomics(individuals = 500, markers = 20_400): Promise<GenomicsFigures> {
  const folder = path.join(os.tmpdir(), `seedbed-genomics-bench-${individuals}x${markers}`);
  const data = fs.existsSync(path.join(folder, 'plink.covar'))
    ? {
        vcf: path.join(folder, `panel_${individuals}x${markers}.vcf`),
        phenotypes: path.join(folder, 'phenotypes.csv'),
        plinkPheno: path.join(folder, 'plink.pheno'),
        plinkCovar: path.join(folder, 'plink.covar'),
      }
    : writeGenomicsData(folder, individuals, markers);
  const notes: string[] = [];
  const filterParams = { input: data.vcf, biallelic_snps_only: true, min_maf: 0.05, max_site_missing: 0.2, min_sample_call_rate: 0.8, ld_prune: false, ld_r2_threshold: 0.8, ld_window_kb: 500 };

  const filterTimes: number[] = [];
  const ldTimes: number[] = [];
  for (let round = 0; round < 3; round += 1) {
    let started = performance.now();
    await processVcfs(testContext(filterParams));
    filterTimes.push((performance.now() - started) / 1000);
    started = performance.now();
    await processVcfs(testContext({ ...filterParams, ld_prune: true }));
    ldTimes.push((performance.now() - started) / 1000);
  }

  const plink = (args: string[]) => timeCommand('plink1.9', ['--allow-extra-chr', '--threads', '1', '--allow-no-sex', ...args], { cwd: folder });
  const plinkFilter: number[] = [];
  const plinkLinear: number[] = [];
  const prune: number[] = [];
  if (plink(['--vcf', data.vcf, '--double-id', '--make-bed', '--out', 'all']) === null) notes.push('plink1.9 is not installed (apt-get install plink1.9): no plink ratios');
  else {
    for (let round = 0; round < 3; round += 1) {
      plinkFilter.push(plink(['--vcf', data.vcf, '--double-id', '--maf', '0.05', '--geno', '0.2', '--mind', '0.2', '--make-bed', '--out', 'filtered'])!);
      plinkLinear.push(plink(['--bfile', 'all', '--pheno', data.plinkPheno, '--pheno-name', 'yield', '--covar', data.plinkCovar, '--linear', 'hide-covar', '--maf', '0.05', '--out', 'scan'])!);
    }
  }
  for (let round = 0; round < 3; round += 1) {
    const seconds = timeCommand('bcftools', ['+prune', '-m', '0.8', '-w', '500kb', '-o', path.join(folder, 'pruned.vcf'), data.vcf]);
    if (seconds === null) break;
    prune.push(seconds);
  }

  const gdipParams: GdipParams = {
    genotypes: data.vcf,
    phenotypes: data.phenotypes,
    traits: 'yield',
    covariates: 'environment,moisture',
    association_test: 'linear',
    mixed_model_test: 'exact',
    kinship_loco: false,
    significance_threshold: 5,
    min_maf: 0.05,
    biallelic_snps_only: true,
    model: 'rrblup',
    lambda_method: 'fixed',
    ridge_lambda: 0.2,
    bayes_iterations: 1500,
    bayes_burn_in: 500,
    bayes_thin: 5,
    cv_folds: 5,
    cv_repeats: 1,
    seed: 42,
  };
  const scans: number[] = [];
  const ridge: number[] = [];
  const totals: number[] = [];
  let foldsFile = '';
  let lambda = 0;
  for (let round = 0; round < 3; round += 1) {
    const { context, times } = timedContext(gdipParams);
    const started = performance.now();
    await gdip(context);
    totals.push((performance.now() - started) / 1000);
    scans.push(times.PREPARE_MARKERS! + times.ASSOCIATION!);
    ridge.push(times.GENOMIC_PREDICTION!);
    foldsFile = path.join(context.outdir, 'prediction/cv_predictions.csv');
    lambda = JSON.parse(context.read('models/gdip_model.json')).traits.yield.lambda;
  }
  const reml = timedContext({ ...gdipParams, lambda_method: 'reml' });
  await gdip(reml.context);

  // The mixed-model scan beside GEMMA's (-gk 1, then -lmm 1), both without covariates.
  const mixed = timedContext({ ...gdipParams, covariates: '', association_test: 'linear_kinship', mixed_model_test: 'exact' });
  await gdip(mixed.context);
  const mixedScanSeconds = mixed.times.PREPARE_MARKERS! + mixed.times.ASSOCIATION!;
  let gemmaLmmSeconds: number | null = null;
  if (fs.existsSync(path.join(folder, 'all.fam'))) {
    const yields = new Map(
      fs
        .readFileSync(data.phenotypes, 'utf8')
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => line.split(',') as [string, string]),
    );
    const famIds = fs
      .readFileSync(path.join(folder, 'all.fam'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split(/\s+/)[1]!);
    fs.writeFileSync(path.join(folder, 'gemma.pheno'), `${famIds.map((id) => yields.get(id) ?? 'NA').join('\n')}\n`);
    // One thread, as the built-in engine's scan runs on one core.
    const single = { cwd: folder, env: { OPENBLAS_NUM_THREADS: '1', OMP_NUM_THREADS: '1' } };
    const kinship = timeCommand('gemma', ['-bfile', 'all', '-p', 'gemma.pheno', '-maf', '0.05', '-miss', '1', '-gk', '1', '-o', 'kinship'], single);
    const lmm = kinship === null ? null : timeCommand('gemma', ['-bfile', 'all', '-p', 'gemma.pheno', '-maf', '0.05', '-miss', '1', '-k', 'output/kinship.cXX.txt', '-lmm', '1', '-o', 'lmm'], single);
    if (kinship === null || lmm === null) notes.push('gemma is not installed (apt-get install gemma): no GEMMA ratio for the mixed-model scan');
    else gemmaLmmSeconds = kinship + lmm;
  }
  notes.push(
    `GDIP mixed-model scan (exact, ${individuals} × ${markers.toLocaleString()}): ${mixedScanSeconds.toFixed(2)} s; GEMMA -gk 1 + -lmm 1: ${gemmaLmmSeconds?.toFixed(2) ?? 'n/a'} s${gemmaLmmSeconds ? ` (${(mixedScanSeconds / gemmaLmmSeconds).toFixed(1)}× GEMMA; target ≤ 2×)` : ''}`,
  );

  const numpy: number[] = [];
  const script = path.join(folder, 'ridge_cv.py');
  fs.writeFileSync(script, NUMPY_RIDGE);
  for (let round = 0; round < 3; round += 1) {
    try {
      const output = execFileSync('/usr/bin/python3', [script, data.vcf, data.phenotypes, foldsFile, String(lambda)], {
        env: { ...process.env, OPENBLAS_NUM_THREADS: '1', OMP_NUM_THREADS: '1', MKL_NUM_THREADS: '1' },
      }).toString();
      numpy.push(Number(output.split(' ')[0]));
    } catch {
      notes.push('numpy is not installed (apt-get install python3-numpy): no numpy ratio');
      break;
    }
  }

  // Evostats on the same file: the two subpopulations of the panel (first and second half).
  const samples = fs
    .readFileSync(data.vcf, 'utf8')
    .slice(0, 1 << 20)
    .split('\n')
    .find((line) => line.startsWith('#CHROM'))!
    .split('\t')
    .slice(9);
  const populations = path.join(folder, 'populations.csv');
  fs.writeFileSync(populations, `sample,population\n${samples.map((sample, index) => `${sample},${index * 2 < samples.length ? 'east' : 'west'}`).join('\n')}\n`);
  for (const name of ['east', 'west']) fs.writeFileSync(path.join(folder, `${name}.txt`), `${samples.filter((_, index) => index * 2 < samples.length === (name === 'east')).join('\n')}\n`);
  fs.writeFileSync(path.join(folder, 'all.txt'), `${samples.join('\n')}\n`);
  const evostatsParams: GivenParams<EvostatsParams> = { input: data.vcf, populations, window_size_kb: 100, window_step_kb: 50, statistics: 'pi,het,fst,tajima', fst_estimator: 'hudson' };
  const evostatsTimes: number[] = [];
  const vcftoolsTimes: number[] = [];
  for (let round = 0; round < 3; round += 1) {
    const started = performance.now();
    await evostats(testContext(evostatsParams));
    evostatsTimes.push((performance.now() - started) / 1000);
    let total = 0;
    for (const population of ['east', 'west', 'all']) {
      const keep = ['--keep', `${population}.txt`];
      const pi = timeCommand('vcftools', ['--vcf', data.vcf, ...keep, '--window-pi', '100000', '--window-pi-step', '50000', '--out', population], { cwd: folder });
      const tajima = timeCommand('vcftools', ['--vcf', data.vcf, ...keep, '--TajimaD', '100000', '--out', population], { cwd: folder });
      if (pi === null || tajima === null) {
        total = Number.NaN;
        break;
      }
      total += pi + tajima;
    }
    const fst = timeCommand('vcftools', ['--vcf', data.vcf, '--weir-fst-pop', 'east.txt', '--weir-fst-pop', 'west.txt', '--fst-window-size', '100000', '--fst-window-step', '50000', '--out', 'fst'], {
      cwd: folder,
    });
    if (Number.isNaN(total) || fst === null) {
      notes.push('vcftools is not installed (apt-get install vcftools): no Evostats ratio');
      break;
    }
    vcftoolsTimes.push(total + fst);
  }

  // Each local pipeline on its own test fixture (the sample data the docs walk through).
  const sampleData: Record<string, number> = {};
  const timeOn = async (name: string, work: () => Promise<void>) => {
    const started = performance.now();
    await work();
    sampleData[name] = (performance.now() - started) / 1000;
  };
  await timeOn('Evostats (60 samples × 750 sites)', () => evostats(testContext({ ...EVOSTATS_FIXTURE })));
  await timeOn('Combine GVCFs (8 gVCFs × 40 kb)', () => combineGvcfs(testContext({ ...COMBINE_GVCFS_FIXTURE })));

  await timeOn('Preprocessing (2 samples × 1,000 read pairs)', () => preprocessing(testContext({ ...PREPROCESSING_FIXTURE })));
  await timeOn('Multigen sims (defaults: 100 founders, 10 generations, 10 replicates, GEBV)', () =>
    multigenSims(
      testContext({
        n_founders: 100,
        n_chromosomes: 10,
        qtl_per_chromosome: 50,
        heritability: 0.4,
        generations: 10,
        selection_method: 'gebv',
        selected_parents: 20,
        crosses_per_generation: 100,
        replicates: 10,
        seed: 42,
      }),
    ),
  );

  await timeOn('Phenomix (60 accessions × 3 environments × 2 replicates, 2 traits)', () => phenomix(testContext({ ...PHENOMIX_FIXTURE, outlier_method: 'studentized_residuals' })));
  await timeOn('Process Spectra (80 spectra × 201 wavelengths)', () => processSpectra(testContext({ ...SPECTRA_FIXTURE })));
  await timeOn('Auto Train Phenotype (80 spectra, 2 traits, PLS up to 12 components and ridge, 5 folds)', () => autoTrainPheno(testContext({ ...AUTO_TRAIN_PHENO_FIXTURE })));
  await timeOn('Auto Train (150 × 400, 2 traits, 4 models, 5 folds × 2 repeats)', () => autoTrain(testContext({ ...AUTO_TRAIN_FIXTURE })));

  return {
    size: `${individuals} × ${markers.toLocaleString()}`,
    evostatsSeconds: median(evostatsTimes),
    vcftoolsEvostatsSeconds: vcftoolsTimes.length ? median(vcftoolsTimes) : null,
    sampleData,
    processVcfsSeconds: median(filterTimes),
    processVcfsLdSeconds: median(ldTimes),
    plinkFilterSeconds: plinkFilter.length ? median(plinkFilter) : null,
    bcftoolsPruneSeconds: prune.length ? median(prune) : null,
    scanSeconds: median(scans),
    plinkLinearSeconds: plinkLinear.length ? median(plinkLinear) : null,
    ridgeCvSeconds: median(ridge),
    ridgeCvRemlSeconds: reml.times.GENOMIC_PREDICTION!,
    numpyRidgeCvSeconds: numpy.length ? median(numpy) : null,
    gdipSeconds: median(totals),
    mixedScanSeconds,
    gemmaLmmSeconds,
    notes,
  };
}

/** Auto Train on 500 individuals × 10,000 markers: rrBLUP, Bayesian ridge, RKHS, BayesB, BayesC, random forest and SVR, each alone, 5 folds, one repeat (the forest's and SVR's grids are still searched inside every training set). */
export async function benchAutoTrain(individuals = 500, markers = 10_000): Promise<{ size: string; seconds: number; perModel: Record<string, number> }> {
  const folder = path.join(os.tmpdir(), `seedbed-auto-train-bench-${individuals}x${markers}`);
  const data = fs.existsSync(path.join(folder, 'plink.covar'))
    ? { vcf: path.join(folder, `panel_${individuals}x${markers}.vcf`), phenotypes: path.join(folder, 'phenotypes.csv') }
    : writeGenomicsData(folder, individuals, markers);
  // One trait: the panel's yield.
  const rows = fs.readFileSync(data.phenotypes, 'utf8').trim().split('\n');
  const header = rows[0]!.split(',');
  const column = header.indexOf('yield');
  const phenotypes = path.join(folder, 'yield_only.csv');
  fs.writeFileSync(
    phenotypes,
    `id,yield\n${rows
      .slice(1)
      .map((line) => {
        const cells = line.split(',');
        return `${cells[0]},${cells[column]}`;
      })
      .join('\n')}\n`,
  );
  const perModel: Record<string, number> = {};
  let total = 0;
  // BayesB and BayesC at BGLR's default chain (1,500 iterations, 500 burn-in): one chain per fold, two for the model written.
  for (const model of ['rrblup', 'bayesian_ridge', 'rkhs', 'bayesb', 'bayes_c', 'random_forest', 'svr']) {
    const started = performance.now();
    await autoTrain(
      testContext({ genotypes: data.vcf, phenotypes, models: model, cv_folds: 5, cv_repeats: 1, selection_metric: 'pearson', bayes_iterations: 1500, bayes_burn_in: 500, bayes_thin: 5, seed: 42 }),
    );
    perModel[model] = (performance.now() - started) / 1000;
    total += perModel[model]!;
  }
  return { size: `${individuals} × ${markers.toLocaleString()}`, seconds: total, perModel };
}
