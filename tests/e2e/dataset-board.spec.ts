import { expect, type Page, test } from '@playwright/test';
import { SLOW_PIPELINE } from './scratch-catalogue';
import { signInWithToken } from './support';

/** A dataset's board: every method benchmarked on it, scored with intervals and cost, sortable, exportable; failed runs listed, never scored. */

let token = '';
test.beforeEach(async ({ page }) => {
  token = await signInWithToken(page);
});

const headers = () => ({ Authorization: `token ${token}` });

async function post(page: Page, path: string, data: unknown) {
  const response = await page.request.post(`/api/${path}`, { headers: headers(), data });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

async function untilEnded(page: Page, runIds: number[]) {
  for (const id of runIds) {
    await expect
      .poll(async () => ((await (await page.request.get(`/api/runs/${id}`, { headers: headers() })).json()) as { status: string }).status, { timeout: 90_000, intervals: [1000] })
      .toBe('SUCCEEDED');
  }
}

test('a dataset’s board: its methods over two benchmarks with intervals and cost, sorted, exported, the cancelled run listed apart, and a phone’s width', async ({ page }) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  // A simulated dataset with one QTL trait and one null trait (for the type I error).
  const simulation = (await post(page, 'runs', {
    pipelineId: 'simulate-gdip-data',
    name: `e2e_board_${stamp}`,
    params: { individuals: 60, markers: 300, chromosomes: 2, traits: 1, qtl_per_trait: 3, heritability: '0.8', null_traits: 1, outdir: 'results' },
  })) as { id: number };
  await untilEnded(page, [simulation.id]);
  const datasetId = async () =>
    ((await (await page.request.get(`/api/filesets?kind=known-gdip&q=${encodeURIComponent(`e2e_board_${stamp}`)}`, { headers: headers() })).json()) as { data: Array<{ id: number }> }).data[0]?.id;
  await expect.poll(datasetId, { timeout: 30_000 }).toBeGreaterThan(0);
  const id = (await datasetId())!;

  // Before any benchmark: the board says how to launch one. The fileset page links to it.
  await page.goto(`/upload/filesets/view?id=${id}`);
  await page.getByRole('link', { name: 'Benchmark board' }).click();
  await expect(page).toHaveURL(new RegExp(`/benchmarking/datasets/board\\?id=${id}$`));
  await expect(page.getByRole('heading', { name: 'No benchmark has run on this dataset yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Launch discovery' })).toHaveAttribute('href', '/benchmarking/discovery/launch');

  // Two benchmarks: glm in both, glm_b in the first only; and a run labelled with the dataset that is cancelled.
  const first = (await post(page, 'benchmarks/discovery', {
    name: `E2E board one ${stamp}`,
    datasetIds: [id],
    methods: [
      { label: 'glm', associationTest: 'linear' },
      { label: 'glm_b', associationTest: 'linear' },
    ],
  })) as { runIds: number[] };
  const second = (await post(page, 'benchmarks/discovery', { name: `E2E board two ${stamp}`, datasetIds: [id], methods: [{ label: 'glm', associationTest: 'linear' }] })) as { runIds: number[] };
  const slow = (await post(page, 'runs', {
    pipelineId: SLOW_PIPELINE.id,
    name: `e2e_board_slow_${stamp}`,
    labels: ['benchmark:discovery', 'method:slow', `dataset:${id}`],
    params: { seconds: 120, outdir: 'results' },
  })) as { id: number };
  await post(page, `runs/${slow.id}/cancel`, {});
  await untilEnded(page, [...first.runIds, ...second.runIds]);

  await page.reload();
  const board = page.getByRole('table', { name: 'Detection board' });
  const rowOf = (method: string) =>
    board
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: method, exact: true }) })
      .first();
  await expect(board.getByRole('row')).toHaveCount(3);
  // glm ran in both benchmarks: two runs, both benchmarks linked; glm_b once.
  await expect(rowOf('glm').getByRole('link', { name: /^run \d+$/ })).toHaveCount(2);
  await expect(rowOf('glm').getByRole('link', { name: `E2E board one ${stamp}` })).toBeVisible();
  await expect(rowOf('glm').getByRole('link', { name: `E2E board two ${stamp}` })).toBeVisible();
  await expect(rowOf('glm_b').getByRole('link', { name: /^run \d+$/ })).toHaveCount(1);
  // Scores (the same method on the same data scores the same: an interval of width 0) and cost from the runs' tasks.
  await expect(rowOf('glm')).toContainText(/\d\.\d{3}\[\d\.\d{3}, \d\.\d{3}\]/);
  const cells = rowOf('glm').getByRole('cell');
  await expect(cells.nth(4)).toHaveText(/^\d+(\.\d)? (ms|s)|^\d+ min/);
  await expect(cells.nth(6)).toHaveText(/^\d+(\.\d)? (MB|GB)/);
  // The cancelled run is listed, never scored.
  await expect(board.getByRole('row').filter({ hasText: 'slow' })).toHaveCount(0);
  await expect(
    page
      .getByRole('table', { name: 'Runs not scored' })
      .getByRole('row')
      .filter({ hasText: `e2e_board_slow_${stamp}` }),
  ).toContainText('cancelled: not scored');

  // Sorted by method, then the other way; the address keeps the order.
  const methodHeader = board.getByRole('columnheader', { name: 'Method' });
  await methodHeader.getByRole('button').click();
  await expect(methodHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(board.getByRole('row').nth(1).getByRole('cell').first()).toHaveText('glm');
  await methodHeader.getByRole('button').click();
  await expect(methodHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(board.getByRole('row').nth(1).getByRole('cell').first()).toHaveText('glm_b');
  await expect(page).toHaveURL(/dsort=method%3Adesc/);

  // Another window: the area's column says it, the chart follows.
  await page.getByLabel('Window').selectOption('10000');
  await expect(board.getByRole('columnheader', { name: 'AUC 10 kb' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'AUC at 10 kb against CPU time, one point per method' })).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const text = Buffer.concat(await (await (await download).createReadStream()).toArray()).toString();
  const lines = text.trim().split('\r\n');
  expect(lines[0]).toMatch(/^dataset,method,window_bp,rule,auc_mean,auc_low,auc_high,auc_n,f1_mean,/);
  expect(lines[0]).toContain('cpu_ms_mean');
  expect(lines).toHaveLength(3);
  expect(lines[1]).toMatch(new RegExp(`^e2e_board_${stamp}[^,]*,glm_b,10000,−log10 p ≥ 5,`));
  expect(lines[2]).toMatch(/,2,\d+ \d+,E2E board one \d+; E2E board two \d+$/);

  // On a phone the table scrolls inside its card; the page does not widen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('a prediction dataset’s board: a method cross-validated on its frozen folds, per scheme and trait, with its interval over repeats × folds, cost and CSV', async ({ page }) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const simulation = (await post(page, 'runs', {
    pipelineId: 'simulate-gdip-data',
    name: `e2e_pboard_${stamp}`,
    params: { individuals: 80, markers: 1000, chromosomes: 2, chromosome_length_mb: '20', traits: 1, qtl_per_trait: 5, heritability: '0.8', outdir: 'results' },
  })) as { id: number };
  await untilEnded(page, [simulation.id]);
  const known = async () =>
    ((await (await page.request.get(`/api/filesets?kind=known-gdip&q=${encodeURIComponent(`e2e_pboard_${stamp}`)}`, { headers: headers() })).json()) as { data: Array<{ id: number }> }).data[0]?.id;
  await expect.poll(known, { timeout: 30_000 }).toBeGreaterThan(0);
  const files = ((await (await page.request.get(`/api/filesets/${await known()}`, { headers: headers() })).json()) as { files: Array<{ id: number; fileTypeName: string }> }).files;
  const dataset = (await post(page, 'benchmark-datasets', {
    name: `E2E board folds ${stamp}`,
    files: {
      kind: 'prediction-data',
      phenotypesFileId: files.find((file) => file.fileTypeName === 'phenotype CSV')!.id,
      genotypesFileId: files.find((file) => file.fileTypeName === 'VCF')!.id,
      crossValidation: { scheme: 'CV1', folds: 4, repeats: 2, seed: 3 },
    },
  })) as { id: number };
  const launched = (await post(page, 'benchmarks/prediction-cv', {
    name: `E2E board CV ${stamp}`,
    datasetIds: [dataset.id],
    methods: [{ label: 'gdip_rrblup', pipeline: 'nf-gdip', model: 'rrblup' }],
  })) as { runIds: number[] };
  await untilEnded(page, launched.runIds);

  await page.goto(`/benchmarking/datasets/board?id=${dataset.id}`);
  const board = page.getByRole('table', { name: 'Prediction board' });
  const row = board.getByRole('row').filter({ has: page.getByRole('cell', { name: 'gdip_rrblup', exact: true }) });
  await expect(row).toHaveCount(1);
  // Method, scheme, trait, then r as mean [interval] over the 2 repeats × 4 folds, and its cost.
  await expect(row.getByRole('cell').nth(1)).toHaveText('CV1');
  await expect(row.getByRole('cell').nth(2)).toHaveText('trait1');
  await expect(row.getByRole('cell').nth(3)).toHaveText(/^-?\d\.\d{3}\[-?\d\.\d{3}, -?\d\.\d{3}\]$/);
  await expect(row.getByRole('cell').nth(7)).toHaveText(/^\d+(\.\d)? (ms|s)$|^\d+ min/);
  await expect(row.getByRole('link', { name: `E2E board CV ${stamp}` })).toHaveAttribute('href', /\/benchmarking\/prediction\/results\/fileset\?group=\d+$/);
  await expect(page.getByRole('img', { name: 'Pearson r, trait1 against CPU time, one point per method' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Detection board' })).toHaveCount(0);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const lines = Buffer.concat(await (await (await download).createReadStream()).toArray())
    .toString()
    .trim()
    .split('\r\n');
  expect(lines[0]).toMatch(/^dataset,method,pipeline,scheme,trait,folds,r_mean,r_low,r_high,r_n,/);
  expect(lines[1]).toMatch(new RegExp(`^E2E board folds ${stamp},gdip_rrblup,nf-gdip,CV1,trait1,8,`));
});
