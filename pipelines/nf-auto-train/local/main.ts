/**
 * Auto Train, local implementation: per trait, repeated k-fold cross-validation of rrBLUP,
 * GBLUP, Bayesian ridge and a Gaussian-kernel model on the same folds; r, Spearman's ρ, RMSE and
 * bias per fold; the best model by `selection_metric` refitted on every individual and written
 * as a model file that Make GDIP Predictions applies. The chosen model's accuracy is reported
 * from nested cross-validation (selection.ts): its plain CV score is optimistic, being the
 * score it was chosen for.
 */
import fs from 'node:fs';
import path from 'node:path';
import { checkFoldsAgainst, type CvFolds, describeFolds, parseFolds } from '../../../src/contract/cv-folds.ts';
import type { LocalContext } from '../../../src/pipeline-kit/local-pipeline.ts';
import type { Params } from './params.generated.ts';
import type { KernelView } from '../../_shared/ridge.ts';
import { type EnvironmentStage, environmentStage, seededFolds } from '../../_shared/stats.ts';
import { commaList } from '../../_shared/params.ts';
import { readVcf } from '../../_shared/vcf.ts';
import { type TrainingMarkers, trainingMarkers } from './markers.ts';
import { type Fitted, fitBayesianRidge, fitGaussianKernel, fitMixedModel, LOCAL_MODELS, type ModelName } from './models.ts';
import { fitRandomForest, fitSvrModel, type ForestFit, type SvrFit } from './learners.ts';
import { loadLibsvm } from '../../_shared/svr.ts';
import { bestModel, chooseInside, criterion, type FoldScores, heldOutPredictions, type PredictHeldOut, type SelectionMetric, splitScores } from './selection.ts';
import { fileDesign, type OuterFold, seededDesign } from './cv-design.ts';
import { readPhenotypeRecords } from './records.ts';
import { formatNumber, writeLines } from '../../_shared/output.ts';
import { counted } from '../../../src/contract/wording.ts';
import { convergenceOf, describeDiagnostics } from '../../_shared/bayes-gibbs.ts';
import { DIAGNOSTICS_HEADER, diagnosticRows, fitBayesModel, isBayesModel } from './bayes-models.ts';

/** The models asked for, once each (the schema's pattern admits only LOCAL_MODELS' names). */
export function modelsOf(text: string): ModelName[] {
  const asked = commaList(text);
  const unknown = asked.filter((model) => !(LOCAL_MODELS as readonly string[]).includes(model));
  if (unknown.length > 0) throw new Error(`${unknown.join(', ')}: not a model Auto Train knows; choose from ${LOCAL_MODELS.join(', ')}.`);
  return [...new Set(asked)] as ModelName[];
}

/** Fold of each individual in each repeat when no folds file is given (scripts/make-auto-train-fixtures.ts writes them as the fixture's folds). */
export const repeatedFolds = (ids: string[], folds: number, repeats: number, seed: number): Int32Array[] =>
  Array.from({ length: repeats }, (_, repeat) => seededFolds(ids.length, folds, seed + repeat));

const format = (value: number | null) => formatNumber(value, 8);
const average = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const sd = (values: number[]) => Math.sqrt(values.reduce((sum, value) => sum + (value - average(values)) ** 2, 0) / Math.max(1, values.length - 1));
/** A criterion back on its metric's scale (RMSE is negated to be maximised). */
const metricValue = (metric: SelectionMetric, value: number) => (metric === 'rmse' ? -value : value);

export async function run(context: LocalContext<Params>): Promise<void> {
  const { params } = context;
  const models = modelsOf(params.models);
  // Every Bayes fit's chain: one chain in cross-validation, two for the model written (R-hat needs two).
  const chainOf = (chains: number) => ({ iterations: params.bayes_iterations, burnIn: params.bayes_burn_in, thin: params.bayes_thin, seed: params.seed, chains });
  if (models.some(isBayesModel) && params.bayes_burn_in >= params.bayes_iterations)
    throw new Error(`bayes_burn_in (${params.bayes_burn_in}) must be less than bayes_iterations (${params.bayes_iterations}), or no draw is kept; lower the burn-in or raise the iterations.`);
  if (models.includes('svr')) await loadLibsvm();
  const { vcf, phenotypes, traits, cvFolds } = await context.task('READ_INPUTS', path.basename(params.genotypes), async () => {
    const read = await readVcf(path.resolve(params.genotypes));
    const table = readPhenotypeRecords(path.resolve(params.phenotypes));
    if (table.ignored.length > 0) context.log(`Columns that are not numeric are left out: ${table.ignored.join(', ')}.`);
    context.log(
      `Read ${counted(read.sites.length, 'site')} × ${counted(read.samples.length, 'sample')}; ${table.layout} phenotypes, traits: ${table.traits.join(', ')}; models: ${models.join(', ')}.`,
    );
    let frozen: CvFolds | null = null;
    if (params.cv_folds_file) {
      frozen = parseFolds(fs.readFileSync(path.resolve(params.cv_folds_file), 'utf8'));
      checkFoldsAgainst(frozen, table.records);
      context.log(`Folds from ${path.basename(params.cv_folds_file)} (${describeFolds(frozen, table.records)}), in place of cv_folds and cv_repeats.`);
    } else if (table.layout === 'long') {
      context.log(`Folds drawn from the seed hold out individuals with all their records (CV1); give cv_folds_file for another scheme.`);
    }
    return { vcf: read, phenotypes: table, traits: table.traits, cvFolds: frozen };
  });
  const foldCount = cvFolds?.folds ?? params.cv_folds;
  const repeatCount = cvFolds?.repeats ?? params.cv_repeats;

  const sampleIndex = new Map(vcf.samples.map((sample, index) => [sample, index]));
  const metricRows = ['trait,model,repeat,fold,n,pearson_r,spearman_rho,rmse,bias'];
  const predictionRows = ['id,trait,model,repeat,fold,observed,prediction,environment'];
  const summaryRows = ['trait,model,folds,pearson_r,pearson_r_sd,spearman_rho,rmse,bias,chosen'];
  const foldRows = ['id,trait,repeat,fold,environment'];
  const fittedRows = ['id,trait,model,prediction'];
  const nestedRows = ['trait,repeat,fold,n,chosen_model,inner_value,pearson_r,spearman_rho,rmse,bias'];
  const chosenRows = ['trait,model,metric,value,nested_pearson_r,nested_pearson_r_sd,nested_spearman_rho,nested_rmse,nested_bias,nested_choices,chain_ess_min,chain_r_hat_max,chain_geweke_z_max'];
  const chosenModels: Record<string, unknown> = {};
  const diagnosticsRows = [DIAGNOSTICS_HEADER];

  for (const trait of traits) {
    await context.task('CROSS_VALIDATE', trait, () => {
      const records = phenotypes.recordsOf(trait, (id) => sampleIndex.has(id));
      const { ids, y } = records;
      const n = ids.length;
      if (n < 2 * foldCount)
        throw new Error(
          `${trait} has ${n} individuals with both a phenotype and genotypes; ${foldCount}-fold cross-validation needs at least ${2 * foldCount}. Check that id matches the VCF's sample names.`,
        );
      const samples = ids.map((id) => sampleIndex.get(id)!);
      const all = ids.map((_, index) => index);
      const allRecords = Array.from(y, (_, record) => record);
      // What a model learns from the markers (which are kept, their fills and centring) comes
      // from its training individuals. Cross-validation fits every model on one training set
      // before the next, so the last preparation is kept for the models after the first.
      const everyone = trainingMarkers(vcf, samples, all);
      let last = { key: '', prepared: everyone };
      const markersFor = (train: number[]): TrainingMarkers => {
        if (train.length === n) return everyone;
        const key = train.join(',');
        if (key !== last.key) last = { key, prepared: trainingMarkers(vcf, samples, train) };
        return last.prepared;
      };
      const { columns, markers, centred } = everyone;
      if (columns.length === 0) throw new Error(`No marker varies among the ${n} individuals of ${trait}: nothing to predict from.`);
      const design = cvFolds ? fileDesign(records, cvFolds) : { outer: seededDesign(records, foldCount, repeatCount, params.seed), skipped: [] };
      if (design.skipped.length > 0) context.log(`${trait}: no record with genotypes in the test set of ${design.skipped.join('; ')}: those folds are left out for ${trait}.`);
      const byRepeat = new Map<number, OuterFold[]>();
      for (const split of design.outer) byRepeat.set(split.repeat, [...(byRepeat.get(split.repeat) ?? []), split]);
      for (const split of design.outer) for (const record of split.test) foldRows.push([ids[records.line[record]!], trait, split.repeat, split.fold, records.environment[record]].join(','));

      // Environment effects and the individuals' adjusted means of one training set (the same
      // set is asked for by every model in turn, so the last one is kept).
      let lastStage: { key: string; stage: EnvironmentStage | null } = { key: '', stage: null };
      const stageFor = (train: number[]): EnvironmentStage => {
        const key = train.join(',');
        if (key !== lastStage.key || !lastStage.stage) lastStage = { key, stage: environmentStage(records, train) };
        return lastStage.stage!;
      };
      const fitModel = (
        model: ModelName,
        { lines: train, target: means }: EnvironmentStage,
        chains = 1,
      ): { fitted: Fitted; bandwidth?: number; kernel: Float64Array; forest?: ForestFit['saved']; svr?: SvrFit['saved'] } => {
        const { linear, columns, centred: trainCentred } = markersFor(train);
        const target = Float64Array.from(train, (index) => means[index]!);
        if (model === 'rkhs') return fitGaussianKernel(linear, n, train, target);
        if (isBayesModel(model)) {
          const fitted = fitBayesModel(model, trainCentred, train, target, chainOf(chains));
          diagnosticsRows.push(...diagnosticRows(trait, model, chains > 1 ? 'final' : 'cross_validation', train.length, fitted.bayes));
          return { fitted, kernel: linear };
        }
        if (model === 'random_forest') {
          const { fitted, saved } = fitRandomForest(columns, train, target, params.seed);
          return { fitted, kernel: linear, forest: saved };
        }
        if (model === 'svr') {
          const { fitted, saved } = fitSvrModel(columns, n, train, target, params.seed);
          return { fitted, kernel: linear, svr: saved };
        }
        const view: KernelView = { kernel: linear, size: n, rows: train };
        return { fitted: model === 'bayesian_ridge' ? fitBayesianRidge(view, target, columns) : fitMixedModel(view, target), kernel: linear };
      };

      // Training and held-out sets are of records; a held-out record is its individual's
      // prediction plus its environment's effect (0 for one training did not see).
      const predictHeldOut: PredictHeldOut = (model, train, test) => {
        const stage = stageFor(train);
        const values = fitModel(model, stage).fitted.predict(test.map((record) => records.line[record]!));
        for (const [position, record] of test.entries()) values[position]! += stage.effects.get(records.environment[record]!) ?? 0;
        return values;
      };

      // Plain cross-validation: every model on the same folds, in each repeat.
      const repeats = [...byRepeat.values()];
      const predictionsOf = repeats.map((splits) => heldOutPredictions(models, splits, y.length, predictHeldOut));
      const scores = new Map<ModelName, FoldScores[]>();
      for (const model of models) {
        const perFold: FoldScores[] = [];
        for (const [at, splits] of repeats.entries()) {
          const predicted = predictionsOf[at]!.get(model)!;
          for (const [k, metrics] of splitScores(y, predicted, splits).entries()) {
            const { repeat, fold, test } = splits[k]!;
            perFold.push(metrics);
            metricRows.push([trait, model, repeat, fold, metrics.n, format(metrics.pearson), format(metrics.spearman), format(metrics.rmse), format(metrics.bias)].join(','));
            for (const record of test)
              predictionRows.push([ids[records.line[record]!], trait, model, repeat, fold, format(y[record]!), predicted[record]!.toPrecision(10), records.environment[record]].join(','));
          }
        }
        scores.set(model, perFold);
      }
      const criterionOf = (model: ModelName) => criterion(params.selection_metric, scores.get(model)!);
      const best = bestModel(models, criterionOf);
      for (const model of models) {
        const perFold = scores.get(model)!;
        const r = perFold.map((metrics) => metrics.pearson);
        summaryRows.push(
          [
            trait,
            model,
            perFold.length,
            format(average(r)),
            format(sd(r)),
            format(average(perFold.map((m) => m.spearman))),
            format(average(perFold.map((m) => m.rmse))),
            format(average(perFold.map((m) => m.bias))),
            model === best,
          ].join(','),
        );
      }

      // Nested cross-validation: the choice made again inside each outer training set, and the
      // model chosen there scored on the outer fold. That model, fitted on that training set, is
      // the one the plain cross-validation fitted there, so its predictions are reused.
      const nested: FoldScores[] = [];
      const choices = new Map<ModelName, number>();
      for (const [at, splits] of repeats.entries()) {
        for (const split of splits) {
          const inner = chooseInside(split.train, models, y, params.selection_metric, foldCount, params.seed + split.repeat - 1, predictHeldOut, (record) => records.line[record]!);
          const [metrics] = splitScores(y, predictionsOf[at]!.get(inner.model)!, [split]);
          nested.push(metrics!);
          choices.set(inner.model, (choices.get(inner.model) ?? 0) + 1);
          nestedRows.push(
            [
              trait,
              split.repeat,
              split.fold,
              metrics!.n,
              inner.model,
              format(inner.value === null ? null : metricValue(params.selection_metric, inner.value)),
              format(metrics!.pearson),
              format(metrics!.spearman),
              format(metrics!.rmse),
              format(metrics!.bias),
            ].join(','),
          );
        }
      }
      const nestedSummary = {
        pearson: average(nested.map((m) => m.pearson)),
        pearsonSd: sd(nested.map((m) => m.pearson)),
        spearman: average(nested.map((m) => m.spearman)),
        rmse: average(nested.map((m) => m.rmse)),
        bias: average(nested.map((m) => m.bias)),
        choices: Object.fromEntries(choices),
      };
      const selectionValue = metricValue(params.selection_metric, criterionOf(best));
      context.log(
        `${trait} (${counted(n, 'individual')}, ${counted(columns.length, 'marker')}): ${models.map((model) => `${model} r = ${average(scores.get(model)!.map((m) => m.pearson)).toFixed(3)}`).join(', ')}; chosen ${best} by ${params.selection_metric}; nested cross-validation r = ${nestedSummary.pearson.toFixed(3)}.`,
      );

      // The chosen model on every individual of the trait, and its predictions of them.
      const final = fitModel(best, environmentStage(records, allRecords), 2);
      const convergence = final.fitted.bayes ? convergenceOf(final.fitted.bayes) : null;
      chosenRows.push(
        [
          trait,
          best,
          params.selection_metric,
          format(selectionValue),
          format(nestedSummary.pearson),
          format(nestedSummary.pearsonSd),
          format(nestedSummary.spearman),
          format(nestedSummary.rmse),
          format(nestedSummary.bias),
          [...choices].map(([model, count]) => `${model}:${count}`).join(' '),
          // BayesB's and BayesC's: the worst convergence diagnostic of the model written, for the Results tab's cautions.
          ...(convergence ? [convergence.essMin, convergence.rHatMax ?? Number.NaN, convergence.gewekeZMax].map(format) : ['NA', 'NA', 'NA']),
        ].join(','),
      );
      const fitted = final.fitted.predict(all);
      for (const index of all) fittedRows.push([ids[index], trait, best, fitted[index]!.toPrecision(12)].join(','));
      const entry: Record<string, unknown> = {
        model: best,
        ...(Number.isNaN(final.fitted.lambda) ? {} : { lambda: final.fitted.lambda }),
        fixedEffects: { intercept: final.fitted.intercept },
        n,
        selection: { metric: params.selection_metric, folds: foldCount, repeats: repeatCount, ...(cvFolds ? { scheme: cvFolds.scheme } : {}), value: selectionValue, nested: nestedSummary },
      };
      if (final.forest || final.svr) {
        // The markers in the columns' order: a tree's feature k and the SVR's features index them.
        entry.markers = markers.map((marker) => ({ ...marker, effect: 0 }));
        if (final.forest) entry.forest = final.forest;
        if (final.svr) entry.svr = final.svr;
      } else if (best === 'rkhs') {
        entry.kernel = { bandwidth: final.bandwidth, alpha: Array.from(final.fitted.alpha), training: all.map((index) => columns.map((column) => column[index]!)) };
        entry.markers = markers.map((marker) => ({ ...marker, effect: 0 }));
      } else if (final.fitted.markerEffects) {
        // BayesB and BayesC: the posterior means of the effects, on the markers centred at their means.
        const effects = final.fitted.markerEffects;
        entry.markers = markers.map((marker, k) => ({ ...marker, effect: effects[k]! }));
        if (final.fitted.bayes) {
          const { chain, priors, diagnostics, residualVariance, probIn, markerVariance } = final.fitted.bayes;
          entry.bayes = { chain, priors, residualVariance, probIn, markerVariance, diagnostics, inclusion: Array.from(final.fitted.bayes.inclusion) };
          context.log(`${trait}: ${best} on every individual, ${describeDiagnostics(final.fitted.bayes)}.`);
        }
      } else {
        // Marker effects u = Z'α (Z centred): the model is linear in the allele counts.
        entry.markers = markers.map((marker, k) => {
          let effect = 0;
          for (let i = 0; i < n; i += 1) effect += centred[k]![i]! * final.fitted.alpha[i]!;
          return { ...marker, effect };
        });
      }
      chosenModels[trait] = entry;
    });
  }

  await context.task('WRITE_RESULTS', null, () => {
    const write = (relative: string, lines: string[]) => writeLines(context.outdir, relative, lines);
    write('cv/cv_metrics.csv', metricRows);
    write('cv/cv_summary.csv', summaryRows);
    write('cv/cv_predictions.csv', predictionRows);
    write('cv/folds.csv', foldRows);
    write('models/fitted.csv', fittedRows);
    write('cv/nested_cv.csv', nestedRows);
    write('models/chosen_models.csv', chosenRows);
    if (diagnosticsRows.length > 1) write('models/bayes_diagnostics.csv', diagnosticsRows);
    write('models/auto_train_model.json', [JSON.stringify({ pipeline: 'nf-auto-train', format: 'seedbed-genomic-model-1', traits: chosenModels })]);
  });
}
