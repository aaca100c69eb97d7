/**
 * Auto Train Phenotype, local implementation: spectra → each trait, by PLS regression (the
 * number of components chosen by cross-validated RMSE), ridge regression (λ by REML on the
 * standardised spectra), a random forest (ranger's algorithm; mtry and minimum node size by
 * out-of-bag error on each fold's training spectra) and ε-SVR with a Gaussian kernel (libsvm; C,
 * γ and ε by 5-fold cross-validation inside each fold's training spectra), compared on the same
 * folds; the best model per trait (lowest RMSECV)
 * refitted on every sample and written for Make Digital Phenotype Predictions, with what it
 * needs to flag spectra outside its calibration (a PCA of the calibration spectra: the limits of
 * the global H and of the residual).
 */
import path from 'node:path';
import type { LocalContext } from '../../../src/pipeline-kit/local-pipeline.ts';
import type { Params } from './params.generated.ts';
import { gram, symmetricEigen } from '../../_shared/linear-algebra.ts';
import { fitPls, predictLinear } from '../../_shared/pls.ts';
import { fitRidge, remlLambda } from '../../_shared/ridge.ts';
import { type Forest, growForest, indexFeatures, saveTree, tunedForest } from '../../_shared/random-forest.ts';
import { type FittedSvr, loadLibsvm, type SvrSpace, saveSvr, svrSpace, tunedSvr } from '../../_shared/svr.ts';
import { readSpectra } from '../../_shared/spectra.ts';
import { foldMetrics, foldSplits, pearson, seededFolds } from '../../_shared/stats.ts';
import { commaList } from '../../_shared/params.ts';
import { readTraitTable, traitValues } from '../../_shared/trait-table.ts';
import { formatNumber, writeLines } from '../../_shared/output.ts';
import { counted } from '../../../src/contract/wording.ts';

export const LOCAL_MODELS = ['plsr', 'ridge', 'random_forest', 'svr'];
/** Folds of the SVR's inner cross-validation, inside each training set. */
const SVR_INNER_FOLDS = 5;

/** The forest of `train`'s spectra (columns: one per wavelength over every sample), its grid point by out-of-bag error. */
export function fitSpectralForest(columns: Float64Array[], train: number[], y: Float64Array, seed: number): Forest {
  const indexed = indexFeatures(columns, train);
  const target = Float64Array.from(train, (index) => y[index]!);
  const tuned = tunedForest(indexed, target, seed);
  return growForest(indexed, target, { ...tuned.settings, trees: 500 }, seed + 1);
}

/** ε-SVR on `train`'s spectra, standardised on them (e1071's scale = TRUE), (C, γ, ε) by inner cross-validation. */
export function fitSpectralSvr(columns: Float64Array[], n: number, train: number[], y: Float64Array, seed: number): { svr: FittedSvr; space: SvrSpace } {
  const space = svrSpace(columns, n, train);
  const folds = Math.min(SVR_INNER_FOLDS, train.length);
  const svr = tunedSvr(
    space,
    train,
    Float64Array.from(train, (index) => y[index]!),
    seededFolds(train.length, folds, seed),
    folds,
  );
  return { svr, space };
}
const format = (value: number) => formatNumber(value, 8);

/** Ridge on the spectra standardised by the training means and SDs, λ by REML (or as given): coefficients on the original scale. */
export function fitSpectralRidge(rows: Float64Array[], y: Float64Array, givenLambda?: number): { coefficient: Float64Array; intercept: number; lambda: number } {
  const n = rows.length;
  const p = rows[0]!.length;
  const mean = new Float64Array(p);
  const scale = new Float64Array(p);
  for (const row of rows) for (let k = 0; k < p; k += 1) mean[k]! += row[k]! / n;
  for (const row of rows) for (let k = 0; k < p; k += 1) scale[k]! += (row[k]! - mean[k]!) ** 2 / (n - 1);
  for (let k = 0; k < p; k += 1) scale[k] = Math.sqrt(scale[k]!) || 1;
  const columns = Array.from({ length: p }, (_, k) => Float64Array.from(rows, (row) => (row[k]! - mean[k]!) / scale[k]!));
  const view = { kernel: gram(columns, n), size: n, rows: rows.map((_, index) => index) };
  const ones = [new Float64Array(n).fill(1)];
  const lambda = givenLambda ?? remlLambda(view, ones, y).lambda;
  const fit = fitRidge(view, ones, y, lambda);
  // β_k = Σ_i z_ik α_i on the standardised scale, then back to the original one.
  const coefficient = Float64Array.from(columns, (column, k) => column.reduce((sum, value, i) => sum + value * fit.alpha[i]!, 0) / scale[k]!);
  const intercept = fit.fixed[0]! - coefficient.reduce((sum, value, k) => sum + value * mean[k]!, 0);
  return { coefficient, intercept, lambda };
}

/** The chosen model refitted on every sample: what the model file keeps of it, and its predictions of them. */
function finalModel(
  model: string,
  components: number | null,
  x: Float64Array[],
  y: Float64Array,
  columns: Float64Array[],
  seed: number,
): { entry: Record<string, unknown>; predictions: Float64Array } {
  const all = x.map((_, index) => index);
  if (model === 'random_forest') {
    const forest = fitSpectralForest(columns, all, y, seed);
    const { trees, mtry, minNodeSize } = forest.settings;
    return {
      entry: {
        model,
        components: null,
        lambda: null,
        intercept: y.reduce((sum, value) => sum + value, 0) / y.length,
        coefficients: [],
        forest: { trees, mtry, minNodeSize, oobError: forest.oobError, forest: forest.trees.map(saveTree) },
      },
      predictions: Float64Array.from(all, (index) => forest.predictOne((k) => x[index]![k]!)),
    };
  }
  if (model === 'svr') {
    const { svr, space } = fitSpectralSvr(columns, x.length, all, y, seed);
    return { entry: { model, components: null, lambda: null, intercept: svr.yCenter, coefficients: [], svr: saveSvr(svr, space, columns) }, predictions: svr.predict(all) };
  }
  const pls = model === 'plsr' ? fitPls(x, y, components!) : null;
  const ridge = model === 'ridge' ? fitSpectralRidge(x, y) : null;
  const coefficient = pls ? pls.coefficients[pls.coefficients.length - 1]! : ridge!.coefficient;
  const intercept = pls ? pls.intercepts[pls.intercepts.length - 1]! : ridge!.intercept;
  return {
    entry: { model, components, lambda: ridge?.lambda ?? null, intercept, coefficients: Array.from(coefficient) },
    predictions: Float64Array.from(x, (row) => predictLinear(coefficient, intercept, row)),
  };
}

/** What the prediction pipeline needs to tell a spectrum outside the calibration: a PCA of the training spectra. */
export function calibrationDomain(rows: Float64Array[]) {
  const n = rows.length;
  const p = rows[0]!.length;
  const mean = new Float64Array(p);
  for (const row of rows) for (let k = 0; k < p; k += 1) mean[k]! += row[k]! / n;
  const centred = rows.map((row) => Float64Array.from(row, (value, k) => value - mean[k]!));
  const gramMatrix = new Float64Array(n * n);
  for (let i = 0; i < n; i += 1) for (let j = 0; j <= i; j += 1) gramMatrix[i * n + j] = gramMatrix[j * n + i] = centred[i]!.reduce((sum, value, k) => sum + value * centred[j]![k]!, 0);
  const { values, vectors } = symmetricEigen(gramMatrix, n);
  const order = Array.from(values.keys()).sort((a, b) => values[b]! - values[a]!);
  const total = order.reduce((sum, index) => sum + Math.max(values[index]!, 0), 0);
  let components = 0;
  let explained = 0;
  while (components < Math.min(10, n - 1) && explained < 0.99) {
    explained += Math.max(values[order[components]!]!, 0) / total;
    components += 1;
  }
  // Loadings v = X'u / s; score variances s²/(n − 1).
  const loadings: number[][] = [];
  const variances: number[] = [];
  for (let c = 0; c < components; c += 1) {
    const index = order[c]!;
    const s = Math.sqrt(Math.max(values[index]!, 1e-300));
    const loading = new Array<number>(p).fill(0);
    for (let i = 0; i < n; i += 1) for (let k = 0; k < p; k += 1) loading[k]! += (centred[i]![k]! * vectors[i * n + index]!) / s;
    loadings.push(loading);
    variances.push((s * s) / (n - 1));
  }
  // What the components leave unexplained: a spectrum unlike the calibration shows here even when its scores look usual.
  const residuals = centred.map((row) => residualNorm(row, loadings));
  const average = residuals.reduce((sum, value) => sum + value, 0) / n;
  const spread = Math.sqrt(residuals.reduce((sum, value) => sum + (value - average) ** 2, 0) / Math.max(1, n - 1));
  return { mean: Array.from(mean), loadings, variances, limit: 3, residualLimit: average + 3 * spread };
}

/** The length of what is left of a centred spectrum after its projection on the loadings. */
export function residualNorm(centred: ArrayLike<number>, loadings: number[][]): number {
  const rest = Float64Array.from(centred);
  for (const loading of loadings) {
    let score = 0;
    for (let k = 0; k < loading.length; k += 1) score += centred[k]! * loading[k]!;
    for (let k = 0; k < loading.length; k += 1) rest[k]! -= score * loading[k]!;
  }
  return Math.sqrt(rest.reduce((sum, value) => sum + value * value, 0));
}

export async function run(context: LocalContext<Params>): Promise<void> {
  const { params } = context;
  const models = [...new Set(commaList(params.models))];
  const refused = models.filter((model) => !LOCAL_MODELS.includes(model));
  if (refused.length > 0) throw new Error(`${refused.join(', ')}: not a model Auto Train Phenotype knows; choose from ${LOCAL_MODELS.join(', ')}.`);
  if (models.includes('svr')) await loadLibsvm();

  const { spectra, phenotypes, traits } = await context.task('READ_INPUTS', path.basename(params.spectra), () => {
    const read = readSpectra(path.resolve(params.spectra));
    const table = readTraitTable(path.resolve(params.phenotypes));
    context.log(`Read ${counted(read.ids.length, 'spectrum', 'spectra')} × ${counted(read.wavelengths.length, 'wavelength')}; traits: ${table.traits.join(', ')}; models: ${models.join(', ')}.`);
    return { spectra: read, phenotypes: table, traits: table.traits };
  });
  const byId = new Map(spectra.ids.map((id, index) => [id, index]));
  const metricRows = ['trait,model,fold,n,components,lambda,settings,pearson_r,rmse,bias'];
  const componentRows = ['trait,components,rmsecv'];
  const predictionRows = ['id,trait,model,fold,observed,prediction'];
  const summaryRows = ['trait,model,components,rmsecv,pearson_r,chosen'];
  const chosen: Record<string, unknown> = {};

  for (const trait of traits) {
    await context.task('CROSS_VALIDATE', trait, () => {
      const { ids, y } = traitValues(phenotypes, trait, (id) => byId.has(id));
      const n = ids.length;
      if (n < 2 * params.cv_folds) throw new Error(`${trait} has ${n} samples with both a spectrum and a value; ${params.cv_folds}-fold cross-validation needs at least ${2 * params.cv_folds}.`);
      const x = ids.map((id) => spectra.values[byId.get(id)!]!);
      const splits = foldSplits(seededFolds(n, params.cv_folds, params.seed), params.cv_folds);
      const rmseOf = (predicted: Float64Array) => Math.sqrt(predicted.reduce((sum, value, index) => sum + (value - y[index]!) ** 2, 0) / n);
      const maxComponents = Math.min(params.max_components, spectra.wavelengths.length, Math.floor(n - n / params.cv_folds) - 1);
      const results = new Map<string, { predicted: Float64Array; components: number | null; rmse: number }>();
      const lambdas: number[] = [];
      const settingsOf = new Map<string, string[]>();
      // One array per wavelength over every sample of the trait, for the forest and the SVR.
      const columns = models.includes('random_forest') || models.includes('svr') ? spectra.wavelengths.map((_, k) => Float64Array.from(x, (row) => row[k]!)) : [];
      if (models.includes('plsr')) {
        // Every component count from one fit per fold; the count with the lowest RMSECV wins.
        const byCount = Array.from({ length: maxComponents }, () => new Float64Array(n));
        for (const { train, test } of splits) {
          const model = fitPls(
            train.map((index) => x[index]!),
            Float64Array.from(train, (index) => y[index]!),
            maxComponents,
          );
          for (const [count, coefficient] of model.coefficients.entries()) for (const index of test) byCount[count]![index] = predictLinear(coefficient, model.intercepts[count]!, x[index]!);
        }
        const rmsecv = byCount.map(rmseOf);
        for (const [count, value] of rmsecv.entries()) componentRows.push([trait, count + 1, format(value)].join(','));
        const best = rmsecv.indexOf(Math.min(...rmsecv));
        results.set('plsr', { predicted: byCount[best]!, components: best + 1, rmse: rmsecv[best]! });
      }
      if (models.includes('ridge')) {
        const predicted = new Float64Array(n);
        for (const { train, test } of splits) {
          const fit = fitSpectralRidge(
            train.map((index) => x[index]!),
            Float64Array.from(train, (index) => y[index]!),
          );
          for (const index of test) predicted[index] = predictLinear(fit.coefficient, fit.intercept, x[index]!);
          lambdas.push(fit.lambda);
        }
        results.set('ridge', { predicted, components: null, rmse: rmseOf(predicted) });
      }
      if (models.includes('random_forest')) {
        const predicted = new Float64Array(n);
        const chosen: string[] = [];
        for (const { train, test } of splits) {
          const forest = fitSpectralForest(columns, train, y, params.seed);
          for (const index of test) predicted[index] = forest.predictOne((k) => x[index]![k]!);
          chosen.push(`mtry ${forest.settings.mtry}; min node ${forest.settings.minNodeSize}`);
        }
        settingsOf.set('random_forest', chosen);
        results.set('random_forest', { predicted, components: null, rmse: rmseOf(predicted) });
      }
      if (models.includes('svr')) {
        const predicted = new Float64Array(n);
        const chosen: string[] = [];
        for (const { train, test } of splits) {
          const { svr } = fitSpectralSvr(columns, n, train, y, params.seed);
          const values = svr.predict(test);
          for (const [position, index] of test.entries()) predicted[index] = values[position]!;
          chosen.push(`C ${svr.settings.cost}; gamma ${formatNumber(svr.settings.gamma, 4)}; epsilon ${svr.settings.epsilon}`);
        }
        settingsOf.set('svr', chosen);
        results.set('svr', { predicted, components: null, rmse: rmseOf(predicted) });
      }
      for (const [model, result] of results) {
        for (const [k, { test }] of splits.entries()) {
          const metrics = foldMetrics(
            test.map((index) => y[index]!),
            test.map((index) => result.predicted[index]!),
          );
          const lambda = model === 'ridge' ? format(lambdas[k]!) : '';
          const settings = settingsOf.get(model)?.[k] ?? '';
          metricRows.push([trait, model, k + 1, test.length, result.components ?? '', lambda, settings, format(metrics.pearson), format(metrics.rmse), format(metrics.bias)].join(','));
          for (const index of test) predictionRows.push([ids[index], trait, model, k + 1, format(y[index]!), result.predicted[index]!.toPrecision(10)].join(','));
        }
      }
      const best = [...results.entries()].reduce((winner, entry) => (entry[1].rmse < winner[1].rmse ? entry : winner));
      for (const [model, result] of results) summaryRows.push([trait, model, result.components ?? '', format(result.rmse), format(pearson(y, result.predicted)), model === best[0]].join(','));
      context.log(
        `${trait} (${counted(n, 'sample')}): ${[...results].map(([model, result]) => `${model}${result.components ? ` (${counted(result.components, 'component')})` : ''} RMSECV ${format(result.rmse)}`).join(', ')}; chosen ${best[0]}.`,
      );

      const final = finalModel(best[0], best[1].components, x, y, columns, params.seed);
      chosen[trait] = { ...final.entry, rmsecv: best[1].rmse, n, domain: calibrationDomain(x), fitted: Object.fromEntries(ids.map((id, index) => [id, final.predictions[index]!])) };
    });
  }

  await context.task('WRITE_RESULTS', null, () => {
    const write = (relative: string, lines: string[]) => writeLines(context.outdir, relative, lines);
    write('cv/cv_metrics.csv', metricRows);
    write('cv/pls_components.csv', componentRows);
    write('cv/cv_predictions.csv', predictionRows);
    write('cv/cv_summary.csv', summaryRows);
    write('models/spectra_model.json', [JSON.stringify({ pipeline: 'auto-train-pheno', format: 'seedbed-spectra-model-1', wavelengths: spectra.wavelengths, traits: chosen })]);
  });
}
