import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { nextRunName } from '../../src/contract/run-codes';
import { describeRun, E2E_ADMIN, signInWithToken } from './support';
import { EXTRA_PIPELINE } from './scratch-catalogue';

const PANEL_VCF = path.resolve('tests/fixtures/genomics/panel.vcf');

const RUN_PAGE = /\/tools\/pipeline\/monitor\/pipeline-run\/view\?id=\d+/;

test.beforeEach(async ({ page }) => {
  await signInWithToken(page);
});

/** Uploads `file` in place as the form's `parameter`, and waits until the form says it is stored (or that a stored copy of the same bytes and name is taken: another test may have stored it). */
async function uploadInPlace(form: Locator, parameter: string, file: string) {
  await form.getByTestId(`upload-${parameter}`).setInputFiles(file);
  const name = path.basename(file).replace(/\./g, '\\.');
  await expect(form.page().getByText(new RegExp(`^(Uploaded ${name}|${name} is stored already with the same bytes)`))).toBeVisible();
}

/** Searches the stored files for the form's `parameter` and picks the first that `option` names. */
async function chooseStoredFile(form: Locator, parameter: string, search: string, option: RegExp) {
  await form.getByRole('combobox', { name: `Search stored files for ${parameter}` }).fill(search);
  await form
    .getByRole('listbox', { name: `Stored files for ${parameter}` })
    .getByRole('option', { name: option })
    .first()
    .click();
}

/** Launches the form's run and waits on the run's page until it has succeeded, having run `processes`. */
async function launchUntilSucceeded(form: Locator, processes: string[], timeout = 60_000) {
  const page = form.page();
  await form.getByRole('button', { name: 'Launch run' }).click();
  await expect(page).toHaveURL(RUN_PAGE);
  await expect(page.locator('[data-status="SUCCEEDED"]')).toBeVisible({ timeout });
  const listed = page.getByRole('list', { name: 'Processes' });
  for (const process of processes) await expect(listed).toContainText(process);
}

/** The Outputs tab shows each file with its type, and (as for every bundled pipeline) none untyped. */
async function expectTypedOutputs(page: Page, types: Record<string, string>) {
  await page.getByRole('tab', { name: 'Outputs' }).click();
  const outputs = page.getByRole('table', { name: 'Outputs' });
  for (const [file, type] of Object.entries(types)) await expect(outputs.getByRole('row').filter({ hasText: file })).toContainText(type);
  await expect(outputs).not.toContainText('untyped');
  return outputs;
}

async function expectLog(page: Page, text: string) {
  await page.getByRole('tab', { name: 'Logs' }).click();
  await expect(page.getByLabel('Run log')).toContainText(text);
}

test('launch Process VCFs on a small VCF through the form and watch it succeed with its outputs', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/tools/pipeline/run/nf-processvcfs');
  const form = page.getByRole('form', { name: 'Launch Process VCFs' });
  await expect(form.getByRole('region', { name: 'Filtering options' })).toBeVisible();

  // The schema's rules, checked as the user types.
  const maf = form.locator('#param-min_maf');
  await maf.fill('0.9');
  await maf.blur();
  await expect(form.locator('#param-min_maf-hint')).toHaveText('At most 0.5');
  await maf.fill('0.05');
  await expect(form.locator('#param-min_maf-hint')).not.toHaveText('At most 0.5');

  // Hidden parameters stay out of the way until asked for.
  await expect(form.locator('#param-max_cpus')).toHaveCount(0);
  // The switch's words turn it too.
  await form.locator('label[for="show-hidden-parameters"]').click();
  await expect(form.locator('#param-max_cpus')).toHaveValue('16');
  await expect(form.getByRole('switch', { name: 'Show hidden parameters' })).toHaveAttribute('aria-checked', 'true');

  // A file that is not a VCF is refused, and the reason stays under the field (not only in a passing toast).
  const garbage = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-garbage-')), 'garbage.vcf');
  fs.writeFileSync(garbage, 'this is not a VCF\n');
  await form.getByTestId('upload-input').setInputFiles(garbage);
  await expect(form.getByTestId('upload-refusal-input')).toContainText(/^Not stored: garbage\.vcf is not a VCF file/);
  // The input VCF is uploaded in place and becomes the parameter's value; the refusal goes.
  await uploadInPlace(form, 'input', PANEL_VCF);
  await expect(form.getByTestId('upload-refusal-input')).toHaveCount(0);
  // The parameter holds the stored file's reference; the form names the file, never where the server keeps it.
  await expect(form.locator('#param-input')).toHaveValue(/^seedbed:\/\/files\/\d+$/);
  await expect(form.getByText(/^Chosen: panel\.vcf · VCF/)).toBeVisible();

  await form.getByRole('switch', { name: 'ld_prune' }).click();
  const runName = `e2e_vcf_${Date.now()}`;
  await form.locator('#run-name').fill(runName);
  await form.locator('#run-labels').fill('e2e, qc');
  // A run group is created in place, in the Run Groups page's own dialog, and chosen.
  const groupName = `Cycle ${Date.now()}`;
  await form.locator('#run-group').selectOption({ label: 'New group…' });
  const dialog = page.getByRole('dialog', { name: 'New run group' });
  await dialog.getByLabel('Name').fill(groupName);
  await dialog.getByRole('button', { name: 'Create run group' }).click();
  await expect(page.getByText(`Created run group ${groupName}`)).toBeVisible();
  await expect(form.locator('#run-group option:checked')).toHaveText(groupName);
  await form.getByRole('button', { name: 'Launch run' }).click();

  await expect(page.getByText('Run submitted')).toBeVisible();
  await expect(page).toHaveURL(RUN_PAGE);
  await expect(page.getByRole('heading', { name: runName })).toBeVisible();
  await expect(page.getByText(groupName)).toBeVisible();
  await expect(page.locator('[data-status="SUCCEEDED"]')).toBeVisible({ timeout: 60_000 });
  const processes = page.getByRole('list', { name: 'Processes' });
  for (const process of ['READ_VCF', 'FILTER_SITES', 'SAMPLE_CALL_RATE', 'LD_PRUNE', 'WRITE_VCF', 'QC_SUMMARY']) await expect(processes).toContainText(process);

  await page.getByRole('tab', { name: 'Outputs' }).click();
  const outputs = page.getByRole('table', { name: 'Outputs' });
  const vcfRow = outputs.getByRole('row').filter({ hasText: 'filtered/panel.filtered.vcf' });
  await expect(vcfRow).toContainText('VCF');
  await expect(outputs.getByRole('row').filter({ hasText: 'qc/qc_summary.json' })).toBeVisible();
  // Every output of a bundled pipeline has a type.
  await expect(outputs).not.toContainText('untyped');
  const download = page.waitForEvent('download');
  await vcfRow.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('panel.filtered.vcf');
  await expectLog(page, 'Completed successfully.');

  // Relaunch opens the form pre-filled from this run, under its name numbered on.
  await page.getByRole('link', { name: 'Relaunch' }).click();
  await expect(page).toHaveURL(/\/tools\/pipeline\/run\/nf-processvcfs\?from=\d+/);
  await expect(page.locator('#param-input')).toHaveValue(/^seedbed:\/\/files\/\d+$/);
  await expect(page.getByText(/^Chosen: panel\.vcf · VCF/)).toBeVisible();
  await expect(page.getByRole('switch', { name: 'ld_prune' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.locator('#run-labels')).toHaveValue('e2e, qc');
  await expect(page.locator('#run-name')).toHaveValue(nextRunName(runName));
});

test('a file uploaded in place twice is stored once: the second time, the stored one is taken', async ({ page }) => {
  await page.goto('/tools/pipeline/run/nf-processvcfs');
  const form = page.getByRole('form', { name: 'Launch Process VCFs' });
  // A name no other test uploads, so that the first upload stores it and only the second finds it.
  const twice = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-twice-')), `twice_${Date.now()}.vcf`);
  fs.copyFileSync(PANEL_VCF, twice);
  await form.getByTestId('upload-input').setInputFiles(twice);
  await expect(page.getByText(`Uploaded ${path.basename(twice)}`)).toBeVisible();
  const chosen = await form.locator('#param-input').inputValue();
  expect(chosen).toMatch(/^seedbed:\/\/files\/\d+$/);
  await form.getByTestId('upload-input').setInputFiles(twice);
  await expect(page.getByText(`${path.basename(twice)} is stored already with the same bytes (file ${chosen.split('/').at(-1)}): using it instead of a second copy`)).toBeVisible();
  await expect(form.locator('#param-input')).toHaveValue(chosen);
});

test('launch Evostats with a VCF and a population map uploaded in place, and see its statistics', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/tools/pipeline/run/nf-evostats');
  const form = page.getByRole('form', { name: 'Launch Evostats' });
  await uploadInPlace(form, 'input', path.resolve('tests/fixtures/evostats/structured.vcf'));
  await uploadInPlace(form, 'populations', path.resolve('tests/fixtures/evostats/populations.csv'));
  await form.locator('#param-fst_estimator').selectOption('weir_cockerham');
  await form.locator('#run-name').fill(`e2e_evostats_${Date.now()}`);
  await launchUntilSucceeded(form, ['READ_INPUTS', 'ALLELE_FREQUENCIES', 'WINDOW_STATISTICS', 'FST', 'SUMMARY']);
  const tables = ['windows.tsv', 'fst_windows.tsv', 'fst_genome.tsv', 'site_stats.tsv'];
  await expectTypedOutputs(page, Object.fromEntries(tables.map((file) => [`evostats/structured.${file}`, 'population statistics TSV'])));
  await expectLog(page, 'Fst (weir_cockerham) genome-wide: north–south');
});

test('launch Combine GVCFs with a samplesheet and a reference uploaded in place, and get one multi-sample VCF', async ({ page }) => {
  test.setTimeout(90_000);
  // The sheet names the gVCFs by their paths on the server (here, the repository's fixtures).
  const folder = path.resolve('tests/fixtures/combine-gvcfs');
  const sheet = path.join(os.tmpdir(), `cohort-${Date.now()}.csv`);
  const names = ['S01.g.vcf', 'S02.g.vcf', 'S03.g.vcf', 'S08.g.vcf.gz'];
  fs.writeFileSync(sheet, `sample,gvcf\n${names.map((name) => `${name.split('.')[0]},${path.join(folder, name)}`).join('\n')}\n`);
  await page.goto('/tools/pipeline/run/combine-gvcfs');
  const form = page.getByRole('form', { name: 'Launch Combine GVCFS' });
  await uploadInPlace(form, 'input', sheet);
  await uploadInPlace(form, 'fasta', path.join(folder, 'ref.fa'));
  await form.locator('#param-output_name').fill('four_samples');
  await form.locator('#run-name').fill(`e2e_combine_${Date.now()}`);
  await launchUntilSucceeded(form, ['READ_SAMPLESHEET', 'READ_REFERENCE', 'READ_GVCF', 'MERGE', 'SUMMARY']);
  await expectTypedOutputs(page, { 'combined/four_samples.vcf': 'VCF' });
  await expectLog(page, 'variant sites');
  await expectLog(page, '× 4 samples');
});

test('launch Process Spectra through its form and get processed spectra and outlier flags', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/tools/pipeline/run/nf-spectra');
  const form = page.getByRole('form', { name: 'Launch Process Spectra' });
  await uploadInPlace(form, 'input', path.resolve('tests/fixtures/spectra/nir.csv'));
  await form.locator('#param-wavelength_min').fill('1000');
  await form.locator('#param-wavelength_max').fill('1800');
  await form.locator('#run-name').fill(`e2e_spectra_${Date.now()}`);
  await launchUntilSucceeded(form, ['READ_SPECTRA', 'PREPROCESS', 'OUTLIERS', 'WRITE_RESULTS']);
  await expectTypedOutputs(page, { 'processed/nir.processed.csv': 'spectra CSV' });
  await expectLog(page, 'spectra with global H above 3');
});

test('Auto Train a genomic model, then Make GDIP Predictions with it, both through their forms', async ({ page }) => {
  test.setTimeout(120_000);
  const fixtures = path.resolve('tests/fixtures/auto-train');
  await page.goto('/tools/pipeline/run/nf-auto-train');
  const form = page.getByRole('form', { name: 'Launch Auto Train' });
  await uploadInPlace(form, 'genotypes', path.join(fixtures, 'genotypes.vcf'));
  await uploadInPlace(form, 'phenotypes', path.join(fixtures, 'phenotypes.csv'));
  await form.locator('#run-name').fill(`e2e_train_${Date.now()}`);
  await form.locator('#param-models').fill('rrblup,bayesian_ridge');
  await form.locator('#param-cv_repeats').fill('1');
  await launchUntilSucceeded(form, [], 90_000);
  const outputs = await expectTypedOutputs(page, { 'models/auto_train_model.json': 'Auto Train model' });
  await expect(outputs.getByRole('row').filter({ hasText: 'models/auto_train_model.json' }).getByRole('button', { name: 'Download' })).toBeVisible();

  // The trained model, registered as a stored file, is picked on the prediction form.
  await page.goto('/tools/pipeline/run/make-gdip-predictions');
  const predict = page.getByRole('form', { name: 'Launch Make GDIP Predictions' });
  // File parameters search the stored files on the server; each result shows its type, size and date.
  await chooseStoredFile(predict, 'model', 'auto_train_model', /auto_train_model\.json/);
  await expect(predict.locator('#param-model')).toHaveValue(/^seedbed:\/\/files\/\d+$/);
  await expect(predict.getByText(/^Chosen: Run .* · models\/auto_train_model\.json/)).toBeVisible();
  await chooseStoredFile(predict, 'genotypes', 'genotypes.vcf', /genotypes\.vcf/);
  await predict.locator('#run-name').fill(`e2e_predict_${Date.now()}`);
  await launchUntilSucceeded(predict, []);
  await expectTypedOutputs(page, { 'predictions/gebv_predictions.csv': 'predictions CSV' });
});

test('Auto Train’s form says what Launch would refuse when a field is left: an unknown model, a burn-in not below the iterations, a missing file', async ({ page }) => {
  const fixtures = path.resolve('tests/fixtures/auto-train');
  await page.goto('/tools/pipeline/run/nf-auto-train');
  const form = page.getByRole('form', { name: 'Launch Auto Train' });
  const hint = (parameter: string) => form.locator(`#param-${parameter}-hint`);
  const leave = async (parameter: string, value: string) => {
    await form.locator(`#param-${parameter}`).fill(value);
    await form.locator(`#param-${parameter}`).blur();
  };
  // What an empty models runs is said where models is.
  await expect(hint('models')).toContainText('Left empty, the default four are trained: rrblup, gblup, bayesian_ridge and rkhs.');
  // A model name in another case is refused naming it and the name meant, never taken for it.
  await leave('models', 'rrblup,BayesB');
  await expect(hint('models')).toHaveText('Unknown name: BayesB (did you mean bayesb?). Choose from rrblup, gblup, bayesian_ridge, rkhs, bayesb, bayes_c, random_forest, svr, separated by commas');
  await leave('models', 'rrblup,bayesb');
  await expect(hint('models')).not.toContainText('Unknown');
  // The chain's settings are drawn once a model runs a chain; their order is the server's rule, told on leaving the field.
  await leave('bayes_iterations', '400');
  await leave('bayes_burn_in', '400');
  const burnIn =
    'Must be less than bayes_iterations (400) when models names bayesb or bayes_c: the chain would keep no draw after its burn-in. Lower bayes_burn_in, raise bayes_iterations, or leave bayesb and bayes_c out of models.';
  await expect(hint('bayes_burn_in')).toHaveText(burnIn);
  // A file that is not on the server, with the burn-in still told: every problem at once.
  await leave('genotypes', path.join(fixtures, 'no_such_genotypes.vcf'));
  await expect(hint('genotypes')).toHaveText(`No file at ${path.join(fixtures, 'no_such_genotypes.vcf')} on this server: upload it in the form, or pick a stored file`);
  await expect(hint('bayes_burn_in')).toHaveText(burnIn);
  // phenotypes was never reached: it is not told yet that it is required.
  await expect(hint('phenotypes')).not.toHaveText('Required');
  await leave('genotypes', path.join(fixtures, 'genotypes.vcf'));
  await leave('phenotypes', path.join(fixtures, 'phenotypes.csv'));
  await expect(hint('genotypes')).not.toContainText('No file');

  // Launch is the authority: it refuses the burn-in, counts the field in its toast without
  // repeating it, and brings the field to the middle of the view, clear of the toast.
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width > 1000 ? 900 : 844 });
    await form.locator('#run-name').focus();
    await page.mouse.wheel(0, -10_000);
    await form.getByRole('button', { name: 'Launch run' }).click();
    const toast = page.getByRole('status').filter({ hasText: 'field needs fixing' });
    await expect(toast).toHaveText('1 field needs fixing: see the message in red under it.');
    await expect(form.locator('#param-bayes_burn_in')).toBeFocused();
    await expect(form.locator('#param-bayes_burn_in')).toBeInViewport();
    await expect(hint('bayes_burn_in')).toHaveText(burnIn);
    const [field, told] = [await form.locator('#param-bayes_burn_in').boundingBox(), await toast.boundingBox()];
    expect(field!.y > told!.y + told!.height || field!.y + field!.height < told!.y, `the toast covers the field at ${width} px`).toBe(true);
    await page.screenshot({ path: test.info().outputPath(`refused-launch-${width}.png`) });
    await toast.waitFor({ state: 'detached', timeout: 10_000 });
  }
});

test('launch Phenomix on a field trial through its form and get BLUEs, variance components and heritability', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/tools/pipeline/run/nf-phenomix');
  const form = page.getByRole('form', { name: 'Launch Phenomix' });
  await uploadInPlace(form, 'input', path.resolve('tests/fixtures/phenomix/trial.csv'));
  await form.locator('#run-name').fill(`e2e_phenomix_${Date.now()}`);
  await launchUntilSucceeded(form, ['READ_TRIAL', 'MIXED_MODEL', 'WRITE_RESULTS']);
  await expectTypedOutputs(page, { 'phenomix/blues.csv': 'phenotype CSV' });
  await expectLog(page, 'H² (Cullis)');
});

test('the runs list and a project page show a project’s runs and their output files', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { token } = (await (await request.post('/api/authentication/login', { data: E2E_ADMIN })).json()) as { token: string };
  const headers = { Authorization: `token ${token}` };
  const project = (await (await request.post('/api/projects', { headers, data: { name: `Durum cycle ${Date.now()}` } })).json()) as { id: number };
  const runName = `gdip_${Date.now()}`;
  const launched = await request.post('/api/runs', {
    headers,
    data: {
      pipelineId: 'nf-gdip',
      name: runName,
      projectId: project.id,
      labels: ['durum'],
      params: { genotypes: PANEL_VCF, phenotypes: path.resolve('tests/fixtures/genomics/panel_phenotypes.csv'), outdir: 'results' },
    },
  });
  expect(launched.status(), await launched.text()).toBe(201);
  const { id: runId } = (await launched.json()) as { id: number };

  await page.goto('/tools/pipeline/monitor/pipeline-run/list');
  const row = page.getByRole('row').filter({ hasText: runName });
  await expect(row).toBeVisible();
  // The list follows the run without a reload. (This wait once ran out in a full run and passed on
  // its retry: the message then says whether the run itself stalled.)
  await expect(row.locator('[data-status="SUCCEEDED"]'))
    .toBeVisible({ timeout: 60_000 })
    .catch(async (error: Error) => {
      throw new Error(`${error.message}\n${await describeRun(request, headers, runId)}`);
    });
  await page.getByRole('searchbox', { name: 'Search runs' }).fill('status:failed label:durum');
  await expect(page).toHaveURL(/q=status%3Afailed/);
  await expect(page.getByRole('row').filter({ hasText: runName })).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Search runs' }).fill('status:succeeded label:durum');
  await expect(page.getByRole('row').filter({ hasText: runName })).toBeVisible();

  await page.goto(`/project/view?id=${project.id}`);
  const runs = page.getByRole('region', { name: 'Runs' });
  await expect(runs.getByRole('row').filter({ hasText: runName })).toBeVisible();
  const files = page.getByRole('region', { name: 'Files' });
  await expect(files.getByRole('row').filter({ hasText: 'discovery/associations.csv' })).toContainText('associations CSV');
  await expect(files.getByRole('row').filter({ hasText: 'models/gdip_model.json' })).toContainText('GDIP model');
});

test('a pipeline that only this server’s catalogue has is listed and launched through its form', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/');
  await page.getByRole('link', { name: 'All pipelines in the catalogue' }).click();
  await expect(page).toHaveURL(/\/tools\/pipeline\/catalogue/);
  const site = page.getByRole('region', { name: 'Site pipelines' });
  await site.getByRole('link', { name: EXTRA_PIPELINE.label }).click();
  await expect(page).toHaveURL(new RegExp(`/tools/pipeline/run/\\?id=${EXTRA_PIPELINE.id}$`));
  const form = page.getByRole('form', { name: `Launch ${EXTRA_PIPELINE.label}` });
  // Its draft-07 schema (definitions) is read, and its help is Markdown with a working link.
  await form.getByText('Help').first().click();
  await expect(form.getByRole('link', { name: 'count docs' })).toHaveAttribute('href', 'https://example.org/count');
  await form.locator('#param-label_text').fill('rows');
  await form.locator('#run-name').fill(`e2e_extra_${Date.now()}`);
  await launchUntilSucceeded(form, []);
  await expectLog(page, 'Counted 3 rows');
  // Relaunch comes back to the same page by id.
  await expect(page.getByRole('link', { name: 'Relaunch' })).toHaveAttribute('href', new RegExp(`/tools/pipeline/run/\\?id=${EXTRA_PIPELINE.id}&from=\\d+`));
});
