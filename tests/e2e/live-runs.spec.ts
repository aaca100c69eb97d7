import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { signInWithToken } from './support';

/** Live monitoring: pages that follow runs as the API pushes their changes, without a reload. */

const PANEL_VCF = path.resolve('tests/fixtures/genomics/panel.vcf');
const PHENOTYPES = path.resolve('tests/fixtures/genomics/panel_phenotypes.csv');

let token = '';
test.beforeEach(async ({ page }) => {
  token = await signInWithToken(page);
});

async function launchGdip(page: Page, name: string) {
  const response = await page.request.post('/api/runs', {
    headers: { Authorization: `token ${token}` },
    data: { pipelineId: 'nf-gdip', name, params: { genotypes: PANEL_VCF, phenotypes: PHENOTYPES, outdir: 'results' } },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** Marks the page, so that a test can tell it was never reloaded. */
async function markPage(page: Page) {
  await page.evaluate(() => {
    (window as { seedbedMark?: boolean }).seedbedMark = true;
  });
}
const stillSamePage = (page: Page) => page.evaluate(() => (window as { seedbedMark?: boolean }).seedbedMark === true);

test('a run launched elsewhere appears in an open runs list and on its open run page, and both follow it to success without a reload', async ({ page, context }) => {
  test.setTimeout(90_000);
  await page.goto('/tools/pipeline/monitor/pipeline-run/list');
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
  await markPage(page);

  const name = `live_${Date.now()}`;
  const id = await launchGdip(page, name);
  const row = page.getByRole('row').filter({ hasText: name });
  // Pushed, not polled: well inside the old 3 s poll, which also stopped when nothing was running.
  await expect(row).toBeVisible({ timeout: 2500 });

  const runPage = await context.newPage();
  await runPage.goto(`/tools/pipeline/monitor/pipeline-run/view?id=${id}`);
  await markPage(runPage);

  await expect(row.locator('[data-status="SUCCEEDED"]')).toBeVisible({ timeout: 60_000 });
  await expect(runPage.locator('[data-status="SUCCEEDED"]').first()).toBeVisible({ timeout: 10_000 });
  await expect(runPage.getByRole('list', { name: 'Processes' })).toBeVisible();
  // The outputs are registered a moment after success, and the run page shows them as they are.
  await runPage.getByRole('tab', { name: 'Outputs' }).click();
  await expect(runPage.getByRole('table', { name: 'Outputs' }).getByRole('row').filter({ hasText: 'discovery/associations.csv' }).getByRole('button', { name: 'Download' })).toBeVisible({
    timeout: 15_000,
  });
  expect(await stillSamePage(page)).toBe(true);
  expect(await stillSamePage(runPage)).toBe(true);
});

test('home shows the last 30 days by status, runs per day and the newest runs, and adds a new run as it is launched', async ({ page }) => {
  test.setTimeout(90_000);
  const first = `home_${Date.now()}`;
  await launchGdip(page, first);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Runs in the last 30 days' })).toBeVisible();
  const counts = page.getByRole('list', { name: 'Runs by status, last 30 days' });
  await expect(counts.locator('[data-status-count="SUCCEEDED"]')).toBeVisible();
  await expect(page.getByRole('img', { name: /Runs submitted per day over the last 30 days/ })).toBeVisible();
  const newest = page.getByRole('table', { name: 'Newest runs' });
  await expect(newest.getByRole('row').filter({ hasText: first })).toBeVisible();
  await markPage(page);

  const second = `home_${Date.now()}_next`;
  await launchGdip(page, second);
  await expect(newest.getByRole('row').filter({ hasText: second })).toBeVisible({ timeout: 5000 });
  await expect(newest.getByRole('row').filter({ hasText: second }).locator('[data-status="SUCCEEDED"]')).toBeVisible({ timeout: 60_000 });
  expect(await stillSamePage(page)).toBe(true);
});

test('home with no run at all welcomes a first-time user instead of drawing empty charts', async ({ page }) => {
  // The database of this test run has runs; the answer of a fresh one is given instead.
  await page.route(/\/api\/runs\?pageSize=10$/, (route) => route.fulfill({ json: { data: [], pagination: { currentPage: 0, pageSize: 10, totalCount: 0, totalPages: 0 } } }));
  await page.goto('/');
  await expect(page.getByTestId('first-run')).toContainText('Welcome to Seedbed: no run yet');
  await expect(page.getByRole('img', { name: /Runs submitted per day/ })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Launch a pipeline' })).toBeVisible();
});

test('when the event stream cannot be reached, the runs list says so quietly and still shows new runs by polling', async ({ page }) => {
  test.setTimeout(60_000);
  await page.route('**/api/events', (route) => route.abort());
  await page.goto('/tools/pipeline/monitor/pipeline-run/list');
  await expect(page.getByRole('status').filter({ hasText: 'Live updates are unavailable; refreshing every 5 s.' })).toBeVisible({ timeout: 25_000 });
  const name = `polled_${Date.now()}`;
  await launchGdip(page, name);
  await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible({ timeout: 8000 });
});

test('a runs search the server refuses shows its error and the fix, with none of the earlier rows', async ({ page }) => {
  const name = `searched_${Date.now()}`;
  await launchGdip(page, name);
  await page.goto(`/tools/pipeline/monitor/pipeline-run/list?q=${name}`);
  await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search runs' }).fill('status:bogus');
  await expect(page.getByRole('alert')).toContainText('status:bogus is not a status; use one of submitted, running');
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);

  await page.getByRole('button', { name: 'Clear the search and filters' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();
});
