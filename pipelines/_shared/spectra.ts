/**
 * Spectra: reading the `id,<wavelength>,…` CSV, and the preprocessing steps of chemometrics with
 * their published definitions — Savitzky–Golay smoothing and derivatives as SciPy's
 * `savgol_filter` (mode "interp"), SNV and detrending (Barnes, Dhanoa and Lister 1989), MSC
 * (Geladi, MacDougall and Martens 1985).
 */
import fs from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { Matrix, pseudoInverse } from 'ml-matrix';

export interface Spectra {
  ids: string[];
  wavelengths: number[];
  /** One row per sample. */
  values: Float64Array[];
}

export function readSpectra(file: string): Spectra {
  if (!fs.existsSync(file)) throw new Error(`The spectra file ${file} does not exist.`);
  const parsed = Papa.parse<string[]>(fs.readFileSync(file, 'utf8').trim(), { skipEmptyLines: true });
  const [header, ...rows] = parsed.data;
  const name = path.basename(file);
  if (header?.[0]?.trim() !== 'id') throw new Error(`${name} needs an id column first, then one column per wavelength in nm (e.g. id,950,952,…).`);
  const wavelengths = header.slice(1).map((cell) => Number(cell.trim()));
  const bad = header.slice(1).filter((_, index) => !Number.isFinite(wavelengths[index]));
  if (bad.length > 0) throw new Error(`${name}: every column after id is a wavelength in nm; ${bad.slice(0, 3).join(', ')} ${bad.length === 1 ? 'is' : 'are'} not numbers.`);
  if (wavelengths.length < 3) throw new Error(`${name} has ${wavelengths.length} wavelength columns; a spectrum needs at least three.`);
  for (let k = 1; k < wavelengths.length; k += 1) {
    if (wavelengths[k]! <= wavelengths[k - 1]!) throw new Error(`${name}: the wavelengths must increase from left to right (${wavelengths[k - 1]} is followed by ${wavelengths[k]}).`);
  }
  const seen = new Set<string>();
  const values = rows.map((row, index) => {
    const id = (row[0] ?? '').trim();
    if (!id) throw new Error(`${name} row ${index + 2}: the id is empty.`);
    if (seen.has(id)) throw new Error(`${name} row ${index + 2}: ${id} appears twice.`);
    seen.add(id);
    if (row.length !== header.length) throw new Error(`${name} row ${index + 2} (${id}) has ${row.length - 1} values for ${wavelengths.length} wavelengths.`);
    return Float64Array.from(row.slice(1), (cell, k) => {
      const value = Number(cell);
      if (cell.trim() === '' || !Number.isFinite(value))
        throw new Error(`${name} row ${index + 2} (${id}) at ${wavelengths[k]} nm: "${cell}" is not a number. Spectra cannot have gaps; remove or re-measure the sample.`);
      return value;
    });
  });
  if (values.length === 0) throw new Error(`${name} holds no spectrum.`);
  return { ids: rows.map((row) => row[0]!.trim()), wavelengths, values };
}

/** The spacing of an evenly spaced grid, or null when it is not even (to 0.1 % of a step). */
export function gridStep(wavelengths: number[]): number | null {
  const step = (wavelengths[wavelengths.length - 1]! - wavelengths[0]!) / (wavelengths.length - 1);
  return wavelengths.every((value, k) => Math.abs(value - (wavelengths[0]! + k * step)) <= 1e-3 * step) ? step : null;
}

/** Weights that give the `deriv`-th derivative at `position` of the order-`order` polynomial fitted to `window` points. */
function savgolWeights(window: number, order: number, deriv: number, position: number, delta: number): Float64Array {
  const design = new Matrix(window, order + 1);
  for (let j = 0; j < window; j += 1) for (let k = 0; k <= order; k += 1) design.set(j, k, (j - position) ** k);
  const inverse = pseudoInverse(design);
  let factorial = 1;
  for (let k = 2; k <= deriv; k += 1) factorial *= k;
  return Float64Array.from({ length: window }, (_, j) => (deriv > order ? 0 : (factorial * inverse.get(deriv, j)) / delta ** deriv));
}

/** SciPy's savgol_filter(x, window, order, deriv, delta, mode="interp"). */
export function savitzkyGolay(values: Float64Array, window: number, order: number, deriv: number, delta: number): Float64Array {
  const n = values.length;
  const half = (window - 1) / 2;
  const out = new Float64Array(n);
  const centre = savgolWeights(window, order, deriv, half, delta);
  for (let i = half; i < n - half; i += 1) {
    let sum = 0;
    for (let j = 0; j < window; j += 1) sum += centre[j]! * values[i - half + j]!;
    out[i] = sum;
  }
  // The edges: the polynomial fitted to the first (last) window, evaluated where the points are.
  for (let i = 0; i < half; i += 1) {
    const head = savgolWeights(window, order, deriv, i, delta);
    const tail = savgolWeights(window, order, deriv, window - half + i, delta);
    let first = 0;
    let last = 0;
    for (let j = 0; j < window; j += 1) {
      first += head[j]! * values[j]!;
      last += tail[j]! * values[n - window + j]!;
    }
    out[i] = first;
    out[n - half + i] = last;
  }
  return out;
}

/** Standard normal variate: each spectrum centred on its mean and divided by its SD (n − 1). */
export function snv(values: Float64Array): Float64Array {
  const n = values.length;
  const mean = values.reduce((sum, value) => sum + value, 0) / n;
  const sd = Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (n - 1));
  return Float64Array.from(values, (value) => (value - mean) / sd);
}

/** Multiplicative scatter correction against a reference: x = a + b·ref fitted by least squares, then (x − a)/b. */
export function msc(values: Float64Array, reference: Float64Array): Float64Array {
  const n = values.length;
  const meanX = values.reduce((sum, value) => sum + value, 0) / n;
  const meanR = reference.reduce((sum, value) => sum + value, 0) / n;
  let covariance = 0;
  let variance = 0;
  for (let k = 0; k < n; k += 1) {
    covariance += (reference[k]! - meanR) * (values[k]! - meanX);
    variance += (reference[k]! - meanR) ** 2;
  }
  const b = covariance / variance;
  const a = meanX - b * meanR;
  return Float64Array.from(values, (value) => (value - a) / b);
}

/** Detrending: the quadratic in wavelength fitted by least squares, subtracted (Barnes et al. 1989). */
export function detrend(values: Float64Array, wavelengths: number[]): Float64Array {
  const n = values.length;
  const centre = (wavelengths[0]! + wavelengths[n - 1]!) / 2;
  const scale = (wavelengths[n - 1]! - wavelengths[0]!) / 2 || 1;
  const design = new Matrix(n, 3);
  for (let k = 0; k < n; k += 1) {
    const t = (wavelengths[k]! - centre) / scale;
    design.set(k, 0, 1);
    design.set(k, 1, t);
    design.set(k, 2, t * t);
  }
  const coefficients = pseudoInverse(design).mmul(Matrix.columnVector(Array.from(values)));
  return Float64Array.from(values, (value, k) => value - (coefficients.get(0, 0) + coefficients.get(1, 0) * design.get(k, 1) + coefficients.get(2, 0) * design.get(k, 2)));
}
