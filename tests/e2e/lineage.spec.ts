import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { zipSync } from 'fflate';
import { nextRunName } from '../../src/contract/run-codes';
import { E2E_ADMIN, signInWithToken } from './support';

const PANEL_VCF = fs.readFileSync(path.resolve('tests/fixtures/genomics/panel.vcf'));
const PHENOTYPES = fs.readFileSync(path.resolve('tests/fixtures/genomics/panel_phenotypes.csv'));
const SHOTS = process.env.LINEAGE_SHOTS;

interface Output {
  path: string;
  fileId: number | null;
}

/** Uploads, launches and waits through the API as the administrator: the rows the page is then asked about. */
async function api(request: APIRequestContext) {
  const { token } = (await (await request.post('/api/authentication/login', { data: E2E_ADMIN })).json()) as { token: string };
  const headers = { Authorization: `token ${token}` };
  const upload = async (name: string, body: Buffer) => {
    const response = await request.post(`/api/files?name=${encodeURIComponent(name)}`, { data: body, headers: { ...headers, 'Content-Type': 'application/octet-stream' } });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as { id: number; reference: string; sha256: string };
  };
  const launch = async (pipelineId: string, name: string, params: Record<string, unknown>) => {
    const response = await request.post('/api/runs', { data: { pipelineId, name, params }, headers });
    expect(response.status(), await response.text()).toBe(201);
    const { id } = (await response.json()) as { id: number };
    // Until it succeeds and its outputs are stored files.
    let outputs: Output[] = [];
    await expect
      .poll(
        async () => {
          const run = (await (await request.get(`/api/runs/${id}`, { headers })).json()) as { status: string; statusReason: string | null };
          if (run.status === 'FAILED') return `FAILED: ${run.statusReason}`;
          outputs = ((await (await request.get(`/api/runs/${id}/outputs`, { headers })).json()) as { outputs: Output[] }).outputs;
          return run.status === 'SUCCEEDED' && outputs.length > 0 && outputs.every((output) => output.fileId !== null) ? 'registered' : run.status;
        },
        { timeout: 90_000, intervals: [500] },
      )
      .toBe('registered');
    return { id, outputs };
  };
  return { upload, launch };
}

test('from a GEBV file back to the uploaded VCF through both runs, and from the VCF forward to the runs built on it', async ({ page, request }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const { upload, launch } = await api(request);
  const vcf = await upload(`lineage_${stamp}.vcf`, PANEL_VCF);
  const processed = await launch('nf-processvcfs', `lineage_process_${stamp}`, { input: vcf.reference, outdir: 'results' });
  const filtered = processed.outputs.find((output) => output.path.endsWith('.filtered.vcf'))!;
  expect(filtered, JSON.stringify(processed.outputs)).toBeTruthy();
  const phenotypes = await upload(`lineage_pheno_${stamp}.csv`, PHENOTYPES);
  const gdip = await launch('nf-gdip', `lineage_gdip_${stamp}`, { genotypes: `seedbed://files/${filtered.fileId}`, phenotypes: phenotypes.reference, outdir: 'results' });
  const gebv = gdip.outputs.find((output) => output.path.endsWith('gebv.csv'))!;
  expect(gebv, JSON.stringify(gdip.outputs)).toBeTruthy();

  await signInWithToken(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/tools/lineage?id=file:${gebv.fileId}`);
  const graph = page.getByTestId('lineage-graph');
  // The GEBV file was made by the GDIP run from the filtered VCF and the phenotypes.
  await expect(page.getByTestId('made-by')).toContainText(`Made by run lineage_gdip_${stamp} (nf-gdip`);
  await expect(page.getByTestId('made-by').getByRole('link', { name: path.basename(filtered.path) })).toBeVisible();
  await expect(page.getByTestId('made-by').getByRole('link', { name: `lineage_pheno_${stamp}.csv` })).toBeVisible();
  // The lines it ranks (the 117 of the panel with genotypes and phenotypes), read from its id column, with those that are accessions in Breeding (other tests may have made some).
  await expect(page.getByTestId('file-germplasm')).toContainText(
    /^Germplasm: 117 individuals in its id column; (none names an accession|1 names an accession|[\d,]+ name ([\d,]+ )?accessions) in Breeding/,
  );
  const card = (node: string) => graph.locator(`[data-node="${node}"]`);
  await expect(card(`run:${gdip.id}`).getByRole('link', { name: `lineage_gdip_${stamp}` })).toHaveAttribute('href', `/tools/pipeline/monitor/pipeline-run/view?id=${gdip.id}`);
  await expect(card(`file:${filtered.fileId}`)).toContainText('sha256');
  // A card is headed by its kind, not by its record number.
  await expect(card(`run:${gdip.id}`).locator('p').first()).toHaveText('Run');
  await expect(card(`file:${gebv.fileId}`).locator('p').first()).toHaveText(/^File\s*this file$/);
  // The graph's box scrolls, and so cuts what lies outside it: the first row's ring (drawn outside the card) is inside it.
  const box = (await graph.boundingBox())!;
  for (const node of [`file:${gebv.fileId}`, `run:${gdip.id}`]) expect((await card(node).boundingBox())!.y - box.y, node).toBeGreaterThanOrEqual(2);
  // The filtered VCF's name is whole on the card (three columns leave the cards room), said whole as the link's name.
  const name = card(`file:${filtered.fileId}`).getByRole('link', { name: filtered.path, exact: true });
  await expect(name).toBeVisible();
  expect(await name.evaluate((link) => [link.parentElement!.scrollHeight <= link.parentElement!.clientHeight, link.parentElement!.scrollWidth <= link.parentElement!.clientWidth])).toEqual([
    true,
    true,
  ]);
  // The filtered VCF has more upstream: the card says how to see it, as the filtered VCF has its button.
  await expect(page.getByText('Expand a card with “more”.')).toBeVisible();
  await expect(page.getByText(/^Where it came from \(.*left\), as recorded when each run was launched\./)).toBeVisible();
  // Accession names (SBW18-0030) are not broken at their hyphen across lines.
  for (const link of await page.getByTestId('file-germplasm').getByRole('link').all()) await expect(link).toHaveCSS('white-space', 'nowrap');
  // Expand a level at a time: the filtered VCF came from the Process VCFs run, which read the uploaded VCF.
  await card(`file:${filtered.fileId}`)
    .getByRole('button', { name: /came from/ })
    .click();
  await expect(card(`run:${processed.id}`)).toContainText('nf-processvcfs 3.0.1');
  await card(`run:${processed.id}`)
    .getByRole('button', { name: /came from/ })
    .click();
  await expect(card(`file:${vcf.id}`)).toContainText(`lineage_${stamp}.vcf`);
  await expect(card(`file:${vcf.id}`)).toContainText(`sha256 ${vcf.sha256.slice(0, 12)}`);
  await expect(card(`file:${vcf.id}`)).toContainText('uploaded');
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'lineage-gebv-1440.png'), fullPage: true });

  // From the uploaded VCF: the runs downstream.
  await card(`file:${vcf.id}`)
    .getByRole('link', { name: `lineage_${stamp}.vcf` })
    .click();
  await expect(page).toHaveURL(new RegExp(`id=file(:|%3A)${vcf.id}$`));
  await expect(page.getByTestId('made-by')).toContainText('Uploaded');
  // The page and its tab name the file.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Lineage of lineage_${stamp}.vcf`);
  await expect(page).toHaveTitle(`Lineage of lineage_${stamp}.vcf · Seedbed`);
  await expect(page.getByTestId('used-by').getByRole('link', { name: `lineage_process_${stamp}` })).toBeVisible();
  await card(`run:${processed.id}`)
    .getByRole('button', { name: /built on/ })
    .click();
  await card(`file:${filtered.fileId}`)
    .getByRole('button', { name: /built on/ })
    .click();
  await expect(card(`run:${gdip.id}`)).toContainText('nf-gdip');
  if (SHOTS) {
    await page.screenshot({ path: path.join(SHOTS, 'lineage-vcf-1440.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(SHOTS, 'lineage-vcf-390.png'), fullPage: true });
  }
  // On a phone the same lineage is a list, the graph's columns top to bottom, the VCF marked; the graph is not drawn.
  await page.setViewportSize({ width: 390, height: 844 });
  const list = page.getByTestId('lineage-list');
  await expect(graph).toBeHidden();
  await expect(list.getByRole('heading', { level: 3 })).toHaveText(['This file', 'Read by', /^Outputs · \d+$/, 'Read by']);
  await expect(list.locator('[aria-current="true"]')).toContainText(`lineage_${stamp}.vcf`);
  await expect(list.getByRole('list', { name: 'Read by' }).last()).toContainText(`lineage_gdip_${stamp}`);
  await expect(list.getByRole('list', { name: 'Read by' }).last()).toContainText('as genotypes');

  // The run page's Lineage tab shows the run between what it read and what it wrote.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/tools/pipeline/monitor/pipeline-run/view?id=${processed.id}`);
  await page.getByRole('tab', { name: 'Lineage' }).click();
  await expect(card(`file:${vcf.id}`)).toBeVisible();
  await expect(card(`file:${filtered.fileId}`)).toBeVisible();
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'run-lineage-1440.png'), fullPage: true });
  // The run's Workflow Run RO-Crate downloads from the same card.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'RO-Crate', exact: true }).click();
  expect((await download).suggestedFilename()).toBe(`run-${processed.id}-ro-crate.zip`);

  // Relaunch exactly says what it repeats and that nothing changed, then opens the new run.
  await page.getByRole('button', { name: 'Relaunch exactly…' }).click();
  const dialog = page.getByRole('dialog', { name: `Relaunch lineage_process_${stamp} exactly?` });
  await expect(dialog).toContainText('Nothing has changed');
  await expect(dialog).toContainText(`input: lineage_${stamp}.vcf — sha256 ${vcf.sha256.slice(0, 12)}`);
  // The name the new run will take, before it is launched.
  await expect(dialog).toContainText(`The new run will be named ${nextRunName(`lineage_process_${stamp}`)}.`);
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'relaunch-exactly-1440.png') });
  await dialog.getByRole('button', { name: 'Relaunch exactly' }).click();
  // Named on from the earlier run (a stamp ends this one's name, so that number counts on).
  await expect(page.getByRole('heading', { name: nextRunName(`lineage_process_${stamp}`) })).toBeVisible({ timeout: 15_000 });
  await expect(page).not.toHaveURL(new RegExp(`id=${processed.id}$`));
  // Its overview names the run it relaunches, linked.
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page.getByRole('link', { name: `lineage_process_${stamp}`, exact: true })).toHaveAttribute('href', new RegExp(`id=${processed.id}$`));
});

test('a run done elsewhere imports from its Workflow Run Crate with its files and their lineage', async ({ page }) => {
  const fixture = path.resolve('tests/fixtures/ro-crate/nf-prov-gdip');
  const zip = zipSync(Object.fromEntries(['ro-crate-metadata.json', 'inputs/elsewhere.vcf', 'outputs/gebv.csv'].map((name) => [name, new Uint8Array(fs.readFileSync(path.join(fixture, name)))])));
  await signInWithToken(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/tools/pipeline/monitor/pipeline-run/list');
  await page.getByTestId('import-crate').setInputFiles({ name: 'partner-run.zip', mimeType: 'application/zip', buffer: Buffer.from(zip) });
  await expect(page.getByRole('heading', { name: 'GDIP at the partner institute' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('tab', { name: 'Lineage' }).click();
  const graph = page.getByTestId('lineage-graph');
  await expect(graph.getByRole('link', { name: 'elsewhere.vcf' })).toBeVisible();
  await expect(graph.getByRole('link', { name: 'gebv.csv' })).toBeVisible();
  await expect(graph).toContainText('sha256 7dac45b01d5c');
  // Nothing further lies either way of the imported run's neighbours: the card says nothing of “more”.
  await expect(page.getByText(/^Where it came from \(.*left\) and what was built on it \(.*right\), as recorded when each run was launched\.$/)).toBeVisible();
  await expect(graph.getByRole('button', { name: /came from|built on/ })).toHaveCount(0);
  await expect(page.getByText(/Expand a card/)).toHaveCount(0);
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'imported-crate-1440.png'), fullPage: true });

  // A fileset of the imported output shows where its files came from.
  const runId = Number(new URL(page.url()).searchParams.get('id'));
  const { token } = (await (await page.request.post('/api/authentication/login', { data: E2E_ADMIN })).json()) as { token: string };
  const outputs = (await (await page.request.get(`/api/files?runId=${runId}`, { headers: { Authorization: `token ${token}` } })).json()) as { data: Array<{ id: number }> };
  const created = await page.request.post('/api/filesets', { data: { name: `imported ${Date.now()}`, fileIds: outputs.data.map((file) => file.id) }, headers: { Authorization: `token ${token}` } });
  expect(created.status(), await created.text()).toBe(201);
  await page.goto(`/upload/filesets/view?id=${((await created.json()) as { id: number }).id}`);
  await expect(graph.getByRole('link', { name: 'gebv.csv' })).toBeVisible();
  await expect(graph.getByRole('link', { name: 'GDIP at the partner institute' })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'fileset-lineage-1440.png'), fullPage: true });
});
