import { z } from 'zod';
import { ASSOCIATION_TESTS } from './benchmark-labels';
import { CV_SCHEMES } from './cv-folds';
import { recordId } from './fields';

/**
 * Benchmark datasets: stored files registered together as ground truth, after a check that they
 * fit each other (samples and markers shared). Registered as filesets of their kind.
 */

export const BENCHMARK_DATASET_KINDS = ['known-gdip', 'prediction-data'] as const;
export type BenchmarkDatasetKind = (typeof BENCHMARK_DATASET_KINDS)[number];

/** How a prediction dataset is cross-validated: its folds file is drawn once, at registration (src/contract/cv-folds.ts). */
export const crossValidationSchema = z
  .object({
    scheme: z
      .enum(CV_SCHEMES, { error: `One of ${CV_SCHEMES.join(', ')}` })
      .describe('CV1 new lines; CV2 lines tested in some environments, predicted in others; CV0 new environments; CV00 new lines in new environments'),
    folds: z.number({ error: 'A whole number' }).int('A whole number').min(2, 'At least 2').max(100, 'At most 100'),
    repeats: z.number({ error: 'A whole number' }).int('A whole number').min(1, 'At least 1').max(100, 'At most 100'),
    seed: z.number({ error: 'A whole number' }).int('A whole number').min(0, 'At least 0').max(2_147_483_647, 'At most 2,147,483,647'),
  })
  .describe('The cross-validation scheme of a prediction dataset, drawn from the seed (repeat r from seed + r − 1)');
export type CrossValidation = z.infer<typeof crossValidationSchema>;

export const datasetFilesSchema = z
  .object({
    kind: z.enum(BENCHMARK_DATASET_KINDS, { error: `Kind is one of ${BENCHMARK_DATASET_KINDS.join(', ')}` }),
    genotypesFileId: recordId.optional().describe('A VCF (required for known-gdip; optional for prediction-data, to check the individuals)'),
    phenotypesFileId: recordId.describe('A phenotype CSV: the observed trait values, id and one column per trait'),
    knownQtlFileId: recordId.optional().describe('A known-QTL CSV (known-gdip only)'),
    crossValidation: crossValidationSchema.optional().describe('prediction-data only: the scheme whose folds file is stored with the dataset'),
  })
  .superRefine((value, context) => {
    if (value.kind !== 'prediction-data' && value.crossValidation) context.addIssue({ code: 'custom', path: ['crossValidation'], message: 'Only prediction datasets are cross-validated' });
    if (value.kind === 'known-gdip' && !value.genotypesFileId) context.addIssue({ code: 'custom', path: ['genotypesFileId'], message: 'Choose the genotype VCF' });
    if (value.kind === 'known-gdip' && !value.knownQtlFileId) context.addIssue({ code: 'custom', path: ['knownQtlFileId'], message: 'Choose the known-QTL CSV' });
  });
export type DatasetFiles = z.infer<typeof datasetFilesSchema>;

export const DATASET_FIELDS = ['genotypesFileId', 'phenotypesFileId', 'knownQtlFileId', 'crossValidation.scheme', 'crossValidation.folds', 'crossValidation.repeats', 'crossValidation.seed'] as const;

export const datasetProblemSchema = z.object({
  field: z.enum(DATASET_FIELDS).describe('The file (or cross-validation choice) the problem is in'),
  message: z.string(),
});

export const datasetCheckSchema = z
  .object({
    ok: z.boolean().describe('True when nothing stops the files being used together'),
    facts: z.array(z.string()).describe('What was found, e.g. “480 samples and 12,000 markers in cohort.vcf”'),
    problems: z.array(datasetProblemSchema),
    warnings: z.array(datasetProblemSchema).describe('Worth knowing, not blocking'),
  })
  .describe('How the files of a benchmark dataset fit each other');
export type DatasetCheck = z.infer<typeof datasetCheckSchema>;

export const datasetRegisterSchema = z.object({
  files: datasetFilesSchema,
  name: z.string({ error: 'Required' }).trim().min(1, 'Required').max(200, 'At most 200 characters'),
  description: z.string().trim().max(4000, 'At most 4,000 characters').optional(),
  projectId: recordId.nullable().optional(),
});
export type DatasetRegister = z.infer<typeof datasetRegisterSchema>;

/* Discovery benchmarks: GDIP configurations × known datasets, launched as one run group. */

export const discoveryMethodSchema = z.object({
  label: z
    .string({ error: 'Required' })
    .trim()
    .min(1, 'Required')
    .max(24, 'At most 24 characters')
    .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, 'Letters, digits, _ . and -, e.g. glm or mlm_pc3'),
  associationTest: z
    .enum(ASSOCIATION_TESTS, { error: 'linear, linear_kinship or linear_kinship_loco' })
    .describe(
      'GDIP’s association_test: linear (GLM) or linear_kinship (a mixed model with the genomic kinship); linear_kinship_loco is the mixed model with a kinship leaving the tested chromosome out (kinship_loco)',
    ),
  covariates: z.string().trim().max(500).optional().describe('Phenotype columns used as covariates, separated by commas'),
});
export type DiscoveryMethod = z.infer<typeof discoveryMethodSchema>;

export const discoveryLaunchSchema = z
  .object({
    name: z.string({ error: 'Required' }).trim().min(1, 'Required').max(120, 'At most 120 characters'),
    datasetIds: z.array(recordId).min(1, 'Choose at least one known dataset').max(100, 'At most 100 datasets'),
    methods: z.array(discoveryMethodSchema).min(1, 'Add at least one method').max(10, 'At most 10 methods'),
  })
  .refine((value) => new Set(value.methods.map((method) => method.label.toLowerCase())).size === value.methods.length, { path: ['methods'], message: 'Give each method its own label' });
export type DiscoveryLaunch = z.infer<typeof discoveryLaunchSchema>;

export const benchmarkLaunchedSchema = z.object({
  groupId: z.number().int(),
  runIds: z.array(z.number().int()),
});
export type BenchmarkLaunched = z.infer<typeof benchmarkLaunchedSchema>;

/* Prediction benchmarks: trained models × prediction datasets, launched as one run group. */

/** The stored files a prediction benchmark applies with Make GDIP Predictions: its `model` parameter's inputFileTypes (a test ties the two). */
export const GENOMIC_MODEL_FILE_TYPES = ['GDIP model', 'Auto Train model', 'model'] as const;

export const predictionLaunchSchema = z.object({
  name: z.string({ error: 'Required' }).trim().min(1, 'Required').max(120, 'At most 120 characters'),
  modelFileIds: z.array(recordId).min(1, 'Choose at least one trained model').max(20, 'At most 20 models'),
  datasetIds: z.array(recordId).min(1, 'Choose a prediction dataset').max(20, 'At most 20 datasets'),
});
export type PredictionLaunch = z.infer<typeof predictionLaunchSchema>;

/* Cross-validation prediction benchmarks: methods cross-validated on each dataset's frozen folds (its CV folds CSV). */

/** The pipelines a cross-validation benchmark runs, and the models each takes: their `model` and `models` parameters' values (a test ties the two). */
export const CV_METHOD_MODELS = {
  'nf-gdip': ['rrblup', 'gblup', 'bayesb', 'bayes_c'],
  'nf-auto-train': ['rrblup', 'gblup', 'bayesian_ridge', 'rkhs', 'bayesb', 'bayes_c', 'random_forest', 'svr'],
} as const;
export type CvMethodPipeline = keyof typeof CV_METHOD_MODELS;
export const CV_METHOD_PIPELINES = Object.keys(CV_METHOD_MODELS) as CvMethodPipeline[];

export const predictionCvMethodSchema = z
  .object({
    label: discoveryMethodSchema.shape.label,
    pipeline: z
      .enum(CV_METHOD_PIPELINES as [CvMethodPipeline, ...CvMethodPipeline[]], { error: `One of ${CV_METHOD_PIPELINES.join(', ')}` })
      .describe('The pipeline that cross-validates: GDIP or Auto Train'),
    model: z.string({ error: 'Required' }).trim().min(1, 'Required').describe('GDIP’s model, or the one model Auto Train fits'),
  })
  .superRefine((value, context) => {
    const models: readonly string[] = CV_METHOD_MODELS[value.pipeline] ?? [];
    if (models.length > 0 && !models.includes(value.model)) context.addIssue({ code: 'custom', path: ['model'], message: `Choose one of ${models.join(', ')}` });
  });
export type PredictionCvMethod = z.infer<typeof predictionCvMethodSchema>;

export const predictionCvLaunchSchema = z
  .object({
    name: z.string({ error: 'Required' }).trim().min(1, 'Required').max(120, 'At most 120 characters'),
    datasetIds: z.array(recordId).min(1, 'Choose a prediction dataset with frozen folds').max(20, 'At most 20 datasets'),
    methods: z.array(predictionCvMethodSchema).min(1, 'Add at least one method').max(10, 'At most 10 methods'),
  })
  .refine((value) => new Set(value.methods.map((method) => method.label.toLowerCase())).size === value.methods.length, { path: ['methods'], message: 'Give each method its own label' });
export type PredictionCvLaunch = z.infer<typeof predictionCvLaunchSchema>;
