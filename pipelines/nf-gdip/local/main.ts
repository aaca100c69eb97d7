/**
 * GDIP, local implementation: per trait, a single-marker association scan with the covariates
 * as fixed effects (as R's `lm`; with association_test linear_kinship, the mixed-model scan with
 * a genomic relationship matrix, as GEMMA's `-lmm 1`: mixed-scan.ts), and a ridge-regression genomic prediction model (rrBLUP) with
 * the same covariates as unpenalised fixed effects and λ estimated by REML. Its accuracy is
 * cross-validated without leaks: each fold's model learns everything (markers, missing-call fills,
 * centring, covariate levels, λ) from its training individuals only (predictor.ts). Outputs: the associations, the hits, the fitted model, the cross-validation
 * predictions and folds, and the genomic estimated breeding values.
 */
import path from 'node:path';
import type { LocalContext } from '../../../src/pipeline-kit/local-pipeline.ts';
import type { Params } from './params.generated.ts';
import { environmentStage, formatP, mean, median, pearson } from '../../_shared/stats.ts';
import { readVcf } from '../../_shared/vcf.ts';
import { type Covariate, classifyCovariates, design } from './covariates.ts';
import { prepareMarkers } from './markers.ts';
import { crossValidate, type CvDesign, cvDesign, traitSplits } from './cross-validation.ts';
import { readPhenotypes } from './phenotypes.ts';
import { BAYES_LABELS, fitOnTraining, isBayesModel, type TraitData } from './predictor.ts';
import { createScanner } from './scan.ts';
import { centredKinship, createMixedScanner, genomicControl, locoKinships, type MixedScanMethod, type MixedScanResult, type NullModel } from './mixed-scan.ts';
import { rowsInto, writeOutput } from '../../_shared/output.ts';
import { commaList } from '../../_shared/params.ts';
import { isMissing } from '../../_shared/trait-table.ts';
import { counted } from '../../../src/contract/wording.ts';
import { formatInterval, summarise, testTrainRatio } from '../../../src/contract/benchmark-stats.ts';
import { convergenceOf, describeDiagnostics } from '../../_shared/bayes-gibbs.ts';

/** Pooled scores of predicted records: r, the genetic part's r and RMSE. */
function scores(tested: Array<{ record: number; predicted: number; genetic: number; adjusted: number }>, y: Float64Array) {
  const observed = Float64Array.from(tested, (test) => y[test.record]!);
  const predicted = Float64Array.from(tested, (test) => test.predicted);
  return {
    r: pearson(predicted, observed),
    rGenetic: pearson(
      Float64Array.from(tested, (test) => test.genetic),
      Float64Array.from(tested, (test) => test.adjusted),
    ),
    rmse: Math.sqrt(observed.reduce((sum, value, i) => sum + (value - predicted[i]!) ** 2, 0) / observed.length),
  };
}

/**
 * The mixed-model scan of one trait's markers: one kinship from all of them, or with `loco` one per
 * chromosome from the markers on the others (each chromosome's markers tested against its own).
 * Results are in the markers' order; the null models say what was fitted, per chromosome for LOCO.
 */
function mixedScan(y: Float64Array, fixedColumns: Float64Array[], markers: Array<{ values: Float64Array; chrom: string }>, method: MixedScanMethod, loco: boolean) {
  const columns = markers.map((marker) => marker.values);
  if (!loco) {
    const scanner = createMixedScanner(y, fixedColumns, centredKinship(columns, y.length), method);
    return { results: scanner.scanMany(columns), nullModels: [{ chromosome: null, nullModel: scanner.nullModel }] };
  }
  const results = new Array<MixedScanResult | null>(markers.length).fill(null);
  const nullModels: Array<{ chromosome: string | null; nullModel: NullModel }> = [];
  for (const { chromosome, markers: indices, kinship } of locoKinships(
    columns,
    markers.map((marker) => marker.chrom),
    y.length,
  )) {
    const scanner = createMixedScanner(y, fixedColumns, kinship, method);
    nullModels.push({ chromosome, nullModel: scanner.nullModel });
    const scanned = scanner.scanMany(indices.map((index) => columns[index]!));
    for (const [position, index] of indices.entries()) results[index] = scanned[position]!;
  }
  return { results, nullModels };
}

/** A CSV cell, quoted where it holds a comma, quote or line break. */
const csvCell = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

export async function run(context: LocalContext<Params>): Promise<void> {
  const { params } = context;

  const genotypes = await context.task('LOAD_GENOTYPES', path.basename(params.genotypes), async () => {
    const vcf = await readVcf(path.resolve(params.genotypes));
    context.log(`Read ${counted(vcf.sites.length, 'marker')} × ${counted(vcf.samples.length, 'individual')}`);
    if (vcf.samples.length === 0) throw new Error(`${vcf.file} has no sample columns; GDIP needs the genotypes of the phenotyped individuals.`);
    if (vcf.sites.length > 0 && !vcf.sites.some((site) => site.hasGenotypes)) throw new Error(`${vcf.file} has no GT field in FORMAT; GDIP needs genotype calls.`);
    return vcf;
  });

  const covariateNames = commaList(params.covariates);
  const phenotypes = await context.task('LOAD_PHENOTYPES', path.basename(params.phenotypes), () => {
    const read = readPhenotypes(path.resolve(params.phenotypes), covariateNames);
    if (read.layout === 'long')
      context.log(`Long phenotypes (id, trait, observed${read.hasEnvironments ? ', environment' : ''}): ${counted(read.records.length, 'record')} of ${counted(read.traits.length, 'trait')}`);
    return read;
  });

  const requestedTraits = commaList(params.traits);
  const traits = requestedTraits.length > 0 ? requestedTraits : phenotypes.traits;
  for (const name of requestedTraits) {
    if (!(phenotypes.layout === 'long' ? phenotypes.traits : phenotypes.columns).includes(name))
      throw new Error(
        phenotypes.layout === 'long'
          ? `The phenotype table observes no trait ${name} (it observes: ${phenotypes.traits.join(', ')}).`
          : `The phenotype table has no column ${name} (it has: ${phenotypes.columns.join(', ')}).`,
      );
  }
  if (phenotypes.hasEnvironments && covariateNames.length > 0)
    throw new Error(
      `With environments in the phenotypes, GDIP fits the environments itself (their effects first, then the model on the lines' adjusted means), and takes no covariates; clear covariates (${covariateNames.join(', ')}), or give a wide table with them as columns.`,
    );
  for (const name of covariateNames) {
    if (!phenotypes.columns.includes(name)) throw new Error(`The phenotype table has no column ${name} (it has: ${phenotypes.columns.join(', ')}).`);
  }
  if (traits.length === 0) throw new Error('The phenotype table has no trait columns besides id and the covariates.');

  const cv: CvDesign = await context.task('CV_FOLDS', params.cv_folds_file ? path.basename(params.cv_folds_file) : null, () => {
    const chosen = cvDesign(params, phenotypes.records);
    context.log(chosen.description);
    return chosen;
  });
  if (isBayesModel(params.model) && params.bayes_burn_in >= params.bayes_iterations)
    throw new Error(`bayes_burn_in (${params.bayes_burn_in}) must be less than bayes_iterations (${params.bayes_iterations}), or no draw is kept; lower the burn-in or raise the iterations.`);
  const mixedTest: MixedScanMethod = params.mixed_model_test === 'p3d' ? 'p3d' : 'exact';
  const covariates: Covariate[] = classifyCovariates(
    phenotypes.rows.filter((row) => covariateNames.every((name) => !isMissing(row[name]))),
    covariateNames,
    commaList(params.categorical_covariates),
    commaList(params.numeric_covariates),
  );
  for (const covariate of covariates) context.log(`Covariate ${covariate.name}: ${covariate.kind} (${covariate.because})`);

  const sampleIndex = new Map(genotypes.samples.map((sample, index) => [sample, index]));
  const associations: string[] = ['trait,marker,chromosome,position,allele,n,maf,beta,se,t,p_value,log10p,significant'];
  const hits: string[] = ['trait,marker,chromosome,position,p_value,log10p,beta,scan'];
  // role: hits for the scan the associations and hits come from; comparison for the plain scan beside a mixed-model one.
  const genomicControlRows: string[] = ['trait,scan,markers,genomic_control_lambda,role'];
  const gebvs: string[] = ['id,trait,prediction,gebv'];
  const accuracy: string[] = [
    'trait,n,folds,lambda,pearson_r,rmse,pearson_r_genetic,lambda_method,scored_against,lambda_fold_median,lambda_fold_min,lambda_fold_max,scheme,repeats,folds_scored,n_test_min,n_test_max,pearson_r_folds,pearson_r_low,pearson_r_high,rmse_folds,rmse_low,rmse_high,h2_genomic,chain_ess_min,chain_r_hat_max,chain_geweke_z_max',
  ];
  const foldAccuracy: string[] = ['trait,scheme,repeat,fold,n_test,pearson_r,rmse'];
  const cvPredictions: string[] = ['id,trait,fold,observed,predicted,genetic,repeat,environment'];
  const models: Record<string, unknown> = {};
  const number = (value: number) => (Number.isFinite(value) ? value.toFixed(6) : 'NA');
  // λ has no value for BayesB or BayesC (no ridge penalty): NA, as R writes a missing number.
  const precise = (value: number) => (Number.isFinite(value) ? value.toPrecision(8) : 'NA');

  for (const trait of traits) {
    // Records of individuals with a genotype, a value for the trait and every covariate.
    const records = phenotypes.recordsOf(trait, (row) => sampleIndex.has(String(row.id).trim()) && covariateNames.every((name) => !isMissing(row[name])));
    const individuals = records.rows;
    const n = records.ids.length;
    const needed = Math.max(10, cv.folds * 2);
    if (n < needed) {
      context.skip(`ASSOCIATION (${trait})`, `only ${n} individuals have both genotypes and a ${trait} value; at least ${needed} are needed.`);
      continue;
    }
    const samples = records.ids.map((id) => sampleIndex.get(id)!);
    // Every record of the trait: the environments' effects, then the lines' adjusted means (their values, without environments).
    const allRecords = [...records.y.keys()];
    const whole = environmentStage(records, allRecords);
    const y = whole.target;
    const fullDesign = design(covariates, individuals);
    if (phenotypes.hasEnvironments)
      context.log(
        `${trait}: ${counted(records.y.length, 'record')} of ${counted(n, 'line')} in ${counted(whole.effects.size, 'environment')}; the scan and the model read the lines' environment-adjusted means`,
      );

    const markers = await context.task('PREPARE_MARKERS', trait, () => {
      const prepared = prepareMarkers(genotypes, samples, params);
      const { skipped } = prepared;
      context.log(
        `${trait}: ${counted(n, 'individual')}, ${counted(prepared.markers.length, 'marker')} with MAF ≥ ${params.min_maf}` +
          ` (left out: ${skipped.multiAllelic} multi-allelic and ${skipped.notSnp} other non-SNP records${params.biallelic_snps_only ? ' as biallelic_snps_only is on' : ''}, ${skipped.lowMaf} below min_maf, ${skipped.lowCallRate} called in fewer than half)`,
      );
      if (prepared.markers.length === 0) throw new Error(`No marker has MAF ≥ ${params.min_maf} among the ${n} individuals with ${trait}.`);
      return prepared.markers;
    });

    await context.task('ASSOCIATION', trait, () => {
      const plainScan = createScanner(y, fullDesign.columns);
      const loco = params.kinship_loco === true;
      const mixed = params.association_test === 'linear_kinship' ? mixedScan(y, fullDesign.columns, markers, mixedTest, loco) : null;
      const testName = mixedTest === 'p3d' ? 'P3D: λ of the null model for every marker' : 'exact: REML λ per marker';
      for (const { chromosome, nullModel } of mixed?.nullModels ?? [])
        context.log(
          `${trait}: mixed model (${testName}) on the centred kinship of ${chromosome === null ? counted(markers.length, 'marker') : `the markers off chromosome ${chromosome} (leave one chromosome out), testing chromosome ${chromosome}'s`}; null model λ = σg²/σe² = ${nullModel.lambda.toPrecision(6)} (vg ${nullModel.vg.toPrecision(6)}, ve ${nullModel.ve.toPrecision(6)}, pve ${nullModel.pve.toFixed(4)})`,
        );
      const scanName = mixed ? `linear_kinship_${mixedTest}${loco ? '_loco' : ''}` : 'linear';
      const plainP: number[] = [];
      const mixedP: number[] = [];
      let hitCount = 0;
      const rows = rowsInto(associations);
      const mixedResults = mixed?.results;
      for (const [index, marker] of markers.entries()) {
        const plain = marker.codes ? plainScan.codes(marker.codes, marker.mean) : plainScan(marker.values);
        if (plain) plainP.push(plain.p);
        const result = mixedResults ? mixedResults[index]! : plain;
        if (!result) continue;
        if (mixed) mixedP.push(result.p);
        const p = formatP(result.p, result.log10p, 8);
        const significant = result.log10p >= params.significance_threshold;
        if (significant) {
          hitCount += 1;
          hits.push([trait, marker.id, marker.chrom, marker.pos, p, result.log10p.toFixed(4), result.beta.toPrecision(7), scanName].join(','));
        }
        // One template per row rather than an array joined: this runs once per marker.
        rows.push(
          `${trait},${marker.id},${marker.chrom},${marker.pos},${marker.allele},${n},${marker.maf.toFixed(4)},${result.beta.toPrecision(10)},${result.se.toPrecision(10)},${result.t.toPrecision(10)},${p},${result.log10p.toFixed(6)},${significant}`,
        );
      }
      rows.flush();
      const plainInflation = genomicControl(plainP);
      genomicControlRows.push([trait, 'linear', plainP.length, number(plainInflation), mixed ? 'comparison' : 'hits'].join(','));
      if (mixed) {
        const mixedInflation = genomicControl(mixedP);
        genomicControlRows.push([trait, scanName, mixedP.length, number(mixedInflation), 'hits'].join(','));
        context.log(`${trait}: genomic-control λ ${mixedInflation.toFixed(3)} for the mixed-model scan, ${plainInflation.toFixed(3)} for the plain scan (median χ² / 0.4549)`);
      } else context.log(`${trait}: genomic-control λ ${plainInflation.toFixed(3)} (median χ² / 0.4549)`);
      context.log(`${trait}: ${counted(hitCount, 'marker')} with −log10(p) ≥ ${params.significance_threshold}`);
    });

    await context.task('GENOMIC_PREDICTION', trait, () => {
      const data: TraitData = { vcf: genotypes, samples, rows: individuals, y, covariates };
      const all = [...Array(n).keys()];
      // The model written for prediction, learned from every record of the trait.
      const final = fitOnTraining(data, params, all, 2);
      if (final.bayes) context.log(`${trait}: ${BAYES_LABELS[final.bayes.method]} on every individual, ${describeDiagnostics(final.bayes)}.`);
      const convergence = final.bayes ? convergenceOf(final.bayes) : null;
      if (final.droppedFixedNames.length > 0)
        throw new Error(
          `The fixed effects are collinear: ${final.droppedFixedNames.join(', ')} repeats the intercept and the other covariates among the ${n} individuals with ${trait}; drop a covariate that repeats another.`,
        );
      const { lambda, reml } = final;
      if (reml?.atBound)
        context.log(
          `${trait}: the REML estimate of λ is at the edge of its search range (${lambda.toPrecision(4)}, genomic h² ${reml.heritability.toFixed(4)}); the markers ${reml.heritability > 0.5 ? 'explain all of the variance: the model reproduces the training phenotypes, and only the cross-validated accuracy says how it predicts' : 'explain none of the variance: the GEBVs sit at the mean'}.`,
        );

      // Cross-validation: each split's model is learned from its training records alone and predicts its test records.
      const { splits, skipped } = traitSplits(cv, records, params.seed);
      if (skipped.length > 0)
        context.log(
          `${trait}: ${counted(skipped.length, 'fold')} of the folds file left out, with no ${trait} record of an individual with genotypes in its test or training set: ${skipped.join('; ')}`,
        );
      if (splits.length === 0) throw new Error(`No fold of the folds file tests a ${trait} record of an individual with genotypes; check that the folds were made from these phenotypes.`);
      const results = crossValidate(data, records, params, splits);
      const foldLambdas = results.map((result) => result.lambda);
      const unseen = results.reduce((sum, result) => sum + result.unseenEnvironment, 0);
      if (unseen > 0) context.log(`${trait}: ${counted(unseen, 'test record')} in environments their training never saw, predicted without an environment effect`);
      const perRepeat = Array.from({ length: cv.repeats }, (_, index) => {
        const tested = results
          .filter((result) => result.split.repeat === index + 1)
          .flatMap((result) => result.test.map((test) => ({ ...test, fold: result.split.fold })))
          .sort((a, b) => a.record - b.record);
        return { tested, ...scores(tested, records.y) };
      }).filter((repeat) => repeat.tested.length > 0);
      // Each fold scored on its own test records: the mean over the repeats × folds with the corrected
      // resampled t interval, as the benchmark boards summarise the same folds (benchmark-stats.ts).
      const foldScores = results.map((result) => ({ n: result.test.length, ...scores(result.test, records.y) }));
      const intervalOptions = cv.folds > 1 ? { testTrainRatio: testTrainRatio(cv.scheme, cv.folds) } : {};
      const foldR = summarise(
        foldScores.map((fold) => fold.r),
        intervalOptions,
      );
      const foldRmse = summarise(
        foldScores.map((fold) => fold.rmse),
        intervalOptions,
      );
      const r = mean(perRepeat.map((repeat) => repeat.r));
      const rGenetic = mean(perRepeat.map((repeat) => repeat.rGenetic));
      const rmse = mean(perRepeat.map((repeat) => repeat.rmse));
      const scoredAgainst =
        covariates.length > 0
          ? 'observed (pearson_r: covariate and genetic effects; pearson_r_genetic: GEBV against the covariate-adjusted value)'
          : phenotypes.hasEnvironments
            ? 'observed (pearson_r: environment and genetic effects; pearson_r_genetic: GEBV against the environment-adjusted value)'
            : 'observed';
      accuracy.push(
        [
          trait,
          perRepeat[0]!.tested.length,
          cv.folds,
          precise(lambda),
          r.toFixed(6),
          rmse.toFixed(6),
          rGenetic.toFixed(6),
          final.bayes ? `none (${final.bayes.method})` : reml ? 'reml' : 'fixed',
          `"${scoredAgainst}"`,
          precise(median(foldLambdas)),
          precise(Math.min(...foldLambdas)),
          precise(Math.max(...foldLambdas)),
          cv.scheme,
          cv.repeats,
          foldScores.length,
          Math.min(...foldScores.map((fold) => fold.n)),
          Math.max(...foldScores.map((fold) => fold.n)),
          ...[foldR, foldRmse].flatMap((summary) => [summary.mean, summary.low, summary.high].map((value) => number(value ?? Number.NaN))),
          // REML's only: a fixed λ, BayesB or BayesC estimates no variance components.
          reml ? precise(reml.heritability) : 'NA',
          // BayesB's and BayesC's: the worst convergence diagnostic of the model written, for the Results tab's cautions.
          ...(convergence ? [convergence.essMin, convergence.rHatMax ?? Number.NaN, convergence.gewekeZMax].map(number) : ['NA', 'NA', 'NA']),
        ].join(','),
      );
      for (const [index, result] of results.entries()) {
        const fold = foldScores[index]!;
        foldAccuracy.push([trait, cv.scheme, result.split.repeat, result.split.fold, fold.n, number(fold.r), number(fold.rmse)].join(','));
      }
      for (const [index, repeat] of perRepeat.entries()) {
        for (const test of repeat.tested)
          cvPredictions.push(
            [
              records.ids[records.line[test.record]!],
              trait,
              // Counted from 0, as this column always was; cv_folds_accuracy.csv and the folds file count from 1.
              test.fold - 1,
              records.y[test.record],
              test.predicted.toPrecision(10),
              test.genetic.toPrecision(10),
              index + 1,
              csvCell(records.environment[test.record]!),
            ].join(','),
          );
      }
      context.log(
        `${trait}: ${final.bayes ? `${BAYES_LABELS[final.bayes.method]} (no λ)` : `λ = ${lambda.toPrecision(4)} (${reml ? 'REML' : 'fixed'}; ${Math.min(...foldLambdas).toPrecision(4)} to ${Math.max(...foldLambdas).toPrecision(4)} in the folds)`}; ${cv.folds}-fold ${cv.scheme} cross-validation: mean of the ${foldScores.length} folds' r = ${formatInterval(foldR)} (95 % interval; the Results tab's CV r); r of the pooled predictions = ${r.toFixed(3)}${cv.repeats > 1 ? ` (mean of ${cv.repeats} repeats)` : ''} (genetic part ${rGenetic.toFixed(3)}), RMSE = ${rmse.toFixed(3)}`,
      );

      let fixedSum = 0;
      for (const index of all) {
        const { fixed, genetic: gebv } = final.predict(index);
        fixedSum += fixed;
        gebvs.push([records.ids[index], trait, (fixed + gebv).toPrecision(10), gebv.toPrecision(10)].join(','));
      }
      const effects = final.markerEffects();
      models[trait] = {
        // rrBLUP and GBLUP are one model (the marker kernel ZZ'); the file says which was asked for.
        model: params.model,
        // New candidates' covariates are unknown: their predictions sit on the phenotype scale at the fixed effects averaged over the training individuals.
        intercept: fixedSum / n,
        lambda,
        lambdaMethod: final.bayes ? null : reml ? 'reml' : 'fixed',
        varianceComponents: reml ? { markerEffect: reml.sigmaU2, residual: reml.sigmaE2, logLikelihood: reml.logLikelihood } : null,
        fixedEffects: Object.fromEntries(final.fixedNames.map((name, index) => [name, final.fit.fixed[index]])),
        covariates,
        n,
        cvPearsonR: r,
        cvPearsonRGenetic: rGenetic,
        cvRmse: rmse,
        cvFoldLambdas: foldLambdas,
        cvScheme: cv.scheme,
        cvRepeats: cv.repeats,
        // Two stages with environments: their effects (centred on 0) first, the model on the lines' adjusted means second.
        ...(phenotypes.hasEnvironments ? { environmentEffects: Object.fromEntries(whole.effects) } : {}),
        // BayesB and BayesC: the chain, the priors and the convergence diagnostics of the model written (lambda is null: it has none).
        ...(final.bayes
          ? {
              bayes: {
                chain: final.bayes.chain,
                priors: final.bayes.priors,
                residualVariance: final.bayes.residualVariance,
                probIn: final.bayes.probIn,
                markerVariance: final.bayes.markerVariance,
                diagnostics: final.bayes.diagnostics,
              },
            }
          : {}),
        markers: final.markers.map((marker, k) => ({ id: marker.id, chromosome: marker.chrom, position: marker.pos, allele: marker.allele, mean: marker.mean, effect: effects[k] })),
      };
    });
  }
  if (Object.keys(models).length === 0) throw new Error('No trait had enough individuals with both genotypes and phenotypes; check that the `id` values match the VCF sample names.');

  await context.task('WRITE_RESULTS', null, () => {
    writeOutput(context.outdir, 'discovery/associations.csv', `${associations.join('\n')}\n`);
    writeOutput(context.outdir, 'discovery/hits.csv', `${hits.join('\n')}\n`);
    writeOutput(context.outdir, 'discovery/genomic_control.csv', `${genomicControlRows.join('\n')}\n`);
    writeOutput(context.outdir, 'prediction/gebv.csv', `${gebvs.join('\n')}\n`);
    writeOutput(context.outdir, 'prediction/cv_accuracy.csv', `${accuracy.join('\n')}\n`);
    writeOutput(context.outdir, 'prediction/cv_predictions.csv', `${cvPredictions.join('\n')}\n`);
    writeOutput(context.outdir, 'prediction/cv_folds_accuracy.csv', `${foldAccuracy.join('\n')}\n`);
    writeOutput(context.outdir, 'models/gdip_model.json', `${JSON.stringify({ pipeline: 'nf-gdip', format: 'seedbed-rrblup-2', traits: models }, null, 1)}\n`);
  });
}
