import { expect, test } from '@playwright/test';
import { signInWithToken } from './support';

let token = '';
test.beforeEach(async ({ page }) => {
  token = await signInWithToken(page);
});

test('register prediction data with a cross-validation scheme: refused on its field where it cannot be drawn, then its folds stored in the dataset', async ({ page }) => {
  const stamp = Date.now();
  await page.goto('/benchmarking/register-prediction-data');
  const scheme = page.getByLabel('Scheme');
  const folds = page.getByLabel('Folds');
  const check = page.getByRole('button', { name: 'Check the files' });
  const cvAlerts = page.locator('[data-field="crossValidation"]').getByRole('alert');
  await expect(scheme).toHaveValue('CV1');

  // A wide table names no environment: CV2 is refused on the scheme, with the way out.
  await page.getByTestId('upload-Observed values').setInputFiles('tests/fixtures/genomics/panel_phenotypes.csv');
  await expect(page.getByText('Chosen: panel_phenotypes.csv')).toBeVisible();
  await scheme.selectOption('CV2');
  await check.click();
  await expect(page.getByTestId('dataset-check')).toContainText('1 problem to fix before registering.');
  await expect(cvAlerts).toContainText('CV2 splits by environment, and these phenotypes name none');
  await expect(cvAlerts).toContainText('Choose CV1, or register long phenotypes (id,trait,observed,environment)');

  // Long phenotypes in 3 environments: 4 folds of environments are too many, 3 fit.
  await page.getByTestId('upload-Observed values').setInputFiles('tests/fixtures/cv-folds/phenotypes_long.csv');
  await expect(page.getByText('Chosen: phenotypes_long.csv')).toBeVisible();
  await scheme.selectOption('CV0');
  await folds.fill('4');
  await check.click();
  await expect(cvAlerts).toHaveText('CV0 splits environments into folds, and the phenotypes have 3 environments: choose at most 3 folds.');
  await expect(folds).toHaveAttribute('aria-invalid', 'true');
  await folds.fill('3');
  await page.getByLabel('Repeats').fill('2');
  await check.click();
  await expect(page.getByTestId('dataset-check')).toContainText('The files fit together.');
  await expect(page.getByTestId('dataset-check')).toContainText('CV0: 3 folds × 2 repeats over 28 records of 10 lines in 3 environments');

  // Without a name, the button says why under the field rather than staying greyed out.
  await page.getByRole('button', { name: 'Register dataset' }).click();
  await expect(page.getByLabel('Dataset name')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Dataset name').fill(`E2E trial ${stamp}`);
  await page.getByRole('button', { name: 'Register dataset' }).click();
  await page.getByRole('link', { name: `E2E trial ${stamp}` }).click();
  const files = page.getByRole('table', { name: 'Files of the fileset' });
  await expect(files.getByRole('row')).toHaveCount(3);
  await expect(files).toContainText(`E2E_trial_${stamp}_CV0_folds.csv`);
  // The stored folds are the file a person downloads: the format's header, each record once per repeat and fold.
  const listed = (await (await page.request.get(`/api/files?q=${encodeURIComponent(`E2E_trial_${stamp}_CV0_folds`)}`, { headers: { Authorization: `token ${token}` } })).json()) as {
    data: Array<{ id: number; fileTypeName: string }>;
  };
  expect(listed.data.map((file) => file.fileTypeName)).toEqual(['CV folds CSV']);
  const text = await (await page.request.get(`/api/files/${listed.data[0]!.id}/download`, { headers: { Authorization: `token ${token}` } })).text();
  const lines = text.trimEnd().split('\n');
  expect(lines[0]).toBe('scheme,repeat,fold,id,environment,set');
  expect(lines).toHaveLength(1 + 28 * 3 * 2);
});
