/**
 * GDIP's prediction model fitted on a set of training individuals, and its predictions for any of
 * the trait's individuals. Everything the model learns from data comes from the training
 * individuals alone: the markers kept (call rate, MAF), the fill of a missing call and the
 * centring (both the training mean), the levels of the categorical covariates, and λ (REML on the
 * training individuals, or `ridge_lambda` × the markers they keep). Cross-validation fits it once
 * per fold and the final model once on every individual, so a cross-validated accuracy is never
 * scored on individuals that shaped the model that predicted them.
 *
 * `model: bayesb` and `model: bayes_c` fit BayesB or BayesC by Gibbs sampling instead
 * (_shared/bayes-gibbs.ts: BGLR's priors, set from the training individuals; the covariates with
 * flat priors), on the same markers, centring and covariate design; they have no λ.
 */
import { gram, orthonormalBasis } from '../../_shared/linear-algebra.ts';
import { fitRidge, fixedValue, geneticValue, type KernelView, type RemlEstimate, type RidgeFit, remlLambda } from '../../_shared/ridge.ts';
import type { Vcf } from '../../_shared/vcf.ts';
import { type BayesFit, type BayesMethod, fitBayes } from '../../_shared/bayes-gibbs.ts';
import { type Covariate, design } from './covariates.ts';
import { centredColumn, type Marker, type MarkerFilters, prepareMarkers } from './markers.ts';

/** A trait's individuals: those with a genotype, a value and every covariate. */
export interface TraitData {
  vcf: Vcf;
  /** VCF sample index of each individual. */
  samples: number[];
  /** Phenotype rows (for the covariates), in the same order. */
  rows: Array<Record<string, string>>;
  y: Float64Array;
  covariates: Covariate[];
}

/** GDIP's Bayesian models, by their `model` value, and how the log and the tables name them. */
export const BAYES_LABELS: Record<BayesMethod, string> = { bayesb: 'BayesB', bayes_c: 'BayesC' };
export const isBayesModel = (model: string): model is BayesMethod => model in BAYES_LABELS;

export interface PredictionSettings extends MarkerFilters {
  model: string;
  lambda_method: 'reml' | 'fixed';
  ridge_lambda: number;
  bayes_iterations: number;
  bayes_burn_in: number;
  bayes_thin: number;
  /** BayesB's chains start from it (the run's seed; tests of the ridge models need none). */
  seed?: number;
}

export interface Predictor {
  /** Positions of the training individuals among the trait's individuals. */
  training: number[];
  /** The markers kept on the training individuals, with their training mean. */
  markers: Marker[];
  lambda: number;
  reml: RemlEstimate | null;
  /** The fixed effects fitted, and those left out because the training rows cannot tell them from the others. */
  fixedNames: string[];
  droppedFixedNames: string[];
  fit: RidgeFit;
  /** Covariate effects and genetic value of the individual at `position` (training or not). */
  predict(position: number): { fixed: number; genetic: number };
  /** Marker effects u = Z'α, Z centred at the training means (BayesB: posterior means). */
  markerEffects(): Float64Array;
  /** BayesB: the sampler's fit, with its convergence diagnostics; null for the ridge models. */
  bayes: BayesFit | null;
}

/** `chains`: BayesB's chains (two for the model written, so R-hat can be computed; one in cross-validation). */
export function fitOnTraining(data: TraitData, settings: PredictionSettings, training: number[], chains = 1): Predictor {
  const n = data.samples.length;
  const { markers } = prepareMarkers(data.vcf, data.samples, settings, training);
  if (markers.length === 0) throw new Error(`No marker has MAF ≥ ${settings.min_maf} among the ${training.length} training individuals.`);
  // A missing call is filled with the training mean, so centring makes it exactly 0.
  const centred = markers.map((marker) => centredColumn(marker, marker.mean));
  const view: KernelView = { kernel: gram(centred, n), size: n, rows: training };

  const covariateDesign = design(data.covariates, data.rows, training);
  // A column constant among the training rows (a level they all share) adds nothing there: leave it out.
  const { dropped } = orthonormalBasis(covariateDesign.columns.map((column) => Float64Array.from(training, (position) => column[position]!)));
  const kept = covariateDesign.columns.filter((_, index) => !dropped.includes(index));
  const keptTraining = kept.map((column) => Float64Array.from(training, (position) => column[position]!));
  const y = Float64Array.from(training, (position) => data.y[position]!);
  const fixedNames = covariateDesign.names.filter((_, index) => !dropped.includes(index));
  const droppedFixedNames = dropped.map((index) => covariateDesign.names[index]!);

  if (isBayesModel(settings.model)) {
    if (settings.seed === undefined) throw new Error(`${BAYES_LABELS[settings.model]} needs a seed for its chains.`);
    const chain = { iterations: settings.bayes_iterations, burnIn: settings.bayes_burn_in, thin: settings.bayes_thin, seed: settings.seed, chains };
    const bayes = fitBayes({
      method: settings.model,
      columns: centred.map((column) => Float64Array.from(training, (position) => column[position]!)),
      y,
      // The intercept is the sampler's own; the other kept columns are covariates with flat priors.
      fixed: keptTraining.slice(1),
      chain,
    });
    const fit: RidgeFit = { fixed: Float64Array.of(bayes.intercept, ...bayes.fixed), alpha: new Float64Array(training.length), lambda: Number.NaN };
    return {
      training,
      markers,
      lambda: Number.NaN,
      reml: null,
      fixedNames,
      droppedFixedNames,
      fit,
      bayes,
      predict: (position) => {
        let genetic = 0;
        for (let j = 0; j < centred.length; j += 1) genetic += centred[j]![position]! * bayes.effects[j]!;
        return {
          fixed: fixedValue(
            fit,
            kept.map((column) => column[position]!),
          ),
          genetic,
        };
      },
      markerEffects: () => bayes.effects,
    };
  }

  const reml = settings.lambda_method === 'reml' ? remlLambda(view, keptTraining, y) : null;
  const lambda = reml ? reml.lambda : settings.ridge_lambda * markers.length;
  const fit = fitRidge(view, keptTraining, y, lambda);
  return {
    training,
    markers,
    lambda,
    reml,
    fixedNames,
    droppedFixedNames,
    fit,
    bayes: null,
    predict: (position) => ({
      fixed: fixedValue(
        fit,
        kept.map((column) => column[position]!),
      ),
      genetic: geneticValue(view, fit, position),
    }),
    markerEffects: () =>
      Float64Array.from(centred, (column) => {
        let effect = 0;
        for (const [i, position] of training.entries()) effect += column[position]! * fit.alpha[i]!;
        return effect;
      }),
  };
}
