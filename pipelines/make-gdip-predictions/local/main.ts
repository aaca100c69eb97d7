/**
 * Make GDIP Predictions, local implementation: a trained genomic model (GDIP's or Auto Train's
 * JSON) applied to new genotypes. Markers are matched by id (or chromosome and position) with
 * their allele checked; missing calls are filled as `impute_missing` says; markers the VCF lacks
 * count as their training mean, up to `max_missing_markers` of the model's. Linear models sum
 * marker effects; kernel models, forests and SVRs read every marker's value of a candidate.
 */
import path from 'node:path';
import type { LocalContext } from '../../../src/pipeline-kit/local-pipeline.ts';
import type { Params } from './params.generated.ts';
import { alleleCount, applyForest, applySvr, matchMarkers, readGenomicModel, type TraitModel } from '../../_shared/genomic-model.ts';
import { readVcf, type Vcf } from '../../_shared/vcf.ts';
import { writeLines } from '../../_shared/output.ts';
import { counted } from '../../../src/contract/wording.ts';

const list = (items: string[], most = 5) => `${items.slice(0, most).join(', ')}${items.length > most ? `, and ${items.length - most} more` : ''}`;

/** GEBVs of every VCF sample for one trait, and each sample's count of missing calls. */
export function predictTrait(model: TraitModel, vcf: Vcf, params: Pick<Params, 'impute_missing' | 'max_missing_markers'>, log: (message: string) => void) {
  const match = matchMarkers(vcf, model.markers);
  const absent = match.missing.length + match.alleleMismatch.length;
  const share = absent / model.markers.length;
  if (match.alleleMismatch.length > 0) log(`${model.trait}: ${match.alleleMismatch.length} markers have another allele in the VCF and count as their training mean: ${list(match.alleleMismatch)}`);
  if (match.missing.length > 0) log(`${model.trait}: ${match.missing.length} of ${model.markers.length} model markers are not in the VCF and count as their training mean: ${list(match.missing)}`);
  if (share > params.max_missing_markers) {
    throw new Error(
      `${absent} of the model's ${model.markers.length} markers for ${model.trait} (${(100 * share).toFixed(1)} %) are missing from the VCF or carry other alleles, more than max_missing_markers (${params.max_missing_markers}). Genotype the candidates on the training panel, or raise max_missing_markers.`,
    );
  }
  const samples = vcf.samples.length;
  const gebv = new Float64Array(samples);
  const missingCalls = new Int32Array(samples);
  const values = model.kernel || model.forest || model.svr ? Array.from({ length: samples }, () => new Float64Array(model.markers.length)) : null;
  for (const [k, marker] of model.markers.entries()) {
    const found = match.sites[k];
    for (let sample = 0; sample < samples; sample += 1) {
      let value = found ? alleleCount(found, sample) : marker.mean;
      if (value === null) {
        missingCalls[sample]! += 1;
        if (params.impute_missing === 'fail') {
          throw new Error(
            `${vcf.samples[sample]} has no call at ${marker.id}, and impute_missing is fail. Set impute_missing to mean (the training mean) or zero, or impute the VCF first (e.g. with Beagle).`,
          );
        }
        value = params.impute_missing === 'zero' ? 0 : marker.mean;
      }
      if (values) values[sample]![k] = value;
      else gebv[sample]! += marker.effect * (value - marker.mean);
    }
  }
  if (model.kernel && values) {
    const { bandwidth, alpha, training } = model.kernel;
    for (let sample = 0; sample < samples; sample += 1) {
      let sum = 0;
      for (const [j, other] of training.entries()) {
        let distance = 0;
        for (let k = 0; k < other.length; k += 1) distance += (values[sample]![k]! - other[k]!) ** 2;
        sum += Math.exp(-distance / bandwidth) * alpha[j]!;
      }
      gebv[sample] = sum;
    }
  }
  if (values && (model.forest || model.svr)) {
    for (let sample = 0; sample < samples; sample += 1) {
      const prediction = model.forest ? applyForest(model.forest.forest, values[sample]!) : applySvr(model.svr!, values[sample]!);
      gebv[sample] = prediction - model.intercept;
    }
  }
  return { gebv, missingCalls, absentMarkers: absent };
}

export async function run(context: LocalContext<Params>): Promise<void> {
  const { params } = context;
  const model = await context.task('READ_MODEL', path.basename(params.model), () => {
    const read = readGenomicModel(path.resolve(params.model));
    context.log(`Model from ${read.pipeline || 'an earlier run'} (${read.format}): ${read.traits.map((trait) => `${trait.trait} (${trait.model}, ${trait.markers.length} markers)`).join(', ')}`);
    return read;
  });
  const vcf = await context.task('READ_GENOTYPES', path.basename(params.genotypes), async () => {
    const read = await readVcf(path.resolve(params.genotypes));
    if (read.samples.length === 0) throw new Error(`${params.genotypes} has no sample columns: there is nobody to predict.`);
    context.log(`Read ${counted(read.sites.length, 'site')} × ${counted(read.samples.length, 'sample')}`);
    return read;
  });
  const rows: string[] = ['id,trait,prediction,gebv,model,missing_calls,markers_absent'];
  for (const trait of model.traits) {
    await context.task('PREDICT', trait.trait, () => {
      const { gebv, missingCalls, absentMarkers } = predictTrait(trait, vcf, params, context.log);
      for (const [sample, id] of vcf.samples.entries()) {
        rows.push([id, trait.trait, (trait.intercept + gebv[sample]!).toPrecision(10), gebv[sample]!.toPrecision(10), trait.model, missingCalls[sample], absentMarkers].join(','));
      }
      const worst = Math.max(...missingCalls);
      context.log(
        `${trait.trait}: predicted ${counted(vcf.samples.length, 'candidate')}${worst > 0 ? `; up to ${worst} missing calls per candidate, filled with ${params.impute_missing === 'zero' ? 'zero' : 'the training mean'}` : ''}.`,
      );
    });
  }
  await context.task('WRITE_PREDICTIONS', null, () => {
    writeLines(context.outdir, 'predictions/gebv_predictions.csv', rows);
  });
}
