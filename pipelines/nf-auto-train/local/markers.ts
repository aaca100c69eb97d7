/**
 * The markers Auto Train fits a model on, learned from its training individuals only: biallelic
 * SNPs called in at least half of them and not constant among them, a missing call filled with
 * their mean, centred at that mean. Every individual of the trait gets values (held-out ones the
 * training fill), so a fold's model can predict its held-out individuals.
 */
import { gram } from '../../_shared/linear-algebra.ts';
import { hasFullCall, isBiallelicSnp, type Vcf } from '../../_shared/vcf.ts';

export interface TrainingMarkers {
  /** Allele counts per marker over every individual of the trait, missing calls filled. */
  columns: Float64Array[];
  markers: Array<{ id: string; chromosome: string; position: number; allele: string; mean: number }>;
  /** The columns centred at the training means. */
  centred: Float64Array[];
  /** K = Z Z' of the centred columns, over every individual. */
  linear: Float64Array;
}

/** `samples` are the trait's individuals (VCF sample indices), `training` positions among them. */
export function trainingMarkers(vcf: Vcf, samples: number[], training: number[]): TrainingMarkers {
  const n = samples.length;
  const columns: Float64Array[] = [];
  const markers: TrainingMarkers['markers'] = [];
  for (const site of vcf.sites) {
    if (!isBiallelicSnp(site)) continue;
    let called = 0;
    let sum = 0;
    for (const position of training) {
      const sample = samples[position]!;
      if (!hasFullCall(site, sample)) continue;
      called += 1;
      sum += site.dosage[sample]!;
    }
    if (2 * called < training.length) continue;
    const mean = sum / called;
    const column = Float64Array.from(samples, (sample) => (hasFullCall(site, sample) ? site.dosage[sample]! : mean));
    const first = column[training[0]!]!;
    if (training.every((position) => column[position] === first)) continue;
    columns.push(column);
    markers.push({ id: site.id, chromosome: site.chrom, position: site.pos, allele: site.alt[0]!, mean });
  }
  const centred = columns.map((column, k) => Float64Array.from(column, (value) => value - markers[k]!.mean));
  return { columns, markers, centred, linear: gram(centred, n) };
}
