import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { signInWithToken } from './support';

/**
 * Stored files previewed in the browser: each test stores the file it looks at, opens its preview
 * page, and reads what a person would see. The HTML report's script tries to reach the session
 * and writes what it got into its own page, where the test reads it.
 */

const PANEL = fs.readFileSync(path.resolve('tests/fixtures/genomics/panel.vcf'));
const SAMPLES = PANEL.toString()
  .split('\n')
  .find((line) => line.startsWith('#CHROM'))!
  .split('\t')
  .slice(9);

let token = '';
test.beforeEach(async ({ page }) => {
  token = await signInWithToken(page);
});

/** A file type of the test's own, for files no seeded type takes (logs, HTML reports). */
async function fileType(request: APIRequestContext, name: string, extension: string, mimeType: string): Promise<number> {
  const response = await request.post('/api/file-types', { headers: { Authorization: `token ${token}` }, data: { name, extensions: [extension], mimeType, requiredColumns: [] } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function store(request: APIRequestContext, name: string, body: string | Buffer, fileTypeId?: number): Promise<number> {
  const query = `name=${encodeURIComponent(name)}${fileTypeId ? `&fileTypeId=${fileTypeId}` : ''}`;
  const response = await request.post(`/api/files?${query}`, { headers: { Authorization: `token ${token}`, 'Content-Type': 'application/octet-stream' }, data: body });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

test('a CSV opens as a table of its first 1,000 rows, loads more, and sorts the rows loaded by a column', async ({ page }) => {
  const stamp = Date.now();
  const rows = Array.from({ length: 1500 }, (_, index) => `P${index + 1},${((index * 37) % 1500) + 0.5},${index % 2 ? 'north' : 'south'}`);
  const id = await store(page.request, `e2e_preview_${stamp}.csv`, `id,yield,block\n${rows.join('\n')}\n`);
  await page.goto(`/upload/file-preview?id=${id}`);
  const table = page.getByRole('table', { name: /Rows of the file/ });
  await expect(table.getByRole('row').nth(1)).toContainText('P1');
  await expect(page.getByText('1,000 rows shown')).toBeVisible();
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(page.getByText('1,500 rows shown, the whole file')).toBeVisible();

  await table.getByRole('button', { name: 'yield' }).click();
  await expect(page.getByText('Sorted: the 1,500 rows loaded, not the whole file.')).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'yield' })).toHaveAttribute('aria-sort', 'descending');
  // 1499.5 is the largest yield: (i × 37) mod 1500 is 1499 at i = 527 (37 × 973 ≡ 1, so i ≡ −973), row P528.
  await expect(table.getByRole('row').nth(1)).toContainText('P528');
  await expect(table.getByRole('row').nth(1)).toContainText('1499.5');
});

test('a VCF shows its header, its records and its samples as columns, paged across', async ({ page }) => {
  const id = await store(page.request, `e2e_preview_${Date.now()}.vcf`, PANEL);
  await page.goto(`/upload/file-preview?id=${id}`);
  const table = page.getByRole('table', { name: /Records of the VCF/ });
  await expect(table.getByRole('columnheader', { name: 'CHROM' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: SAMPLES[0]! })).toBeVisible();
  await expect(page.getByText(`${SAMPLES.length} samples`)).toBeVisible();
  await page.getByText(/Header: 7 ## lines/).click();
  await expect(page.getByText('##fileformat=VCFv4.2')).toBeVisible();
  await page.getByRole('button', { name: 'Next samples' }).click();
  await expect(table.getByRole('columnheader', { name: SAMPLES[100]! })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: SAMPLES[0]! })).toHaveCount(0);
  await expect(table.getByRole('row').nth(1)).toContainText('chr1_201170');
});

test('JSON opens as a tree that folds, and text is searched on the server', async ({ page }) => {
  const stamp = Date.now();
  const jsonId = await store(page.request, `e2e_params_${stamp}.json`, JSON.stringify({ traits: ['yield', 'height'], cv: { folds: 5, seed: stamp } }));
  await page.goto(`/upload/file-preview?id=${jsonId}`);
  const tree = page.getByRole('list', { name: 'JSON tree' });
  await expect(tree.getByText(`${stamp}`)).toBeVisible();
  await tree.getByRole('button', { name: /cv:/ }).click();
  await expect(tree.getByText(`${stamp}`)).toHaveCount(0);

  const lines = Array.from({ length: 2000 }, (_, index) => (index % 500 === 499 ? `WARN marker ${index + 1} dropped` : `step ${index + 1} ok`));
  const logType = await fileType(page.request, `e2e log ${stamp}`, '.log', 'text/plain');
  const textId = await store(page.request, `e2e_run_${stamp}.log`, `${lines.join('\n')}\n`, logType);
  await page.goto(`/upload/file-preview?id=${textId}`);
  const shown = page.getByRole('list', { name: 'Lines of the file' });
  await expect(shown.getByText('step 1 ok', { exact: true })).toBeVisible();
  await page.getByLabel('Search the file').fill('warn');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('4 lines hold “warn”')).toBeVisible();
  await expect(shown.getByRole('listitem')).toHaveText(['500WARN marker 500 dropped', '1000WARN marker 1000 dropped', '1500WARN marker 1500 dropped', '2000WARN marker 2000 dropped']);
});

test('an HTML report runs in a sandbox: its script cannot read the token, the cookies or the parent page, nor call the API', async ({ page }) => {
  const stamp = Date.now();
  const htmlType = await fileType(page.request, `e2e HTML report ${stamp}`, '.html', 'text/html');
  const report = `<!doctype html><html><body><h1>QC report ${stamp}</h1><pre id="out">waiting</pre><script>
    const got = {};
    const attempt = (name, read) => { try { got[name] = String(read()); } catch (error) { got[name] = 'blocked: ' + error.name; } };
    attempt('origin', () => self.origin);
    attempt('token', () => localStorage.getItem('token'));
    attempt('cookie', () => document.cookie);
    attempt('parent', () => parent.localStorage.getItem('token'));
    fetch('/api/authentication/check', { credentials: 'include' })
      .then((response) => 'answered ' + response.status, (error) => 'blocked: ' + error.name)
      .then((fetched) => { got.fetch = fetched; document.getElementById('out').textContent = JSON.stringify(got); });
  </script></body></html>`;
  const id = await store(page.request, `e2e_report_${stamp}.html`, report, htmlType);
  await page.goto(`/upload/file-preview?id=${id}`);
  // The page itself holds the session the report reaches for.
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(token);

  const frame = page.frameLocator(`iframe[title="Report e2e_report_${stamp}.html"]`);
  await expect(frame.getByRole('heading', { name: `QC report ${stamp}` })).toBeVisible();
  await expect(frame.locator('#out')).not.toHaveText('waiting');
  const got = JSON.parse((await frame.locator('#out').textContent()) ?? '{}') as Record<string, string>;
  expect(got.origin).toBe('null');
  expect(got.token).toMatch(/^blocked: SecurityError/);
  expect(got.cookie).toMatch(/^blocked: SecurityError|^$/);
  expect(got.parent).toMatch(/^blocked: SecurityError/);
  expect(got.fetch).toMatch(/^blocked/);
  expect(JSON.stringify(got)).not.toContain(token);
  await expect(page.locator('iframe[sandbox="allow-scripts"]')).toHaveCount(1);
});

test('a run’s output opens in a preview on its Outputs tab, and closes again', async ({ page }) => {
  const headers = { Authorization: `token ${token}` };
  const launched = await page.request.post('/api/runs', {
    headers,
    data: { pipelineId: 'nf-processvcfs', name: `preview_${Date.now()}`, params: { input: path.resolve('tests/fixtures/genomics/panel.vcf'), outdir: 'results' } },
  });
  expect(launched.status(), await launched.text()).toBe(201);
  const { id } = (await launched.json()) as { id: number };
  await expect
    .poll(async () => ((await (await page.request.get(`/api/runs/${id}`, { headers })).json()) as { outputsRegistered: boolean }).outputsRegistered, { timeout: 90_000, intervals: [1000] })
    .toBe(true);
  const outputs = ((await (await page.request.get(`/api/runs/${id}/outputs`, { headers })).json()) as { outputs: Array<{ path: string; fileId: number | null }> }).outputs;
  const vcf = outputs.find((output) => output.fileId !== null && /\.vcf(\.gz)?$/.test(output.path));
  expect(vcf, JSON.stringify(outputs)).toBeDefined();

  await page.goto(`/tools/pipeline/monitor/pipeline-run/view?id=${id}&tab=outputs`);
  await page.getByRole('row').filter({ hasText: vcf!.path }).getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('heading', { name: `Preview: ${vcf!.path}` })).toBeVisible();
  const records = page.getByRole('table', { name: /Records of the VCF/ });
  // The panel's code loads when it opens, then the page: on a loaded machine this took over 7 s once.
  await expect(records.getByRole('columnheader', { name: 'CHROM' })).toBeVisible({ timeout: 30_000 });
  await expect(records.getByRole('row').nth(1)).toContainText('chr1');
  await page.getByRole('button', { name: 'Close preview' }).click();
  await expect(page.getByRole('heading', { name: `Preview: ${vcf!.path}` })).toHaveCount(0);
});

test('a preview or its next page that cannot be loaded says why, with a retry that loads it', async ({ page }) => {
  const name = `e2e_failing_${Date.now()}.csv`;
  const rows = Array.from({ length: 1200 }, (_, index) => `F${index + 1},${index}`);
  const id = await store(page.request, name, `id,yield\n${rows.join('\n')}\n`);
  const failing = { first: true, more: true };
  await page.route(new RegExp(`/api/files/${id}/preview`), (route) => {
    const more = route.request().url().includes('cursor=');
    if (more ? failing.more : failing.first) {
      return route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"The storage server is not answering; try again in a minute"}' });
    }
    return route.continue();
  });
  await page.goto(`/upload/file-preview?id=${id}`);
  const alert = page.getByRole('alert').filter({ hasText: `Could not load the preview of ${name}: The storage server is not answering` });
  await expect(alert).toBeVisible();
  failing.first = false;
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('1,000 rows shown')).toBeVisible();

  await page.getByRole('button', { name: 'Load more' }).click();
  const moreAlert = page.getByRole('alert').filter({ hasText: 'Could not load more rows: The storage server is not answering' });
  await expect(moreAlert).toBeVisible();
  await expect(page.getByText('1,000 rows shown')).toBeVisible();
  failing.more = false;
  await moreAlert.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('1,200 rows shown, the whole file')).toBeVisible();
});
