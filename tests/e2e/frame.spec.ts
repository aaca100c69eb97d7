import { expect, test } from '@playwright/test';
import { ALL_ROUTES, NAVIGATION, signInWithToken } from './support';

test.describe('the frame, signed in', () => {
  test.beforeEach(async ({ page }) => {
    await signInWithToken(page);
  });

  test('shows every menu entry with its route; dropdowns are at least 250 px wide', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeVisible();
    for (const [label, route] of NAVIGATION.links) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', route);
    }
    for (const [menu, entries] of Object.entries(NAVIGATION.menus)) {
      await nav.getByRole('button', { name: menu, exact: true }).click();
      const panel = page.getByRole('menu', { name: menu });
      await expect(panel).toBeVisible();
      expect((await panel.boundingBox())!.width).toBeGreaterThanOrEqual(250);
      for (const [label, route] of entries) {
        await expect(panel.getByRole('menuitem', { name: label, exact: true })).toHaveAttribute('href', route);
      }
      if (menu === 'Settings') await expect(panel.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(panel).toHaveCount(0);
    }
  });

  test('a menu entry leads to its page', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Breeding' }).click();
    await page.getByRole('menuitem', { name: 'Cross plans' }).click();
    await expect(page).toHaveURL(/\/cross-plan\/list$/);
    await expect(page.getByRole('heading', { name: 'Cross plans', level: 1 })).toBeVisible();
  });

  test('has the title, the footer, the tooltip layer at z-index 60, and the logo linking home', async ({ page }) => {
    await page.goto('/upload/mlflow-run');
    await expect(page).toHaveTitle('Seedbed');
    await expect(page.getByText('© 2025 Seedbed Genomics. All rights reserved.')).toBeVisible();
    await expect(page.locator('#app-tooltip')).toHaveCSS('z-index', '60');
    await expect(page.getByRole('link', { name: 'Seedbed home' })).toHaveAttribute('href', '/');
    await page.getByRole('button', { name: 'Launch' }).click();
    await page.getByRole('menuitem', { name: 'GDIP', exact: true }).hover();
    await expect(page.locator('#app-tooltip')).toContainText('Genomic discovery');
  });

  test('every route of the navigation is a page in the frame', async ({ page }) => {
    // One test walks every route (about 30): the default 30 s is the budget of one page's test.
    test.setTimeout(120_000);
    for (const route of ALL_ROUTES) {
      const response = await page.goto(route);
      expect(response?.status(), route).toBe(200);
      await expect(page.getByRole('navigation', { name: 'Main' }), route).toBeVisible();
      await expect(page.locator('main h1'), route).not.toBeEmpty();
    }
  });

  test('on a small screen a collapsible menu replaces the dropdowns', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Breeding' })).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toBeVisible();
    await toggle.click();
    const menu = page.locator('#mobile-menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Runs', exact: true })).toHaveAttribute('href', NAVIGATION.links[0][1]);
    await menu.getByText('Launch', { exact: true }).click();
    await expect(menu.getByRole('link', { name: 'Process Spectra' })).toHaveAttribute('href', '/tools/pipeline/run/nf-spectra');
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toHaveCount(0);
  });
});

test.describe('public routes', () => {
  for (const route of ['/manage/accept-invite', '/demo']) {
    test(`${route} opens without signing in`, async ({ page }) => {
      await page.goto(route);
      await expect(page.locator('main h1')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Login' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
    });
  }

  test('the docs open without signing in', async ({ page }) => {
    await page.goto('/docs/start/getting-started/');
    await expect(page.getByRole('heading', { name: 'Getting started', level: 1 })).toBeVisible();
  });
});
