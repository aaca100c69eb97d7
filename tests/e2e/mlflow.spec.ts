import { expect, test } from '@playwright/test';
import { startFakeMlflow, type FakeMlflow } from '../../src/server/testing/fake-mlflow';
import { expectDifferencesOnly, signInWithToken } from './support';

let mlflow: FakeMlflow;
test.beforeAll(async () => {
  mlflow = await startFakeMlflow({ pageLimit: 2500 });
});
test.afterAll(async () => {
  await mlflow.close();
});

const curve = (points: number, scale: number) => Array.from({ length: points }, (_, step) => scale / Math.sqrt(1 + step / 40) + 0.02 * Math.sin(step / 3));

test('track an MLflow run from its pasted URL, read its charts point by point, compare two runs', async ({ page }) => {
  test.setTimeout(60_000);
  await signInWithToken(page);
  const stamp = Date.now();
  const first = mlflow.createRun({ name: `gblup-${stamp}`, params: { model: 'GBLUP', folds: '5', trait: 'yield' } });
  mlflow.logMetric(first, 'train_loss', curve(10_000, 2));
  mlflow.logMetric(first, 'val_r', [0.31, 0.44, 0.52]);
  mlflow.end(first);
  const second = mlflow.createRun({ name: `bayesb-${stamp}`, params: { model: 'BayesB', folds: '5', trait: 'yield' } });
  mlflow.logMetric(second, 'train_loss', curve(4_000, 2.4));
  mlflow.logMetric(second, 'val_r', [0.29, 0.47, 0.55]);

  await page.goto('/upload/mlflow-run');
  await expect(page.getByRole('heading', { name: 'Track an MLflow run' })).toBeVisible();
  // A wrong run id is the run id's field to fix, in MLflow's words.
  await page.getByLabel('Tracking URI or run URL').fill(mlflow.uri);
  await page.getByLabel('MLflow run id').fill('ffffffffffffffffffffffffffffffff');
  await page.getByRole('button', { name: 'Track run' }).click();
  await expect(page.getByText(/has no run ffffffffffffffffffffffffffffffff .*Check the run id/)).toBeVisible();

  // The whole URL from MLflow's UI is enough: the run id is read from it.
  await page.getByLabel('Tracking URI or run URL').fill(`${mlflow.uri}/#/experiments/1/runs/${first}/model-metrics`);
  await expect(page.getByLabel('MLflow run id')).toHaveValue(first);
  await expect(page.getByText(`Read from the URL: tracking server ${mlflow.uri}, run ${first}`)).toBeVisible();
  await page.getByRole('button', { name: 'Track run' }).click();
  await expect(page).toHaveURL(/\/upload\/mlflow-run\/view\?id=\d+/);
  await expect(page.getByRole('heading', { name: `gblup-${stamp}` })).toBeVisible();
  await expect(page.locator('[data-status="FINISHED"]')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Parameters' })).toContainText('GBLUP');
  const latest = page.getByRole('table', { name: 'Latest metrics' });
  await expect(latest.getByRole('row').filter({ hasText: 'train_loss' })).toContainText('10,000');

  // Every point is kept: 10,000 drawn as a decimation, full resolution once zoomed in.
  const lossChart = page.getByRole('region', { name: 'Metric train_loss' });
  await expect(lossChart.getByTestId('chart-points')).toHaveText(/10,000 of 10,000 points in view · peaks kept/);
  await lossChart.locator('canvas').scrollIntoViewIfNeeded();
  const box = (await lossChart.locator('canvas').boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.4, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.45, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect(lossChart.getByTestId('chart-points')).toHaveText(/points in view · every point drawn/);
  await lossChart.getByRole('button', { name: 'Reset zoom' }).click();
  await expect(lossChart.getByTestId('chart-points')).toHaveText(/10,000 of 10,000 points in view/);

  // The second through the API-backed form with the URI and id apart; then compare both.
  await page.goto('/upload/mlflow-run');
  await page.getByLabel('Tracking URI or run URL').fill(`${mlflow.uri}/`);
  await page.getByLabel('MLflow run id').fill(second);
  await page.getByRole('button', { name: 'Track run' }).click();
  await expect(page.getByRole('heading', { name: `bayesb-${stamp}` })).toBeVisible();
  await expect(page.locator('[data-status="RUNNING"]')).toBeVisible();

  await page.goto(`/upload/mlflow-run?q=${stamp}`);
  await page.getByLabel(`Select gblup-${stamp} to compare`).check();
  await page.getByLabel(`Select bayesb-${stamp} to compare`).check();
  await page.getByRole('link', { name: 'Compare selected' }).click();
  await expect(page).toHaveURL(/\/upload\/mlflow-run\/compare\?ids=\d+,\d+/);
  // The model differs, the folds and trait do not.
  await expectDifferencesOnly(page, 'model', 'BayesB', 'folds');
  const overlaid = page.getByRole('region', { name: 'Metric train_loss' });
  await expect(overlaid.getByTestId('chart-points')).toHaveText(/14,000 of 14,000 points in view/);
  await expect(page.getByRole('img', { name: 'train_loss by step, 2 runs' })).toBeVisible();
});
