/**
 * GDIP, local implementation: per trait, a single-marker association scan (marker–trait
 * regression, with covariates partialled out) and a ridge-regression genomic prediction model
 * (rrBLUP) whose accuracy is cross-validated. Outputs: an associations table, the hits, the
 * fitted model and the genomic estimated breeding values.
 */
import fs from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import type { LocalContext } from '../../../src/server/runs/local-runner/context.ts';
import { fitRidge, mean, pearson, predict, seededRandom, shuffled, tTestP } from '../../_shared/stats.ts';
import { altFrequency, readVcf } from '../../_shared/vcf.ts';

interface Params {
  genotypes: string;
  phenotypes: string;
  traits?: string;
  covariates?: string;
  association_test: 'linear' | 'linear_kinship';
  significance_threshold: number;
  min_maf: number;
  model: 'rrblup' | 'gblup' | 'bayesb';
  ridge_lambda: number;
  cv_folds: number;
  seed: number;
}

interface Marker {
  id: string;
  chrom: string;
  pos: number;
  /** Dosage per individual (phenotyped order), missing calls imputed with the mean. */
  values: Float64Array;
}

const MISSING = new Set(['', 'NA', 'NaN', 'na', 'nan', '.', 'null']);
const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

function residualise(values: Float64Array, covariates: Float64Array[]): Float64Array {
  // Gram–Schmidt against [1, covariates…]: what is left is what the covariates do not explain.
  const result = Float64Array.from(values);
  for (const basis of covariates) {
    let dot = 0;
    for (let i = 0; i < result.length; i += 1) dot += result[i]! * basis[i]!;
    for (let i = 0; i < result.length; i += 1) result[i]! -= dot * basis[i]!;
  }
  return result;
}

/** An orthonormal basis of the intercept and the covariate columns. */
function covariateBasis(columns: Float64Array[], n: number): Float64Array[] {
  const basis: Float64Array[] = [];
  for (const column of [new Float64Array(n).fill(1), ...columns]) {
    const v = residualise(column, basis);
    const norm = Math.sqrt(v.reduce((sum, value) => sum + value * value, 0));
    if (norm > 1e-9) basis.push(v.map((value) => value / norm));
  }
  return basis;
}

export async function run(context: LocalContext): Promise<void> {
  const params = context.params as unknown as Params;

  const genotypes = await context.task('LOAD_GENOTYPES', path.basename(params.genotypes), async () => {
    const file = path.resolve(params.genotypes);
    if (!fs.existsSync(file)) throw new Error(`The genotype VCF ${file} does not exist.`);
    const vcf = await readVcf(file);
    context.log(`Read ${vcf.sites.length} markers × ${vcf.samples.length} individuals`);
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

  const covariateNames = list(params.covariates);
  const requestedTraits = list(params.traits);
  const traits = requestedTraits.length > 0 ? requestedTraits : phenotypes.columns.filter((column) => column !== 'id' && !covariateNames.includes(column));
  for (const name of [...traits, ...covariateNames]) {
    if (!phenotypes.columns.includes(name)) throw new Error(`The phenotype table has no column ${name} (it has: ${phenotypes.columns.join(', ')}).`);
  }
  if (traits.length === 0) throw new Error('The phenotype table has no trait columns besides id and the covariates.');
  if (params.association_test === 'linear_kinship')
    context.skip('KINSHIP', 'the kinship-corrected (mixed-model) scan needs the Nextflow pipeline; this run uses the plain linear scan with the covariates given.');
  if (params.model === 'bayesb') context.skip('BAYESB', 'BayesB needs the Nextflow pipeline; this run fits rrBLUP (ridge regression on markers) instead.');

  const sampleIndex = new Map(genotypes.samples.map((sample, index) => [sample, index]));
  const associations: string[] = ['trait,marker,chromosome,position,n,maf,beta,se,t,p_value,log10p,significant'];
  const hits: string[] = ['trait,marker,chromosome,position,p_value,log10p,beta'];
  const gebvs: string[] = ['id,trait,prediction'];
  const accuracy: string[] = ['trait,n,folds,lambda,pearson_r,rmse'];
  const models: Record<string, unknown> = {};

  for (const trait of traits) {
    // Individuals with a genotype, a value for the trait and every covariate.
    const individuals = phenotypes.rows.filter(
      (row) => sampleIndex.has(String(row.id).trim()) && !MISSING.has(String(row[trait] ?? '').trim()) && covariateNames.every((name) => !MISSING.has(String(row[name] ?? '').trim())),
    );
    const n = individuals.length;
    if (n < Math.max(10, params.cv_folds * 2)) {
      context.skip(`ASSOCIATION (${trait})`, `only ${n} individuals have both genotypes and a ${trait} value; at least ${Math.max(10, params.cv_folds * 2)} are needed.`);
      continue;
    }
    const y = Float64Array.from(individuals, (row) => Number(row[trait]));
    const bad = individuals.find((row) => !Number.isFinite(Number(row[trait])));
    if (bad) throw new Error(`The ${trait} value of ${bad.id} is not a number: ${JSON.stringify(bad[trait])}.`);
    const columns = covariateNames.flatMap((name) => {
      const values = individuals.map((row) => String(row[name]).trim());
      if (values.every((value) => Number.isFinite(Number(value)))) return [Float64Array.from(values, Number)];
      // A categorical covariate (an environment): one indicator column per level but the first.
      return [...new Set(values)].slice(1).map((level) => Float64Array.from(values, (value) => (value === level ? 1 : 0)));
    });
    const basis = covariateBasis(columns, n);

    const markers: Marker[] = await context.task('PREPARE_MARKERS', trait, () => {
      const order = individuals.map((row) => sampleIndex.get(String(row.id).trim())!);
      const prepared: Marker[] = [];
      for (const site of genotypes.sites) {
        const { frequency, called } = altFrequency(site, order);
        if (called < n / 2 || Math.min(frequency, 1 - frequency) < params.min_maf) continue;
        const values = Float64Array.from(order, (index) => site.dosage[index]!);
        const fill = 2 * frequency;
        for (let i = 0; i < n; i += 1) if (values[i]! < 0) values[i] = fill;
        prepared.push({ id: site.id, chrom: site.chrom, pos: site.pos, values });
      }
      context.log(`${trait}: ${n} individuals, ${prepared.length} markers with MAF ≥ ${params.min_maf}`);
      if (prepared.length === 0) throw new Error(`No marker has MAF ≥ ${params.min_maf} among the ${n} individuals with ${trait}.`);
      return prepared;
    });

    await context.task('ASSOCIATION', trait, () => {
      const yr = residualise(y, basis);
      const degreesOfFreedom = n - basis.length - 1;
      let hitCount = 0;
      for (const marker of markers) {
        const g = residualise(marker.values, basis);
        let gg = 0;
        let gy = 0;
        for (let i = 0; i < n; i += 1) {
          gg += g[i]! * g[i]!;
          gy += g[i]! * yr[i]!;
        }
        if (gg < 1e-12) continue;
        const beta = gy / gg;
        let rss = 0;
        for (let i = 0; i < n; i += 1) rss += (yr[i]! - beta * g[i]!) ** 2;
        const se = Math.sqrt(rss / degreesOfFreedom / gg);
        const t = beta / se;
        const p = Math.max(tTestP(t, degreesOfFreedom), Number.MIN_VALUE);
        const log10p = -Math.log10(p);
        const maf = Math.min(mean(marker.values) / 2, 1 - mean(marker.values) / 2);
        const significant = log10p >= params.significance_threshold;
        if (significant) {
          hitCount += 1;
          hits.push([trait, marker.id, marker.chrom, marker.pos, p.toExponential(4), log10p.toFixed(4), beta.toFixed(6)].join(','));
        }
        associations.push([trait, marker.id, marker.chrom, marker.pos, n, maf.toFixed(4), beta.toFixed(6), se.toFixed(6), t.toFixed(4), p.toExponential(4), log10p.toFixed(4), significant].join(','));
      }
      context.log(`${trait}: ${hitCount} markers with −log10(p) ≥ ${params.significance_threshold}`);
    });

    await context.task('GENOMIC_PREDICTION', trait, () => {
      const m = markers.length;
      const lambda = params.ridge_lambda * m;
      const centred = (rows: number[]) => {
        const means = markers.map((marker) => rows.reduce((sum, i) => sum + marker.values[i]!, 0) / rows.length);
        return { means, matrix: rows.map((i) => Float64Array.from(markers, (marker, k) => marker.values[i]! - means[k]!)) };
      };
      // k-fold cross-validation: each individual is predicted by a model that never saw it.
      const order = shuffled([...Array(n).keys()], seededRandom(params.seed));
      const predicted = new Float64Array(n);
      for (let fold = 0; fold < params.cv_folds; fold += 1) {
        const test = order.filter((_, position) => position % params.cv_folds === fold);
        const testSet = new Set(test);
        const train = order.filter((i) => !testSet.has(i));
        const { means, matrix } = centred(train);
        const fit = fitRidge(
          matrix,
          train.map((i) => y[i]!),
          lambda,
        );
        for (const i of test)
          predicted[i] = predict(
            Float64Array.from(markers, (marker, k) => marker.values[i]! - means[k]!),
            fit.intercept,
            fit.effects,
          );
      }
      const r = pearson(predicted, y);
      const rmse = Math.sqrt(y.reduce((sum, value, i) => sum + (value - predicted[i]!) ** 2, 0) / n);
      accuracy.push([trait, n, params.cv_folds, lambda.toPrecision(6), r.toFixed(4), rmse.toFixed(4)].join(','));
      context.log(`${trait}: ${params.cv_folds}-fold cross-validated accuracy r = ${r.toFixed(3)}, RMSE = ${rmse.toFixed(3)}`);

      const all = [...Array(n).keys()];
      const { means, matrix } = centred(all);
      const fit = fitRidge(
        matrix,
        all.map((i) => y[i]!),
        lambda,
      );
      for (const i of all) gebvs.push([individuals[i]!.id, trait, predict(matrix[i]!, fit.intercept, fit.effects).toFixed(6)].join(','));
      models[trait] = {
        model: 'rrblup',
        lambda,
        intercept: fit.intercept,
        n,
        cvPearsonR: r,
        cvRmse: rmse,
        markers: markers.map((marker, k) => ({ id: marker.id, chromosome: marker.chrom, position: marker.pos, mean: means[k], effect: fit.effects[k] })),
      };
    });
  }

  if (Object.keys(models).length === 0) throw new Error('No trait had enough individuals with both genotypes and phenotypes; check that the `id` values match the VCF sample names.');

  await context.task('WRITE_RESULTS', null, () => {
    const write = (relative: string, text: string) => {
      const file = path.join(context.outdir, relative);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, text);
    };
    write('discovery/associations.csv', `${associations.join('\n')}\n`);
    write('discovery/hits.csv', `${hits.join('\n')}\n`);
    write('prediction/gebv.csv', `${gebvs.join('\n')}\n`);
    write('prediction/cv_accuracy.csv', `${accuracy.join('\n')}\n`);
    write('models/gdip_model.json', `${JSON.stringify({ pipeline: 'nf-gdip', format: 'seedbed-rrblup-1', traits: models }, null, 1)}\n`);
  });
}
