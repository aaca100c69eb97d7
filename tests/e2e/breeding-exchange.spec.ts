import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import writeXlsxFile from 'write-excel-file/node';
import { adminApi, E2E_ADMIN, signInWithToken } from './support';

/** The breeding screens a breeder meets with other systems' files: imports in other vocabularies, entries, lineage, the grid's paste. */
const stamp = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

test.beforeEach(async ({ page }) => {
  await signInWithToken(page);
});

test('a Breedbase locations workbook: the sheet picker, what each header was read as, then the import', async ({ page }) => {
  const prefix = `Bbx${stamp()}`;
  const rows = fs
    .readFileSync('tests/fixtures/imports/breedbase-locations.csv', 'utf8')
    .replaceAll('Bb ', `${prefix} `)
    .trim()
    .split('\n')
    .map((line) => line.split(',').map((value) => (value === '' ? null : { value })));
  const workbook = await writeXlsxFile([
    { sheet: 'Read me', data: [[{ value: 'Locations for the 2026 season' }]] },
    { sheet: 'Locations', data: rows },
  ]).toBuffer();

  await page.goto('/site/list');
  await page.getByRole('button', { name: 'Import CSV or Excel' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('CSV file').setInputFiles({ name: 'locations.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: workbook });
  const report = dialog.getByTestId('import-report');
  await expect(report).toContainText('(sheet Read me)');
  await expect(report).toContainText("required column 'locationName' is missing");
  await report.getByRole('combobox').selectOption('Locations');
  await expect(report).toContainText('(sheet Locations): 3 rows, 0 errors');
  const vocabulary = report.getByTestId('import-vocabulary');
  await expect(vocabulary).toContainText('Read as a Breedbase file');
  await vocabulary.click();
  await expect(vocabulary).toContainText('Country Name');
  await expect(vocabulary).toContainText('NOAA Station ID');
  await expect(report).toContainText("locationType 'Field' → field");
  await dialog.getByRole('button', { name: 'Import 3 sites' }).click();
  await expect(page.getByText('Imported 3 sites')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search sites' }).fill(prefix);
  await expect(page.locator('tbody tr')).toHaveCount(3);
});

test('an .xls workbook is refused with the way out', async ({ page }) => {
  await page.goto('/accession/list');
  await page.getByRole('button', { name: 'Import CSV or Excel' }).click();
  await page
    .getByRole('dialog')
    .getByLabel('CSV file')
    .setInputFiles({ name: 'old.xls', mimeType: 'application/vnd.ms-excel', buffer: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]) });
  await expect(page.getByText(/save it as an Excel workbook \(\.xlsx\) or as CSV/)).toBeVisible();
});

test('accessions filter by genus, species, country and institute, with the filters in the address', async ({ page, request }) => {
  const client = await adminApi(request);
  const prefix = `Flt${stamp()}`;
  await client.post('accessions', { germplasmName: `${prefix}-rice`, genus: 'Oryza', species: 'sativa', countryOfOriginCode: 'PHL', instituteCode: 'PHL001' });
  await client.post('accessions', { germplasmName: `${prefix}-wheat`, genus: 'Triticum', species: 'durum', countryOfOriginCode: 'ITA' });
  await page.goto(`/accession/list?q=${prefix}`);
  await expect(page.locator('tbody tr')).toHaveCount(2);
  await page.getByLabel('Genus').fill('oryza');
  await expect(page).toHaveURL(/genus=oryza/);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(page.locator('tbody tr')).toContainText(`${prefix}-rice`);
  await page.goto(`/accession/list?q=${prefix}&countryOfOriginCode=ITA`);
  await expect(page.getByLabel('Country')).toHaveValue('ITA');
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(page.locator('tbody tr').getByTitle('Italy')).toBeVisible();
  await page.goto(`/accession/list?q=${prefix}&instituteCode=PHL001`);
  await expect(page.locator('tbody tr')).toHaveCount(1);
});

test('an experiment takes entries by pasted names; the accession page shows its parents, the cross plan of its parents, progeny and experiments', async ({ page, request }) => {
  const client = await adminApi(request);
  const prefix = `Fam${stamp()}`;
  const mother = await client.post('accessions', { germplasmName: `${prefix}-Mother`, genus: 'Triticum' });
  const father = await client.post('accessions', { germplasmName: `${prefix}-Father`, genus: 'Triticum', synonyms: [`${prefix}-Dad`] });
  const child = await client.post('accessions', { germplasmName: `${prefix}-Child`, genus: 'Triticum', pedigree: `${prefix}-Mother*2/${prefix}-Father` });
  const project = await client.post('projects', { name: `${prefix} project` });
  const experiment = await client.post('experiments', { name: `${prefix} AYT`, projectId: project.id, studyType: 'yield_trial' });
  const plan = await client.post('cross-plans', { name: `${prefix} block`, projectId: project.id });
  await client.put(`cross-plans/${plan.id}/crosses`, {
    crosses: [{ femaleParentId: mother.id, maleParentId: father.id, crossType: 'BIPARENTAL', numberOfCrosses: 2, status: 'DONE', notes: null }],
  });

  await page.goto(`/experiment/view?id=${experiment.id}`);
  const entries = page.getByLabel('Add accessions');
  await entries.fill(`${prefix}-Child\n${prefix}-Dad\n${prefix}-Nobody`);
  await page.getByRole('button', { name: 'Add entries' }).click();
  await expect(page.getByText(`No accession is named '${prefix}-Nobody'`)).toBeVisible();
  await entries.fill(`${prefix}-Child\t${prefix}-Dad`);
  await page.getByRole('button', { name: 'Add entries' }).click();
  await expect(page.getByText('Added 2 entries')).toBeVisible();
  const table = page.getByRole('table', { name: 'Entries' });
  await expect(table.getByRole('link')).toHaveText([`${prefix}-Child`, `${prefix}-Father`]);

  await table.getByRole('link', { name: `${prefix}-Child` }).click();
  await expect(page).toHaveURL(new RegExp(`/accession/view\\?id=${child.id}`));
  await expect(page.locator('[data-parent="♀ Female parent"]')).toHaveText(`${prefix}-Mother`);
  await expect(page.locator('[data-parent="♂ Male parent"]').getByRole('link')).toHaveText(`${prefix}-Father`);
  await expect(page.getByRole('table', { name: 'Experiments' })).toContainText(`${prefix} AYT`);
  await expect(page.locator('[data-planned-in]')).toHaveText(`That cross is planned in ${prefix} block (${prefix}-Mother × ${prefix}-Father, done).`);
  await expect(page.locator('[data-planned-in]').getByRole('link')).toHaveAttribute('href', `/cross-plan/view?id=${plan.id}`);

  await page.locator('[data-parent="♂ Male parent"]').getByRole('link').click();
  await expect(page.getByRole('table', { name: 'Progeny', exact: true })).toContainText(`${prefix}-Child`);
  await expect(page.getByRole('table', { name: 'Progeny', exact: true })).toContainText('♂ male');
  // The father's planned crosses are its planned progeny.
  await expect(page.getByRole('table', { name: 'Planned progeny' })).toContainText(`${prefix} block`);
});

test('the cross-plan grid takes a block pasted from a spreadsheet: exact names and synonyms at once, the rest with nearest names', async ({ page, request }) => {
  const client = await adminApi(request);
  const prefix = `Pst${stamp()}`;
  await client.post('accessions', { germplasmName: `${prefix}-BABAX`, genus: 'Triticum' });
  await client.post('accessions', { germplasmName: `${prefix}-ATTILA`, genus: 'Triticum', synonyms: [`${prefix}-ATT`] });
  await client.post('accessions', { germplasmName: `${prefix}-KAUZ`, genus: 'Triticum' });
  const project = await client.post('projects', { name: `${prefix} project` });
  const plan = await client.post('cross-plans', { name: `${prefix} block`, projectId: project.id });

  await page.goto(`/cross-plan/view?id=${plan.id}`);
  const block = [`Female\tMale\tType\tCrosses\tNotes`, `${prefix}-BABAX\t${prefix}-ATT\tbiparental\t4\tfirst`, `${prefix}-KAUS\t\tself\t1\t`].join('\n');
  await page.getByLabel('Paste crosses').focus();
  await page.evaluate((text) => {
    const target = document.activeElement as HTMLElement;
    const data = new DataTransfer();
    data.setData('text/plain', text);
    target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, block);
  await expect(page.getByText('Pasted 2 rows; 1 name to check')).toBeVisible();
  await expect(page.getByLabel('Female parent of row 1', { exact: true })).toHaveValue(`${prefix}-BABAX`);
  await expect(page.getByLabel('Male parent of row 1', { exact: true })).toHaveValue(`${prefix}-ATTILA`);
  await expect(page.getByLabel('Cross type of row 2')).toHaveValue('SELF');
  const nearest = page.getByTestId('nearest-names');
  await expect(nearest).toContainText('Did you mean');
  await nearest.getByRole('button', { name: `${prefix}-KAUZ` }).click();
  await expect(page.getByLabel('Female parent of row 2', { exact: true })).toHaveValue(`${prefix}-KAUZ`);
  await page.getByRole('button', { name: 'Save crosses' }).click();
  await expect(page.getByText('Saved 2 planned crosses')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Female parent of row 2', { exact: true })).toHaveValue(`${prefix}-KAUZ`);
  await expect(page.getByLabel('Notes of row 1')).toHaveValue('first');
});

test('a typed parent name is taken on save without picking a suggestion', async ({ page, request }) => {
  const client = await adminApi(request);
  const prefix = `Typ${stamp()}`;
  await client.post('accessions', { germplasmName: `${prefix}-Svevo`, genus: 'Triticum' });
  const project = await client.post('projects', { name: `${prefix} project` });
  const plan = await client.post('cross-plans', { name: `${prefix} block`, projectId: project.id });
  await page.goto(`/cross-plan/view?id=${plan.id}`);
  await page.getByRole('button', { name: 'Add cross' }).click();
  await page.getByLabel('Female parent of row 1', { exact: true }).fill(`${prefix}-SVEVO`);
  await page.getByLabel('Cross type of row 1').selectOption('SELF');
  await page.getByRole('button', { name: 'Save crosses' }).click();
  await expect(page.getByText('Saved 1 planned cross')).toBeVisible();
  await expect(page.getByLabel('Female parent of row 1', { exact: true })).toHaveValue(`${prefix}-Svevo`);
});

test('a large experiment’s entries are filtered by name and shown a hundred at a time', async ({ page, request }) => {
  const client = await adminApi(request);
  const prefix = `Big${stamp()}`;
  const names = Array.from({ length: 120 }, (_, index) => `${prefix}-${String(index + 1).padStart(3, '0')}`);
  const csv = `germplasmName,genus,species\n${names.map((name) => `${name},Oryza,sativa`).join('\n')}\n`;
  const { token } = (await (await request.post('/api/authentication/login', { data: E2E_ADMIN })).json()) as { token: string };
  const imported = await request.post('/api/accessions/import?commit=true&acceptWarnings=true', { data: csv, headers: { Authorization: `token ${token}`, 'Content-Type': 'text/csv' } });
  expect(imported.status(), await imported.text()).toBe(201);
  const project = await client.post('projects', { name: `${prefix} project` });
  const experiment = await client.post('experiments', { name: `${prefix} PYT`, projectId: project.id, studyType: 'yield_trial' });
  await client.post(`experiments/${experiment.id}/entries`, { names });

  await page.goto(`/experiment/view?id=${experiment.id}`);
  const table = page.getByRole('table', { name: 'Entries' });
  await expect(table.getByRole('link')).toHaveCount(100);
  await expect(page.getByText('Showing 100 of 120 entries.')).toBeVisible();
  await page.getByRole('button', { name: 'Show all 120' }).click();
  await expect(table.getByRole('link')).toHaveCount(120);
  await page.getByLabel('Filter entries').fill(`${prefix}-07`);
  await expect(table.getByRole('link')).toHaveText(Array.from({ length: 10 }, (_, index) => `${prefix}-07${index}`));
  await page.getByLabel('Filter entries').fill('no such line');
  await expect(page.getByText('No entry matches “no such line”.')).toBeVisible();
});

test('a pipeline launched from an experiment’s page has that experiment and its project chosen', async ({ page, request }) => {
  const client = await adminApi(request);
  const prefix = `Lch${stamp()}`;
  const project = await client.post('projects', { name: `${prefix} project` });
  const experiment = await client.post('experiments', { name: `${prefix} AYT`, projectId: project.id, studyType: 'yield_trial' });
  await page.goto(`/experiment/view?id=${experiment.id}`);
  await page.getByLabel('Launch a pipeline for this experiment').selectOption({ label: 'GDIP' });
  await expect(page).toHaveURL(`/tools/pipeline/run/nf-gdip?project=${project.id}&experiment=${experiment.id}`);
  await expect(page.getByLabel('Project')).toHaveValue(String(project.id));
  await expect(page.getByLabel('Experiment')).toHaveValue(String(experiment.id));
  await expect(page.getByLabel('Experiment').locator('option:checked')).toHaveText(`${prefix} AYT`);
});

test('a Breedbase pedigree file sets the parents of existing accessions, replacing a pedigree only once accepted', async ({ page, request }) => {
  const client = await adminApi(request);
  const prefix = `Ped${stamp()}`;
  await client.post('accessions', { germplasmName: `${prefix}-Mother`, genus: 'Triticum', synonyms: [`${prefix}-Mum`] });
  await client.post('accessions', { germplasmName: `${prefix}-Father`, genus: 'Triticum' });
  const child = await client.post('accessions', { germplasmName: `${prefix}-Child`, genus: 'Triticum', pedigree: 'OLD/CROSS' });
  await client.post('accessions', { germplasmName: `${prefix}-Selfed`, genus: 'Triticum' });
  const tsv = ['progeny name\tfemale parent accession\tmale parent accession\ttype', `${prefix}-Child\t${prefix}-Mum\t${prefix}-Father\tbiparental`, `${prefix}-Selfed\t${prefix}-Father\t\tself`].join(
    '\n',
  );

  await page.goto('/accession/list');
  await page.getByRole('button', { name: 'Import pedigrees' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Import pedigrees from CSV or Excel');
  await dialog.getByLabel('CSV file').setInputFiles({ name: 'pedigree_upload.txt', mimeType: 'text/plain', buffer: Buffer.from(tsv) });
  const report = dialog.getByTestId('import-report');
  await expect(report.getByTestId('import-vocabulary')).toContainText('Read as a Breedbase file');
  await expect(report).toContainText(`The pedigree of '${prefix}-Child' is 'OLD/CROSS'; importing replaces it with '${prefix}-Mother/${prefix}-Father'.`);
  await dialog.getByText('Accept 1 warning and import anyway').click();
  await dialog.getByRole('button', { name: 'Import 2 pedigrees' }).click();
  await expect(page.getByText('Imported 2 pedigrees')).toBeVisible();

  await page.goto(`/accession/view?id=${child.id}`);
  await expect(page.locator('[data-parent="♀ Female parent"]').getByRole('link')).toHaveText(`${prefix}-Mother`);
  await expect(page.locator('[data-parent="♂ Male parent"]').getByRole('link')).toHaveText(`${prefix}-Father`);
});
