/**
 * Make Digital Phenotype Predictions, local implementation: a model from Auto Train Phenotype
 * applied to new spectra. The wavelength grid must be the model's (or, with `interpolate`, cover
 * it: the spectra are then linearly interpolated onto it); a linear model (PLS, ridge) applies its
 * coefficients, a random forest its trees and an SVR its support vectors; each prediction comes with an interval
 * of ± z·RMSECV and, with `flag_out_of_domain`, the spectrum's global H and residual against the
 * calibration spectra.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { LocalContext } from '../../../src/pipeline-kit/local-pipeline.ts';
import type { Params } from './params.generated.ts';
import { applyForest, applySvr, type SavedSvr, type SavedTree } from '../../_shared/genomic-model.ts';
import { predictLinear } from '../../_shared/pls.ts';
import { residualNorm } from '../../auto-train-pheno/local/main.ts';
import { readSpectra, type Spectra } from '../../_shared/spectra.ts';
import { normalQuantile } from '../../_shared/stats.ts';
import { writeLines } from '../../_shared/output.ts';
import { counted } from '../../../src/contract/wording.ts';

interface TraitModel {
  model: string;
  intercept: number;
  coefficients: number[];
  /** Random forests and SVRs (features: the wavelengths' indices) in place of coefficients. */
  forest?: { forest: SavedTree[] };
  svr?: SavedSvr;
  rmsecv: number;
  domain: { mean: number[]; loadings: number[][]; variances: number[]; limit: number; residualLimit: number };
}

function readModel(file: string): { wavelengths: number[]; traits: Record<string, TraitModel> } {
  if (!fs.existsSync(file)) throw new Error(`The model file ${file} does not exist.`);
  if (!/\.json$/i.test(file))
    throw new Error(`${path.basename(file)} is not a Seedbed spectra model (models/spectra_model.json of Auto Train Phenotype). Python models (.pkl) are applied by the nextflow engine.`);
  let parsed: { format?: string; wavelengths?: number[]; traits?: Record<string, TraitModel> };
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    throw new Error(`${path.basename(file)} is not valid JSON; give the models/spectra_model.json an Auto Train Phenotype run wrote.`);
  }
  if (parsed.format !== 'seedbed-spectra-model-1' || !parsed.wavelengths || !parsed.traits) {
    throw new Error(
      `${path.basename(file)} is not a spectra model Seedbed knows (format ${JSON.stringify(parsed.format ?? null)}); give the models/spectra_model.json an Auto Train Phenotype run wrote.`,
    );
  }
  return { wavelengths: parsed.wavelengths, traits: parsed.traits };
}

/** The spectra on the model's grid: as they are when the grids agree, interpolated when asked, refused otherwise. */
export function onModelGrid(spectra: Spectra, wavelengths: number[], interpolate: boolean, name: string): Float64Array[] {
  const same = spectra.wavelengths.length === wavelengths.length && spectra.wavelengths.every((nm, k) => Math.abs(nm - wavelengths[k]!) < 1e-6);
  if (same) return spectra.values;
  const span = (grid: number[]) => `${grid[0]}–${grid[grid.length - 1]} nm, ${grid.length} points`;
  if (!interpolate) {
    throw new Error(
      `The wavelengths of ${name} (${span(spectra.wavelengths)}) are not the model's (${span(wavelengths)}). Give spectra measured and processed as the training ones were, or set interpolate to resample them onto the model's grid.`,
    );
  }
  const from = spectra.wavelengths;
  if (wavelengths[0]! < from[0]! - 1e-6 || wavelengths[wavelengths.length - 1]! > from[from.length - 1]! + 1e-6) {
    throw new Error(`${name} covers ${span(from)}, less than the model's ${span(wavelengths)}: interpolation cannot make up the missing end. Measure the full range.`);
  }
  return spectra.values.map((row) => {
    let j = 0;
    return Float64Array.from(wavelengths, (nm) => {
      while (j < from.length - 2 && from[j + 1]! < nm) j += 1;
      const t = (nm - from[j]!) / (from[j + 1]! - from[j]!);
      return row[j]! + Math.min(Math.max(t, 0), 1) * (row[j + 1]! - row[j]!);
    });
  });
}

/** Global H of a spectrum against the calibration: Σ t_k²/var_k over the model's components, divided by their number. */
export function globalHAgainst(domain: TraitModel['domain'], row: ArrayLike<number>): number {
  let sum = 0;
  for (const [c, loading] of domain.loadings.entries()) {
    let score = 0;
    for (let k = 0; k < loading.length; k += 1) score += (row[k]! - domain.mean[k]!) * loading[k]!;
    sum += (score * score) / domain.variances[c]!;
  }
  return domain.loadings.length === 0 ? 0 : sum / domain.loadings.length;
}

const format = (value: number) => Number(value.toPrecision(10)).toString();

export async function run(context: LocalContext<Params>): Promise<void> {
  const { params } = context;
  const model = await context.task('READ_MODEL', path.basename(params.model), () => {
    const read = readModel(path.resolve(params.model));
    context.log(
      `Model for ${Object.entries(read.traits)
        .map(([trait, entry]) => `${trait} (${entry.model}, RMSECV ${format(entry.rmsecv)})`)
        .join(', ')} on ${read.wavelengths.length} wavelengths.`,
    );
    return read;
  });
  const base = path.basename(params.spectra).replace(/\.csv$/i, '');
  const { spectra, rows } = await context.task('READ_SPECTRA', base, () => {
    const read = readSpectra(path.resolve(params.spectra));
    const resampled = onModelGrid(read, model.wavelengths, params.interpolate, path.basename(params.spectra));
    if (resampled !== read.values)
      context.log(`Interpolated ${counted(read.ids.length, 'spectrum', 'spectra')} from ${counted(read.wavelengths.length, 'wavelength')} onto the model's ${model.wavelengths.length}.`);
    return { spectra: read, rows: resampled };
  });
  const z = normalQuantile((1 + params.prediction_interval) / 2);
  const lines = ['id,trait,prediction,lower,upper,global_h,residual,out_of_domain'];
  for (const [trait, entry] of Object.entries(model.traits)) {
    await context.task('PREDICT', trait, () => {
      const coefficient = Float64Array.from(entry.coefficients);
      let flagged = 0;
      for (const [index, id] of spectra.ids.entries()) {
        const spectrum = rows[index]!;
        const prediction = entry.forest ? applyForest(entry.forest.forest, spectrum) : entry.svr ? applySvr(entry.svr, spectrum) : predictLinear(coefficient, entry.intercept, spectrum);
        const h = params.flag_out_of_domain ? globalHAgainst(entry.domain, rows[index]!) : Number.NaN;
        const residual = params.flag_out_of_domain
          ? residualNorm(
              Float64Array.from(rows[index]!, (value, k) => value - entry.domain.mean[k]!),
              entry.domain.loadings,
            )
          : Number.NaN;
        const outside = params.flag_out_of_domain && (h > entry.domain.limit || residual > entry.domain.residualLimit);
        if (outside) flagged += 1;
        lines.push(
          [
            id,
            trait,
            format(prediction),
            format(prediction - z * entry.rmsecv),
            format(prediction + z * entry.rmsecv),
            params.flag_out_of_domain ? format(h) : 'NA',
            params.flag_out_of_domain ? format(residual) : 'NA',
            params.flag_out_of_domain ? outside : 'NA',
          ].join(','),
        );
      }
      context.log(
        `${trait}: ${counted(spectra.ids.length, 'prediction')} with ${Math.round(params.prediction_interval * 100)} % intervals of ±${format(z * entry.rmsecv)}${params.flag_out_of_domain ? `; ${counted(flagged, 'spectrum', 'spectra')} outside the calibration (global H above ${entry.domain.limit}, or a residual beyond the calibration's mean + 3 SD)` : ''}.`,
      );
    });
  }
  await context.task('WRITE_PREDICTIONS', base, () => {
    writeLines(context.outdir, `predictions/${base}.predictions.csv`, lines);
  });
}
