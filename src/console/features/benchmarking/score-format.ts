import type { ModelTraitScore } from './prediction-data';

/** A score as the results tables show it: three decimals, or a dash where it has no value. */
export const formatScore = (value: number | null) => (value === null ? '—' : value.toFixed(3));

/** Pearson r, with its mean ± sd across folds where there are folds. */
export const formatPearson = (row: ModelTraitScore) =>
  row.foldPearson ? `${formatScore(row.pearson)} (folds ${formatScore(row.foldPearson.mean)} ± ${formatScore(row.foldPearson.sd)})` : formatScore(row.pearson);
