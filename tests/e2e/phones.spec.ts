import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { type FakeMlflow, startFakeMlflow } from '../../src/server/testing/fake-mlflow';
import { adminApi, ALL_ROUTES, signInWithToken } from './support';

/**
 * Phones: at 390 px every console page fits the screen. Wide tables scroll inside their own box,
 * action rows wrap and cards stack; the document itself never scrolls sideways.
 */

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

let mlflow: FakeMlflow;
test.beforeAll(async () => {
  mlflow = await startFakeMlflow();
});
test.afterAll(async () => {
  await mlflow.close();
});

/** How far the document reaches sideways: more than the viewport means the page scrolls sideways. */
const documentWidth = (page: Page) => page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);

/** Waits until the page has drawn what it loads: its heading, no skeleton rows, no loading overlay, then `ready`. */
async function settle(page: Page, ready?: (page: Page) => Locator) {
  await expect(page.locator('main h1, main h2').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('skeleton-row')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByTestId('loading-overlay')).toHaveCount(0, { timeout: 15_000 });
  if (ready) await expect(ready(page).first()).toBeVisible({ timeout: 15_000 });
}

interface Visit {
  url: string;
  ready?: (page: Page) => Locator;
}

test('at 390 px no console page is wider than the screen, with rows in every list', async ({ page, request }) => {
  test.setTimeout(240_000);
  const token = await signInWithToken(page);
  const headers = { Authorization: `token ${token}` };
  const client = await adminApi(request);
  const stamp = Date.now();

  // Runs: two GDIP runs with long names and labels, in a group, compared.
  const gdip = (name: string, extra: Record<string, unknown> = {}) => ({
    pipelineId: 'nf-gdip',
    name,
    labels: ['durum-cycle-2026', 'phones'],
    params: { genotypes: path.resolve('tests/fixtures/genomics/panel.vcf'), phenotypes: path.resolve('tests/fixtures/genomics/panel_phenotypes.csv'), outdir: 'results', ...extra },
  });
  const group = await client.post('run-groups', { name: `Durum advanced yield trials, cycle 2026 ${stamp}` });
  const first = await client.post('runs', { ...gdip(`phones_gdip_durum_advanced_yield_${stamp}`), groupId: group.id });
  const second = await client.post('runs', { ...gdip(`phones_gdip_durum_kinship_${stamp}`, { min_maf: 0.1 }), groupId: group.id });
  for (const run of [first, second]) {
    await expect.poll(async () => ((await (await request.get(`/api/runs/${run.id}`, { headers })).json()) as { status: string }).status, { timeout: 120_000, intervals: [1000] }).toBe('SUCCEEDED');
  }

  // Breeding data: a project with an experiment and its entries, a site, parents and a cross plan of crosses.
  const prefix = `Phone${stamp}`;
  const site = await client.post('sites', { locationName: `CIMMYT Campo Experimental Norman E. Borlaug ${stamp}`, locationType: 'field', countryCode: 'MEX', instituteName: 'CIMMYT' });
  const mother = await client.post('accessions', { germplasmName: `${prefix}-KACHU`, genus: 'Triticum', species: 'aestivum', countryOfOriginCode: 'MEX', instituteCode: 'MEX002' });
  const father = await client.post('accessions', { germplasmName: `${prefix}-BORLAUG100`, genus: 'Triticum', species: 'aestivum', synonyms: [`${prefix}-B100`] });
  const child = await client.post('accessions', {
    germplasmName: `${prefix}-SBW26-0001`,
    genus: 'Triticum',
    species: 'aestivum',
    pedigree: `${prefix}-KACHU/${prefix}-BORLAUG100//KAUZ/ALTAR 84/AOS/3/MILAN/KAUZ/4/HUITES`,
  });
  const project = await client.post('projects', { name: `${prefix} spring wheat yield potential`, leadName: 'Ana Ruiz', description: 'Advanced yield trials of elite spring wheat lines' });
  const experiment = await client.post('experiments', { name: `${prefix} AYT Obregón 2025-26`, projectId: project.id, siteId: site.id, studyType: 'yield_trial', season: '2025-26 winter' });
  await client.post(`experiments/${experiment.id}/entries`, { names: [`${prefix}-KACHU`, `${prefix}-BORLAUG100`, `${prefix}-SBW26-0001`] });
  const plan = await client.post('cross-plans', { name: `${prefix} crossing block 2026`, projectId: project.id, description: 'Crosses of the 2026 summer crossing block at El Batán' });
  await client.put(`cross-plans/${plan.id}/crosses`, {
    crosses: [
      { femaleParentId: mother.id, maleParentId: father.id, crossType: 'BIPARENTAL', numberOfCrosses: 4, status: 'TODO', notes: 'Heat tolerance × yield potential' },
      { femaleParentId: father.id, maleParentId: child.id, crossType: 'BIPARENTAL', numberOfCrosses: 2, status: 'DONE', notes: null },
    ],
  });
  const fileTypes = (await (await request.get('/api/file-types?pageSize=1', { headers })).json()) as { data: Array<{ id: number }> };

  // Results: association tables scored against known QTL, predictions against observed values.
  const storeFileset = async (name: string, files: Array<[string, string]>) => {
    const fileset = await client.post('filesets', { name });
    for (const [fileName, text] of files) {
      const response = await request.post(`/api/files?name=${encodeURIComponent(fileName)}&filesetId=${fileset.id}`, { headers, data: Buffer.from(text) });
      expect(response.status(), await response.text()).toBe(201);
    }
    return fileset.id;
  };
  const associations = (letter: string) =>
    `trait,marker,chromosome,position,p_value,log10p\n${Array.from({ length: 30 }, (_, i) => `grain_yield,${letter}${i},${(i % 3) + 1},${(i + 1) * 350000},1e-${(i % 9) + 1},${(i % 9) + 1}`).join('\n')}\n`;
  const discovery = await storeFileset(`${prefix} GWAS methods on simulated durum panel`, [
    [`glm_associations_${stamp}.csv`, associations('a')],
    [`mlm_associations_${stamp}.csv`, associations('b')],
    [`known_qtl_${stamp}.csv`, 'marker,chromosome,position,trait,effect\nq1,1,1050000,grain_yield,0.8\nq2,2,2100000,grain_yield,-0.5\n'],
  ]);
  const predictions = (shift: number) =>
    `id,trait,prediction,observed\n${Array.from({ length: 20 }, (_, i) => `SBW26-${String(i).padStart(4, '0')},grain_yield,${(100 + i * 0.8 + shift).toFixed(2)},${(100 + i).toFixed(2)}`).join('\n')}\n`;
  const prediction = await storeFileset(`${prefix} GEBV models on the validation panel`, [
    [`rrblup_predictions_${stamp}.csv`, predictions(0.5)],
    [`bayesb_predictions_${stamp}.csv`, predictions(-1)],
  ]);

  // MLflow: two tracked runs of a local tracking server, compared.
  const tracked = [];
  for (const model of ['GBLUP', 'BayesB']) {
    const runId = mlflow.createRun({ name: `${model.toLowerCase()}-durum-yield-${stamp}`, params: { model, folds: '5', trait: 'grain_yield', learning_rate_schedule: 'cosine-with-warm-restarts' } });
    mlflow.logMetric(runId, 'val_pearson_r', [0.31, 0.44, 0.52]);
    mlflow.end(runId);
    tracked.push(await client.post('mlflow-runs', { trackingUri: mlflow.uri, mlflowRunId: runId, runId: first.id }));
  }

  const runView = `/tools/pipeline/monitor/pipeline-run/view?id=${first.id}`;
  const visits: Visit[] = [
    ...ALL_ROUTES.map((url) => ({ url })),
    {
      url: '/',
      ready: (page) =>
        page
          .getByRole('table', { name: 'Newest runs' })
          .getByRole('row')
          .filter({ hasText: `${stamp}` }),
    },
    { url: `/tools/pipeline/monitor/pipeline-run/list?q=${stamp}`, ready: (page) => page.getByRole('row').filter({ hasText: `phones_gdip_durum_kinship_${stamp}` }) },
    ...['overview', 'tasks', 'logs', 'parameters', 'outputs'].map((tab) => ({ url: `${runView}&tab=${tab}`, ready: (page: Page) => page.getByRole('tabpanel') })),
    { url: `/tools/pipeline/monitor/pipeline-run/compare?ids=${first.id},${second.id}`, ready: (page) => page.getByRole('table', { name: 'Parameters' }) },
    { url: `/pipeline-group/view?id=${group.id}`, ready: (page) => page.getByRole('row').filter({ hasText: `phones_gdip_durum_kinship_${stamp}` }) },
    { url: `/project/list?q=${prefix}`, ready: (page) => page.getByRole('link', { name: `${prefix} spring wheat yield potential` }) },
    { url: `/project/view?id=${project.id}` },
    { url: `/experiment/view?id=${experiment.id}`, ready: (page) => page.getByRole('table', { name: 'Entries' }) },
    { url: `/accession/list?q=${prefix}`, ready: (page) => page.getByRole('link', { name: `${prefix}-SBW26-0001` }) },
    { url: `/accession/view?id=${child.id}` },
    { url: `/accession/view?id=${mother.id}` },
    { url: `/site/view?id=${site.id}` },
    { url: `/file-type/view?id=${fileTypes.data[0]?.id}` },
    { url: `/cross-plan/list?q=${prefix}`, ready: (page) => page.getByRole('link', { name: `${prefix} crossing block 2026` }) },
    { url: `/cross-plan/view?id=${plan.id}`, ready: (page) => page.getByLabel('Female parent of row 2', { exact: true }) },
    { url: `/benchmarking/discovery/results/fileset?id=${discovery}`, ready: (page) => page.getByRole('table', { name: 'Discovery scores' }) },
    { url: `/benchmarking/prediction/results/fileset?id=${prediction}`, ready: (page) => page.getByRole('table', { name: 'Prediction scores' }) },
    { url: `/upload/filesets/view?id=${discovery}` },
    { url: `/upload/mlflow-run?q=${stamp}`, ready: (page) => page.getByRole('row').filter({ hasText: `bayesb-durum-yield-${stamp}` }) },
    { url: `/upload/mlflow-run/view?id=${tracked[0]!.id}` },
    { url: `/upload/mlflow-run/compare?ids=${tracked.map((run) => run.id).join(',')}`, ready: (page) => page.getByRole('table', { name: 'Parameters' }) },
    { url: '/tools/pipeline/catalogue' },
    { url: '/demo' },
  ];

  const tooWide: string[] = [];
  for (const visit of visits) {
    await page.goto(visit.url);
    await settle(page, visit.ready);
    const width = await documentWidth(page);
    if (width > PHONE.width) tooWide.push(`${visit.url}: ${width} px`);
  }
  expect(tooWide, 'pages wider than a 390 px phone').toEqual([]);
});

test('at 390 px the run page’s actions and every tab are on screen', async ({ page, request }) => {
  test.setTimeout(90_000);
  await signInWithToken(page);
  const client = await adminApi(request);
  const run = await client.post('runs', {
    pipelineId: 'nf-gdip',
    name: `phones_run_page_${Date.now()}`,
    params: { genotypes: path.resolve('tests/fixtures/genomics/panel.vcf'), phenotypes: path.resolve('tests/fixtures/genomics/panel_phenotypes.csv'), outdir: 'results' },
  });
  await page.goto(`/tools/pipeline/monitor/pipeline-run/view?id=${run.id}`);
  await expect(page.locator('[data-status="SUCCEEDED"]').first()).toBeVisible({ timeout: 60_000 });
  const onScreen = async (locator: Locator) => {
    await expect(locator).toBeVisible();
    const box = await locator.boundingBox();
    expect(box, 'drawn').not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
  };
  await onScreen(page.getByRole('link', { name: 'Track an MLflow run' }).first());
  for (const tab of ['Overview', 'Results', 'Tasks', 'Resources', 'Logs', 'Parameters', 'Outputs', 'Lineage']) await onScreen(page.getByRole('tab', { name: tab }));
  await page.getByRole('tab', { name: 'Outputs' }).click();
  await expect(page.getByRole('table', { name: 'Outputs' })).toBeVisible({ timeout: 15_000 });
  expect(await documentWidth(page)).toBeLessThanOrEqual(PHONE.width);
});

test('at 390 px a list’s filters fold behind one button, which says how many are set, so its rows are on the first screen', async ({ page, request }) => {
  await signInWithToken(page);
  const client = await adminApi(request);
  const name = `phones_filters_${Date.now()}`;
  await client.post('runs', { pipelineId: 'nf-processvcfs', name, params: { input: path.resolve('tests/fixtures/genomics/panel.vcf'), outdir: 'results' } });
  await page.goto(`/tools/pipeline/monitor/pipeline-run/list?q=${name}&pipelineId=nf-processvcfs`);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible({ timeout: 15_000 });
  const status = page.locator('#runs-filter-status');
  await expect(status).toBeHidden();
  const toggle = page.getByRole('button', { name: 'Filters · 1 set' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect((await row.boundingBox())!.y + 40).toBeLessThan(PHONE.height);
  await toggle.click();
  await expect(status).toBeVisible();
  await expect(page.getByRole('button', { name: 'Hide filters · 1 set' })).toHaveAttribute('aria-expanded', 'true');
});

test('at 390 px the login page fits, signed out', async ({ page }) => {
  await page.goto('/auth/login');
  await expect(page.getByRole('form', { name: 'Login' })).toBeVisible();
  expect(await documentWidth(page)).toBeLessThanOrEqual(PHONE.width);
});
