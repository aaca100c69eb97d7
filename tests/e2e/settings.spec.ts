import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { E2E_ADMIN, signInThroughForm, signInWithToken } from './support';

const uniqueEmail = (prefix: string) => `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.org`;

async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/authentication/login', { data: E2E_ADMIN });
  return ((await response.json()) as { token: string }).token;
}

/** A colleague with an account, made through an invitation. */
async function invitedColleague(request: APIRequestContext, password: string) {
  const token = await adminToken(request);
  const email = uniqueEmail('colleague');
  const issued = await request.post('/api/invitations', { data: { email }, headers: { Authorization: `token ${token}` } });
  const linkToken = new URL(((await issued.json()) as { acceptUrl: string }).acceptUrl).searchParams.get('token');
  const accepted = await request.post('/api/invitations/accept', { data: { token: linkToken, name: 'Colleague', newPassword: password, confirmPassword: password } });
  expect(accepted.status()).toBe(201);
  return email;
}

async function freshPage(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

test('invite → accept in a fresh browser → signed in as the new user → the same link is refused', async ({ page, browser }) => {
  await signInWithToken(page);
  await page.goto('/manage/invite-user');
  const email = uniqueEmail('barbara');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Note').fill('Join the maize diversity project');
  await page.getByRole('button', { name: 'Create invitation' }).click();
  const linkBox = page.getByLabel('Invitation link');
  await expect(linkBox).toHaveValue(/\/manage\/accept-invite\?token=/);
  await expect(page.getByTestId('invitation-link')).toContainText('copy this link');
  await expect(page.getByRole('row', { name: new RegExp(email) })).toContainText('pending');
  const link = await linkBox.inputValue();

  const stranger = await freshPage(browser);
  await stranger.page.goto(link);
  await expect(stranger.page.getByTestId('invited-email')).toHaveText(email);
  await expect(stranger.page.getByText('Join the maize diversity project')).toBeVisible();
  await stranger.page.getByLabel('Name').fill('Barbara McClintock');
  await stranger.page.getByLabel('Password', { exact: false }).first().fill('short');
  await stranger.page.getByRole('button', { name: 'Create account' }).click();
  await expect(stranger.page.getByText('Use at least 12 characters')).toBeVisible();
  await stranger.page.getByLabel('Password', { exact: false }).first().fill('transposable elements jump');
  await stranger.page.getByLabel('Confirm password').fill('transposable elements jump');
  await stranger.page.getByRole('button', { name: 'Create account' }).click();
  await expect(stranger.page).toHaveURL(/\/$/);
  await expect(stranger.page.getByText('Signed in as')).toContainText('Barbara McClintock');
  await stranger.page.goto('/settings/profile/view');
  await expect(stranger.page.getByTestId('profile-email')).toHaveText(email);
  // Accepting the invitation was the first sign-in: there is none before it to show.
  await expect(stranger.page.getByTestId('profile-last-sign-in')).toHaveText('This is your first sign-in');

  const secondVisit = await freshPage(browser);
  await secondVisit.page.goto(link);
  await expect(secondVisit.page.getByRole('alert')).toContainText('already been used');
  await expect(secondVisit.page.getByRole('button', { name: 'Create account' })).toHaveCount(0);
  await stranger.context.close();
  await secondVisit.context.close();
});

test('an invitation page without a token, or with an unknown one, says so and shows no form', async ({ page }) => {
  await page.goto('/manage/accept-invite');
  await expect(page.getByRole('alert')).toContainText('missing its token');
  await page.goto('/manage/accept-invite?token=nonsense-token-that-was-never-issued');
  await expect(page.getByRole('alert')).toContainText('not valid');
  await expect(page.getByRole('button', { name: 'Create account' })).toHaveCount(0);
});

test('a revoked invitation link is refused', async ({ page, browser }) => {
  await signInWithToken(page);
  await page.goto('/manage/invite-user');
  const email = uniqueEmail('revoked');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Create invitation' }).click();
  const link = await page.getByLabel('Invitation link').inputValue();
  await page.getByRole('button', { name: `Revoke invitation to ${email}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByRole('row', { name: new RegExp(email) })).toHaveCount(0);
  // The dead link is no longer offered for copying.
  await expect(page.getByLabel('Invitation link')).toHaveCount(0);

  const stranger = await freshPage(browser);
  await stranger.page.goto(link);
  await expect(stranger.page.getByRole('alert')).toContainText('withdrawn');
  await stranger.context.close();
});

test('changing the password signs the other session out and keeps this one', async ({ browser, request }) => {
  const email = await invitedColleague(request, 'first passphrase here');
  const laptop = await freshPage(browser);
  const phone = await freshPage(browser);
  for (const { page } of [laptop, phone]) {
    await page.goto('/settings/profile/view');
    await signInThroughForm(page, email, 'first passphrase here');
    await expect(page.getByTestId('profile-email')).toHaveText(email);
  }

  await laptop.page.goto('/settings/profile/change-password');
  await laptop.page.getByLabel('Current password').fill('first passphrase here');
  await laptop.page.getByLabel('New password', { exact: false }).first().fill('second passphrase now');
  await laptop.page.getByLabel('Confirm new password').fill('second passphrase now');
  await laptop.page.getByRole('button', { name: 'Change password' }).click();
  await expect(laptop.page.getByText('Password changed')).toBeVisible();

  await phone.page.reload();
  await expect(phone.page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await laptop.page.reload();
  await expect(laptop.page.getByRole('heading', { name: 'Change password', level: 1 })).toBeVisible();
  await laptop.context.close();
  await phone.context.close();
});

test('a wrong current password lands on its field', async ({ page }) => {
  await signInWithToken(page);
  await page.goto('/settings/profile/change-password');
  await page.getByLabel('Current password').fill('not my password');
  await page.getByLabel('New password', { exact: false }).first().fill('whatever passphrase');
  await page.getByLabel('Confirm new password').fill('whatever passphrase');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Current password is incorrect')).toBeVisible();
});

test('the profile shows member since and last sign-in, and edits the name', async ({ browser, request }) => {
  const email = await invitedColleague(request, 'profile passphrase 1');
  const { page, context } = await freshPage(browser);
  await page.goto('/settings/profile/view');
  await signInThroughForm(page, email, 'profile passphrase 1');
  await expect(page.getByTestId('profile-member-since')).not.toHaveText('—');
  // The sign-in before this one: the invitation's acceptance.
  await expect(page.getByTestId('profile-last-sign-in')).not.toHaveText(/—|first sign-in/);
  const profileForm = page.getByRole('form', { name: 'Edit profile' });
  await profileForm.getByLabel('Name').fill('Nikolai Vavilov');
  await profileForm.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('profile-name')).toHaveText('Nikolai Vavilov');
  await page.reload();
  await expect(page.getByTestId('profile-name')).toHaveText('Nikolai Vavilov');
  await context.close();
});

test('the demo opens without signing in, calls no API, and draws its chart', async ({ page }) => {
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url());
  });
  await page.goto('/demo');
  await expect(page.getByRole('heading', { name: 'Seedbed demo' })).toBeVisible();
  await expect(page.getByRole('table')).toContainText('brisk-wheat-gdip');
  await expect(page.getByRole('progressbar').first()).toBeVisible();
  const canvas = page.getByRole('img', { name: 'F1 score per trait and discovery method' });
  await expect(canvas).toBeVisible();
  await expect.poll(() => canvas.evaluate((element: HTMLCanvasElement) => element.width)).toBeGreaterThan(0);
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/login');
  // A request the page made on loading (a session check, a list) would keep the network busy.
  await page.waitForLoadState('networkidle');
  expect(apiCalls).toEqual([]);
});

test('an API token: created on the profile and shown once, used by a script, listed with its last use, revoked', async ({ browser, request }) => {
  // A colleague of its own: a run that stops half-way leaves its token with nobody else's.
  const email = await invitedColleague(request, 'token passphrase 1');
  const { page, context } = await freshPage(browser);
  await page.goto('/settings/profile/view');
  await signInThroughForm(page, email, 'token passphrase 1');
  const name = `e2e script ${Date.now()}.${Math.floor(Math.random() * 1e6)}`;
  const form = page.getByRole('form', { name: 'Create an API token' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Expires').selectOption({ label: 'in 7 days' });
  await form.getByRole('button', { name: 'Create token' }).click();
  const tokenBox = page.getByLabel('API token', { exact: true });
  await expect(tokenBox).toHaveValue(/^sbp_/);
  await expect(page.getByTestId('api-token-issued')).toContainText('cannot show it again');
  const token = await tokenBox.inputValue();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Never');

  // What a script does with it.
  expect((await request.get('/api/authentication/check', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(200);
  await page.reload();
  await expect(row).not.toContainText('Never');
  // Shown once: after a reload the token itself is nowhere on the page.
  await expect(page.getByLabel('API token', { exact: true })).toHaveCount(0);

  await row.getByRole('button', { name: `Revoke API token ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toHaveCount(0);
  expect((await request.get('/api/authentication/check', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(401);
  await context.close();
});
