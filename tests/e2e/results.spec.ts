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

/** As the Results tab shows a number: whole numbers as they are, others to four significant digits (or the report's). */
const shown = (value: string | number, digits = 4) => (Number.isInteger(Number(value)) ? Number(value).toLocaleString('en') : String(Number(Number(value).toPrecision(digits))));

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
  runs.push(
    ['evostats', { pipelineId: 'nf-evostats', params: { input: fixture('evostats', 'structured.vcf'), populations: fixture('evostats', 'populations.csv'), outdir: 'results' } }],
    [
      'phenomix',
      {
        pipelineId: 'nf-phenomix',
        params: { input: fixture('phenomix', 'trial.csv'), accession_column: 'accession', environment_column: 'environment', replicate_column: 'rep', outlier_method: 'none', outdir: 'results' },
      },
    ],
    [
      'multigen',
      {
        pipelineId: 'nf-multigen-sims',
        params: { n_founders: 100, n_chromosomes: 2, qtl_per_chromosome: 10, generations: 3, selected_parents: 20, crosses_per_generation: 50, replicates: 2, outdir: 'results' },
      },
    ],
    ['spectra', { pipelineId: 'nf-spectra', params: { input: fixture('spectra', 'nir.csv'), wavelength_min: 1000, wavelength_max: 1800, outdir: 'results' } }],
    [
      'preprocessing',
      { pipelineId: 'preprocessing', params: { input: fixture('preprocessing', 'samplesheet.csv'), fasta: fixture('preprocessing', 'ref.fa'), genome_name: 'test', outdir: 'results' } },
    ],
    [
      'combine-gvcfs',
      { pipelineId: 'combine-gvcfs', params: { input: fixture('combine-gvcfs', 'samplesheet.csv'), fasta: fixture('combine-gvcfs', 'ref.fa'), output_name: 'cohort', outdir: 'results' } },
    ],
    [
      'auto-train-pheno',
      {
        pipelineId: 'auto-train-pheno',
        params: { spectra: fixture('spectra', 'nir.csv'), phenotypes: fixture('spectra', 'nir_traits.csv'), models: 'plsr,ridge', max_components: 12, cv_folds: 5, outdir: 'results' },
      },
    ],
  );
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
  // Three significant digits, as report.json declares.
  await expectNumber(page, id, 'CV r · trait1', shown(cellOf(accuracy, 'pearson_r_folds', ['trait', 'trait1']), 3));
  await expect(numberCard(page, 'CV r · trait2')).toContainText(shown(cellOf(accuracy, 'pearson_r_folds', ['trait', 'trait2']), 3));
  const [low, high] = ['pearson_r_low', 'pearson_r_high'].map((column) => shown(cellOf(accuracy, column, ['trait', 'trait1']), 3));
  await expect(numberCard(page, 'CV r · trait1').getByTestId('report-interval')).toHaveText(`95 % CI ${low} to ${high}`);
  const hits = outputOf(id, 'discovery/hits.csv').trimEnd().split('\n').length - 1;
  await expect(numberCard(page, 'Hits')).toContainText(String(hits));
  await expect(page.locator('[data-testid="report-chart"][data-kind="manhattan"] canvas[data-drawn]').first()).toBeVisible();
  await expect(page.locator('[data-testid="report-chart"][data-kind="qq"] canvas[data-drawn]').first()).toBeVisible();
  // The top GEBVs of each trait in a table of its own.
  for (const trait of ['trait1', 'trait2']) await expect(page.getByRole('table', { name: `Top GEBVs · ${trait}` }).getByRole('row')).toHaveCount(21);
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
  // The table's numbers to the tiles' digits, not the file's 8 decimals; the slope headed as the benchmark boards head it.
  const written = cellOf(chosen, 'nested_pearson_r', ['trait', 'trait1']);
  await expect(table.getByRole('row').filter({ hasText: 'trait1' })).toContainText(shown(written));
  if (shown(written) !== written) await expect(table.getByRole('row').filter({ hasText: 'trait1' })).not.toContainText(written);
  await expect(page.getByRole('table', { name: 'Every model' }).locator('thead')).toContainText('Bias (slope)');
});

test('comparing three GDIP runs shows CV r per trait side by side and draws it against min_maf', async ({ page, request }) => {
  const ids = [launched['gdip-0.05']!, launched['gdip-0.1']!, launched['gdip-0.2']!];
  for (const id of ids) await waitForSuccess(request, token, id);
  await page.goto(`/tools/pipeline/monitor/pipeline-run/compare?ids=${ids.join(',')}`);
  const results = page.getByRole('table', { name: 'Results' });
  const row = results.getByRole('row').filter({ hasText: 'CV r · trait1' });
  for (const id of ids) await expect(row).toContainText(shown(cellOf(outputOf(id, 'prediction/cv_accuracy.csv'), 'pearson_r_folds', ['trait', 'trait1']), 3));
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

/** Output `relative` of run `runId` as a stored file's reference, for a run that reads it. */
async function storedOutput(request: APIRequestContext, runId: number, relative: string): Promise<string> {
  const outputs = (await (await request.get(`/api/runs/${runId}/outputs`, { headers: { Authorization: `token ${token}` } })).json()) as { outputs: Array<{ path: string; fileId: number | null }> };
  const output = outputs.outputs.find((entry) => entry.path === relative);
  expect(output?.fileId, `${relative} of run ${runId} is a stored file`).toBeTruthy();
  return `seedbed://files/${output!.fileId}`;
}

test('Evostats: Fst per pair of populations from fst_genome.tsv', async ({ page, request }) => {
  const id = launched.evostats!;
  await waitForSuccess(request, token, id);
  await expectNumber(page, id, 'Fst · north × south', shown(cellOf(outputOf(id, 'evostats/structured.fst_genome.tsv'), 'fst', ['population_2', 'south'])));
  await expect(page.getByText('Tajima’s D along the genome')).toBeVisible();
});

test('Phenomix: H² per trait from heritability.csv', async ({ page, request }) => {
  const id = launched.phenomix!;
  await waitForSuccess(request, token, id);
  await expectNumber(page, id, 'H² (Cullis) · yield', shown(cellOf(outputOf(id, 'phenomix/heritability.csv'), 'h2_cullis', ['trait', 'yield']), 3));
});

test('Multigen sims: the genetic gain of the last generation from summary.csv', async ({ page, request }) => {
  const id = launched.multigen!;
  await waitForSuccess(request, token, id);
  const gains = outputOf(id, 'simulation/summary.csv').trimEnd().split('\n');
  const header = gains[0]!.split(',');
  await expectNumber(page, id, 'Genetic gain (last generation)', shown(gains.at(-1)!.split(',')[header.indexOf('genetic_gain')]!));
});

test('Process Spectra: the outliers counted from the QC summary', async ({ page, request }) => {
  const id = launched.spectra!;
  await waitForSuccess(request, token, id);
  const summary = JSON.parse(outputOf(id, 'qc/nir.summary.json')) as { spectra: number; outliers: string[] };
  await expectNumber(page, id, 'Spectra', String(summary.spectra));
  await expect(numberCard(page, 'Outliers')).toContainText(String(summary.outliers.length));
});

test('Preprocessing: mean quality per sample from read_qc.tsv', async ({ page, request }) => {
  const id = launched.preprocessing!;
  await waitForSuccess(request, token, id);
  await expectNumber(page, id, 'Mean quality · leaf_A', shown(cellOf(outputOf(id, 'qc/read_qc.tsv'), 'mean_quality', ['sample', 'leaf_A'])));
});

test('Combine GVCFs: the variant sites from the cohort summary', async ({ page, request }) => {
  const id = launched['combine-gvcfs']!;
  await waitForSuccess(request, token, id);
  const summary = JSON.parse(outputOf(id, 'combined/cohort.summary.json')) as { sites: { variantSites: number } };
  await expectNumber(page, id, 'Variant sites', String(summary.sites.variantSites));
});

test('Auto Train Phenotype and its predictions: RMSECV of the chosen model, then the samples predicted with it', async ({ page, request }) => {
  test.setTimeout(45_000);
  const id = launched['auto-train-pheno']!;
  await waitForSuccess(request, token, id);
  const summary = outputOf(id, 'cv/cv_summary.csv')
    .trimEnd()
    .split('\n')
    .map((line) => line.split(','));
  const chosen = summary.find((row) => row[0] === 'protein' && row[5] === 'true')!;
  await expectNumber(page, id, 'RMSECV (chosen model) · protein', shown(chosen[3]!));

  const client = await adminApi(request);
  const predicted = await client.post('runs', {
    pipelineId: 'make-dig-pheno-predictions',
    name: `results_dig_pheno_predictions_${Date.now()}`,
    params: { model: await storedOutput(request, id, 'models/spectra_model.json'), spectra: fixture('spectra', 'nir.csv'), outdir: 'results' },
  });
  await waitForSuccess(request, token, predicted.id);
  const rows = outputOf(predicted.id, 'predictions/nir.predictions.csv').trimEnd().split('\n').slice(1);
  await expectNumber(page, predicted.id, 'Samples predicted · protein', String(rows.filter((row) => row.split(',')[1] === 'protein').length));
});

test('Make GDIP Predictions on a GDIP run’s model: the individuals predicted per trait', async ({ page, request }) => {
  const gdip = launched['gdip-0.05']!;
  await waitForSuccess(request, token, gdip);
  const client = await adminApi(request);
  const predicted = await client.post('runs', {
    pipelineId: 'make-gdip-predictions',
    name: `results_gdip_predictions_${Date.now()}`,
    params: { model: await storedOutput(request, gdip, 'models/gdip_model.json'), genotypes: fixture('genomics', 'panel.vcf'), outdir: 'results' },
  });
  await waitForSuccess(request, token, predicted.id);
  const rows = outputOf(predicted.id, 'predictions/gebv_predictions.csv').trimEnd().split('\n').slice(1);
  await expectNumber(page, predicted.id, 'Individuals predicted · trait1', String(rows.filter((row) => row.split(',')[1] === 'trait1').length));
  await expect(page.getByRole('table', { name: 'Top individuals' }).getByRole('row')).toHaveCount(26);
});

test('an accession’s page lists its predictions across runs, matched by a synonym, with a chart per trait over the runs', async ({ page, request }) => {
  const gdip = launched['gdip-0.05']!;
  await waitForSuccess(request, token, gdip);
  const client = await adminApi(request);
  const name = `Results line ${Date.now()}`;
  // The VCF's sample IND0001 as a synonym, which leads to one accession only: deleted after, so that a retry can take it.
  const accession = await client.post('accessions', { germplasmName: name, genus: 'Triticum', synonyms: ['IND0001'] });
  try {
    const gebv = outputOf(gdip, 'prediction/gebv.csv');
    const expected = shown(cellOf(gebv, 'prediction', ['id', 'IND0001']));
    await page.goto(`/accession/view?id=${accession.id}`);
    const table = page.getByRole('table', { name: 'Predictions' });
    const row = table
      .getByRole('row')
      .filter({ hasText: /results_gdip_0_05_/ })
      .filter({ hasText: 'trait1' });
    await expect(row).toContainText(expected, { timeout: 15_000 });
    await expect(row).toContainText('IND0001');
    // A chart per trait, each on its own scale.
    await expect(page.getByRole('img', { name: 'Predictions of trait1 for this accession over the runs' })).toBeVisible();
  } finally {
    await request.delete(`/api/accessions/${accession.id}`, { headers: { Authorization: `token ${token}` } });
  }
});
