import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { SLOW_PIPELINE } from './scratch-catalogue';
import { expectDifferencesOnly, signInWithToken } from './support';

/** What can be done to runs from the runs list: cancel, group, label, compare; and the run page's share. */

let token = '';
test.beforeEach(async ({ page }) => {
  token = await signInWithToken(page);
});

async function launch(page: Page, data: Record<string, unknown>) {
  const response = await page.request.post('/api/runs', { headers: { Authorization: `token ${token}` }, data });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

const gdip = (name: string) => ({
  pipelineId: 'nf-gdip',
  name,
  params: { genotypes: path.resolve('tests/fixtures/genomics/panel.vcf'), phenotypes: path.resolve('tests/fixtures/genomics/panel_phenotypes.csv'), outdir: 'results' },
});

test('cancel a long run from its row menu: the confirmation keeps it running unless asked, and the list follows it to CANCELLED', async ({ page }) => {
  test.setTimeout(60_000);
  const name = `slow_${Date.now()}`;
  await launch(page, { pipelineId: SLOW_PIPELINE.id, name, params: { seconds: 120, outdir: 'results' } });
  await page.goto('/tools/pipeline/monitor/pipeline-run/list');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row.locator('[data-status="RUNNING"]')).toBeVisible({ timeout: 20_000 });
  // The pipeline's label, not its id.
  await expect(row).toContainText(SLOW_PIPELINE.label);
  // No red button on the row: cancel is in its menu.
  await expect(row.getByRole('button', { name: /cancel/i })).toHaveCount(0);

  await row.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Cancel run…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this run?' });
  await dialog.getByRole('button', { name: 'Keep running' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.locator('[data-status="RUNNING"]')).toBeVisible();

  await row.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Cancel run…' }).click();
  await page.getByRole('dialog', { name: 'Cancel this run?' }).getByRole('button', { name: 'Cancel run' }).click();
  await expect(row.locator('[data-status="CANCELLED"]')).toBeVisible({ timeout: 10_000 });
});

test('select two runs, put both into a run group, then compare them side by side', async ({ page }) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const group = (await (await page.request.post('/api/run-groups', { headers: { Authorization: `token ${token}` }, data: { name: `Compared ${stamp}` } })).json()) as { id: number };
  const first = await launch(page, gdip(`cmp_a_${stamp}`));
  const second = await launch(page, { ...gdip(`cmp_b_${stamp}`), params: { ...gdip('x').params, min_maf: 0.1 } });
  const again = await launch(page, gdip(`cmp_c_${stamp}`));
  await page.goto(`/tools/pipeline/monitor/pipeline-run/list?q=cmp_&after=${new Date().toISOString().slice(0, 10)}`);
  for (const name of [`cmp_a_${stamp}`, `cmp_b_${stamp}`]) {
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row.locator('[data-status="SUCCEEDED"]')).toBeVisible({ timeout: 60_000 });
    await row.getByRole('checkbox', { name: `Select ${name}` }).check();
  }
  const toolbar = page.getByRole('toolbar', { name: 'Selected runs' });
  await expect(toolbar).toContainText('2 runs selected');
  await toolbar.getByRole('button', { name: 'Run group…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Run group of 2 runs' });
  await dialog.getByLabel('Run group').selectOption({ label: `Compared ${stamp}` });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('row').filter({ hasText: `cmp_a_${stamp}` })).toContainText(`Compared ${stamp}`);
  await expect(page.getByRole('row').filter({ hasText: `cmp_b_${stamp}` })).toContainText(`Compared ${stamp}`);

  // From the group's page: its runs, ticked and compared.
  await page.goto(`/pipeline-group/view?id=${group.id}`);
  await page.getByRole('checkbox', { name: 'Select every run on this page' }).check();
  await page.getByRole('link', { name: 'Compare' }).click();
  await expect(page).toHaveURL(new RegExp(`/tools/pipeline/monitor/pipeline-run/compare\\?ids=(${first},${second}|${second},${first})$`));
  // The minimum MAF differs, the genotypes do not; the run not given a MAF shows GDIP's default, marked.
  await expectDifferencesOnly(page, 'min_maf', '0.1', 'genotypes');
  await expect(page.getByRole('table', { name: 'Parameters' }).getByRole('row').filter({ hasText: 'min_maf' })).toContainText('0.05(default)');
  await expect(page.getByRole('table', { name: 'Task duration per process' }).getByRole('row')).not.toHaveCount(1);
  await expect(page.getByRole('region', { name: `Outputs of cmp_a_${stamp}` })).toContainText('discovery/associations.csv');
  await expect(page.locator('section').filter({ has: page.getByRole('heading', { name: 'Same inputs' }) })).toContainText('No two of these runs share a revision, parameters and input files.');

  // The same revision, parameters and inputs again: marked so, with its outputs compared byte for byte.
  await page.goto(`/tools/pipeline/monitor/pipeline-run/view?id=${again}`);
  await expect(page.locator('[data-status="SUCCEEDED"]').first()).toBeVisible({ timeout: 60_000 });
  await page.goto(`/tools/pipeline/monitor/pipeline-run/compare?ids=${first},${second},${again}`);
  const same = page.getByRole('list', { name: 'Runs with the same inputs' });
  await expect(same).toContainText(`cmp_a_${stamp} and cmp_c_${stamp} had the same revision, parameters and input files.`);
  await expect(same).toContainText(/Their \d+ common outputs agree byte for byte\./);
});

test('edit a run’s labels from its page; a bad label is named before anything is sent', async ({ page }) => {
  test.setTimeout(60_000);
  const name = `labelled_${Date.now()}`;
  const id = await launch(page, gdip(name));
  await page.goto(`/tools/pipeline/monitor/pipeline-run/view?id=${id}`);
  await page.getByRole('button', { name: 'Labels…' }).click();
  const dialog = page.getByRole('dialog', { name: `Labels of ${name}` });
  await dialog.getByLabel('Labels').fill('durum, bad label!');
  await expect(dialog).toContainText('“label!”: Labels use letters, digits, _ . : and -');
  await dialog.getByLabel('Labels').fill('durum, trial-2026');
  await dialog.getByRole('button', { name: 'Save labels' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('durum, trial-2026')).toBeVisible();
});

test('the run page: tabs kept in the address, the timeline and resource charts, tasks filtered with a task’s detail, parameters as YAML, and a clear not-found', async ({ page }) => {
  test.setTimeout(90_000);
  const name = `tabs_${Date.now()}`;
  const id = await launch(page, gdip(name));
  await page.goto(`/tools/pipeline/monitor/pipeline-run/view?id=${id}`);
  await expect(page.locator('[data-status="SUCCEEDED"]').first()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('canvas[aria-label^="Timeline of"][data-drawn="true"]')).toBeVisible({ timeout: 15_000 });
  // Its colours, listed below it (wrapping on a phone instead of squeezing the bars).
  await expect(page.getByTestId('timeline-legend').getByRole('listitem').first()).toHaveText('Waiting');
  await expect(page.getByTestId('timeline-legend')).toContainText('WRITE_RESULTS');
  await expect(page.locator('canvas[aria-label="Task duration per process: median, quartiles and range"][data-drawn="true"]')).toBeVisible();

  await page.getByRole('tab', { name: /Tasks/ }).click();
  await expect(page).toHaveURL(/[?&]tab=tasks/);
  const tasks = page.getByRole('table').filter({ hasText: 'Peak memory' });
  await page.getByLabel('Process').selectOption('WRITE_RESULTS');
  await expect(tasks.getByRole('row')).toHaveCount(2);
  await tasks.getByRole('button', { name: /^WRITE_RESULTS/ }).click();
  const detail = page.getByRole('dialog', { name: /^Task WRITE_RESULTS/ });
  await expect(detail).toContainText('COMPLETED');
  await expect(detail).toContainText('Work directory');
  await detail.getByRole('button', { name: 'Close' }).click();

  // The tab survives a reload: it is in the address.
  await page.reload();
  await expect(page.getByRole('tab', { name: /Tasks/ })).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('tab', { name: 'Parameters' }).click();
  await expect(page.getByRole('button', { name: 'Copy YAML' })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download YAML' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${name}-params.yaml`);
  expect(fs.readFileSync((await file.path())!, 'utf8')).toContain('outdir: results');

  await page.goto('/tools/pipeline/monitor/pipeline-run/view?id=99999999');
  await expect(page.getByTestId('not-found')).toContainText('No run has id 99999999.');
  await expect(page.getByRole('link', { name: 'See all runs' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
});
