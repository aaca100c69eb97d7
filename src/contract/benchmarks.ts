import { z } from 'zod';
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
