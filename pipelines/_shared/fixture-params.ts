/**
 * The parameters each pipeline runs its test fixture (tests/fixtures/<folder>) with: its own
 * tests, the tests of the pipelines that read its outputs, and `npm run bench` start from these.
 */
import path from 'node:path';
import type { Params as AutoTrainPhenoParams } from '../auto-train-pheno/local/main.ts';
import type { Params as CombineGvcfsParams } from '../combine-gvcfs/local/main.ts';
import type { Params as AutoTrainParams } from '../nf-auto-train/local/main.ts';
import type { Params as EvostatsParams } from '../nf-evostats/local/main.ts';
import type { Params as GdipParams } from '../nf-gdip/local/main.ts';
import type { Params as PhenomixParams } from '../nf-phenomix/local/main.ts';
import type { Params as SpectraParams } from '../nf-spectra/local/main.ts';
import type { Params as PreprocessingParams } from '../preprocessing/local/main.ts';

const fixture = (folder: string, file: string) => path.resolve('tests/fixtures', folder, file);

/** tests/fixtures/auto-train: 150 individuals × 400 markers, two traits. */
export const AUTO_TRAIN_FIXTURE: AutoTrainParams = {
  genotypes: fixture('auto-train', 'genotypes.vcf'),
  phenotypes: fixture('auto-train', 'phenotypes.csv'),
  models: 'rrblup,gblup,bayesian_ridge,rkhs',
  cv_folds: 5,
  cv_repeats: 2,
  selection_metric: 'pearson',
  seed: 42,
};

/** tests/fixtures/spectra: 80 NIR spectra and their two traits. */
export const AUTO_TRAIN_PHENO_FIXTURE: AutoTrainPhenoParams = {
  spectra: fixture('spectra', 'nir.csv'),
  phenotypes: fixture('spectra', 'nir_traits.csv'),
  models: 'plsr,ridge',
  max_components: 12,
  cv_folds: 5,
  seed: 42,
};

/** tests/fixtures/combine-gvcfs: eight per-sample gVCFs. */
export const COMBINE_GVCFS_FIXTURE: CombineGvcfsParams = {
  input: fixture('combine-gvcfs', 'samplesheet.csv'),
  fasta: fixture('combine-gvcfs', 'ref.fa'),
  output_name: 'cohort',
  include_non_variant_sites: false,
  batch_size: 50,
};

/** tests/fixtures/evostats: 60 samples in three populations. */
export const EVOSTATS_FIXTURE: EvostatsParams = {
  input: fixture('evostats', 'structured.vcf'),
  populations: fixture('evostats', 'populations.csv'),
  window_size_kb: 100,
  window_step_kb: 50,
  statistics: 'pi,het,fst,tajima',
  fst_estimator: 'hudson',
};

/** tests/fixtures/exactness: GDIP with covariates env (categorical) and age, λ by REML. */
export const GDIP_FIXTURE: GdipParams = {
  genotypes: fixture('exactness', 'gdip.vcf'),
  phenotypes: fixture('exactness', 'gdip_phenotypes.csv'),
  traits: 'yield',
  covariates: 'env,age',
  categorical_covariates: 'env',
  association_test: 'linear',
  significance_threshold: 5,
  min_maf: 0.05,
  biallelic_snps_only: true,
  model: 'rrblup',
  lambda_method: 'reml',
  ridge_lambda: 1,
  cv_folds: 5,
  seed: 42,
};

/** tests/fixtures/phenomix: a trial of 60 accessions × 3 environments × 2 replicates, no outlier pass. */
export const PHENOMIX_FIXTURE: PhenomixParams = {
  input: fixture('phenomix', 'trial.csv'),
  accession_column: 'accession',
  environment_column: 'environment',
  replicate_column: 'rep',
  outlier_method: 'none',
  outlier_threshold: 3.5,
  heritability: true,
};

/** tests/fixtures/preprocessing: two samples' read pairs on a small reference. */
export const PREPROCESSING_FIXTURE: PreprocessingParams = {
  input: fixture('preprocessing', 'samplesheet.csv'),
  fasta: fixture('preprocessing', 'ref.fa'),
  genome_name: 'test',
  ploidy: 2,
  skip_trimming: false,
  min_base_quality: 20,
  min_read_length: 50,
  aligner: 'bwa-mem2',
  skip_markduplicates: false,
};

/** tests/fixtures/spectra: the NIR spectra processed as the docs walk through (1000–1800 nm, SNV, first derivative). */
export const SPECTRA_FIXTURE: SpectraParams = {
  input: fixture('spectra', 'nir.csv'),
  wavelength_min: 1000,
  wavelength_max: 1800,
  smoothing_window: 11,
  polynomial_order: 2,
  snv: true,
  msc: false,
  detrend: false,
  derivative: 1,
  outlier_sd: 3,
};
