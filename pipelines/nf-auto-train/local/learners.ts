/**
 * Auto Train's machine-learning models on the markers of one training set: a random forest
 * (ranger's algorithm, pipelines/_shared/random-forest.ts) and ε-SVR with a Gaussian kernel
 * (libsvm, pipelines/_shared/svr.ts). Their hyper-parameters are chosen on the training
 * individuals alone, so an outer or inner held-out fold takes no part: the forest's mtry and
 * minimum node size by out-of-bag error, the SVR's C, γ and ε by 5-fold cross-validation inside
 * the training set. Both are seeded by the run's seed.
 */
import { growForest, indexFeatures, saveTree, tunedForest } from '../../_shared/random-forest.ts';
import { seededFolds } from '../../_shared/stats.ts';
import { type SvrSpace, saveSvr, svrSpace, tunedSvr } from '../../_shared/svr.ts';
import type { SavedSvr, SavedTree } from '../../_shared/genomic-model.ts';
import type { Fitted } from './models.ts';

/** Folds of the SVR's inner cross-validation. */
export const SVR_INNER_FOLDS = 5;

export interface ForestFit {
  fitted: Fitted;
  /** What the model file keeps: the settings chosen and every tree (features indexed as the markers). */
  saved: { trees: number; mtry: number; minNodeSize: number; oobError: number; intercept: number; forest: SavedTree[] };
}

export interface SvrFit {
  fitted: Fitted;
  saved: SavedSvr;
}

const mean = (values: Float64Array) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** The random forest with the grid point of lowest out-of-bag error on `train`, predicting any individual. */
export function fitRandomForest(columns: Float64Array[], train: number[], target: Float64Array, seed: number): ForestFit {
  const indexed = indexFeatures(columns, train);
  const tuned = tunedForest(indexed, target, seed);
  // The grid is searched with 200 trees a point; the chosen settings grow the 500-tree forest.
  const forest = growForest(indexed, target, { ...tuned.settings, trees: 500 }, seed + 1);
  const intercept = mean(target);
  return {
    fitted: {
      alpha: new Float64Array(0),
      intercept,
      lambda: Number.NaN,
      predict: (indices) => Float64Array.from(indices, (index) => forest.predictOne((k) => columns[k]![index]!)),
    },
    saved: { ...forest.settings, oobError: forest.oobError, intercept, forest: forest.trees.map(saveTree) as SavedTree[] },
  };
}

/** The SVR with the (C, γ, ε) of lowest inner-CV error on `train`, predicting any individual. */
export function fitSvrModel(columns: Float64Array[], n: number, train: number[], target: Float64Array, seed: number): SvrFit {
  const space: SvrSpace = svrSpace(columns, n, train);
  const folds = Math.min(SVR_INNER_FOLDS, train.length);
  const svr = tunedSvr(space, train, target, seededFolds(train.length, folds, seed), folds);
  return {
    fitted: { alpha: new Float64Array(0), intercept: svr.yCenter, lambda: Number.NaN, predict: svr.predict },
    saved: saveSvr(svr, space, columns),
  };
}
