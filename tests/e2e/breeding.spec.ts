import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { adminApi, E2E_ADMIN, signInWithToken } from './support';

const stamp = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

test.beforeEach(async ({ page }) => {
  await signInWithToken(page);
});

test('create, edit and delete an accession through the forms', async ({ page }) => {
  const name = `Kasalath-${stamp()}`;
  await page.goto('/accession/list');
  await page.getByRole('button', { name: 'New accession' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Germplasm name').fill(name);
  await dialog.getByLabel('Genus').fill('Oryza');
  await dialog.getByLabel('Species').fill('sativa');
  await dialog.getByLabel('Country of origin').fill('XX');
  await dialog.getByRole('button', { name: 'Create accession' }).click();
  await expect(dialog.getByText('Use an ISO 3166-1 alpha-3 code such as MEX or IND')).toBeVisible();
  await dialog.getByLabel('Country of origin').fill('ind');
  // Synonyms lead to one accession only: this attempt's own (a retry's accession would hold the first's).
  const tag = name.slice(-6);
  await dialog.getByLabel('Synonyms').fill(`KSL${tag}; Kas${tag}`);
  await dialog.getByRole('button', { name: 'Create accession' }).click();
  await expect(page.getByText(`Created accession ${name}`)).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search accessions' }).fill(name);
  await expect(page).toHaveURL(new RegExp(`q=${name}`));
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('IND');
  await expect(row).toContainText(`KSL${tag}, Kas${tag}`);

  await row.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Edit…' }).click();
  await dialog.getByLabel('Pedigree').fill('landrace selection');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('landrace selection');

  await row.getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/accession\/view\?id=\d+/);
  await expect(page.locator('[data-field="pedigree"]')).toHaveText('landrace selection');
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/accession\/list$/);
  await page.getByRole('searchbox', { name: 'Search accessions' }).fill(name);
  await expect(page.getByText('No accessions match these filters.')).toBeVisible();
});

test('a duplicate name lands on its field; a site in use cannot be deleted', async ({ page, request }) => {
  const client = await adminApi(request);
  const siteName = `Obregon-${stamp()}`;
  const site = await client.post('sites', { locationName: siteName, locationType: 'field', countryCode: 'MEX' });
  const project = await client.post('projects', { name: `Durum-${stamp()}` });
  await client.post('experiments', { name: `AYT-${stamp()}`, projectId: project.id, siteId: site.id, studyType: 'yield_trial' });

  await page.goto('/site/list');
  await page.getByRole('button', { name: 'New site' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(siteName.toUpperCase());
  await dialog.getByLabel('Country').fill('MEX');
  await dialog.getByRole('button', { name: 'Create site' }).click();
  await expect(dialog.getByText(`Another site is named '${siteName.toUpperCase()}'`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  await page.getByRole('searchbox', { name: 'Search sites' }).fill(siteName);
  await page.getByRole('button', { name: `Actions for ${siteName}` }).click();
  await page.getByRole('menuitem', { name: 'Delete…' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(/is used by 1 experiment; delete or change those first/)).toBeVisible();

  await page.goto(`/site/view?id=${site.id}`);
  await expect(page.getByRole('region', { name: 'Experiments at this site' }).getByRole('row')).toHaveCount(2);
});

test('sorting, filtering and paging live in the URL and survive a reload', async ({ page, request }) => {
  const client = await adminApi(request);
  const genus = `Genus${stamp()}`;
  for (const [name, status] of [
    ['Aa', '300'],
    ['Bb', '500'],
    ['Cc', '500'],
  ])
    await client.post('accessions', { germplasmName: `${genus}-${name}`, genus, biologicalStatusOfAccessionCode: status });
  await page.goto(`/accession/list?q=${genus}`);
  await page.getByRole('button', { name: 'Name' }).click();
  await expect(page).toHaveURL(/order=desc/);
  await expect(page.locator('tbody tr').first()).toContainText(`${genus}-Cc`);
  await page.getByLabel('Biological status').selectOption('500');
  await expect(page).toHaveURL(/biologicalStatusOfAccessionCode=500/);
  await expect(page.locator('tbody tr')).toHaveCount(2);
  await page.reload();
  await expect(page.locator('tbody tr')).toHaveCount(2);
  await expect(page.locator('tbody tr').first()).toContainText(`${genus}-Cc`);
});

test('export writes the current filter to CSV', async ({ page, request }) => {
  const client = await adminApi(request);
  const genus = `Export${stamp()}`;
  await client.post('accessions', { germplasmName: `${genus}-one`, genus, synonyms: [`${genus}-a`, `${genus}-b`] });
  await client.post('accessions', { germplasmName: `${genus}-two, "quoted"`, genus });
  await page.goto(`/accession/list?q=${genus}`);
  await expect(page.locator('tbody tr')).toHaveCount(2);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = fs.readFileSync(await (await download).path(), 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe('germplasmName,accessionNumber,genus,species,subtaxa,pedigree,countryOfOriginCode,instituteCode,biologicalStatusOfAccessionCode,synonyms');
  expect(lines).toHaveLength(3);
  expect(csv).toContain(`"${genus}-two, ""quoted"""`);
  expect(csv).toContain(`${genus}-a; ${genus}-b`);
});

test('the cross-plan grid: add crosses with parent autocomplete, save, and see them after a reload', async ({ page, request }) => {
  const client = await adminApi(request);
  const prefix = `Parent${stamp()}`;
  await client.post('accessions', { germplasmName: `${prefix}-Mother`, genus: 'Triticum' });
  await client.post('accessions', { germplasmName: `${prefix}-Father`, genus: 'Triticum' });
  const project = await client.post('projects', { name: `Crossing-${stamp()}` });
  const plan = await client.post('cross-plans', { name: `Block-${stamp()}`, projectId: project.id });

  await page.goto(`/cross-plan/view?id=${plan.id}`);
  await page.getByRole('button', { name: 'Add cross' }).click();
  await page.getByRole('button', { name: 'Save crosses' }).click();
  await expect(page.getByText('Required').first()).toBeVisible();

  const female = page.getByLabel('Female parent of row 1', { exact: true });
  await female.fill(`${prefix}-Mo`);
  await expect(page.locator(`datalist option[value="${prefix}-Mother"]`)).toHaveCount(1);
  await female.fill(`${prefix}-Mother`);
  const male = page.getByLabel('Male parent of row 1', { exact: true });
  await male.fill(`${prefix}-Fa`);
  await expect(page.locator(`datalist option[value="${prefix}-Father"]`)).toHaveCount(1);
  await male.fill(`${prefix}-Father`);
  await page.getByLabel('Number of crosses in row 1').fill('6');
  await page.getByRole('button', { name: 'Save crosses' }).click();
  await expect(page.getByText('Saved 1 planned cross')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Female parent of row 1', { exact: true })).toHaveValue(`${prefix}-Mother`);
  await expect(page.getByLabel('Number of crosses in row 1')).toHaveValue('6');
});

test('a list with nothing in it says what to do, and a failed load offers a retry', async ({ page }) => {
  await page.route(/\/api\/cross-plans\?/, (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"The database is restarting"}' }), { times: 1 });
  await page.goto('/cross-plan/list?q=zzzz-nothing');
  await expect(page.getByRole('alert')).toContainText('The database is restarting');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('No cross plans match these filters.')).toBeVisible();
});

test("a trial file's plots import as its experiments, counted as experiments, its observations named as not imported", async ({ page, request }) => {
  const prefix = `Trial${stamp()}`;
  const api = await adminApi(request);
  await api.post('projects', { name: `${prefix} program` });
  for (const name of ['A', 'B']) await api.post('accessions', { germplasmName: `${prefix}-${name}`, genus: 'Manihot' });
  const plots = [`${prefix}-A,101,12.5`, `${prefix}-B,102,9.5`, `${prefix}-A,201,11`].map((plot) => `${prefix} AYT,${prefix} program,2025,${plot}`);
  const csv = ['trial_name,breeding_program,year,accession_name,plot_number,fresh root weight|CO_334:0000012', ...plots, `${prefix} PYT,${prefix} program,2025,${prefix}-B,1,8`].join('\n');

  await page.goto('/experiment/list');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('CSV file').setInputFiles({ name: 'trial.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const report = dialog.getByTestId('import-report');
  await expect(report).toContainText('4 rows making 2 experiments, 0 errors');
  await expect(report).toContainText("Column 'fresh root weight|CO_334:0000012' looks like observations");
  await dialog.getByRole('button', { name: 'Import 2 experiments' }).click();
  await expect(page.getByText('Imported 2 experiments')).toBeVisible();
});

test('import a CSV with errors, fix it, import it; the template downloads from the templates page', async ({ page }) => {
  const prefix = `Imp${stamp()}`;
  await page.goto('/templates/download');
  const templateDownload = page.waitForEvent('download');
  await page.getByRole('region', { name: 'Accessions template' }).getByRole('button', { name: 'Download template' }).click();
  const template = fs.readFileSync(await (await templateDownload).path(), 'utf8');
  expect(template.split('\r\n')[0]).toBe('germplasmName,accessionNumber,genus,species,subtaxa,pedigree,countryOfOriginCode,instituteCode,biologicalStatusOfAccessionCode,synonyms');
  await expect(page.getByRole('region', { name: 'Accessions template' })).toContainText('required');

  await page.goto('/accession/list');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog');
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(`germplasmName,genus,countryOfOriginCode\n${prefix}-1,Oryza,ZZZ\n${prefix}-2,,IND\n`) });
  const report = dialog.getByTestId('import-report');
  await expect(report).toContainText('2 rows, 2 errors');
  await expect(report.getByRole('row', { name: /2 countryOfOriginCode/ })).toContainText('ISO 3166-1 alpha-3');
  await expect(report.getByRole('row', { name: /3 genus/ })).toContainText('genus is empty');
  await expect(dialog.getByRole('button', { name: 'Import 2 accessions' })).toBeDisabled();

  await dialog.getByRole('button', { name: 'Choose another file' }).click();
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'good.csv', mimeType: 'text/csv', buffer: Buffer.from(`germplasmName,genus,countryOfOriginCode\n${prefix}-1,Oryza,PHL\n${prefix}-2,Oryza,IND\n`) });
  await expect(report).toContainText('2 rows, 0 errors');
  await dialog.getByRole('button', { name: 'Import 2 accessions' }).click();
  await expect(page.getByText('Imported 2 accessions')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search accessions' }).fill(prefix);
  await expect(page.locator('tbody tr')).toHaveCount(2);
});

test('creating a cross plan opens its grid; rows added there ask before the page is left, and leave freely once saved', async ({ page, request }) => {
  const client = await adminApi(request);
  const prefix = `Leave${stamp()}`;
  await client.post('accessions', { germplasmName: `${prefix}-Mother`, genus: 'Triticum' });
  await client.post('accessions', { germplasmName: `${prefix}-Father`, genus: 'Triticum' });
  const project = await client.post('projects', { name: `0-Crossing-${stamp()}` });

  await page.goto('/cross-plan/list');
  await page.getByRole('button', { name: 'New cross plan' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(`${prefix}-Plan`);
  await dialog.getByLabel('Project').selectOption(String(project.id));
  await dialog.getByRole('button', { name: 'Create cross plan' }).click();
  await expect(page).toHaveURL(/\/cross-plan\/view\?id=\d+$/);
  await expect(page.getByText(`Created cross plan ${prefix}-Plan: add or paste its crosses below`)).toBeVisible();
  await expect(page.getByText('No crosses planned yet')).toBeVisible();

  await page.getByRole('button', { name: 'Add cross' }).click();
  await page.getByLabel('Female parent of row 1', { exact: true }).fill(`${prefix}-Mother`);
  await page.getByLabel('Male parent of row 1', { exact: true }).fill(`${prefix}-Father`);
  await expect(page.getByRole('status').filter({ hasText: 'Unsaved changes' })).toBeVisible();

  // Leaving by a link asks first; staying keeps the rows.
  const asked: string[] = [];
  page.on('dialog', (question) => {
    asked.push(question.type());
    void question.dismiss();
  });
  await page.locator('a[href="/cross-plan/list"]').first().click();
  await expect.poll(() => asked).toEqual(['beforeunload']);
  await expect(page).toHaveURL(/\/cross-plan\/view\?id=\d+$/);
  await expect(page.getByLabel('Female parent of row 1', { exact: true })).toHaveValue(`${prefix}-Mother`);

  await page.getByRole('button', { name: 'Save crosses' }).click();
  await expect(page.getByText('Saved 1 planned cross')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Unsaved changes' })).toHaveCount(0);
  await page.locator('a[href="/cross-plan/list"]').first().click();
  await expect(page).toHaveURL(/\/cross-plan\/list/);
  expect(asked).toEqual(['beforeunload']);
});

test('deleting an experiment or a cross plan says in its confirmation what goes with it', async ({ page, request }) => {
  const client = await adminApi(request);
  const prefix = `Doomed${stamp()}`;
  const names = [1, 2, 3].map((index) => `${prefix}-Entry${index}`);
  for (const name of names) await client.post('accessions', { germplasmName: name, genus: 'Triticum' });
  const project = await client.post('projects', { name: `${prefix}-Project` });
  const experiment = await client.post('experiments', { name: `${prefix}-AYT`, projectId: project.id, studyType: 'yield_trial' });
  await client.post(`experiments/${experiment.id}/entries`, { names });
  const plan = await client.post('cross-plans', { name: `${prefix}-Plan`, projectId: project.id });
  const [mother, father] = [
    await client.post('accessions', { germplasmName: `${prefix}-Mother`, genus: 'Triticum' }),
    await client.post('accessions', { germplasmName: `${prefix}-Father`, genus: 'Triticum' }),
  ];
  await client.put(`cross-plans/${plan.id}/crosses`, {
    crosses: [
      { femaleParentId: mother.id, maleParentId: father.id },
      { femaleParentId: father.id, crossType: 'SELF' },
    ],
  });

  await page.goto(`/experiment/view?id=${experiment.id}`);
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirmation = page.getByRole('dialog');
  await expect(confirmation.getByRole('heading')).toHaveText(`Delete experiment ${prefix}-AYT and its 3 entries?`);
  await confirmation.getByRole('button', { name: 'Cancel' }).click();

  await page.goto(`/cross-plan/list?q=${prefix}-Plan`);
  const row = page.getByRole('row', { name: new RegExp(`${prefix}-Plan`) });
  await row.getByRole('button', { name: `Actions for ${prefix}-Plan` }).click();
  await page.getByRole('menuitem', { name: 'Delete…' }).click();
  await expect(confirmation.getByRole('heading')).toHaveText(`Delete cross plan ${prefix}-Plan and its 2 planned crosses?`);
  await expect(confirmation).toContainText('Its 2 planned crosses are deleted with it');
  await confirmation.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`Deleted cross plan ${prefix}-Plan`)).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('an accession’s progeny come a page at a time, with their total', async ({ page, request }) => {
  const client = await adminApi(request);
  const prefix = `Prolific${stamp()}`;
  const parent = await client.post('accessions', { germplasmName: prefix, genus: 'Triticum' });
  for (let index = 0; index < 55; index += 1) {
    await client.post('accessions', { germplasmName: `${prefix}-Child${String(index).padStart(2, '0')}`, genus: 'Triticum', pedigree: `${prefix}/Other${index}` });
  }

  await page.goto(`/accession/view?id=${parent.id}`);
  await expect(page.getByRole('heading', { name: 'Progeny (55)' })).toBeVisible();
  const progeny = page.getByRole('table', { name: 'Progeny', exact: true });
  await expect(progeny.getByRole('row')).toHaveCount(51);
  const pages = page.getByRole('navigation', { name: 'Progeny pages' });
  await expect(pages.getByRole('status')).toHaveText('1–50 of 55');
  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(pages.getByRole('status')).toHaveText('51–55 of 55');
  await expect(progeny.getByRole('row')).toHaveCount(6);
  await expect(progeny).toContainText(`${prefix}-Child54`);
  await expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled();
});

test('an accession’s page lists the stored files that name it, by a synonym too, and says when no run has read one', async ({ page, request }) => {
  const client = await adminApi(request);
  const tag = stamp();
  const [name, synonym] = [`Nipponbare-${tag}`, `NPB-${tag}`];
  const accession = await client.post('accessions', { germplasmName: name, genus: 'Oryza', synonyms: [synonym] });
  const { token } = (await (await request.post('/api/authentication/login', { data: E2E_ADMIN })).json()) as { token: string };
  const headers = { Authorization: `token ${token}` };
  const fileName = `heights_${tag}.csv`;
  const stored = await request.post(`/api/files?name=${encodeURIComponent(fileName)}`, {
    data: Buffer.from(`id,height\n${synonym.toLowerCase()},92\nOTHER-${tag},88\n`),
    headers: { ...headers, 'Content-Type': 'application/octet-stream' },
  });
  expect(stored.status(), await stored.text()).toBe(201);
  const file = (await stored.json()) as { id: number };
  // Its individuals are read in the background just after it is stored.
  await expect.poll(async () => ((await (await request.get(`/api/accessions/${accession.id}/files`, { headers })).json()) as { total: number }).total, { timeout: 30_000 }).toBe(1);

  await page.goto(`/accession/view?id=${accession.id}`);
  const card = page.getByTestId('accession-files');
  await expect(card).toContainText('1 file names it.');
  await expect(card).toContainText(`${synonym} (a synonym)`);
  await expect(card.getByRole('link', { name: fileName })).toHaveAttribute('href', `/tools/lineage?id=file:${file.id}`);
  await expect(card).toContainText('none yet');
});
