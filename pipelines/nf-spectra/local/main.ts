/**
 * Process Spectra, local implementation: trim to [wavelength_min, wavelength_max], Savitzky–
 * Golay smoothing, scatter correction (SNV or MSC), detrending, Savitzky–Golay derivative, then
 * PCA of the processed spectra and each spectrum's global H (squared Mahalanobis distance on the
 * principal components over their number) flagged above outlier_sd.
 */
import path from 'node:path';
import type { LocalContext } from '../../../src/pipeline-kit/local-pipeline.ts';
import type { Params } from './params.generated.ts';
import { symmetricEigen } from '../../_shared/linear-algebra.ts';
import { detrend, gridStep, msc, readSpectra, savitzkyGolay, snv, type Spectra } from '../../_shared/spectra.ts';
import { writeOutput } from '../../_shared/output.ts';
import { counted } from '../../../src/contract/wording.ts';

/** Principal components kept for the distances: those reaching 99 % of the variance, at most 10. */
export const PCA_VARIANCE = 0.99;
export const PCA_MAX_COMPONENTS = 10;

/** Global H of each spectrum: Σ_k t_k² / var_k over the kept components, divided by their number. */
export function globalH(values: Float64Array[]): { h: Float64Array; components: number; explained: number } {
  const n = values.length;
  const p = values[0]!.length;
  const means = new Float64Array(p);
  for (const row of values) for (let k = 0; k < p; k += 1) means[k]! += row[k]! / n;
  const centred = values.map((row) => Float64Array.from(row, (value, k) => value - means[k]!));
  const gramMatrix = new Float64Array(n * n);
  for (let i = 0; i < n; i += 1) {
    for (let j = 0; j <= i; j += 1) {
      let sum = 0;
      for (let k = 0; k < p; k += 1) sum += centred[i]![k]! * centred[j]![k]!;
      gramMatrix[i * n + j] = sum;
      gramMatrix[j * n + i] = sum;
    }
  }
  const { values: eigenvalues, vectors } = symmetricEigen(gramMatrix, n);
  // Largest first.
  const order = Array.from(eigenvalues.keys()).sort((a, b) => eigenvalues[b]! - eigenvalues[a]!);
  const total = order.reduce((sum, index) => sum + Math.max(eigenvalues[index]!, 0), 0);
  let components = 0;
  let explained = 0;
  while (components < Math.min(PCA_MAX_COMPONENTS, n - 1) && explained < PCA_VARIANCE) {
    explained += Math.max(eigenvalues[order[components]!]!, 0) / total;
    components += 1;
  }
  // Scores t = U·s; their variance over the samples is s²/(n − 1), so t²/var = (n − 1)·u².
  const h = new Float64Array(n);
  for (let i = 0; i < n; i += 1) {
    let sum = 0;
    for (let c = 0; c < components; c += 1) sum += (n - 1) * vectors[i * n + order[c]!]! ** 2;
    h[i] = sum / components;
  }
  return { h, components, explained };
}

function trim(spectra: Spectra, low: number, high: number): Spectra {
  const keep = spectra.wavelengths.map((nm, k) => (nm >= low && nm <= high ? k : -1)).filter((k) => k >= 0);
  return { ids: spectra.ids, wavelengths: keep.map((k) => spectra.wavelengths[k]!), values: spectra.values.map((row) => Float64Array.from(keep, (k) => row[k]!)) };
}

const format = (value: number) => Number(value.toPrecision(8)).toString();
/** How many raw spectra qc/<name>.raw_spectra.csv keeps (the report draws them beside the processed ones). */
const RAW_SAMPLE = 40;

export async function run(context: LocalContext<Params>): Promise<void> {
  const { params } = context;
  const base = path.basename(params.input).replace(/\.csv$/i, '');
  if (params.snv && params.msc) throw new Error('snv and msc are both on: they are two ways to correct scatter. Choose one.');
  if (params.wavelength_min >= params.wavelength_max) throw new Error(`wavelength_min (${params.wavelength_min}) must be below wavelength_max (${params.wavelength_max}).`);
  if (params.smoothing_window % 2 === 0) throw new Error(`smoothing_window must be odd (the point in the middle is the one smoothed); ${params.smoothing_window} is even.`);
  if (params.polynomial_order >= params.smoothing_window) throw new Error(`polynomial_order (${params.polynomial_order}) must be below smoothing_window (${params.smoothing_window}).`);
  if (params.derivative > params.polynomial_order) throw new Error(`A derivative of order ${params.derivative} needs polynomial_order ${params.derivative} or more.`);

  const spectra = await context.task('READ_SPECTRA', base, () => {
    const read = readSpectra(path.resolve(params.input));
    const trimmed = trim(read, params.wavelength_min, params.wavelength_max);
    if (trimmed.wavelengths.length < params.smoothing_window) {
      throw new Error(
        `Only ${trimmed.wavelengths.length} wavelengths lie between ${params.wavelength_min} and ${params.wavelength_max} nm (the file has ${read.wavelengths[0]}–${read.wavelengths[read.wavelengths.length - 1]} nm); the smoothing window needs ${params.smoothing_window}. Widen the range to the file's.`,
      );
    }
    if (gridStep(trimmed.wavelengths) === null)
      throw new Error(
        `The wavelengths are not evenly spaced between ${params.wavelength_min} and ${params.wavelength_max} nm; Savitzky–Golay filtering needs an even grid. Resample the spectra first.`,
      );
    context.log(
      `Read ${counted(read.ids.length, 'spectrum', 'spectra')} × ${counted(read.wavelengths.length, 'wavelength')}; kept ${trimmed.wavelengths.length} from ${trimmed.wavelengths[0]} to ${trimmed.wavelengths[trimmed.wavelengths.length - 1]} nm.`,
    );
    return trimmed;
  });
  const step = gridStep(spectra.wavelengths)!;

  const processed = await context.task('PREPROCESS', base, () => {
    let rows = spectra.values.map((row) => savitzkyGolay(row, params.smoothing_window, params.polynomial_order, 0, step));
    if (params.snv) rows = rows.map(snv);
    if (params.msc) {
      const reference = new Float64Array(rows[0]!.length);
      for (const row of rows) for (let k = 0; k < row.length; k += 1) reference[k]! += row[k]! / rows.length;
      rows = rows.map((row) => msc(row, reference));
    }
    if (params.detrend) rows = rows.map((row) => detrend(row, spectra.wavelengths));
    if (params.derivative > 0) rows = rows.map((row) => savitzkyGolay(row, params.smoothing_window, params.polynomial_order, params.derivative, step));
    const steps = [
      `Savitzky–Golay smoothing (window ${params.smoothing_window}, order ${params.polynomial_order})`,
      params.snv ? 'SNV' : '',
      params.msc ? 'MSC against the mean spectrum' : '',
      params.detrend ? 'quadratic detrending' : '',
      params.derivative > 0 ? `Savitzky–Golay derivative ${params.derivative}` : '',
    ].filter(Boolean);
    context.log(`Applied, in order: ${steps.join(', ')}.`);
    return rows;
  });

  const outliers = await context.task('OUTLIERS', base, () => {
    if (processed.length < 3) {
      context.log('Fewer than three spectra: no outlier screening.');
      return { h: new Float64Array(processed.length), components: 0, explained: 0 };
    }
    const result = globalH(processed);
    const flagged = spectra.ids.filter((_, index) => result.h[index]! > params.outlier_sd);
    context.log(
      `PCA: ${counted(result.components, 'component')} (${(100 * result.explained).toFixed(1)} % of the variance); ${counted(flagged.length, 'spectrum', 'spectra')} with global H above ${params.outlier_sd}${flagged.length > 0 ? `: ${flagged.slice(0, 10).join(', ')}` : ''}.`,
    );
    return result;
  });

  await context.task('WRITE_RESULTS', base, () => {
    const write = (relative: string, text: string) => writeOutput(context.outdir, relative, text);
    write(`processed/${base}.processed.csv`, `id,${spectra.wavelengths.join(',')}\n${processed.map((row, index) => [spectra.ids[index], ...Array.from(row, format)].join(',')).join('\n')}\n`);
    // The first spectra as read (within the wavelength range), beside the same ones processed: what the preprocessing did, for the report.
    const sample = spectra.ids.slice(0, RAW_SAMPLE);
    write(`qc/${base}.raw_spectra.csv`, `id,${spectra.wavelengths.join(',')}\n${sample.map((id, index) => [id, ...Array.from(spectra.values[index]!, format)].join(',')).join('\n')}\n`);
    write(`qc/${base}.spectra_qc.csv`, `id,global_h,outlier\n${spectra.ids.map((id, index) => [id, format(outliers.h[index]!), outliers.h[index]! > params.outlier_sd].join(',')).join('\n')}\n`);
    write(
      `qc/${base}.summary.json`,
      `${JSON.stringify(
        {
          spectra: spectra.ids.length,
          wavelengths: { from: spectra.wavelengths[0], to: spectra.wavelengths[spectra.wavelengths.length - 1], step, count: spectra.wavelengths.length },
          steps: { smoothingWindow: params.smoothing_window, polynomialOrder: params.polynomial_order, snv: params.snv, msc: params.msc, detrend: params.detrend, derivative: params.derivative },
          pca: { components: outliers.components, explained: outliers.explained },
          outliers: spectra.ids.filter((_, index) => outliers.h[index]! > params.outlier_sd),
          definitions: { globalH: 'Σ t_k²/var(t_k) over the principal components reaching 99 % of the variance (at most 10), divided by their number (WinISI global H); flagged above outlier_sd' },
        },
        null,
        2,
      )}\n`,
    );
  });
}
