/**
 * Choosing a model by cross-validation, and scoring that choice honestly. The best of several
 * models by its mean CV score is chosen because that score is high, partly by luck on those very
 * folds, so the score overstates how the chosen model does on new individuals. Nested
 * cross-validation repeats the whole choice inside each outer training set (inner folds of those
 * individuals only) and scores the model chosen there on the outer held-out fold, which took no
 * part in the choice (Varma & Simon 2006, BMC Bioinformatics 7:91).
 */
import { foldMetrics, foldSplits, seededFolds } from '../../_shared/stats.ts';
import type { ModelName } from './models.ts';

export type SelectionMetric = 'pearson' | 'spearman' | 'rmse';
export type FoldScores = ReturnType<typeof foldMetrics>;
export type Split = { train: number[]; test: number[] };

/** A model fitted on `train` (indices of the trait's individuals), predicting `test`. */
export type PredictHeldOut = (model: ModelName, train: number[], test: number[]) => Float64Array;

/**
 * Each individual's prediction by each model, from the split that held it out (one prediction
 * per individual in some test set; the rest stay 0). Splits are taken one at a time, every model
 * fitted on it, so what is learned from a training set is prepared once. GBLUP with VanRaden's G
 * is rrBLUP with λ scaled by Σ2pq: the same predictions, computed once.
 */
export function heldOutPredictions(models: ModelName[], splits: Split[], n: number, predictHeldOut: PredictHeldOut): Map<ModelName, Float64Array> {
  const predictions = new Map<ModelName, Float64Array>();
  for (const model of models) {
    const twin = model === 'gblup' ? predictions.get('rrblup') : model === 'rrblup' ? predictions.get('gblup') : undefined;
    predictions.set(model, twin ?? new Float64Array(n));
  }
  for (const { train, test } of splits) {
    const done = new Set<Float64Array>();
    for (const model of models) {
      const predicted = predictions.get(model)!;
      if (done.has(predicted)) continue;
      done.add(predicted);
      const values = predictHeldOut(model, train, test);
      for (const [position, index] of test.entries()) predicted[index] = values[position]!;
    }
  }
  return predictions;
}

/** The scores of each split's held-out individuals. */
export const splitScores = (y: Float64Array, predicted: Float64Array, splits: Split[]): FoldScores[] =>
  splits.map(({ test }) =>
    foldMetrics(
      Float64Array.from(test, (index) => y[index]!),
      Float64Array.from(test, (index) => predicted[index]!),
    ),
  );

/** The selection criterion over folds: the mean metric, higher is better (RMSE negated); −∞ when undefined. */
export function criterion(metric: SelectionMetric, scores: FoldScores[]): number {
  const values = scores.map((fold) => (metric === 'pearson' ? fold.pearson : metric === 'spearman' ? fold.spearman : -fold.rmse));
  const value = values.reduce((sum, score) => sum + score, 0) / values.length;
  return Number.isFinite(value) ? value : Number.NEGATIVE_INFINITY;
}

/** The model with the highest criterion; a tie goes to the model listed first. */
export const bestModel = (models: ModelName[], criterionOf: (model: ModelName) => number): ModelName =>
  models.reduce((winner, model) => (criterionOf(model) > criterionOf(winner) ? model : winner), models[0]!);

/**
 * The choice made inside one outer training set: `folds` inner folds of its individuals
 * (shuffled by `seed`; a record goes with its individual, `lineOf`, so an individual observed in
 * several environments is never on both sides), every model cross-validated on them, the best by
 * `metric`. Nothing of the outer held-out records is used. With one model there is nothing to
 * choose (value null).
 */
export function chooseInside(
  outerTrain: number[],
  models: ModelName[],
  y: Float64Array,
  metric: SelectionMetric,
  folds: number,
  seed: number,
  predictHeldOut: PredictHeldOut,
  lineOf: (record: number) => number = (record) => record,
): { model: ModelName; value: number | null } {
  if (models.length === 1) return { model: models[0]!, value: null };
  const lines = [...new Set(outerTrain.map(lineOf))];
  const lineFold = seededFolds(lines.length, folds, seed);
  const foldOf = new Map(lines.map((line, index) => [line, lineFold[index]!]));
  const innerSplits = foldSplits(
    Int32Array.from(outerTrain, (record) => foldOf.get(lineOf(record))!),
    folds,
  ).map(({ train, test }) => ({
    train: train.map((position) => outerTrain[position]!),
    test: test.map((position) => outerTrain[position]!),
  }));
  const predictions = heldOutPredictions(models, innerSplits, y.length, predictHeldOut);
  const criterionOf = (model: ModelName) => criterion(metric, splitScores(y, predictions.get(model)!, innerSplits));
  const model = bestModel(models, criterionOf);
  return { model, value: criterionOf(model) };
}
