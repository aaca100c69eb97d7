/**
 * BayesB and BayesC in Auto Train: the Gibbs sampler of _shared/bayes-gibbs.ts on the markers as
 * the training individuals centre them, with BGLR's default priors set from the training
 * individuals alone (var(y) and the markers' variances), so nothing is learned from the
 * held-out ones. Nothing is tuned: the priors' hyper-parameters are BGLR's defaults.
 */
import { type BayesFit, type BayesMethod, type ChainSettings, type ChainDiagnostic, fitBayes } from '../../_shared/bayes-gibbs.ts';
import type { Fitted } from './models.ts';

export const BAYES_MODELS: readonly BayesMethod[] = ['bayesb', 'bayes_c'];
export const isBayesModel = (model: string): model is BayesMethod => (BAYES_MODELS as readonly string[]).includes(model);

/** `centred`: each marker over every individual, centred at the training means; `train`: the training individuals; `y` their values. */
export function fitBayesModel(method: BayesMethod, centred: Float64Array[], train: number[], y: Float64Array, chain: ChainSettings): Fitted & { bayes: BayesFit } {
  const fit = fitBayes({ method, columns: centred.map((column) => Float64Array.from(train, (index) => column[index]!)), y, chain });
  const { effects, intercept } = fit;
  return {
    bayes: fit,
    intercept,
    // No λ: the shrinkage is each marker's own (BayesB) or a sampled σb² (BayesC).
    lambda: Number.NaN,
    alpha: new Float64Array(train.length),
    markerEffects: effects,
    predict: (indices) =>
      Float64Array.from(indices, (index) => {
        let sum = intercept;
        for (let j = 0; j < centred.length; j += 1) sum += centred[j]![index]! * effects[j]!;
        return sum;
      }),
  };
}

/** Rows of models/bayes_diagnostics.csv for one fit. */
export function diagnosticRows(trait: string, model: string, fit: string, n: number, bayes: BayesFit): string[] {
  const format = (value: number | null) => (value === null ? '' : Number.isFinite(value) ? value.toPrecision(6) : 'NA');
  const row = (quantity: string, diagnostic: ChainDiagnostic) =>
    [
      trait,
      model,
      fit,
      n,
      bayes.chain.chains,
      bayes.chain.iterations,
      bayes.chain.burnIn,
      bayes.chain.thin,
      quantity,
      format(diagnostic.mean),
      format(diagnostic.sd),
      format(diagnostic.ess),
      format(diagnostic.gewekeZ),
      format(diagnostic.rHat),
    ].join(',');
  const { residualVariance, geneticVariance, probIn, intercept } = bayes.diagnostics;
  return [row('residual_variance', residualVariance), row('genetic_variance', geneticVariance), row('prob_in', probIn), row('intercept', intercept)];
}

export const DIAGNOSTICS_HEADER = 'trait,model,fit,n,chains,iterations,burn_in,thin,quantity,mean,sd,ess,geweke_z,r_hat';
