import { expect, type Page, test } from '@playwright/test';
import { signInWithToken } from './support';

let token = '';
test.beforeEach(async ({ page }) => {
  token = await signInWithToken(page);
});

/** Waits until a simulator's datasets are registered (just after its run reports success). */
async function waitForDatasets(page: Page, runName: string, count: number) {
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/filesets?kind=known-gdip&q=${encodeURIComponent(runName)}`, { headers: { Authorization: `token ${token}` } })).json()) as { data: unknown[] }).data
          .length,
      { timeout: 30_000 },
    )
    .toBe(count);
}

/** A fileset of files stored through the API, as Upload GDIP Results stores them. */
async function storeFileset(page: Page, name: string, files: Array<[string, string]>): Promise<number> {
  const headers = { Authorization: `token ${token}` };
  const fileset = (await (await page.request.post('/api/filesets', { headers, data: { name } })).json()) as { id: number };
  for (const [fileName, text] of files) {
    const response = await page.request.post(`/api/files?name=${encodeURIComponent(fileName)}&filesetId=${fileset.id}`, { headers, data: Buffer.from(text) });
    expect(response.status(), await response.text()).toBe(201);
  }
  return fileset.id;
}

test('score uploaded association results against known QTL: counts, a wider window recomputed at once, the charts and a CSV export', async ({ page }) => {
  const stamp = Date.now();
  // Two known QTL on chromosome 1. method_a finds the first with two markers (counted once) and
  // calls one marker 1.5 Mb from the second; method_b finds both but also calls a false marker.
  const header = 'trait,marker,chromosome,position,p_value,log10p\n';
  const background = Array.from({ length: 40 }, (_, i) => `yield,bg${i},2,${(i + 1) * 100000},0.5,0.30103`).join('\n');
  const methodA = `${header}yield,a1,1,10000000,1e-12,12\nyield,a2,1,10400000,1e-8,8\nyield,a3,1,21500000,1e-7,7\n${background}\n`;
  const methodB = `${header}yield,b1,1,10100000,1e-9,9\nyield,b2,1,20000000,1e-10,10\nyield,b3,2,5000000,1e-6,6\n${background}\n`;
  const qtl = 'marker,chromosome,position,trait,effect\nq1,1,10000000,yield,0.8\nq2,1,20000000,yield,-0.5\n';
  const id = await storeFileset(page, `E2E discovery ${stamp}`, [
    [`method_a_${stamp}.csv`, methodA],
    [`method_b_${stamp}.csv`, methodB],
    [`truth_${stamp}.csv`, qtl],
  ]);

  await page.goto('/benchmarking/discovery/results/fileset');
  await page.getByRole('link', { name: `E2E discovery ${stamp}` }).click();
  await expect(page).toHaveURL(new RegExp(`\\?id=${id}$`));
  const scores = page.getByRole('table', { name: 'Discovery scores' });
  const rowOf = (method: string) => scores.getByRole('row').filter({ hasText: `${method}_${stamp}` });
  // Window 1 Mb, −log10 p ≥ 5: method_a TP 1, FP 1 (a3 is 1.5 Mb from q2), FN 1; method_b TP 2, FP 1, FN 0.
  await expect(rowOf('method_a')).toContainText(/43\s*3\s*2\s*1\s*1\s*1\s*0\.500\s*0\.500\s*0\.500/);
  await expect(rowOf('method_b')).toContainText(/43\s*3\s*2\s*2\s*1\s*0\s*0\.667\s*1\.000\s*0\.800/);

  // A 2 Mb window takes in a3: recomputed at once, with no reload.
  await page.getByLabel('Window (Mb)').fill('2');
  await expect(rowOf('method_a')).toContainText(/2\s*0\s*0\s*1\.000\s*1\.000\s*1\.000/);

  // Bonferroni at α = 0.05 over 43 tests: p ≤ 0.00116, all six strong markers stay.
  await page.getByLabel('Significant when').selectOption('bonferroni');
  await expect(rowOf('method_b')).toContainText(/43\s*3\s*2/);

  // The charts: a Manhattan plot per method with the known QTL, a QQ plot, power against FDR, methods compared.
  await expect(page.getByRole('img', { name: new RegExp(`Manhattan plot of method_a_${stamp}, trait yield`) })).toBeVisible();
  await expect(page.getByRole('img', { name: new RegExp(`Manhattan plot of method_b_${stamp}, trait yield`) })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QQ plot of trait yield' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Power against false-discovery rate per method, window 1 Mb' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Precision, recall and F1 of each method' })).toBeVisible();

  // Each method's power–FDR area at the five windows, counted by hand. method_a finds q1 with a1 (−log10 p 12) before any
  // false marker and q2 only within 10 Mb (a1 sits exactly on that edge): 0.5 at 1 kb to 1 Mb, 1 at 10 Mb. method_b finds q2
  // with b2 (10) and q1 with b1 (9, 100 kb away) before b3: 0.5 at 1 and 10 kb, 1 from 100 kb. At Bonferroni and 2 Mb:
  // F1 1 and 0.8, power 1, FDR 0 and 1/3 (false hits over hits).
  const boardRow = (table: string, method: string) =>
    page
      .getByRole('table', { name: table })
      .getByRole('row')
      .filter({ hasText: `${method}_${stamp}` });
  await expect(boardRow('Methods across datasets', 'method_a')).toContainText(/1\s*1\.000\s*1\.000\s*0\.000\s*no null traits\s*0\.500\s*— \(needs 2 datasets\)/);
  await expect(boardRow('Methods across datasets', 'method_b')).toContainText(/1\s*0\.800\s*1\.000\s*0\.333\s*no null traits\s*1\.000\s*Best at 1 Mb/);
  await expect(boardRow('Power–FDR areas by window', 'method_a')).toContainText(/0\.500\s*0\.500\s*0\.500\s*0\.500\s*1\.000/);
  await expect(boardRow('Power–FDR areas by window', 'method_b')).toContainText(/0\.500\s*0\.500\s*1\.000\s*1\.000\s*1\.000/);
  // The curves' window is chosen among the five and kept in the address.
  await page.getByLabel('Window of the power–FDR curves').selectOption('10000');
  await expect(page.getByRole('img', { name: 'Power against false-discovery rate per method, window 10 kb' })).toBeVisible();
  await expect(page).toHaveURL(/curve=10000/);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  const csv = await (await file.createReadStream()).toArray();
  const text = Buffer.concat(csv).toString();
  expect(text.split('\n')[0]).toBe('method,trait,tests,hits,known_qtl,true_positives,false_positives,false_negatives,precision,recall,f1,window_mb,rule');
  expect(text).toContain(`method_a_${stamp},yield,43,3,2,2,0,0,1,1,1,2,Bonferroni α = 0.05`);
});

test('the discovery window, rule and cut-off are checked on their fields and kept in the address, so a view can be bookmarked', async ({ page }) => {
  const stamp = Date.now();
  const header = 'trait,marker,chromosome,position,p_value,log10p\n';
  const background = Array.from({ length: 40 }, (_, i) => `yield,bg${i},2,${(i + 1) * 100000},0.5,0.30103`).join('\n');
  const method = `${header}yield,a1,1,10000000,1e-12,12\nyield,a2,1,10400000,1e-8,8\nyield,a3,1,21500000,1e-7,7\n${background}\n`;
  const qtl = 'marker,chromosome,position,trait,effect\nq1,1,10000000,yield,0.8\nq2,1,20000000,yield,-0.5\n';
  const id = await storeFileset(page, `E2E discovery view ${stamp}`, [
    [`bookmarked_${stamp}.csv`, method],
    [`truth_${stamp}.csv`, qtl],
  ]);
  const row = page
    .getByRole('table', { name: 'Discovery scores' })
    .getByRole('row')
    .filter({ hasText: `bookmarked_${stamp}` });
  const windowField = page.getByLabel('Window (Mb)');

  // A bookmarked view opens as it was left: a 2 Mb window takes in a3 (1.5 Mb from q2).
  await page.goto(`/benchmarking/discovery/results/fileset?id=${id}&window=2`);
  await expect(windowField).toHaveValue('2');
  await expect(row).toContainText(/2\s*0\s*0\s*1\.000\s*1\.000\s*1\.000/);

  // −3 Mb is refused on its field, with the range; the scores and the address keep 2 Mb.
  await windowField.fill('-3');
  await expect(windowField).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('alert').filter({ hasText: 'from 0 to 100' })).toContainText('Scores use 2 Mb meanwhile');
  await expect(row).toContainText(/2\s*0\s*0\s*1\.000\s*1\.000\s*1\.000/);
  await expect(page).toHaveURL(/window=2(&|$)/);

  // A rule and its cut-off go into the address too; a cut-off outside the rule's range is named.
  await windowField.fill('0.5');
  await page.getByLabel('Significant when').selectOption('fdr');
  await page.getByLabel('q', { exact: true }).fill('1.5');
  await expect(page.getByRole('alert').filter({ hasText: 'q is a probability between 0 and 1' })).toBeVisible();
  await page.getByLabel('q', { exact: true }).fill('0.1');
  await expect(page).toHaveURL(/window=0\.5/);
  await expect(page).toHaveURL(/rule=fdr/);
  await expect(page).toHaveURL(/cutoff=0\.1/);
  await page.reload();
  await expect(windowField).toHaveValue('0.5');
  await expect(page.getByLabel('Significant when')).toHaveValue('fdr');
  await expect(page.getByLabel('q', { exact: true })).toHaveValue('0.1');

  // Values in the address that no one could have typed fall back to the defaults.
  await page.goto(`/benchmarking/discovery/results/fileset?id=${id}&window=-3&rule=magic&cutoff=x`);
  await expect(windowField).toHaveValue('1');
  await expect(page.getByLabel('Significant when')).toHaveValue('threshold');
  await expect(page.getByRole('spinbutton', { name: '−log10 p' })).toHaveValue('5');
  await expect(row).toContainText(/1\s*1\s*1\s*0\.500\s*0\.500\s*0\.500/);
});

test('a fileset without known QTL says what it lacks, with a retry', async ({ page }) => {
  const stamp = Date.now();
  const id = await storeFileset(page, `E2E no truth ${stamp}`, [[`only_assoc_${stamp}.csv`, 'trait,marker,chromosome,position,p_value\nyield,m1,1,100,0.01\n']]);
  await page.goto(`/benchmarking/discovery/results/fileset?id=${id}`);
  await expect(page.getByRole('alert')).toContainText('this fileset needs at least one associations CSV and one known-QTL CSV; it holds associations CSV');
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
});

test('score uploaded predictions against observed values: r, ρ, RMSE and bias per model, folds as mean ± sd, the scatter and the comparison', async ({ page }) => {
  const stamp = Date.now();
  const ids = ['L1', 'L2', 'L3', 'L4', 'L5', 'L6'];
  const observed = `id,yield_${stamp}\n${ids.map((id, i) => `${id},${i + 1}`).join('\n')}\n`;
  // exact predicts perfectly (r 1, bias 1); shrunk predicts half the spread around the mean (bias 2), in two folds.
  const exact = `id,trait,prediction\n${ids.map((id, i) => `${id},yield_${stamp},${i + 1}`).join('\n')}\n`;
  const shrunk = `id,trait,prediction,fold\n${ids.map((id, i) => `${id},yield_${stamp},${(3.5 + (i + 1 - 3.5) / 2).toFixed(2)},${i < 3 ? 1 : 2}`).join('\n')}\n`;
  const id = await storeFileset(page, `E2E prediction ${stamp}`, [
    [`exact_${stamp}.csv`, exact],
    [`shrunk_${stamp}.csv`, shrunk],
    [`observed_${stamp}.csv`, observed],
  ]);
  await page.goto('/benchmarking/prediction/results/fileset');
  await page.getByRole('link', { name: `E2E prediction ${stamp}` }).click();
  await expect(page).toHaveURL(new RegExp(`\\?id=${id}$`));
  const scores = page.getByRole('table', { name: 'Prediction scores' });
  await expect(scores.getByRole('row').filter({ hasText: `exact_${stamp}` })).toContainText(/6\s*1\.000\s*1\.000\s*0\.000\s*1\.000\s*0\.000/);
  // Each fold is a perfect line too: r 1 ± 0 across folds; the slope of observed on predicted is 2.
  await expect(scores.getByRole('row').filter({ hasText: `shrunk_${stamp}` })).toContainText(/1\.000 \(folds 1\.000 ± 0\.000\)\s*1\.000\s*[\d.]+\s*2\.000\s*-3\.500/);
  await expect(page.getByRole('img', { name: 'Pearson r of each model per trait' })).toBeVisible();
  await page.getByLabel('Model and trait').selectOption({ label: `shrunk_${stamp} · yield_${stamp}` });
  await expect(page.getByRole('img', { name: `Predicted against observed, shrunk_${stamp}, yield_${stamp}` })).toBeVisible();
});

test('register known GDIP data from files uploaded in place: a check that names what does not fit, then the dataset', async ({ page }) => {
  const stamp = Date.now();
  const fixtures = 'tests/fixtures/genomics';
  await page.goto('/benchmarking/register-known-gdip-data');
  const upload = async (testId: string, file: string) => {
    await page.getByTestId(testId).setInputFiles(file);
    await expect(page.getByText(/^Chosen: /).nth(0)).toBeVisible();
  };
  await upload('upload-Genotypes', `${fixtures}/panel.vcf`);
  await upload('upload-Phenotypes', `${fixtures}/panel_phenotypes.csv`);
  // A QTL table naming a marker the VCF lacks is refused with the marker named.
  const fs = await import('node:fs');
  const os = await import('node:os');
  const path = await import('node:path');
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-qtl-'));
  fs.writeFileSync(path.join(folder, `bad_qtl_${stamp}.csv`), 'marker,chromosome,position,trait,effect\nghost_marker,chr9,5,trait1,0.4\n');
  await page.getByTestId('upload-Known QTL').setInputFiles(path.join(folder, `bad_qtl_${stamp}.csv`));
  await expect(page.getByText(`Chosen: bad_qtl_${stamp}.csv`)).toBeVisible();
  await page.getByRole('button', { name: 'Check the files' }).click();
  await expect(page.getByTestId('dataset-check')).toContainText('1 problem to fix before registering.');
  await expect(page.locator('[data-field="knownQtlFileId"]').getByRole('alert')).toContainText('ghost_marker (chr9:5)');

  await page.getByTestId('upload-Known QTL').setInputFiles(`${fixtures}/panel_known_qtl.csv`);
  await expect(page.getByText('Chosen: panel_known_qtl.csv')).toBeVisible();
  await page.getByRole('button', { name: 'Check the files' }).click();
  await expect(page.getByTestId('dataset-check')).toContainText('The files fit together.');
  await expect(page.getByTestId('dataset-check')).toContainText(/120 individuals with 2 traits/);
  await page.getByLabel('Dataset name').fill(`E2E truth ${stamp}`);
  await page.getByRole('button', { name: 'Register dataset' }).click();
  await expect(page.getByRole('link', { name: `E2E truth ${stamp}` })).toBeVisible();
  await page.getByRole('link', { name: `E2E truth ${stamp}` }).click();
  await expect(page.getByText('Known GDIP dataset (genotypes, phenotypes and known QTL, checked together)')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Files of the fileset' }).getByRole('row')).toHaveCount(4);
});

test('simulate two replicates of GDIP data through the Benchmarking page: the run succeeds and each replicate is a registered known dataset', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/benchmarking/simulate-gdip-data');
  const form = page.getByRole('form', { name: 'Launch Simulate GDIP data' });
  await form.locator('#param-individuals').fill('60');
  await form.locator('#param-markers').fill('400');
  await form.locator('#param-qtl_per_trait').fill('5');
  await form.locator('#param-replicates').fill('2');
  const name = `e2e_sim_${Date.now()}`;
  await form.locator('#run-name').fill(name);
  await form.getByRole('button', { name: 'Launch run' }).click();
  await expect(page).toHaveURL(/\/tools\/pipeline\/monitor\/pipeline-run\/view\?id=\d+/);
  await expect(page.locator('[data-status="SUCCEEDED"]')).toBeVisible({ timeout: 60_000 });
  await page.getByRole('tab', { name: 'Outputs' }).click();
  const outputs = page.getByRole('table', { name: 'Outputs' });
  await expect(outputs.getByRole('row').filter({ hasText: 'replicate_2/known_qtl.csv' })).toContainText('known-QTL CSV');
  // Every output of a bundled pipeline has a type.
  await expect(outputs).not.toContainText('untyped');
  await waitForDatasets(page, name, 2);
  // The Results tab gives the realised heritability and links each registered dataset to its board.
  await page.reload();
  await page.getByRole('tab', { name: 'Results' }).click();
  await expect(page.locator('[data-testid="report-number"][data-key="Replicates"]')).toContainText('2');
  const datasets = page.getByRole('list', { name: 'Datasets from this run' });
  await expect(datasets.getByRole('link')).toHaveText([`${name} replicate 1`, `${name} replicate 2`]);
  await expect(datasets.getByRole('link', { name: `${name} replicate 2` })).toHaveAttribute('href', /\/benchmarking\/datasets\/board\?id=\d+$/);

  await page.goto('/benchmarking/register-known-gdip-data');
  await expect(page.getByRole('link', { name: `${name} replicate 1` })).toBeVisible();
  await expect(page.getByRole('link', { name: `${name} replicate 2` })).toBeVisible();
  await page.getByRole('link', { name: `${name} replicate 2` }).click();
  const members = page.getByRole('table', { name: 'Files of the fileset' });
  await expect(members.getByRole('row')).toHaveCount(4);
  await expect(members).toContainText('replicate_2/genotypes.vcf');
});

test('simulate two replicates, launch discovery in one click, and score it across the replicates', async ({ page }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  await page.goto('/benchmarking/simulate-gdip-data');
  const simulate = page.getByRole('form', { name: 'Launch Simulate GDIP data' });
  await simulate.locator('#param-individuals').fill('80');
  await simulate.locator('#param-markers').fill('600');
  await simulate.locator('#param-qtl_per_trait').fill('4');
  await simulate.locator('#param-heritability').fill('0.8');
  await simulate.locator('#param-replicates').fill('2');
  await simulate.locator('#run-name').fill(`e2e_truth_${stamp}`);
  await simulate.getByRole('button', { name: 'Launch run' }).click();
  await expect(page.locator('[data-status="SUCCEEDED"]')).toBeVisible({ timeout: 60_000 });
  await waitForDatasets(page, `e2e_truth_${stamp}`, 2);

  await page.goto('/benchmarking/discovery/launch');
  const form = page.getByRole('form', { name: 'Launch a discovery benchmark' });
  await form.getByLabel('Name').fill(`E2E GWAS methods ${stamp}`);
  await form.getByRole('checkbox', { name: new RegExp(`e2e_truth_${stamp} replicate 1`) }).check();
  await form.getByRole('checkbox', { name: new RegExp(`e2e_truth_${stamp} replicate 2`) }).check();
  await expect(form.getByText('2 datasets × 1 method')).toBeVisible();
  await form.getByRole('button', { name: 'Launch 2 GDIP runs' }).click();
  await expect(page).toHaveURL(/\/benchmarking\/discovery\/results\/fileset\?group=\d+$/);

  // Scored once the two runs have ended: the method's precision, recall and F1 as mean ± sd over the replicates.
  const across = page.getByRole('table', { name: 'Scores across datasets' });
  await expect(across).toBeVisible({ timeout: 120_000 });
  const glm = across.getByRole('row').filter({ hasText: /^glm/ });
  await expect(glm.getByRole('cell').nth(1)).toHaveText('trait1');
  await expect(glm.getByRole('cell').nth(2)).toHaveText('2');
  await expect(glm).toContainText(/\d\.\d{3} ± \d\.\d{3}/);
  await expect(page.getByRole('img', { name: 'F1 of each method across datasets' })).toBeVisible();
  // The method across the replicates: its scores and its areas at the five windows with their 95 % intervals.
  const board = page.getByRole('table', { name: 'Methods across datasets' });
  await expect(board.getByRole('row').filter({ hasText: /^glm/ })).toContainText(/^glm\s*2/);
  await expect(page.getByRole('table', { name: 'Power–FDR areas by window' }).getByRole('row').filter({ hasText: /^glm/ })).toContainText(/\d\.\d{3}\s*\[\d\.\d{3}, \d\.\d{3}\]/);
  await expect(page.getByRole('img', { name: /^Manhattan plot of glm, trait trait1/ })).toBeVisible();
  // The dataset shown links to its board, which lists the method benchmarked on it.
  const shownName = (await page.getByLabel('Dataset shown').locator('option:checked').textContent())!;
  await page.getByRole('link', { name: `${shownName}: dataset board` }).click();
  await expect(page).toHaveURL(/\/benchmarking\/datasets\/board\?id=\d+$/);
  await expect(page.getByRole('heading', { name: shownName, exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Detection board' }).getByRole('row').filter({ hasText: 'glm' })).toHaveCount(1, { timeout: 30_000 });
  // The benchmark is listed on the results page.
  await page.goto('/benchmarking/discovery/results/fileset');
  await expect(page.getByRole('link', { name: `E2E GWAS methods ${stamp}` })).toBeVisible();
});

test('launch prediction: a trained GDIP model on a registered prediction dataset, scored against the observed values', async ({ page }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const headers = { Authorization: `token ${token}` };
  const runUntilDone = async (data: Record<string, unknown>) => {
    const response = await page.request.post('/api/runs', { headers, data });
    expect(response.status(), await response.text()).toBe(201);
    const launched = (await response.json()) as { id: number };
    await expect
      .poll(async () => ((await (await page.request.get(`/api/runs/${launched.id}`, { headers })).json()) as { status: string }).status, { timeout: 90_000, intervals: [1000] })
      .toBe('SUCCEEDED');
    return launched.id;
  };
  // A simulated dataset (seeded: the same every time), and a GDIP run on three quarters of its lines
  // whose ridge model is a stored output; the other quarter is the validation set (a model scored
  // on lines it learned from is refused at launch).
  await runUntilDone({
    pipelineId: 'simulate-gdip-data',
    name: `e2e_predtruth_${stamp}`,
    params: { individuals: 160, markers: 1000, chromosomes: 2, chromosome_length_mb: '20', traits: 1, qtl_per_trait: 5, heritability: '0.8', outdir: 'results' },
  });
  // A run's outputs (and a simulator's datasets) are registered just after it reports success.
  const knownDataset = async () =>
    ((await (await page.request.get(`/api/filesets?kind=known-gdip&q=${encodeURIComponent(`e2e_predtruth_${stamp}`)}`, { headers })).json()) as { data: Array<{ id: number }> }).data[0]?.id;
  await expect.poll(knownDataset, { timeout: 30_000 }).toBeGreaterThan(0);
  const files = ((await (await page.request.get(`/api/filesets/${await knownDataset()}`, { headers })).json()) as { files: Array<{ id: number; reference: string; fileTypeName: string }> }).files;
  const vcf = files.find((file) => file.fileTypeName === 'VCF')!;
  const simulated = files.find((file) => file.fileTypeName === 'phenotype CSV')!;
  const link = (await (await page.request.post(`/api/files/${simulated.id}/link`, { headers })).json()) as { url: string };
  const download = new URL(link.url, 'http://server/api/');
  const [header, ...lines] = (await (await page.request.get(download.pathname + download.search)).text()).trim().split('\n');
  const store = async (name: string, rows: string[]) =>
    (await (
      await page.request.post(`/api/files?name=${encodeURIComponent(name)}`, {
        headers: { ...headers, 'Content-Type': 'application/octet-stream' },
        data: Buffer.from(`${header}\n${rows.join('\n')}\n`),
      })
    ).json()) as { id: number; reference: string };
  const training = await store(`e2e_training_${stamp}.csv`, lines.slice(0, 120));
  const phenotypes = await store(`e2e_validation_${stamp}.csv`, lines.slice(120));
  const gdip = await runUntilDone({ pipelineId: 'nf-gdip', name: `e2e_predmodel_${stamp}`, params: { genotypes: vcf.reference, phenotypes: training.reference, outdir: 'results' } });
  await expect
    .poll(async () => ((await (await page.request.get(`/api/files?runId=${gdip}&fileType=GDIP%20model`, { headers })).json()) as { data: unknown[] }).data.length, { timeout: 30_000 })
    .toBeGreaterThan(0);
  const registered = await page.request.post('/api/benchmark-datasets', {
    headers,
    data: { name: `E2E validation ${stamp}`, files: { kind: 'prediction-data', phenotypesFileId: phenotypes.id, genotypesFileId: vcf.id } },
  });
  expect(registered.status()).toBe(201);

  await page.goto('/benchmarking/prediction/launch');
  const form = page.getByRole('form', { name: 'Launch a prediction benchmark' });
  await form.getByLabel('Name').fill(`E2E GEBV ${stamp}`);
  await form
    .getByRole('checkbox', { name: new RegExp(`^e2e_predmodel_${stamp}: `) })
    .first()
    .check();
  await form.getByRole('checkbox', { name: new RegExp(`E2E validation ${stamp}`) }).check();
  await form.getByRole('button', { name: 'Launch 1 prediction run' }).click();
  await expect(page).toHaveURL(/\/benchmarking\/prediction\/results\/fileset\?group=\d+$/);
  const scores = page.getByRole('table', { name: 'Prediction scores' });
  await expect(scores).toBeVisible({ timeout: 90_000 });
  // The model predicts lines it never saw: a positive correlation on the 40 held out.
  await expect(
    scores
      .getByRole('row')
      .filter({ hasText: `e2e_predmodel_${stamp}` })
      .first(),
  ).toContainText(/trait1\s*40\s*\*?\s*0\.[2-9]\d\d/);
  await expect(page.getByRole('img', { name: 'Pearson r of each model per trait' })).toBeVisible();

  // The dataset's leaderboard ranks the model for its trait, with the benchmark it came from.
  await page.getByRole('link', { name: 'Leaderboard on this dataset' }).click();
  await expect(page).toHaveURL(/\?dataset=\d+$/);
  const board = page.getByRole('table', { name: 'Leaderboard for trait1' });
  await expect(board.getByRole('row').nth(1)).toContainText(new RegExp(`^1\\s*e2e_predmodel_${stamp} \\(run ${gdip}\\): .*E2E GEBV ${stamp}\\s*40\\s*\\*?\\s*0\\.[2-9]`));
});

test('cross-validate methods on a prediction dataset’s frozen folds: each method’s scores with intervals, the comparison with the best and r per fold', async ({ page }) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const headers = { Authorization: `token ${token}` };
  const simulated = await page.request.post('/api/runs', {
    headers,
    data: {
      pipelineId: 'simulate-gdip-data',
      name: `e2e_cvtruth_${stamp}`,
      // Markers close enough to the QTL that rrBLUP predicts new lines (r about 0.5 on 4 folds).
      params: { individuals: 80, markers: 1000, chromosomes: 2, chromosome_length_mb: '20', traits: 1, qtl_per_trait: 5, heritability: '0.8', outdir: 'results' },
    },
  });
  expect(simulated.status(), await simulated.text()).toBe(201);
  await waitForDatasets(page, `e2e_cvtruth_${stamp}`, 1);
  const known = ((await (await page.request.get(`/api/filesets?kind=known-gdip&q=${encodeURIComponent(`e2e_cvtruth_${stamp}`)}`, { headers })).json()) as { data: Array<{ id: number }> }).data[0]!;
  const files = ((await (await page.request.get(`/api/filesets/${known.id}`, { headers })).json()) as { files: Array<{ id: number; fileTypeName: string }> }).files;
  const registered = await page.request.post('/api/benchmark-datasets', {
    headers,
    data: {
      name: `E2E folds ${stamp}`,
      files: {
        kind: 'prediction-data',
        phenotypesFileId: files.find((file) => file.fileTypeName === 'phenotype CSV')!.id,
        genotypesFileId: files.find((file) => file.fileTypeName === 'VCF')!.id,
        crossValidation: { scheme: 'CV1', folds: 4, repeats: 2, seed: 3 },
      },
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);

  await page.goto('/benchmarking/prediction/launch');
  await page.getByRole('radio', { name: /Cross-validate methods on a dataset’s folds/ }).check();
  await expect(page).toHaveURL(/\?mode=cross-validation$/);
  const form = page.getByRole('form', { name: 'Launch a cross-validation benchmark' });
  await form.getByLabel('Name').fill(`E2E CV ${stamp}`);
  await form.getByRole('checkbox', { name: new RegExp(`E2E folds ${stamp}`) }).check();
  // GDIP's rrBLUP and Auto Train's.
  await expect(form.getByLabel('Label').first()).toHaveValue('gdip_rrblup');
  await form.getByLabel('Label').nth(1).fill('auto_rrblup');
  await form.getByLabel('Model').nth(1).selectOption('rrblup');
  await form.getByRole('button', { name: 'Launch 2 cross-validation runs' }).click();
  await expect(page).toHaveURL(/\/benchmarking\/prediction\/results\/fileset\?group=\d+$/);

  // Each method over the file's 2 repeats × 4 folds: r as mean [interval], and against the best.
  const scores = page.getByRole('table', { name: 'Cross-validation scores' });
  await expect(scores).toBeVisible({ timeout: 180_000 });
  const rows = scores.getByRole('row');
  await expect(rows).toHaveCount(3);
  for (const method of ['gdip_rrblup', 'auto_rrblup']) await expect(rows.filter({ hasText: method })).toContainText(/^CV1\s*trait1\s*\w+\s*(GDIP|Auto Train)\s*0\.\d{3}\s*\[-?\d\.\d{3}, \d\.\d{3}\]/);
  await expect(rows.filter({ has: page.getByRole('cell', { name: 'best', exact: true }) })).toHaveCount(1);
  await expect(rows.filter({ hasText: /no clear difference|differs/ })).toHaveCount(1);
  for (const row of [1, 2]) await expect(rows.nth(row).getByRole('cell').nth(7)).toHaveText('8');
  await expect(page.getByRole('img', { name: 'Pearson r of each fold by method' })).toHaveAttribute('data-drawn', 'true');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/-cross-validation\.csv$/);
  // The dataset's name links to its board, which lists both methods cross-validated on it.
  await page.getByRole('link', { name: `E2E folds ${stamp}: dataset board` }).click();
  await expect(page).toHaveURL(/\/benchmarking\/datasets\/board\?id=\d+$/);
  await expect(page.getByRole('heading', { name: `E2E folds ${stamp}`, exact: true })).toBeVisible();
  for (const method of ['gdip_rrblup', 'auto_rrblup'])
    await expect(page.getByRole('table', { name: 'Prediction board' }).getByRole('row').filter({ hasText: method })).toHaveCount(1, { timeout: 30_000 });
});
