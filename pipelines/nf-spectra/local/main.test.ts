import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { savitzkyGolay } from '../../_shared/spectra.ts';
import { scratchFiles, table, type TestContext, testContext } from '../../_shared/testing.ts';
import { run } from './main.ts';
import type { Params } from './params.generated.ts';
import { SPECTRA_FIXTURE } from '../../../tests/fixtures/pipeline-params.ts';

/** tests/fixtures/spectra: expected values from SciPy 1.10.1 and numpy 1.24.2 (see its README). */
const FIXTURES = path.resolve('tests/fixtures/spectra');
const write = scratchFiles('spectra');

async function processSpectra(params: Partial<Params>) {
  const context = testContext({ ...SPECTRA_FIXTURE, ...params });
  await run(context);
  return context;
}

function compare(context: TestContext<Params>, setting: string) {
  const [header, ...ours] = table(context.read('processed/nir.processed.csv'), ',');
  const [expectedHeader, ...expected] = table(fs.readFileSync(path.join(FIXTURES, `expected/${setting}.processed.csv`), 'utf8'), ',');
  expect(header!.map(Number)).toEqual(expectedHeader!.map(Number));
  expect(ours).toHaveLength(80);
  let worst = 0;
  for (const [row, line] of expected.entries()) {
    const scale = Math.max(...line.slice(1).map((value) => Math.abs(Number(value))));
    for (let k = 1; k < line.length; k += 1) worst = Math.max(worst, Math.abs(Number(ours[row]![k]) - Number(line[k])) / scale);
  }
  // Written with eight significant digits.
  expect(worst).toBeLessThan(1e-7);
  const h = table(context.read('qc/nir.spectra_qc.csv'), ',').slice(1);
  const expectedH = table(fs.readFileSync(path.join(FIXTURES, `expected/${setting}.global_h.csv`), 'utf8'), ',').slice(2);
  for (const [index, [id, value]] of expectedH.entries()) {
    expect(h[index]![0]).toBe(id);
    expect(Number(h[index]![1])).toBeCloseTo(Number(value), 5);
    expect(h[index]![2]).toBe(String(Number(value) > 3));
  }
}

describe('Process Spectra against SciPy’s savgol_filter and the published SNV, MSC and detrending', () => {
  it('smoothing, SNV and a first derivative (setting A)', async () => {
    const context = await processSpectra({});
    compare(context, 'A');
    // The two faulty spectra are flagged.
    const flagged = table(context.read('qc/nir.spectra_qc.csv'), ',')
      .filter((row) => row[2] === 'true')
      .map((row) => row[0]);
    expect(flagged).toEqual(expect.arrayContaining(['NIR079', 'NIR080']));
    expect(context.processes).toEqual(['READ_SPECTRA', 'PREPROCESS', 'OUTLIERS', 'WRITE_RESULTS']);
  });

  it('a narrower range, MSC, detrending and a second derivative of order 3 (setting B)', async () => {
    compare(await processSpectra({ wavelength_min: 1100, wavelength_max: 1700, smoothing_window: 15, polynomial_order: 3, snv: false, msc: true, detrend: true, derivative: 2 }), 'B');
  });

  it('Savitzky–Golay keeps a polynomial of its order, edges included', () => {
    const x = Float64Array.from({ length: 30 }, (_, k) => 2 + 0.5 * k - 0.03 * k * k);
    const smoothed = savitzkyGolay(x, 7, 2, 0, 1);
    const derivative = savitzkyGolay(x, 7, 2, 1, 2);
    for (let k = 0; k < 30; k += 1) {
      expect(smoothed[k]).toBeCloseTo(x[k]!, 10);
      expect(derivative[k]).toBeCloseTo((0.5 - 0.06 * k) / 2, 10);
    }
  });
});

describe('settings and files Process Spectra cannot use are named with the fix', () => {
  it.each([
    [{ snv: true, msc: true }, /snv and msc are both on/],
    [{ smoothing_window: 10 }, /smoothing_window must be odd/],
    [{ polynomial_order: 11 }, /polynomial_order \(11\) must be below smoothing_window \(11\)/],
    [{ wavelength_min: 1900, wavelength_max: 2000 }, /Only 0 wavelengths lie between 1900 and 2000 nm \(the file has 1000–1800 nm\)/],
  ])('%j', async (params, message) => {
    await expect(processSpectra(params as Partial<Params>)).rejects.toThrow(message);
  });

  it.each([
    ['no id column', 'sample,1000,1004,1008\nA,1,2,3\n', /needs an id column first/],
    ['a gap', 'id,1000,1004,1008,1012\nA,1,,3,4\n', /row 2 \(A\) at 1004 nm: "" is not a number/],
    ['uneven wavelengths', `id,${Array.from({ length: 20 }, (_, k) => 1000 + k * k).join(',')}\nA,${Array.from({ length: 20 }, () => 1).join(',')}\n`, /not evenly spaced/],
  ])('%s', async (_, text, message) => {
    await expect(processSpectra({ input: write('bad.csv', text), wavelength_min: 200, wavelength_max: 2600, smoothing_window: 3, derivative: 0 })).rejects.toThrow(message);
  });
});
