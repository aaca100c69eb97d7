import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_ADMIN, signInWithToken } from './support';

test.beforeEach(async ({ page }) => {
  await signInWithToken(page);
});

test('create a run group, see its runs and combined status, rename it, delete it and keep the runs', async ({ page, request }) => {
  test.setTimeout(60_000);
  const name = `Campaign ${Date.now()}`;
  await page.goto('/pipeline-group/list');
  await page.getByRole('button', { name: 'New run group' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Create run group' }).click();
  await expect(dialog.getByText('Required')).toBeVisible();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Description').fill('Filtering benchmark');
  await dialog.getByRole('button', { name: 'Create run group' }).click();
  await expect(page).toHaveURL(/\/pipeline-group\/view\?id=\d+/);
  const groupId = Number(new URL(page.url()).searchParams.get('id'));
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('No runs yet: choose this group when you launch.')).toBeVisible();

  const { token } = (await (await request.post('/api/authentication/login', { data: E2E_ADMIN })).json()) as { token: string };
  const runName = `grouped_${Date.now()}`;
  const launched = await request.post('/api/runs', {
    headers: { Authorization: `token ${token}` },
    data: { pipelineId: 'nf-processvcfs', name: runName, groupId, params: { input: path.resolve('tests/fixtures/genomics/panel.vcf'), outdir: 'results' } },
  });
  expect(launched.status(), await launched.text()).toBe(201);
  await page.reload();
  const runs = page.getByRole('region', { name: 'Runs' });
  await expect(runs.getByRole('row').filter({ hasText: runName }).locator('[data-status="SUCCEEDED"]')).toBeVisible({ timeout: 30_000 });
  await page.reload();
  await expect(page.getByLabel('Combined status')).toContainText('SUCCEEDED');

  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('dialog').getByLabel('Name').fill(`${name} (renamed)`);
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: `${name} (renamed)` })).toBeVisible();

  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/pipeline-group\/list/);
  await expect(page.getByText('its runs are kept')).toBeVisible();
  await page.goto('/tools/pipeline/monitor/pipeline-run/list');
  await expect(page.getByRole('row').filter({ hasText: runName })).toBeVisible();
});
