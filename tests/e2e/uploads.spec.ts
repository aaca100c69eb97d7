import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { signInWithToken } from './support';

const PANEL = fs.readFileSync(path.resolve('tests/fixtures/genomics/panel.vcf'), 'utf8');

test.beforeEach(async ({ page }) => {
  await signInWithToken(page);
});

/** Drops `files` on the drop zone as a browser drops them: one drop event carrying them all. */
async function dropFiles(page: Page, files: Array<{ name: string; text: string; type: string }>) {
  const transfer = await page.evaluateHandle((dropped) => {
    const data = new DataTransfer();
    for (const file of dropped) data.items.add(new File([file.text], file.name, { type: file.type }));
    return data;
  }, files);
  await page.getByTestId('drop-zone').dispatchEvent('drop', { dataTransfer: transfer });
}

test('drop three files on Upload GDIP Results, pause and resume one, see them stored with checksums in a fileset, and pick one in a launch form', async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const bigName = `e2e_big_${stamp}.vcf`;
  const traitsName = `e2e_traits_${stamp}.csv`;
  const qtlName = `e2e_qtl_${stamp}.csv`;
  // A VCF of 8 MB: the panel's header and data lines repeated, so it is a real VCF.
  const header = PANEL.slice(0, PANEL.indexOf('\n', PANEL.indexOf('#CHROM')) + 1);
  const body = PANEL.slice(header.length);
  const big = header + body.repeat(Math.ceil((8 * 1024 * 1024) / body.length));

  await page.goto('/upload/gdip-results');
  await page.getByLabel('Fileset').fill(`E2E results ${stamp}`);
  await expect(page.getByText('A new fileset is created.')).toBeVisible();

  await dropFiles(page, [
    { name: bigName, text: big, type: 'text/plain' },
    { name: traitsName, text: `id,yield_${stamp}\nA1,1.5\nA2,2.5\n`, type: 'text/csv' },
    { name: qtlName, text: `marker,chromosome,position,trait,effect\nm${stamp},1,100,yield,0.5\n`, type: 'text/csv' },
  ]);

  const files = page.getByRole('table', { name: 'Files to upload' });
  // Types detected from the extension and the header row.
  await expect(files.getByLabel(`File type of ${bigName}`)).toHaveValue(/\d+/);
  await expect(files.getByLabel(`File type of ${bigName}`).locator('option:checked')).toHaveText('VCF');
  await expect(files.getByLabel(`File type of ${qtlName}`).locator('option:checked')).toHaveText('known-QTL CSV');
  // The chosen type says the columns its check asks the header for.
  await expect(files.getByTestId(`type-needs-${qtlName}`)).toContainText('Needs the columns marker, chromosome, position, trait, effect.');
  await files.getByLabel(`File type of ${traitsName}`).selectOption({ label: 'phenotype CSV' });

  // Slow the network so the big file is still going when it is paused.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 1024 * 1024 });
  await page.getByRole('button', { name: 'Upload 3 files' }).click();
  await page.getByRole('button', { name: `Pause ${bigName}` }).click();
  const bigRow = files.getByRole('row').filter({ hasText: bigName });
  await expect(bigRow.getByTestId('upload-progress')).toContainText('Paused');
  const pausedAt = Number((await bigRow.getByTestId('upload-progress').textContent())?.match(/(\d+) %/)?.[1]);
  expect(pausedAt).toBeLessThan(100);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await page.getByRole('button', { name: `Resume ${bigName}` }).click();

  const stored = page.getByRole('table', { name: 'Stored files' });
  await expect(stored.getByRole('row')).toHaveCount(4, { timeout: 60_000 });
  const sha = await stored.getByRole('row').filter({ hasText: bigName }).getByTestId('stored-sha256').textContent();
  const expected = await page.evaluate(async (text) => {
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
    return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  }, big);
  expect(sha).toBe(expected);
  await expect(stored.getByRole('row').filter({ hasText: traitsName })).toContainText('phenotype CSV');

  // The fileset lists them with their types and checksums.
  await page.getByRole('link', { name: `E2E results ${stamp}` }).click();
  const members = page.getByRole('table', { name: 'Files of the fileset' });
  await expect(members.getByRole('row')).toHaveCount(4);
  await expect(members.getByRole('row').filter({ hasText: qtlName })).toContainText('known-QTL CSV');

  // A launch form finds the uploaded VCF by a search on the server, with its type, size and date.
  await page.goto('/tools/pipeline/run/nf-gdip');
  const form = page.getByRole('form', { name: 'Launch GDIP' });
  await form.getByRole('combobox', { name: 'Search stored files for genotypes' }).fill(`e2e_big_${stamp}`);
  const option = form.getByRole('listbox', { name: 'Stored files for genotypes' }).getByRole('option', { name: new RegExp(bigName) });
  await expect(option).toContainText(/VCF · 8\.\d MB · /);
  await option.click();
  await expect(form.locator('#param-genotypes')).toHaveValue(/^seedbed:\/\/files\/\d+$/);
  await expect(form.getByText(new RegExp(`^Chosen: ${bigName}`))).toBeVisible();
  // Only phenotype CSVs are offered for phenotypes: the known-QTL CSV is not.
  await form.getByRole('combobox', { name: 'Search stored files for phenotypes' }).fill(`e2e_`);
  const phenotypes = form.getByRole('listbox', { name: 'Stored files for phenotypes' });
  await expect(phenotypes.getByRole('option', { name: new RegExp(traitsName) })).toBeVisible();
  await expect(phenotypes.getByRole('option', { name: new RegExp(qtlName) })).toHaveCount(0);
});

test('a refused file says why in red, without a full bar or a speed, and the fileset hint counts what was stored', async ({ page }) => {
  const stamp = Date.now();
  const goodName = `e2e_qtl_ok_${stamp}.csv`;
  const badName = `e2e_gwas_bad_${stamp}.csv`;
  await page.goto('/upload/gdip-results');
  await page.getByLabel('Fileset').fill(`E2E refused ${stamp}`);
  await expect(page.getByText('A new fileset is created.')).toBeVisible();
  await dropFiles(page, [
    { name: goodName, text: `marker,chromosome,position,trait,effect\nm${stamp},1,100,yield,0.5\n`, type: 'text/csv' },
    { name: badName, text: 'id,yield\nA1,1.5\n', type: 'text/csv' },
  ]);
  const files = page.getByRole('table', { name: 'Files to upload' });
  await expect(files.getByLabel(`File type of ${goodName}`).locator('option:checked')).toHaveText('known-QTL CSV');
  await files.getByLabel(`File type of ${badName}`).selectOption({ label: 'associations CSV' });
  // Said before the upload too: the header lacks what the chosen type needs.
  await expect(files.getByTestId(`type-lacks-${badName}`)).toHaveText(
    "This file's header lacks marker, chromosome, position, trait, p_value, so it will be refused as an associations CSV: add the columns, or choose another type.",
  );
  await expect(files.getByTestId(`type-lacks-${goodName}`)).toHaveCount(0);
  await page.getByRole('button', { name: 'Upload 2 files' }).click();

  const badRow = files.getByRole('row').filter({ hasText: badName });
  const refusal = badRow.getByRole('alert');
  await expect(refusal).toContainText(`Not stored: An associations CSV needs the column`);
  await expect(refusal).toHaveClass(/text-red-700/);
  await expect(badRow.getByRole('progressbar')).toHaveCount(0);
  await expect(badRow).not.toContainText(/B\/s|left|100 %/);
  await expect(page.getByText('Adds to the existing fileset (1 file).')).toBeVisible();
});
