/**
 * Process VCFs and GDIP on 500 samples × 20,400 markers, each timed beside the tool a
 * bioinformatician would use on the same file in the same run: plink 1.9 for filtering and
 * the association scan (and plink 2 beside them), numpy for ridge cross-validation. Each figure is
 * measured in every repeat (tests/bench/repeats.ts), ours and theirs back to back, so a ratio is
 * taken within one repeat.
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
import { repeat } from './repeats.ts';

/** One repeat of every timed genomics figure, ours and the other tools' back to back; null where a tool is not installed. */
export interface GenomicsRepeat {
  processVcfsSeconds: number;
  /** `plink1.9 --vcf … --maf 0.05 --geno 0.2 --mind 0.2 --make-bed`. */
  plinkFilterSeconds: number | null;
  /** The same filters with Debian's plink 2 (`plink2`). */
  plink2FilterSeconds: number | null;
  processVcfsLdSeconds: number;
  bcftoolsPruneSeconds: number | null;
  /** GDIP's PREPARE_MARKERS + ASSOCIATION, two covariates. */
  scanSeconds: number;
  plinkLinearSeconds: number | null;
  /** `plink2 --glm hide-covar` with the same covariates, one thread. */
  plink2GlmSeconds: number | null;
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
}

export interface GenomicsFigures {
  size: string;
  repeats: GenomicsRepeat[];
  notes: string[];
}

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

/** Seconds of an async piece of work. */
async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return (performance.now() - started) / 1000;
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
  // Process VCFs runs on one thread (its reads and writes are synchronous on it), so plink 1.9 and plink 2 get one too.
  const notes: string[] = ['Process VCFs runs on 1 thread (reads and writes synchronous on it); plink 1.9 and plink 2 run with --threads 1'];
  const filterParams = { input: data.vcf, biallelic_snps_only: true, min_maf: 0.05, max_site_missing: 0.2, min_sample_call_rate: 0.8, ld_prune: false, ld_r2_threshold: 0.8, ld_window_kb: 500 };
  // The other tools on one thread, as the built-in engine's steps run on one core; BLAS too (plink 2's --glm calls it).
  const single = { cwd: folder, env: { OPENBLAS_NUM_THREADS: '1', OMP_NUM_THREADS: '1', MKL_NUM_THREADS: '1' } };
  const plink = (args: string[]) => timeCommand('plink1.9', ['--allow-extra-chr', '--threads', '1', '--allow-no-sex', ...args], single);
  const plink2 = (args: string[]) => timeCommand('plink2', ['--allow-extra-chr', '--threads', '1', ...args], single);
  const plinkFilters = ['--vcf', data.vcf, '--double-id', '--maf', '0.05', '--geno', '0.2', '--mind', '0.2', '--make-bed'];
  const scanArgs = ['--bfile', 'all', '--pheno', data.plinkPheno, '--pheno-name', 'yield', '--covar', data.plinkCovar, '--maf', '0.05'];
  const hasPlink = plink(['--vcf', data.vcf, '--double-id', '--make-bed', '--out', 'all']) !== null;
  if (!hasPlink) notes.push('plink1.9 is not installed (apt-get install plink1.9): no plink 1.9 ratios, and no plink 2 --glm or GEMMA (they read its .bed)');
  if (plink2(['--version']) === null) notes.push('plink2 is not installed (apt-get install plink2): no plink 2 ratios');

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

  // GEMMA's phenotype file, in the order of plink's .fam.
  const hasFam = fs.existsSync(path.join(folder, 'all.fam'));
  if (hasFam) {
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
  }
  const script = path.join(folder, 'ridge_cv.py');
  fs.writeFileSync(script, NUMPY_RIDGE);

  // Evostats on the same file: the two subpopulations of the panel (first and second half).
  // Only the file's first megabyte (the header): reading all 41 MB as one string left it for a
  // full collection that then landed in the first timed repeat.
  const head = Buffer.alloc(1 << 20);
  const vcfHandle = fs.openSync(data.vcf, 'r');
  const headBytes = fs.readSync(vcfHandle, head, 0, head.length, 0);
  fs.closeSync(vcfHandle);
  const samples = head
    .toString('utf8', 0, headBytes)
    .split('\n')
    .find((line) => line.startsWith('#CHROM'))!
    .split('\t')
    .slice(9);
  const populations = path.join(folder, 'populations.csv');
  fs.writeFileSync(populations, `sample,population\n${samples.map((sample, index) => `${sample},${index * 2 < samples.length ? 'east' : 'west'}`).join('\n')}\n`);
  for (const name of ['east', 'west']) fs.writeFileSync(path.join(folder, `${name}.txt`), `${samples.filter((_, index) => index * 2 < samples.length === (name === 'east')).join('\n')}\n`);
  fs.writeFileSync(path.join(folder, 'all.txt'), `${samples.join('\n')}\n`);
  const evostatsParams: GivenParams<EvostatsParams> = { input: data.vcf, populations, window_size_kb: 100, window_step_kb: 50, statistics: 'pi,het,fst,tajima', fst_estimator: 'hudson' };
  const vcftools = (): number | null => {
    let total = 0;
    for (const population of ['east', 'west', 'all']) {
      const keep = ['--keep', `${population}.txt`];
      const pi = timeCommand('vcftools', ['--vcf', data.vcf, ...keep, '--window-pi', '100000', '--window-pi-step', '50000', '--out', population], { cwd: folder });
      const tajima = timeCommand('vcftools', ['--vcf', data.vcf, ...keep, '--TajimaD', '100000', '--out', population], { cwd: folder });
      if (pi === null || tajima === null) return null;
      total += pi + tajima;
    }
    const fst = timeCommand('vcftools', ['--vcf', data.vcf, '--weir-fst-pop', 'east.txt', '--weir-fst-pop', 'west.txt', '--fst-window-size', '100000', '--fst-window-step', '50000', '--out', 'fst'], {
      cwd: folder,
    });
    return fst === null ? null : total + fst;
  };

  const repeats = await repeat(async (): Promise<GenomicsRepeat> => {
    // Each of ours right beside the tool it is compared with, so a ratio is taken within one moment of the machine.
    // Process VCFs' outputs are removed once timed, as plink overwrites its own (`--out filtered`)
    // in every repeat: the bench leaves no 41 MB files behind, and each run's write, like plink's,
    // gets pages the kernel has used before rather than ones never touched since the machine
    // started (on a freshly started VM those cost about 100 ms more for the 41 MB).
    const filter = timedContext(filterParams);
    const processVcfsSeconds = await timed(() => processVcfs(filter.context));
    fs.rmSync(path.dirname(filter.context.outdir), { recursive: true, force: true });
    // READ_VCF is one pass that also filters the sites and writes the kept ones: the pipeline logs how long the writes took.
    const writing = filter.context.lines.map((line) => /\(([\d.]+ MB), (\d+) ms of writing\)/.exec(line)).find((match) => match !== null);
    notes.push(
      `Process VCFs, repeat ${notes.filter((note) => note.startsWith('Process VCFs, repeat')).length + 1}: ${Object.entries(filter.times)
        .map(([step, seconds]) => `${step} ${(seconds * 1000).toFixed(0)} ms`)
        .join(', ')}${writing ? ` (READ_VCF reads, filters and writes the ${writing[1]} output in one pass; ${writing[2]} ms of it writing)` : ''}`,
    );
    const plinkFilterSeconds = hasPlink ? plink([...plinkFilters, '--out', 'filtered']) : null;
    const plink2FilterSeconds = plink2([...plinkFilters, '--out', 'filtered2']);
    const ldContext = testContext({ ...filterParams, ld_prune: true });
    const processVcfsLdSeconds = await timed(() => processVcfs(ldContext));
    fs.rmSync(path.dirname(ldContext.outdir), { recursive: true, force: true });
    const bcftoolsPruneSeconds = timeCommand('bcftools', ['+prune', '-m', '0.8', '-w', '500kb', '-o', path.join(folder, 'pruned.vcf'), data.vcf]);

    const run = timedContext(gdipParams);
    const gdipSeconds = await timed(() => gdip(run.context));
    const plinkLinearSeconds = hasPlink ? plink([...scanArgs, '--linear', 'hide-covar', '--out', 'scan']) : null;
    const plink2GlmSeconds = hasPlink ? plink2([...scanArgs, '--glm', 'hide-covar', '--out', 'scan2']) : null;
    const foldsFile = path.join(run.context.outdir, 'prediction/cv_predictions.csv');
    const lambda = JSON.parse(run.context.read('models/gdip_model.json')).traits.yield.lambda;
    let numpyRidgeCvSeconds: number | null = null;
    try {
      const output = execFileSync('/usr/bin/python3', [script, data.vcf, data.phenotypes, foldsFile, String(lambda)], { env: { ...process.env, ...single.env } }).toString();
      numpyRidgeCvSeconds = Number(output.split(' ')[0]);
    } catch {
      if (!notes.some((note) => note.startsWith('numpy'))) notes.push('numpy is not installed (apt-get install python3-numpy): no numpy ratio');
    }
    const reml = timedContext({ ...gdipParams, lambda_method: 'reml' });
    await gdip(reml.context);

    // The mixed-model scan beside GEMMA's (-gk 1, then -lmm 1), both without covariates.
    const mixed = timedContext({ ...gdipParams, covariates: '', association_test: 'linear_kinship', mixed_model_test: 'exact' });
    await gdip(mixed.context);
    let gemmaLmmSeconds: number | null = null;
    if (hasFam) {
      const kinship = timeCommand('gemma', ['-bfile', 'all', '-p', 'gemma.pheno', '-maf', '0.05', '-miss', '1', '-gk', '1', '-o', 'kinship'], single);
      const lmm =
        kinship === null ? null : timeCommand('gemma', ['-bfile', 'all', '-p', 'gemma.pheno', '-maf', '0.05', '-miss', '1', '-k', 'output/kinship.cXX.txt', '-lmm', '1', '-o', 'lmm'], single);
      if (kinship !== null && lmm !== null) gemmaLmmSeconds = kinship + lmm;
      else if (!notes.some((note) => note.startsWith('gemma'))) notes.push('gemma is not installed (apt-get install gemma): no GEMMA ratio for the mixed-model scan');
    }

    const evostatsSeconds = await timed(() => evostats(testContext(evostatsParams)));
    const vcftoolsEvostatsSeconds = vcftools();
    if (vcftoolsEvostatsSeconds === null && !notes.some((note) => note.startsWith('vcftools'))) notes.push('vcftools is not installed (apt-get install vcftools): no Evostats ratio');

    return {
      processVcfsSeconds,
      plinkFilterSeconds,
      plink2FilterSeconds,
      processVcfsLdSeconds,
      bcftoolsPruneSeconds,
      scanSeconds: run.times.PREPARE_MARKERS! + run.times.ASSOCIATION!,
      plinkLinearSeconds,
      plink2GlmSeconds,
      ridgeCvSeconds: run.times.GENOMIC_PREDICTION!,
      ridgeCvRemlSeconds: reml.times.GENOMIC_PREDICTION!,
      numpyRidgeCvSeconds,
      gdipSeconds,
      mixedScanSeconds: mixed.times.PREPARE_MARKERS! + mixed.times.ASSOCIATION!,
      gemmaLmmSeconds,
      evostatsSeconds,
      vcftoolsEvostatsSeconds,
      sampleData: await timeSampleData(),
    };
  });
  return { size: `${individuals} × ${markers.toLocaleString()}`, repeats, notes };
}

/** Each local pipeline on its own test fixture (the sample data the docs walk through): seconds each. */
async function timeSampleData(): Promise<Record<string, number>> {
  return {
    'Evostats (60 samples × 750 sites)': await timed(() => evostats(testContext({ ...EVOSTATS_FIXTURE }))),
    'Combine GVCFs (8 gVCFs × 40 kb)': await timed(() => combineGvcfs(testContext({ ...COMBINE_GVCFS_FIXTURE }))),
    'Preprocessing (2 samples × 1,000 read pairs)': await timed(() => preprocessing(testContext({ ...PREPROCESSING_FIXTURE }))),
    'Multigen sims (defaults: 100 founders, 10 generations, 10 replicates, GEBV)': await timed(() =>
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
    ),
    'Phenomix (60 accessions × 3 environments × 2 replicates, 2 traits)': await timed(() => phenomix(testContext({ ...PHENOMIX_FIXTURE, outlier_method: 'studentized_residuals' }))),
    'Process Spectra (80 spectra × 201 wavelengths)': await timed(() => processSpectra(testContext({ ...SPECTRA_FIXTURE }))),
    'Auto Train Phenotype (80 spectra, 2 traits, PLS up to 12 components and ridge, 5 folds)': await timed(() => autoTrainPheno(testContext({ ...AUTO_TRAIN_PHENO_FIXTURE }))),
    'Auto Train (150 × 400, 2 traits, 4 models, 5 folds × 2 repeats)': await timed(() => autoTrain(testContext({ ...AUTO_TRAIN_FIXTURE }))),
  };
}

/** Auto Train on 500 individuals × 10,000 markers: rrBLUP, Bayesian ridge, RKHS, BayesB, BayesC, random forest and SVR, each alone, 5 folds, one repeat (the forest's and SVR's grids are still searched inside every training set). */
export async function benchAutoTrain(individuals = 500, markers = 10_000): Promise<{ size: string; models: string[]; repeats: Array<Record<string, number>> }> {
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
  const models = ['rrblup', 'bayesian_ridge', 'rkhs', 'bayesb', 'bayes_c', 'random_forest', 'svr'];
  // BayesB and BayesC at BGLR's default chain (1,500 iterations, 500 burn-in): one chain per fold, two for the model written.
  const repeats = await repeat(async () => {
    const perModel: Record<string, number> = {};
    for (const model of models) {
      perModel[model] = await timed(() =>
        autoTrain(
          testContext({ genotypes: data.vcf, phenotypes, models: model, cv_folds: 5, cv_repeats: 1, selection_metric: 'pearson', bayes_iterations: 1500, bayes_burn_in: 500, bayes_thin: 5, seed: 42 }),
        ),
      );
    }
    return perModel;
  });
  return { size: `${individuals} × ${markers.toLocaleString()}`, models, repeats };
}
