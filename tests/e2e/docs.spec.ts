import { expect, test } from '@playwright/test';

test.describe('docs search', () => {
  test('finds a real term: at most 5 pages with at most 5 sections each, highlighted, in a 576 × ≤400 px panel', async ({ page }) => {
    await page.goto('/docs/');
    await page.getByRole('button', { name: 'Search' }).click();
    const panel = page.getByRole('dialog', { name: 'Search the documentation' });
    await expect(panel).toBeVisible();
    await panel.getByRole('combobox').fill('heritability');
    const pages = panel.locator('a.page');
    await expect(pages.first()).toBeVisible();
    expect(await pages.count()).toBeLessThanOrEqual(5);
    expect(await pages.count()).toBeGreaterThan(1);
    // Sections follow their page; count the run of sections after each page link.
    const kinds = await panel.locator('[role="option"]').evaluateAll((links) => links.map((link) => link.className));
    let run = 0;
    for (const kind of kinds) {
      run = kind === 'section' ? run + 1 : 0;
      expect(run).toBeLessThanOrEqual(5);
    }
    await expect(panel.locator('mark').first()).toContainText(/heritab/i);
    const box = (await panel.boundingBox())!;
    expect(box.width).toBe(576);
    expect(box.height).toBeLessThanOrEqual(400);
    expect(await panel.evaluate((element) => getComputedStyle(element).maxHeight)).toBe('400px');
  });

  test('says "No results found." for a term in no page', async ({ page }) => {
    await page.goto('/docs/start/getting-started/');
    await page.keyboard.press('/');
    // Pagefind falls back to the longest prefix of a word it cannot find (zyxwvutsrq found the
    // references' "Z."), so the term starts with letters no English page has.
    await page.keyboard.type('щжщжщж');
    await expect(page.getByText('No results found.', { exact: true })).toBeVisible();
  });

  test('says "Failed to load search index." when the index cannot be fetched', async ({ page }) => {
    await page.route('**/pagefind/**', (route) => route.abort());
    await page.goto('/docs/');
    await page.keyboard.press('Control+k');
    await expect(page.getByText('Failed to load search index.', { exact: true })).toBeVisible();
  });

  test('works from the keyboard: / opens, arrows choose, Enter goes, Escape closes', async ({ page }) => {
    await page.goto('/docs/');
    await page.keyboard.press('/');
    await page.keyboard.type('Slurm');
    const options = page.locator('[role="option"]');
    await expect(options.first()).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Search the documentation' })).toBeHidden();
    await page.keyboard.press('/');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/slurm/);
  });

  test('loads no search code until search opens', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script' || request.url().includes('/pagefind/')) scripts.push(request.url());
    });
    await page.goto('/docs/start/getting-started/');
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((url) => /pagefind|search-panel/.test(url))).toEqual([]);
    await page.keyboard.press('/');
    await expect.poll(() => scripts.some((url) => url.includes('/pagefind/pagefind.js'))).toBe(true);
  });
});

test.describe('docs pages', () => {
  test('render light even when the stored theme is dark, with no theme picker anywhere', async ({ page }) => {
    await page.addInitScript(() => {
      localStorage.setItem('theme', 'dark');
      localStorage.setItem('starlight-theme', 'dark');
    });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/docs/guide/runs/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toMatch(/rgb\((2[4-5]\d), (2[4-5]\d), (2[4-5]\d)\)/);
    await expect(page.locator('starlight-theme-select')).toHaveCount(0);
    await page.setViewportSize({ width: 390, height: 800 });
    await page.getByRole('button', { name: /menu/i }).first().click();
    await expect(page.locator('starlight-theme-select')).toHaveCount(0);
  });

  test('collapse sidebar groups deeper than level 2, except the one holding the current page', async ({ page }) => {
    await page.goto('/docs/guide/runs/');
    const sidebar = page.locator('#starlight__sidebar');
    // The <details> whose own summary carries the label.
    const group = (label: string) => sidebar.locator(`xpath=.//details[summary[normalize-space(.)="${label}"]]`);
    await expect(group('Reference')).toHaveAttribute('open', '');
    await expect(group('Pipelines')).toHaveAttribute('open', '');
    await expect(group('Genotyping')).not.toHaveAttribute('open', '');
    await expect(group('Executors')).not.toHaveAttribute('open', '');
    await page.goto('/docs/reference/pipelines/genotyping/nf-processvcfs/');
    await expect(group('Genotyping')).toHaveAttribute('open', '');
  });

  test('have breadcrumbs from the sidebar path, a table of contents and previous/next links', async ({ page }) => {
    await page.goto('/docs/admin/nextflow/executors/kubernetes/');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
    await expect(crumbs).toHaveText(/Docs\s*›?\s*Administrator guide\s*›?\s*Nextflow engine\s*›?\s*Executors\s*›?\s*Kubernetes/);
    await expect(crumbs.getByRole('link', { name: 'Docs' })).toHaveAttribute('href', '/docs/');
    await page.goto('/docs/guide/launching/');
    await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toContainText('User guide');
    await expect(page.locator('starlight-toc nav')).toContainText('The form');
    await expect(page.locator('.pagination-links a[rel="prev"]')).toBeVisible();
    await expect(page.locator('.pagination-links a[rel="next"]')).toBeVisible();
    await page.goto('/docs/');
    await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toHaveCount(0);
  });

  test('have no edit or feedback links, and the logo leads to the console', async ({ page }) => {
    await page.goto('/docs/guide/runs/');
    await expect(page.getByRole('link', { name: /edit page/i })).toHaveCount(0);
    await expect(page.locator('a.site-title')).toHaveAttribute('href', '/');
  });

  test('give code blocks a copy button whose confirmation lasts two seconds', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    // The page's clock is ours: it stands still once the page has loaded and moves only when told.
    await page.clock.install({ time: new Date('2026-11-25T10:00:00Z') });
    await page.goto('/docs/start/getting-started/');
    await page.clock.pauseAt(new Date('2026-11-25T11:00:00Z'));
    await page.getByRole('button', { name: 'Copy code to clipboard' }).first().click();
    const confirmation = page.locator('.copy-confirmation').first();
    await expect(confirmation).toHaveText('Copied!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('npm install && npm start');
    await page.clock.runFor(1999);
    await expect(confirmation).toHaveText('Copied!');
    await page.clock.runFor(1);
    await expect(confirmation).toHaveText('');
  });

  test('generate the pipeline reference from the schemas', async ({ page }) => {
    await page.goto('/docs/reference/pipelines/discovery-and-prediction/nf-gdip/');
    await expect(page.getByRole('heading', { name: 'GDIP', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Discovery options' })).toBeVisible();
    await expect(page.getByRole('cell', { name: /significance_threshold/ })).toBeVisible();
  });
});

test.describe('docs languages', () => {
  test('picking Español sets a one-year cookie, and /docs honours it on the next visit', async ({ page, context }) => {
    await page.goto('/docs/start/getting-started/');
    await page.locator('starlight-lang-select select').first().selectOption({ label: 'Español' });
    await expect(page).toHaveURL(/\/es\/docs\/start\/getting-started\/?$/);
    await expect(page.getByRole('heading', { name: 'Primeros pasos', level: 1 })).toBeVisible();
    const cookie = (await context.cookies()).find((entry) => entry.name === 'seedbed-docs-locale');
    expect(cookie?.value).toBe('es');
    const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(366);

    await page.goto('/docs/');
    await expect(page).toHaveURL(/\/es\/docs\/?$/);
    await expect(page.getByRole('heading', { name: 'Documentación de Seedbed', level: 1 })).toBeVisible();
    // An untranslated page falls back to English with a notice.
    await page.goto('/es/docs/guide/runs/');
    await expect(page.getByRole('heading', { name: 'Runs', level: 1 })).toBeVisible();

    await page.locator('starlight-lang-select select').first().selectOption({ label: 'English' });
    await expect(page).toHaveURL(/\/docs\/guide\/runs\/?$/);
    await page.goto('/docs/');
    await expect(page).toHaveURL(/\/docs\/?$/);
    expect(page.url()).not.toContain('/es/');
  });
});
