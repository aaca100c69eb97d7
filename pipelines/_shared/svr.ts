/**
 * ε-support vector regression with a Gaussian (RBF) kernel, fitted by libsvm itself: libsvm-js
 * is libsvm's C++ compiled to asm.js (mljs, BSD-3; its last release is from 2018, but the solver
 * is libsvm's own and agrees with R's e1071 to 1e-11, tests/fixtures/svr/). The kernel matrix is
 * computed here and given to libsvm precomputed, so genotypes of 10,000 markers are not copied
 * into its heap once per fit, and predictions are Σ coefᵢ K(x, svᵢ) − ρ from the support vectors
 * libsvm returns (what a saved model applies without libsvm).
 *
 * Scaling is e1071's default (`scale = TRUE`): every feature centred and divided by its standard
 * deviation (n − 1) over the training rows, and y too, so ε and γ are on the standardised scales
 * and predictions are put back on y's. A feature constant over the training rows is left out (it
 * adds nothing to any distance); e1071 instead refuses to scale such data.
 */
import { createRequire } from 'node:module';
import type { SavedSvr } from './genomic-model.ts';
import { gram } from './linear-algebra.ts';

export interface SvrSettings {
  /** C, the cost of a residual outside the ε tube. */
  cost: number;
  /** γ of exp(−γ‖x − x'‖²) on the standardised features. */
  gamma: number;
  /** ε, the half-width of the tube, in standard deviations of the training y. */
  epsilon: number;
}

/**
 * The grid an inner cross-validation chooses from: γ as a multiple of 1/p (e1071's default γ is
 * 1/p). With thousands of markers, distances between individuals are all near 2p, so γ = 1/p
 * makes every off-diagonal kernel value about e⁻² and shrinks predictions to the mean; the
 * smaller γ and larger C let the kernel follow relatedness (on the Auto Train fixture, r 0.45 →
 * 0.49 and the slope of observed on predicted 4.2 → 1.0).
 */
export const SVR_GRID = { cost: [1, 8, 64], gammaTimesFeatures: [0.03, 0.3, 1], epsilon: [0.1, 0.3] } as const;

interface LibsvmModel {
  train(samples: number[][], labels: number[]): void;
  serializeModel(): string;
  free(): void;
}
type LibsvmConstructor = {
  new (options: Record<string, unknown>): LibsvmModel;
  SVM_TYPES: { EPSILON_SVR: string };
  KERNEL_TYPES: { PRECOMPUTED: string };
};

let loaded: LibsvmConstructor | null = null;

/**
 * libsvm, loaded once. Its emscripten wrapper, loaded in Node, registers an unhandledRejection
 * listener that exits the process; the listener is removed at once, so a pipeline's error still
 * reaches the run instead of ending the server.
 */
export async function loadLibsvm(): Promise<LibsvmConstructor> {
  if (loaded) return loaded;
  const before = new Set(process.listeners('unhandledRejection'));
  const require = createRequire(import.meta.url);
  const pending = require('libsvm-js/asm.js') as Promise<LibsvmConstructor>;
  for (const listener of process.listeners('unhandledRejection')) if (!before.has(listener)) process.off('unhandledRejection', listener);
  loaded = await pending;
  return loaded;
}

function requireLibsvm(): LibsvmConstructor {
  if (!loaded) throw new Error('libsvm is not loaded: await loadLibsvm() before fitting an SVR.');
  return loaded;
}

/** The features of every individual standardised on the training rows, and their squared distances. */
export interface SvrSpace {
  /** Training rows (indices among all individuals). */
  rows: number[];
  /** Number of features kept (not constant over the training rows). */
  features: number;
  /** Squared Euclidean distances on the standardised features, all × all. */
  distance: Float64Array;
  size: number;
  /** Per kept feature: its index among the columns given, training mean and SD. */
  kept: Int32Array;
  center: Float64Array;
  scale: Float64Array;
}

/** Standardise `columns` (one array per feature, over every individual) on the training `rows`. */
export function svrSpace(columns: ArrayLike<number>[], size: number, rows: number[]): SvrSpace {
  const kept: number[] = [];
  const centers: number[] = [];
  const scales: number[] = [];
  const scaled: Float64Array[] = [];
  for (const [k, column] of columns.entries()) {
    let mean = 0;
    for (const row of rows) mean += column[row]!;
    mean /= rows.length;
    let squares = 0;
    for (const row of rows) squares += (column[row]! - mean) ** 2;
    const sd = Math.sqrt(squares / (rows.length - 1));
    if (!(sd > 1e-12 * Math.max(1, Math.abs(mean)))) continue;
    kept.push(k);
    centers.push(mean);
    scales.push(sd);
    scaled.push(Float64Array.from({ length: size }, (_, i) => (column[i]! - mean) / sd));
  }
  const products = gram(scaled, size);
  const distance = new Float64Array(size * size);
  for (let i = 0; i < size; i += 1) for (let j = 0; j < size; j += 1) distance[i * size + j] = Math.max(products[i * size + i]! + products[j * size + j]! - 2 * products[i * size + j]!, 0);
  return { rows, features: kept.length, distance, size, kept: Int32Array.from(kept), center: Float64Array.from(centers), scale: Float64Array.from(scales) };
}

export interface FittedSvr {
  settings: SvrSettings;
  /** Support vectors: indices among all individuals, and their coefficients (on the standardised y). */
  supportVectors: number[];
  coefficients: Float64Array;
  rho: number;
  yCenter: number;
  yScale: number;
  /** Predictions for individuals of the space (indices among all), on y's scale. */
  predict(indices: number[]): Float64Array;
}

/** Mean and SD (n − 1) of y; an SD of 0 is taken as 1, so a constant trait predicts its value. */
function standardisation(y: ArrayLike<number>): { center: number; scale: number } {
  let center = 0;
  for (let i = 0; i < y.length; i += 1) center += y[i]!;
  center /= y.length;
  let squares = 0;
  for (let i = 0; i < y.length; i += 1) squares += (y[i]! - center) ** 2;
  const scale = Math.sqrt(squares / Math.max(1, y.length - 1));
  return { center, scale: scale > 0 ? scale : 1 };
}

/**
 * ε-SVR on `train` (a subset of the space's training rows, or all of them) with y of those rows,
 * by libsvm (`-s 3 -t 4`, tolerance 0.001, shrinking on: e1071's defaults).
 */
export function fitSvr(space: SvrSpace, train: number[], y: ArrayLike<number>, settings: SvrSettings): FittedSvr {
  const Libsvm = requireLibsvm();
  const { distance, size } = space;
  const { center, scale } = standardisation(y);
  const kernelRow = (i: number, columns: number[]) => columns.map((j) => Math.exp(-settings.gamma * distance[i * size + j]!));
  const samples = train.map((i, serial) => [serial + 1, ...kernelRow(i, train)]);
  const model = new Libsvm({
    type: Libsvm.SVM_TYPES.EPSILON_SVR,
    kernel: Libsvm.KERNEL_TYPES.PRECOMPUTED,
    cost: settings.cost,
    epsilon: settings.epsilon,
    quiet: true,
  });
  let text: string;
  try {
    model.train(
      samples,
      Array.from(y, (value) => (value - center) / scale),
    );
    text = model.serializeModel();
  } finally {
    model.free();
  }
  const { rho, supportVectors, coefficients } = parseModel(text, train);
  return {
    settings,
    supportVectors,
    coefficients,
    rho,
    yCenter: center,
    yScale: scale,
    predict: (indices) =>
      Float64Array.from(indices, (index) => {
        let sum = -rho;
        for (const [k, sv] of supportVectors.entries()) sum += coefficients[k]! * Math.exp(-settings.gamma * distance[index * size + sv]!);
        return center + scale * sum;
      }),
  };
}

/** ρ and the support vectors of libsvm's model text (`svm_save_model`: `coef 0:serial` per vector with a precomputed kernel). */
function parseModel(text: string, train: number[]): { rho: number; supportVectors: number[]; coefficients: Float64Array } {
  const lines = text.split('\n');
  const rhoLine = lines.find((line) => line.startsWith('rho '));
  const start = lines.indexOf('SV');
  if (!rhoLine || start < 0) throw new Error('libsvm returned a model without rho or support vectors; the SVR fit failed.');
  const supportVectors: number[] = [];
  const coefficients: number[] = [];
  for (const line of lines.slice(start + 1)) {
    const [coefficient, node] = line.trim().split(/\s+/);
    if (!coefficient || !node) continue;
    coefficients.push(Number(coefficient));
    supportVectors.push(train[Number(node.split(':')[1]) - 1]!);
  }
  return { rho: Number(rhoLine.slice(4)), supportVectors, coefficients: Float64Array.from(coefficients) };
}

/** What a model file keeps of an SVR (genomic-model.ts applies it): the scaling, support vectors' raw values and coefficients. */
export function saveSvr(svr: FittedSvr, space: SvrSpace, columns: ArrayLike<number>[]): SavedSvr {
  return {
    ...svr.settings,
    rho: svr.rho,
    yCenter: svr.yCenter,
    yScale: svr.yScale,
    features: Array.from(space.kept),
    center: Array.from(space.center),
    scale: Array.from(space.scale),
    supportVectors: svr.supportVectors.map((index) => Array.from(space.kept, (k) => columns[k]![index]!)),
    coefficients: Array.from(svr.coefficients),
  };
}

/** Every (C, γ, ε) of the grid for data with `features` standardised features. */
export function svrGrid(features: number): SvrSettings[] {
  const settings: SvrSettings[] = [];
  for (const cost of SVR_GRID.cost)
    for (const multiplier of SVR_GRID.gammaTimesFeatures) for (const epsilon of SVR_GRID.epsilon) settings.push({ cost, gamma: multiplier / Math.max(1, features), epsilon });
  return settings;
}

/**
 * The grid point with the lowest mean squared error over inner folds of `train` (folds of the
 * training rows only, so nothing of a held-out individual is used), then the SVR with it on all
 * of `train`. `innerFold[k]` is the inner fold of train[k].
 */
export function tunedSvr(space: SvrSpace, train: number[], y: ArrayLike<number>, innerFold: Int32Array, folds: number): FittedSvr {
  const grid = svrGrid(space.features);
  const errors = new Float64Array(grid.length);
  for (let fold = 0; fold < folds; fold += 1) {
    const inner: number[] = [];
    const innerY: number[] = [];
    const held: number[] = [];
    const heldY: number[] = [];
    for (const [k, row] of train.entries()) {
      if (innerFold[k] === fold) {
        held.push(row);
        heldY.push(y[k]!);
      } else {
        inner.push(row);
        innerY.push(y[k]!);
      }
    }
    if (held.length === 0 || inner.length < 2) continue;
    for (const [g, settings] of grid.entries()) {
      const predicted = fitSvr(space, inner, innerY, settings).predict(held);
      for (const [k, value] of predicted.entries()) errors[g]! += (value - heldY[k]!) ** 2;
    }
  }
  let best = 0;
  for (let g = 1; g < grid.length; g += 1) if (errors[g]! < errors[best]!) best = g;
  return fitSvr(space, train, y, grid[best]!);
}
