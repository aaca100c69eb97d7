import { chromium } from 'playwright';
const base = 'http://127.0.0.1:4400';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const page = await browser.newPage({ viewport: { width: 1440, height: 1100 } });
const login = await (
  await fetch(`${base}/api/authentication/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.org', password: 'shot admin passphrase' }),
  })
).json();
await page.goto(base + '/auth/login');
await page.evaluate((token) => localStorage.setItem('token', token), login.token);
await page.goto(base + '/upload/gdip-results');
await page.getByRole('combobox').first().waitFor();
await page.locator('input[list="fileset-names"]').fill('Wheat GWAS 2026');
await page.getByTestId('upload-files').setInputFiles(['tests/fixtures/genomics/panel.vcf', 'tests/fixtures/evostats/populations.csv', 'tests/fixtures/spectra/nir.csv']);
await page.waitForTimeout(1500);
await page.screenshot({ path: '/tmp/upload-ready.png', fullPage: true });
await page.getByRole('button', { name: /^Upload \d files?$/ }).click();
await page.getByText('Stored', { exact: true }).first().waitFor();
await page.waitForTimeout(1500);
await page.screenshot({ path: '/tmp/upload-done.png', fullPage: true });
await page.goto(base + '/tools/pipeline/run/nf-gdip');
await page.getByRole('combobox', { name: 'Search stored files for genotypes' }).click();
await page.waitForTimeout(1200);
await page.screenshot({ path: '/tmp/launch-picker.png' });
await browser.close();
