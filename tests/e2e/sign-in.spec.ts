import { expect, test } from '@playwright/test';
import { E2E_ADMIN, signInThroughForm } from './support';

test.describe('signing in', () => {
  test('a protected route shows the login form in place, without changing the URL', async ({ page }) => {
    await page.goto('/accession/list');
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    await expect(page).toHaveURL(/\/accession\/list$/);
    await expect(page).toHaveTitle('Seedbed');
    // Only the logo in the top bar, linking home.
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Seedbed home' })).toHaveAttribute('href', '/');
  });

  test('empty fields get "Required" in red under each, and nothing is sent', async ({ page }) => {
    let loginCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/authentication/login')) loginCalls += 1;
    });
    await page.goto('/auth/login');
    await page.getByRole('button', { name: 'Submit' }).click();
    const messages = page.getByText('Required', { exact: true });
    await expect(messages).toHaveCount(2);
    await expect(messages.first()).toHaveCSS('color', /rgb\(2[0-3]\d, \d{1,2}, \d{1,2}\)|oklch\(0\.5\d+ 0\.2\d+ 2\d\.?\d*\)/);
    expect(loginCalls).toBe(0);
    // Filling a field clears its message (validation on change).
    await page.getByLabel('Email').fill('someone@example.org');
    await expect(messages).toHaveCount(1);
  });

  test('a wrong password shows the server’s message in an error toast at the top centre', async ({ page }) => {
    await page.goto('/auth/login');
    await signInThroughForm(page, E2E_ADMIN.email, 'definitely not it');
    const toast = page.getByRole('status').filter({ hasText: 'Invalid email or password.' });
    await expect(toast).toBeVisible();
    // The toast bar holds the icon and the message.
    const box = (await toast.locator('..').boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThan(4);
    expect(box.y).toBeLessThan(80);
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  });

  test('signing in on a protected page shows that page; a reload stays signed in', async ({ page }) => {
    await page.goto('/site/list');
    await signInThroughForm(page);
    await expect(page.getByRole('heading', { name: 'Sites', level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/site\/list$/);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sites', level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });

  test('signing in on the login page goes home', async ({ page }) => {
    await page.goto('/auth/login');
    await signInThroughForm(page);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  });

  test('Logout in the Settings menu returns to the login form with a blank token, and the old token is dead', async ({ page }) => {
    await page.goto('/project/list');
    await signInThroughForm(page);
    await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
    const token = await page.evaluate(() => localStorage.getItem('token'));

    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    await expect(page).toHaveURL(/\/project\/list$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe('');

    const check = await page.request.get('/api/authentication/check', { headers: { Authorization: `token ${token}` } });
    expect(check.status()).toBe(401);
  });

  test('while the session check is pending, the loading indicator shows', async ({ page }) => {
    // The check is held until the indicator has been seen, then let through: no time to guess.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/authentication/check', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/experiment/list');
    await expect(page.getByText('Loading...')).toBeVisible();
    release();
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible({ timeout: 5000 });
    await expect(page.getByText('Loading...')).toHaveCount(0);
  });
});
