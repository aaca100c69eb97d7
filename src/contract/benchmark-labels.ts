/**
 * How a benchmark's runs say what they are: labels on each run, read back by the results pages.
 * No zod here, so that the results pages load without it.
 */

/**
 * The scans a discovery method can choose: GDIP's association_test values, and the mixed model with
 * leave-one-chromosome-out kinship (association_test linear_kinship with kinship_loco).
 */
export const ASSOCIATION_TESTS = ['linear', 'linear_kinship', 'linear_kinship_loco'] as const;

/** The labels that tie a discovery benchmark's run to its method and dataset. */
export const benchmarkLabels = (method: string, datasetId: number) => ['benchmark:discovery', `method:${method}`, `dataset:${datasetId}`];

/** The labels that tie a prediction benchmark's run to its model (a stored file) and dataset. */
export const predictionBenchmarkLabels = (modelFileId: number, datasetId: number) => ['benchmark:prediction', `model:${modelFileId}`, `dataset:${datasetId}`];

/** The labels that tie a cross-validation benchmark's run to its method, dataset and the scheme of the dataset's folds. */
export const predictionCvLabels = (method: string, datasetId: number, scheme: string) => ['benchmark:prediction-cv', `method:${method}`, `dataset:${datasetId}`, `scheme:${scheme}`];

/** Whether a run is one of a cross-validation benchmark's (its method cross-validated on a dataset's folds). */
export const isPredictionCvRun = (labels: string[]) => labels.includes('benchmark:prediction-cv');

export const labelValue = (labels: string[], key: 'method' | 'dataset' | 'model' | 'scheme') => labels.find((label) => label.startsWith(`${key}:`))?.slice(key.length + 1) ?? null;
