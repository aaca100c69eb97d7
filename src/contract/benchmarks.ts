import { z } from 'zod';
import { ASSOCIATION_TESTS } from './benchmark-labels';
import { recordId } from './fields';

/**
 * Benchmark datasets: stored files registered together as ground truth, after a check that they
 * fit each other (samples and markers shared). Registered as filesets of their kind.
 */

export const BENCHMARK_DATASET_KINDS = ['known-gdip', 'prediction-data'] as const;
export type BenchmarkDatasetKind = (typeof BENCHMARK_DATASET_KINDS)[number];

export const datasetFilesSchema = z
  .object({
    kind: z.enum(BENCHMARK_DATASET_KINDS, { error: `Kind is one of ${BENCHMARK_DATASET_KINDS.join(', ')}` }),
    genotypesFileId: recordId.optional().describe('A VCF (required for known-gdip; optional for prediction-data, to check the individuals)'),
    phenotypesFileId: recordId.describe('A phenotype CSV: the observed trait values, id and one column per trait'),
    knownQtlFileId: recordId.optional().describe('A known-QTL CSV (known-gdip only)'),
  })
  .superRefine((value, context) => {
    if (value.kind === 'known-gdip' && !value.genotypesFileId) context.addIssue({ code: 'custom', path: ['genotypesFileId'], message: 'Choose the genotype VCF' });
    if (value.kind === 'known-gdip' && !value.knownQtlFileId) context.addIssue({ code: 'custom', path: ['knownQtlFileId'], message: 'Choose the known-QTL CSV' });
  });
export type DatasetFiles = z.infer<typeof datasetFilesSchema>;

export const datasetProblemSchema = z.object({
  field: z.enum(['genotypesFileId', 'phenotypesFileId', 'knownQtlFileId']).describe('The file the problem is in'),
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
  associationTest: z.enum(ASSOCIATION_TESTS, { error: 'linear or linear_kinship' }).describe('GDIP’s association_test: linear (GLM) or linear_kinship (a mixed model with the genomic kinship)'),
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
