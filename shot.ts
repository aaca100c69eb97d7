import { chromium } from '@playwright/test';
const base = 'http://localhost:4400';
const { token } = (await (await fetch(`${base}/api/authentication/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'admin@example.org', password: 'shot admin passphrase' }) })).json()) as { token: string };
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
const page = await browser.newPage({ viewport: { width: 1440, height: 1100 } });
await page.goto(`${base}/auth/login`);
await page.evaluate((value) => localStorage.setItem('token', value), token);
for (const [url, file] of process.argv.slice(2).map((arg) => [arg.slice(0, arg.lastIndexOf('=')), arg.slice(arg.lastIndexOf('=') + 1)])) {
  await page.goto(`${base}${url}`);
  await page.waitForTimeout(2500);
  await page.screenshot({ path: file!, fullPage: true });
}
await browser.close();
