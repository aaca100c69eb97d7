/**
 * GDIP, local implementation: per trait, a single-marker association scan with the covariates
 * as fixed effects (as R's `lm`), and a ridge-regression genomic prediction model (rrBLUP) with
 * the same covariates as unpenalised fixed effects and λ estimated by REML. Its accuracy is
 * cross-validated without leaks: each fold's model learns everything (markers, missing-call fills,
 * centring, covariate levels, λ) from its training individuals only (predictor.ts). Outputs: the associations, the hits, the fitted model, the cross-validation
 * predictions and folds, and the genomic estimated breeding values.
 */
import fs from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import type { LocalContext } from '../../../src/pipeline-kit/local-pipeline.ts';
import type { Params } from './params.generated.ts';
import { foldSplits, formatP, median, pearson, seededFolds } from '../../_shared/stats.ts';
import { readVcf } from '../../_shared/vcf.ts';
import { type Covariate, classifyCovariates, design } from './covariates.ts';
import { prepareMarkers } from './markers.ts';
import { fitOnTraining, type TraitData } from './predictor.ts';
import { createScanner } from './scan.ts';
import { writeOutput } from '../../_shared/output.ts';
import { commaList } from '../../_shared/params.ts';
import { isMissing } from '../../_shared/trait-table.ts';
import { counted } from '../../_shared/words.ts';

export async function run(context: LocalContext<Params>): Promise<void> {
  const { params } = context;

  const genotypes = await context.task('LOAD_GENOTYPES', path.basename(params.genotypes), async () => {
    const vcf = await readVcf(path.resolve(params.genotypes));
    context.log(`Read ${counted(vcf.sites.length, 'marker')} × ${counted(vcf.samples.length, 'individual')}`);
    if (vcf.samples.length === 0) throw new Error(`${vcf.file} has no sample columns; GDIP needs the genotypes of the phenotyped individuals.`);
    if (vcf.sites.length > 0 && !vcf.sites.some((site) => site.hasGenotypes)) throw new Error(`${vcf.file} has no GT field in FORMAT; GDIP needs genotype calls.`);
    return vcf;
  });

  const phenotypes = await context.task('LOAD_PHENOTYPES', path.basename(params.phenotypes), () => {
    const file = path.resolve(params.phenotypes);
    if (!fs.existsSync(file)) throw new Error(`The phenotype table ${file} does not exist.`);
    const parsed = Papa.parse<Record<string, string>>(fs.readFileSync(file, 'utf8'), { header: true, skipEmptyLines: true, transformHeader: (header) => header.trim() });
    const columns = parsed.meta.fields ?? [];
    if (!columns.includes('id')) throw new Error(`${file} has no \`id\` column (its columns: ${columns.join(', ')}).`);
    return { rows: parsed.data, columns };
  });

  const covariateNames = commaList(params.covariates);
  const requestedTraits = commaList(params.traits);
  const traits = requestedTraits.length > 0 ? requestedTraits : phenotypes.columns.filter((column) => column !== 'id' && !covariateNames.includes(column));
  for (const name of [...traits, ...covariateNames]) {
    if (!phenotypes.columns.includes(name)) throw new Error(`The phenotype table has no column ${name} (it has: ${phenotypes.columns.join(', ')}).`);
  }
  if (traits.length === 0) throw new Error('The phenotype table has no trait columns besides id and the covariates.');
  // The launch refuses these (pipeline.json's localUnsupported); a run must never fit another method under their name.
  if (params.association_test !== 'linear')
    throw new Error(`association_test ${params.association_test} needs the nextflow engine; the built-in GDIP runs the linear scan only. Relaunch with association_test linear.`);
  if (params.model === 'bayesb') throw new Error('model bayesb needs the nextflow engine; the built-in GDIP fits rrblup or gblup. Relaunch with one of those.');
  const covariates: Covariate[] = classifyCovariates(
    phenotypes.rows.filter((row) => covariateNames.every((name) => !isMissing(row[name]))),
    covariateNames,
    commaList(params.categorical_covariates),
    commaList(params.numeric_covariates),
  );
  for (const covariate of covariates) context.log(`Covariate ${covariate.name}: ${covariate.kind} (${covariate.because})`);

  const sampleIndex = new Map(genotypes.samples.map((sample, index) => [sample, index]));
  const associations: string[] = ['trait,marker,chromosome,position,allele,n,maf,beta,se,t,p_value,log10p,significant'];
  const hits: string[] = ['trait,marker,chromosome,position,p_value,log10p,beta'];
  const gebvs: string[] = ['id,trait,prediction,gebv'];
  const accuracy: string[] = ['trait,n,folds,lambda,pearson_r,rmse,pearson_r_genetic,lambda_method,scored_against,lambda_fold_median,lambda_fold_min,lambda_fold_max'];
  const cvPredictions: string[] = ['id,trait,fold,observed,predicted,genetic'];
  const models: Record<string, unknown> = {};

  for (const trait of traits) {
    // Individuals with a genotype, a value for the trait and every covariate.
    const individuals = phenotypes.rows.filter((row) => sampleIndex.has(String(row.id).trim()) && !isMissing(row[trait]) && covariateNames.every((name) => !isMissing(row[name])));
    const n = individuals.length;
    const needed = Math.max(10, params.cv_folds * 2);
    if (n < needed) {
      context.skip(`ASSOCIATION (${trait})`, `only ${n} individuals have both genotypes and a ${trait} value; at least ${needed} are needed.`);
      continue;
    }
    const bad = individuals.find((row) => !Number.isFinite(Number(row[trait])));
    if (bad) throw new Error(`The ${trait} value of ${bad.id} is not a number: ${JSON.stringify(bad[trait])}.`);
    const y = Float64Array.from(individuals, (row) => Number(row[trait]));
    const fullDesign = design(covariates, individuals);
    const samples = individuals.map((row) => sampleIndex.get(String(row.id).trim())!);

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
      const scan = createScanner(y, fullDesign.columns);
      let hitCount = 0;
      const rows: string[] = [];
      for (const marker of markers) {
        const result = scan(marker.values);
        if (!result) continue;
        const p = formatP(result.p, result.log10p, 8);
        const significant = result.log10p >= params.significance_threshold;
        if (significant) {
          hitCount += 1;
          hits.push([trait, marker.id, marker.chrom, marker.pos, p, result.log10p.toFixed(4), result.beta.toPrecision(7)].join(','));
        }
        rows.push(
          [
            trait,
            marker.id,
            marker.chrom,
            marker.pos,
            marker.allele,
            n,
            marker.maf.toFixed(4),
            result.beta.toPrecision(10),
            result.se.toPrecision(10),
            result.t.toPrecision(10),
            p,
            result.log10p.toFixed(6),
            significant,
          ].join(','),
        );
      }
      associations.push(...rows);
      context.log(`${trait}: ${counted(hitCount, 'marker')} with −log10(p) ≥ ${params.significance_threshold}`);
    });

    await context.task('GENOMIC_PREDICTION', trait, () => {
      const data: TraitData = { vcf: genotypes, samples, rows: individuals, y, covariates };
      const all = [...Array(n).keys()];
      // The model written for prediction, learned from every individual with the trait.
      const final = fitOnTraining(data, params, all);
      if (final.droppedFixedNames.length > 0)
        throw new Error(
          `The fixed effects are collinear: ${final.droppedFixedNames.join(', ')} repeats the intercept and the other covariates among the ${n} individuals with ${trait}; drop a covariate that repeats another.`,
        );
      const { lambda, reml } = final;
      if (reml?.atBound) context.log(`${trait}: the REML estimate of λ is at the edge of its search range (${lambda.toPrecision(4)}); the markers may explain none or all of the variance.`);

      // k-fold cross-validation: each fold's model is learned from its training individuals alone and predicts the held-out ones.
      const foldOf = seededFolds(n, params.cv_folds, params.seed);
      const predicted = new Float64Array(n);
      const genetic = new Float64Array(n);
      const adjusted = new Float64Array(n);
      const foldLambdas: number[] = [];
      for (const { train, test } of foldSplits(foldOf, params.cv_folds)) {
        const predictor = fitOnTraining(data, params, train);
        foldLambdas.push(predictor.lambda);
        for (const index of test) {
          const prediction = predictor.predict(index);
          genetic[index] = prediction.genetic;
          predicted[index] = prediction.fixed + prediction.genetic;
          adjusted[index] = y[index]! - prediction.fixed;
        }
      }
      const r = pearson(predicted, y);
      const rGenetic = pearson(genetic, adjusted);
      const rmse = Math.sqrt(y.reduce((sum, value, i) => sum + (value - predicted[i]!) ** 2, 0) / n);
      const scoredAgainst = covariates.length > 0 ? 'observed (pearson_r: covariate and genetic effects; pearson_r_genetic: GEBV against the covariate-adjusted value)' : 'observed';
      accuracy.push(
        [
          trait,
          n,
          params.cv_folds,
          lambda.toPrecision(8),
          r.toFixed(6),
          rmse.toFixed(6),
          rGenetic.toFixed(6),
          reml ? 'reml' : 'fixed',
          `"${scoredAgainst}"`,
          median(foldLambdas).toPrecision(8),
          Math.min(...foldLambdas).toPrecision(8),
          Math.max(...foldLambdas).toPrecision(8),
        ].join(','),
      );
      for (const index of all) cvPredictions.push([individuals[index]!.id, trait, foldOf[index], y[index], predicted[index]!.toPrecision(10), genetic[index]!.toPrecision(10)].join(','));
      context.log(
        `${trait}: λ = ${lambda.toPrecision(4)} (${reml ? 'REML' : 'fixed'}; ${Math.min(...foldLambdas).toPrecision(4)} to ${Math.max(...foldLambdas).toPrecision(4)} in the folds); ${params.cv_folds}-fold cross-validated r = ${r.toFixed(3)} (genetic part ${rGenetic.toFixed(3)}), RMSE = ${rmse.toFixed(3)}`,
      );

      let fixedSum = 0;
      for (const index of all) {
        const { fixed, genetic: gebv } = final.predict(index);
        fixedSum += fixed;
        gebvs.push([individuals[index]!.id, trait, (fixed + gebv).toPrecision(10), gebv.toPrecision(10)].join(','));
      }
      const effects = final.markerEffects();
      models[trait] = {
        // rrBLUP and GBLUP are one model (the marker kernel ZZ'); the file says which was asked for.
        model: params.model,
        // New candidates' covariates are unknown: their predictions sit on the phenotype scale at the fixed effects averaged over the training individuals.
        intercept: fixedSum / n,
        lambda,
        lambdaMethod: reml ? 'reml' : 'fixed',
        varianceComponents: reml ? { markerEffect: reml.sigmaU2, residual: reml.sigmaE2, logLikelihood: reml.logLikelihood } : null,
        fixedEffects: Object.fromEntries(final.fixedNames.map((name, index) => [name, final.fit.fixed[index]])),
        covariates,
        n,
        cvPearsonR: r,
        cvPearsonRGenetic: rGenetic,
        cvRmse: rmse,
        cvFoldLambdas: foldLambdas,
        markers: final.markers.map((marker, k) => ({ id: marker.id, chromosome: marker.chrom, position: marker.pos, allele: marker.allele, mean: marker.mean, effect: effects[k] })),
      };
    });
  }
  if (Object.keys(models).length === 0) throw new Error('No trait had enough individuals with both genotypes and phenotypes; check that the `id` values match the VCF sample names.');

  await context.task('WRITE_RESULTS', null, () => {
    writeOutput(context.outdir, 'discovery/associations.csv', `${associations.join('\n')}\n`);
    writeOutput(context.outdir, 'discovery/hits.csv', `${hits.join('\n')}\n`);
    writeOutput(context.outdir, 'prediction/gebv.csv', `${gebvs.join('\n')}\n`);
    writeOutput(context.outdir, 'prediction/cv_accuracy.csv', `${accuracy.join('\n')}\n`);
    writeOutput(context.outdir, 'prediction/cv_predictions.csv', `${cvPredictions.join('\n')}\n`);
    writeOutput(context.outdir, 'models/gdip_model.json', `${JSON.stringify({ pipeline: 'nf-gdip', format: 'seedbed-rrblup-2', traits: models }, null, 1)}\n`);
  });
}
