import { expect, test, type Page } from '@playwright/test';
import { signInThroughForm } from './support';

/** Collects every Content Security Policy violation the page reports. */
async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    (window as unknown as { cspViolations: string[] }).cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { cspViolations: string[] }).cspViolations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
    });
  });
}
const violations = (page: Page) => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

test.describe('Content Security Policy', () => {
  test('allows inline scripts by hash only, in the header and in a meta tag a static host can serve', async ({ page }) => {
    const response = await page.request.get('/auth/login');
    const header = response.headers()['content-security-policy']!;
    const scriptSrc = header.split(';').find((directive) => directive.trim().startsWith('script-src'))!;
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).toMatch(/'sha256-[A-Za-z0-9+/]+=*'/);
    expect(header).toContain("frame-ancestors 'none'");
    const html = await response.text();
    const meta = /<meta data-seedbed-csp http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html);
    expect(meta, 'the policy as a meta tag').not.toBeNull();
    expect(meta![1]!.replace(/&#39;|&apos;/g, "'")).not.toContain('frame-ancestors');
    // Before any script in the page.
    expect(html.indexOf('data-seedbed-csp')).toBeLessThan(html.indexOf('<script'));
    const headers = await page.request.get('/_headers');
    expect(headers.status()).toBe(200);
    expect(await headers.text()).toContain(`Content-Security-Policy: ${header}`);
  });

  test('console pages, docs search and the demo chart run without a single violation', async ({ page }) => {
    await watchViolations(page);
    await page.goto('/auth/login');
    await signInThroughForm(page);
    await expect(page).toHaveURL(/\/$/);
    for (const route of ['/accession/list', '/tools/pipeline/run/nf-processvcfs', '/demo']) {
      await page.goto(route);
      await page.waitForLoadState('networkidle');
      expect(await violations(page), route).toEqual([]);
    }
    // Pages that follow runs keep their event stream open (never network-idle): ready once it is live.
    await page.goto('/tools/pipeline/monitor/pipeline-run/list');
    await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
    expect(await violations(page), 'runs list').toEqual([]);
    await page.goto('/');
    await expect(page.getByTestId('first-run').or(page.getByRole('heading', { name: 'Runs in the last 30 days' }))).toBeVisible();
    expect(await violations(page), 'home').toEqual([]);
    await page.goto('/docs/start/getting-started');
    await page.getByRole('button', { name: 'Search' }).click();
    const panel = page.getByRole('dialog', { name: 'Search the documentation' });
    await panel.getByRole('combobox').fill('heritability');
    await expect(panel.locator('a.page').first()).toBeVisible();
    expect(await violations(page), 'docs with search').toEqual([]);
  });
});

test.describe('signing in with ?next=', () => {
  for (const next of ['/%5Cevil.example/x', '/%09/evil.example/x', '/\\/evil.example', '//evil.example', 'https://evil.example/']) {
    test(`stays on the site for next=${next}`, async ({ page, baseURL }) => {
      await page.goto(`/auth/login?next=${next}`);
      await signInThroughForm(page);
      await expect(page).toHaveURL(`${baseURL}/`);
    });
  }

  test('follows a next on the site', async ({ page }) => {
    await page.goto('/auth/login?next=/accession/list');
    await signInThroughForm(page);
    await expect(page).toHaveURL(/\/accession\/list$/);
  });
});
