/**
 * Auto Train, local implementation: per trait, repeated k-fold cross-validation of rrBLUP,
 * GBLUP, Bayesian ridge and a Gaussian-kernel model on the same folds; r, Spearman's ρ, RMSE and
 * bias per fold; the best model by `selection_metric` refitted on every individual and written
 * as a model file that Make GDIP Predictions applies. The chosen model's accuracy is reported
 * from nested cross-validation (selection.ts): its plain CV score is optimistic, being the
 * score it was chosen for.
 */
import path from 'node:path';
import type { LocalContext } from '../../../src/pipeline-kit/local-pipeline.ts';
import type { Params } from './params.generated.ts';
import type { KernelView } from '../../_shared/ridge.ts';
import { foldSplits, seededFolds } from '../../_shared/stats.ts';
import { commaList } from '../../_shared/params.ts';
import { readTraitTable, traitValues } from '../../_shared/trait-table.ts';
import { readVcf } from '../../_shared/vcf.ts';
import { type TrainingMarkers, trainingMarkers } from './markers.ts';
import { type Fitted, fitBayesianRidge, fitGaussianKernel, fitMixedModel, LOCAL_MODELS, type ModelName } from './models.ts';
import { bestModel, chooseInside, criterion, type FoldScores, heldOutPredictions, type PredictHeldOut, type SelectionMetric, splitScores } from './selection.ts';
import { formatNumber, writeLines } from '../../_shared/output.ts';
import { counted } from '../../_shared/words.ts';

/** Models of the schema that only the nextflow engine fits (MCMC and tree ensembles at scale). */
export const NEXTFLOW_ONLY = ['bayesb', 'bayes_c', 'random_forest', 'svr'];

export function modelsOf(text: string): ModelName[] {
  const asked = commaList(text);
  const refused = asked.filter((model) => NEXTFLOW_ONLY.includes(model));
  if (refused.length > 0) {
    throw new Error(
      `${refused.join(', ')} ${refused.length === 1 ? 'needs' : 'need'} the nextflow engine (MCMC samplers and tree ensembles at this scale). On the local engine choose from ${LOCAL_MODELS.join(', ')} — bayesian_ridge is the Bayesian shrinkage model, rkhs the kernel model.`,
    );
  }
  return [...new Set(asked)] as ModelName[];
}

/** Fold of each individual in each repeat: GDIP's seeded folds, the seed moved on by the repeat. */
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
  const { vcf, phenotypes, traits } = await context.task('READ_INPUTS', path.basename(params.genotypes), async () => {
    const read = await readVcf(path.resolve(params.genotypes));
    const table = readTraitTable(path.resolve(params.phenotypes));
    if (table.ignored.length > 0) context.log(`Columns that are not numeric are left out: ${table.ignored.join(', ')}.`);
    context.log(`Read ${counted(read.sites.length, 'site')} × ${counted(read.samples.length, 'sample')}; traits: ${table.traits.join(', ')}; models: ${models.join(', ')}.`);
    return { vcf: read, phenotypes: table, traits: table.traits };
  });

  const sampleIndex = new Map(vcf.samples.map((sample, index) => [sample, index]));
  const metricRows = ['trait,model,repeat,fold,n,pearson_r,spearman_rho,rmse,bias'];
  const predictionRows = ['id,trait,model,repeat,fold,observed,prediction'];
  const summaryRows = ['trait,model,folds,pearson_r,pearson_r_sd,spearman_rho,rmse,bias,chosen'];
  const foldRows = ['id,trait,repeat,fold'];
  const fittedRows = ['id,trait,model,prediction'];
  const nestedRows = ['trait,repeat,fold,n,chosen_model,inner_value,pearson_r,spearman_rho,rmse,bias'];
  const chosenRows = ['trait,model,metric,value,nested_pearson_r,nested_pearson_r_sd,nested_spearman_rho,nested_rmse,nested_bias,nested_choices'];
  const chosenModels: Record<string, unknown> = {};

  for (const trait of traits) {
    await context.task('CROSS_VALIDATE', trait, () => {
      const { ids, y } = traitValues(phenotypes, trait, (id) => sampleIndex.has(id));
      const n = ids.length;
      if (n < 2 * params.cv_folds)
        throw new Error(
          `${trait} has ${n} individuals with both a phenotype and genotypes; ${params.cv_folds}-fold cross-validation needs at least ${2 * params.cv_folds}. Check that id matches the VCF's sample names.`,
        );
      const samples = ids.map((id) => sampleIndex.get(id)!);
      const all = ids.map((_, index) => index);
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
      const folds = repeatedFolds(ids, params.cv_folds, params.cv_repeats, params.seed);
      for (const [repeat, fold] of folds.entries()) for (const [index, id] of ids.entries()) foldRows.push([id, trait, repeat + 1, fold[index]! + 1].join(','));

      const fitModel = (model: ModelName, train: number[]): { fitted: Fitted; bandwidth?: number; kernel: Float64Array } => {
        const { linear, columns } = markersFor(train);
        if (model === 'rkhs')
          return fitGaussianKernel(
            linear,
            n,
            train,
            Float64Array.from(train, (index) => y[index]!),
          );
        const view: KernelView = { kernel: linear, size: n, rows: train };
        const target = Float64Array.from(train, (index) => y[index]!);
        return { fitted: model === 'bayesian_ridge' ? fitBayesianRidge(view, target, columns) : fitMixedModel(view, target), kernel: linear };
      };

      const predictHeldOut: PredictHeldOut = (model, train, test) => fitModel(model, train).fitted.predict(test);

      // Plain cross-validation: every model on the same folds, in each repeat.
      const splitsOf = folds.map((fold) => foldSplits(fold, params.cv_folds));
      const predictionsOf = splitsOf.map((splits) => heldOutPredictions(models, splits, n, predictHeldOut));
      const scores = new Map<ModelName, FoldScores[]>();
      for (const model of models) {
        const perFold: FoldScores[] = [];
        for (const [repeat, splits] of splitsOf.entries()) {
          const predicted = predictionsOf[repeat]!.get(model)!;
          for (const [k, metrics] of splitScores(y, predicted, splits).entries()) {
            perFold.push(metrics);
            metricRows.push([trait, model, repeat + 1, k + 1, metrics.n, format(metrics.pearson), format(metrics.spearman), format(metrics.rmse), format(metrics.bias)].join(','));
            for (const index of splits[k]!.test) predictionRows.push([ids[index], trait, model, repeat + 1, k + 1, format(y[index]!), predicted[index]!.toPrecision(10)].join(','));
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
      for (const [repeat, splits] of splitsOf.entries()) {
        for (const [k, split] of splits.entries()) {
          const inner = chooseInside(split.train, models, y, params.selection_metric, params.cv_folds, params.seed + repeat, predictHeldOut);
          const [metrics] = splitScores(y, predictionsOf[repeat]!.get(inner.model)!, [split]);
          nested.push(metrics!);
          choices.set(inner.model, (choices.get(inner.model) ?? 0) + 1);
          nestedRows.push(
            [
              trait,
              repeat + 1,
              k + 1,
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
        ].join(','),
      );
      context.log(
        `${trait} (${counted(n, 'individual')}, ${counted(columns.length, 'marker')}): ${models.map((model) => `${model} r = ${average(scores.get(model)!.map((m) => m.pearson)).toFixed(3)}`).join(', ')}; chosen ${best} by ${params.selection_metric}; nested cross-validation r = ${nestedSummary.pearson.toFixed(3)}.`,
      );

      // The chosen model on every individual of the trait, and its predictions of them.
      const final = fitModel(best, all);
      const fitted = final.fitted.predict(all);
      for (const index of all) fittedRows.push([ids[index], trait, best, fitted[index]!.toPrecision(12)].join(','));
      const entry: Record<string, unknown> = {
        model: best,
        lambda: final.fitted.lambda,
        fixedEffects: { intercept: final.fitted.intercept },
        n,
        selection: { metric: params.selection_metric, folds: params.cv_folds, repeats: params.cv_repeats, value: selectionValue, nested: nestedSummary },
      };
      if (best === 'rkhs') {
        entry.kernel = { bandwidth: final.bandwidth, alpha: Array.from(final.fitted.alpha), training: all.map((index) => columns.map((column) => column[index]!)) };
        entry.markers = markers.map((marker) => ({ ...marker, effect: 0 }));
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
    write('models/auto_train_model.json', [JSON.stringify({ pipeline: 'nf-auto-train', format: 'seedbed-genomic-model-1', traits: chosenModels })]);
  });
}
