import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { adminApi, E2E_ADMIN, signInWithToken } from './support';

/**
 * Results: each pipeline's report on its run page after a real local run on the sample data, with
 * a number read from the run's own output file; and three GDIP runs compared by their CV r.
 */

const fixture = (...parts: string[]) => path.resolve('tests/fixtures', ...parts);
const RUN_VIEW = '/tools/pipeline/monitor/pipeline-run/view';

/** A file the run wrote, read from the e2e server's data folder (the config sets it for the workers too). */
function outputOf(runId: number, relative: string): string {
  const dataDir = process.env.SEEDBED_E2E_DATA_DIR;
  if (!dataDir) throw new Error('SEEDBED_E2E_DATA_DIR is not set: run through playwright.config.ts');
  return fs.readFileSync(path.join(dataDir, 'runs', String(runId), 'results', relative), 'utf8');
}

/** A cell of a CSV or TSV output: the `column` of the first row whose `key` column is `value` (or the first row). */
function cellOf(text: string, column: string, where?: [string, string]): string {
  const separator = text.split('\n', 1)[0]!.includes('\t') ? '\t' : ',';
  const [header, ...rows] = text
    .trimEnd()
    .split('\n')
    .map((line) => line.split(separator));
  const at = (name: string) => header!.indexOf(name);
  const row = where ? rows.find((cells) => cells[at(where[0])] === where[1]) : rows[0];
  return row![at(column)]!;
}

/** As the Results tab shows a number: to four significant digits. */
const shown = (value: string | number) => String(Number(Number(value).toPrecision(4)));

async function waitForSuccess(request: APIRequestContext, token: string, id: number) {
  await expect
    .poll(async () => (await (await request.get(`/api/runs/${id}`, { headers: { Authorization: `token ${token}` } })).json()) as { status: string; outputsRegistered: boolean }, {
      timeout: 60_000,
      intervals: [250, 500, 1000],
    })
    .toMatchObject({ status: 'SUCCEEDED', outputsRegistered: true });
}

/** A summary number on the Results tab, by its key (the label, and `· group` when it has one). */
const numberCard = (page: Page, key: string) => page.locator(`[data-testid="report-number"][data-key="${key}"]`);

/** The Results tab of the run: its summary number `key` reads `value`. */
async function expectNumber(page: Page, runId: number, key: string, value: string) {
  await page.goto(`${RUN_VIEW}?id=${runId}&tab=results`);
  await expect(numberCard(page, key)).toContainText(value, { timeout: 15_000 });
}

const PANEL = { genotypes: fixture('genomics', 'panel.vcf'), phenotypes: fixture('genomics', 'panel_phenotypes.csv'), outdir: 'results' };

let token: string;
const launched: Record<string, number> = {};

test.beforeAll(async ({ request }) => {
  ({ token } = (await (await request.post('/api/authentication/login', { data: E2E_ADMIN })).json()) as { token: string });
  const client = await adminApi(request);
  const stamp = Date.now();
  const group = await client.post('run-groups', { name: `Results min_maf ${stamp}` });
  const runs: Array<[string, Record<string, unknown>]> = [
    ['gdip-0.05', { pipelineId: 'nf-gdip', groupId: group.id, params: { ...PANEL, min_maf: 0.05 } }],
    ['gdip-0.1', { pipelineId: 'nf-gdip', groupId: group.id, params: { ...PANEL, min_maf: 0.1 } }],
    ['gdip-0.2', { pipelineId: 'nf-gdip', groupId: group.id, params: { ...PANEL, min_maf: 0.2 } }],
    ['processvcfs', { pipelineId: 'nf-processvcfs', params: { input: fixture('genomics', 'panel.vcf'), outdir: 'results' } }],
    [
      'auto-train',
      {
        pipelineId: 'nf-auto-train',
        params: { genotypes: fixture('auto-train', 'genotypes.vcf'), phenotypes: fixture('auto-train', 'phenotypes.csv'), models: 'rrblup,gblup', cv_folds: 5, cv_repeats: 1, outdir: 'results' },
      },
    ],
  ];
  for (const [key, run] of runs) launched[key] = (await client.post('runs', { name: `results_${key.replace(/\W/g, '_')}_${stamp}`, ...run })).id;
  launched.group = group.id;
});

test.beforeEach(async ({ page }) => {
  await signInWithToken(page);
});

test('GDIP: the Results tab shows CV r per trait from cv_accuracy.csv, the hits, a Manhattan plot and the top GEBVs', async ({ page, request }) => {
  const id = launched['gdip-0.05']!;
  await waitForSuccess(request, token, id);
  const accuracy = outputOf(id, 'prediction/cv_accuracy.csv');
  await expectNumber(page, id, 'CV r · trait1', shown(cellOf(accuracy, 'pearson_r', ['trait', 'trait1'])));
  await expect(numberCard(page, 'CV r · trait2')).toContainText(shown(cellOf(accuracy, 'pearson_r', ['trait', 'trait2'])));
  const hits = outputOf(id, 'discovery/hits.csv').trimEnd().split('\n').length - 1;
  await expect(numberCard(page, 'Hits')).toContainText(String(hits));
  await expect(page.locator('[data-testid="report-chart"][data-kind="manhattan"] canvas[data-drawn]').first()).toBeVisible();
  await expect(page.locator('[data-testid="report-chart"][data-kind="qq"] canvas[data-drawn]').first()).toBeVisible();
  const gebv = page.getByRole('table', { name: 'Top GEBVs' });
  await expect(gebv.getByRole('row')).toHaveCount(21);
});

test('Process VCFs: sites kept and removed by reason from qc_summary.json', async ({ page, request }) => {
  const id = launched.processvcfs!;
  await waitForSuccess(request, token, id);
  const summary = JSON.parse(outputOf(id, 'qc/qc_summary.json')) as { sites: { kept: number; removed: { lowMaf: number } }; samples: { kept: number } };
  await expectNumber(page, id, 'Sites kept', summary.sites.kept.toLocaleString('en'));
  await expect(numberCard(page, 'Sites removed (low MAF)')).toContainText(String(summary.sites.removed.lowMaf));
  await expect(numberCard(page, 'Samples kept')).toContainText(String(summary.samples.kept));
  await expect(page.getByText('MAF of the sites')).toBeVisible();
});

test('Auto Train: the chosen model’s nested CV r per trait and each model’s accuracy', async ({ page, request }) => {
  const id = launched['auto-train']!;
  await waitForSuccess(request, token, id);
  const chosen = outputOf(id, 'models/chosen_models.csv');
  await expectNumber(page, id, 'Nested CV r (chosen model) · trait1', shown(cellOf(chosen, 'nested_pearson_r', ['trait', 'trait1'])));
  const table = page.getByRole('table', { name: 'Chosen model per trait' });
  await expect(table.getByRole('row').filter({ hasText: 'trait1' })).toContainText(cellOf(chosen, 'model', ['trait', 'trait1']));
});

test('comparing three GDIP runs shows CV r per trait side by side and draws it against min_maf', async ({ page, request }) => {
  const ids = [launched['gdip-0.05']!, launched['gdip-0.1']!, launched['gdip-0.2']!];
  for (const id of ids) await waitForSuccess(request, token, id);
  await page.goto(`/tools/pipeline/monitor/pipeline-run/compare?ids=${ids.join(',')}`);
  const results = page.getByRole('table', { name: 'Results' });
  const row = results.getByRole('row').filter({ hasText: 'CV r · trait1' });
  for (const id of ids) await expect(row).toContainText(shown(cellOf(outputOf(id, 'prediction/cv_accuracy.csv'), 'pearson_r', ['trait', 'trait1'])));
  await page.getByLabel('Number').selectOption('CV r · trait1');
  await page.getByLabel('Against the parameter').selectOption('min_maf');
  const chart = page.getByTestId('parameter-chart');
  await expect(chart).toHaveAttribute('data-parameter', 'min_maf');
  await expect(chart.locator('canvas[data-drawn]')).toBeVisible();
  await expect(chart.getByRole('img', { name: 'CV r · trait1 against min_maf, one point per run' })).toBeVisible();

  // The group page compares its runs the same way.
  await page.goto(`/pipeline-group/view?id=${launched.group}`);
  await expect(page.getByRole('table', { name: 'Results' }).getByRole('row').filter({ hasText: 'CV r · trait1' })).toBeVisible();
});
