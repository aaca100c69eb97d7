import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { hashToken } from '../../auth/tokens';
import { authTokens } from '../../db/schema';
import { TEST_PASSWORD, setUpTestApi } from '../../testing/test-api';

const api = setUpTestApi();

async function signedInUser(overrides: { email?: string } = {}) {
  const user = await api.t.createTestUser(overrides);
  return { user, token: await api.t.signIn(user.email) };
}

describe('GET profile', () => {
  it('returns name, email, member since and last sign-in', async () => {
    const { user } = await signedInUser();
    // Signed in again: the last sign-in shown is the one before this session's.
    const token = await api.t.signIn(user.email);
    const response = await api.t.call('/profile', { token });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ id: user.id, email: user.email, name: user.name, createdAt: expect.any(String), lastLoginAt: expect.any(String) });
  });
});

describe('PATCH profile', () => {
  it('changes name and email (lower-cased), and the session check shows the change at once', async () => {
    const { token } = await signedInUser();
    const response = await api.t.call('/profile', { method: 'PATCH', token, json: { name: '  Gregor Mendel ', email: 'Gregor@Brno.example' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ name: 'Gregor Mendel', email: 'gregor@brno.example' });
    const check = (await (await api.t.call('/authentication/check', { token })).json()) as { user: { name: string } };
    expect(check.user.name).toBe('Gregor Mendel');
    expect((await api.t.call('/authentication/login', { method: 'POST', json: { email: 'gregor@brno.example', password: TEST_PASSWORD } })).status).toBe(200);
  });

  it('answers 409 when another account has the email', async () => {
    const other = await api.t.createTestUser();
    const { token } = await signedInUser();
    const response = await api.t.call('/profile', { method: 'PATCH', token, json: { name: 'X', email: other.email.toUpperCase() } });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ message: `Another account already uses ${other.email}.`, errors: { email: expect.any(String) } });
  });

  it('gives one of two people changing to the same email at once a 409, not a 500', async () => {
    const first = await signedInUser();
    const second = await signedInUser();
    const email = `shared-${Date.now()}@example.org`;
    const statuses = await Promise.all(
      [first, second].map(async ({ token }) => {
        const response = await api.t.call('/profile', { method: 'PATCH', token, json: { name: 'Same', email } });
        return response.status;
      }),
    );
    expect(statuses.sort()).toEqual([200, 409]);
  });

  it('keeps its own email without a conflict', async () => {
    const { user, token } = await signedInUser();
    expect((await api.t.call('/profile', { method: 'PATCH', token, json: { name: 'Renamed', email: user.email } })).status).toBe(200);
  });

  it.each([
    [{ name: '', email: 'a@b.org' }, { name: 'Required' }],
    [{ name: 'A', email: 'not an email' }, { email: 'Enter an email address such as name@example.org' }],
    [{}, { name: 'Required', email: 'Required' }],
  ])('answers 400 with field errors for %j', async (json, errors) => {
    const { token } = await signedInUser();
    const response = await api.t.call('/profile', { method: 'PATCH', token, json });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: unknown }).errors).toEqual(errors);
  });
});

describe('POST profile/password', () => {
  const change = (token: string, json: Record<string, string>) => api.t.call('/profile/password', { method: 'POST', token, json });

  it('changes the password, keeps this session and signs every other session out', async () => {
    const { user, token } = await signedInUser();
    const otherSession = await api.t.signIn(user.email);
    const response = await change(token, { currentPassword: TEST_PASSWORD, newPassword: 'a brand new passphrase', confirmPassword: 'a brand new passphrase' });
    expect(response.status).toBe(204);
    expect((await api.t.call('/authentication/check', { token })).status).toBe(200);
    expect((await api.t.call('/authentication/check', { token: otherSession })).status).toBe(401);
    expect((await api.t.call('/authentication/login', { method: 'POST', json: { email: user.email, password: TEST_PASSWORD } })).status).toBe(401);
    expect((await api.t.call('/authentication/login', { method: 'POST', json: { email: user.email, password: 'a brand new passphrase' } })).status).toBe(200);
  });

  it('keeps the user’s API tokens working: a script is not stopped by a password change', async () => {
    const { token } = await signedInUser();
    const created = (await (await api.t.call('/profile/tokens', { method: 'POST', token, json: { name: 'nightly export', expiresInDays: 30 } })).json()) as { token: string };
    const response = await change(token, { currentPassword: TEST_PASSWORD, newPassword: 'a brand new passphrase', confirmPassword: 'a brand new passphrase' });
    expect(response.status).toBe(204);
    expect((await api.t.call('/authentication/check', { token: created.token })).status).toBe(200);
  });

  it.each([
    ['a wrong current password', { currentPassword: 'wrong', newPassword: 'a brand new passphrase', confirmPassword: 'a brand new passphrase' }, { currentPassword: 'Current password is incorrect' }],
    ['a short new password', { currentPassword: TEST_PASSWORD, newPassword: 'short', confirmPassword: 'short' }, { newPassword: 'Use at least 12 characters' }],
    [
      'a confirmation that differs',
      { currentPassword: TEST_PASSWORD, newPassword: 'a brand new passphrase', confirmPassword: 'a brand new passphrasE' },
      { confirmPassword: 'Passwords do not match' },
    ],
    ['missing fields', {}, { currentPassword: 'Required', newPassword: 'Required', confirmPassword: 'Required' }],
  ])('refuses %s with its own field error', async (_, json, errors) => {
    const { token } = await signedInUser();
    const response = await change(token, json as Record<string, string>);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: unknown }).errors).toEqual(errors);
  });

  it('refuses the email as the new password', async () => {
    const { token } = await signedInUser({ email: 'long.enough.address@example.org' });
    const response = await change(token, { currentPassword: TEST_PASSWORD, newPassword: 'Long.Enough.Address@example.org', confirmPassword: 'Long.Enough.Address@example.org' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: unknown }).errors).toEqual({ newPassword: 'The password must not be your email address' });
  });
});

describe('API tokens (profile/tokens)', () => {
  const create = (token: string, json: unknown) => api.t.call('/profile/tokens', { method: 'POST', token, json });
  const listOf = async (token: string) => ((await (await api.t.call('/profile/tokens', { token })).json()) as { data: Array<Record<string, unknown>> }).data;

  it('creates a named token shown once, which then acts as its owner, and lists it without the token', async () => {
    const { user, token } = await signedInUser();
    const response = await create(token, { name: '  Field Book tablet ', expiresInDays: 90 });
    expect(response.status).toBe(201);
    const created = (await response.json()) as { token: string; apiToken: { id: number; name: string; expiresAt: string; lastUsedAt: string | null; expired: boolean } };
    expect(created.token).toMatch(/^sbp_[A-Za-z0-9_-]{43}$/);
    expect(created.apiToken).toMatchObject({ name: 'Field Book tablet', lastUsedAt: null, expired: false });
    // 90 days from now, give or take the call.
    expect(Date.parse(created.apiToken.expiresAt) - Date.now()).toBeGreaterThan(90 * 86_400_000 - 60_000);
    expect(Date.parse(created.apiToken.expiresAt) - Date.now()).toBeLessThanOrEqual(90 * 86_400_000);

    // As a BrAPI client sends it, and as the console does.
    const check = await api.t.call('/authentication/check', { headers: { authorization: `Bearer ${created.token}` } });
    expect(check.status).toBe(200);
    expect(((await check.json()) as { user: { id: number } }).user.id).toBe(user.id);
    const listed = await listOf(token);
    expect(listed).toEqual([expect.objectContaining({ id: created.apiToken.id, name: 'Field Book tablet', lastUsedAt: expect.any(String), expired: false })]);
    // Neither the token nor its hash is ever sent back; sign-in sessions are not listed.
    expect(JSON.stringify(listed)).not.toContain(created.token);
    expect(Object.keys(listed[0]!).sort()).toEqual(['createdAt', 'expired', 'expiresAt', 'id', 'lastUsedAt', 'name']);
  });

  it('takes no expiry for a token that works until it is revoked', async () => {
    const { token } = await signedInUser();
    const response = await create(token, { name: 'server cron', expiresInDays: null });
    expect(response.status).toBe(201);
    expect(((await response.json()) as { apiToken: { expiresAt: null } }).apiToken.expiresAt).toBeNull();
  });

  it.each([
    ['no name', { name: '  ', expiresInDays: 30 }, { name: 'Required' }],
    ['no lifetime', { name: 'x' }, { expiresInDays: 'Choose how long the token works' }],
    ['a lifetime past a year', { name: 'x', expiresInDays: 400 }, { expiresInDays: 'At most 366 days; choose no expiry for a token that works until it is revoked' }],
    ['a lifetime of no days', { name: 'x', expiresInDays: 0 }, { expiresInDays: 'At least 1 day' }],
  ])('refuses %s on its field', async (_, json, errors) => {
    const { token } = await signedInUser();
    const response = await create(token, json);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: unknown }).errors).toEqual(errors);
  });

  it('refuses a second token of the same name for one user (409 on name), not for another user', async () => {
    const first = await signedInUser();
    const second = await signedInUser();
    expect((await create(first.token, { name: 'laptop', expiresInDays: 7 })).status).toBe(201);
    const again = await create(first.token, { name: 'laptop', expiresInDays: 7 });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ message: expect.stringContaining('You already have an API token named laptop'), errors: { name: 'You already have a token with this name' } });
    expect((await create(second.token, { name: 'laptop', expiresInDays: 7 })).status).toBe(201);
  });

  it('revokes a token at once (401 with it afterwards); another user’s token is a 404 and keeps working', async () => {
    const owner = await signedInUser();
    const stranger = await signedInUser();
    const created = (await (await create(owner.token, { name: 'to revoke', expiresInDays: 7 })).json()) as { token: string; apiToken: { id: number } };
    expect((await api.t.call('/authentication/check', { token: created.token })).status).toBe(200);

    const foreign = await api.t.call(`/profile/tokens/${created.apiToken.id}`, { method: 'DELETE', token: stranger.token });
    expect(foreign.status).toBe(404);
    expect((await api.t.call('/authentication/check', { token: created.token })).status).toBe(200);

    expect((await api.t.call(`/profile/tokens/${created.apiToken.id}`, { method: 'DELETE', token: owner.token })).status).toBe(204);
    // Answered from memory a moment ago: the revocation clears it, so the next call is refused, saying what to do.
    const refused = await api.t.call('/authentication/check', { token: created.token });
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { message: string }).message).toMatch(
      /^This API token is not valid: it was revoked, it has expired, or it was copied wrong\. Create a new one under Settings → Profile → API tokens\.$/,
    );
    expect(await listOf(owner.token)).toEqual([]);
  });

  it('refuses an API token the calls that make, revoke or change credentials (403), which take a sign-in', async () => {
    const { token } = await signedInUser();
    const created = (await (await create(token, { name: 'leaky', expiresInDays: 7 })).json()) as { token: string; apiToken: { id: number } };
    const asToken = { headers: { authorization: `Bearer ${created.token}` } };
    const forever = await api.t.call('/profile/tokens', { method: 'POST', json: { name: 'forever', expiresInDays: null }, ...asToken });
    expect(forever.status).toBe(403);
    expect(((await forever.json()) as { message: string }).message).toBe(
      'This call was made with the API token leaky, which cannot create API tokens: sign in to Seedbed with your password and do it under Settings → Profile.',
    );
    expect((await api.t.call(`/profile/tokens/${created.apiToken.id}`, { method: 'DELETE', ...asToken })).status).toBe(403);
    const password = await api.t.call('/profile/password', {
      method: 'POST',
      json: { currentPassword: TEST_PASSWORD, newPassword: 'a brand new passphrase', confirmPassword: 'a brand new passphrase' },
      ...asToken,
    });
    expect(password.status).toBe(403);
    // It still reads what its owner may read, its own list included.
    expect((await api.t.call('/profile/tokens', asToken)).status).toBe(200);
    expect((await listOf(token)).map((listed) => listed.name)).toEqual(['leaky']);
  });

  it('holds an account to 50 tokens, also when the last two are asked for at once', async () => {
    const { token } = await signedInUser();
    for (let index = 0; index < 49; index += 1) expect((await create(token, { name: `token ${index}`, expiresInDays: 7 })).status).toBe(201);
    const statuses = await Promise.all(['one', 'other'].map(async (name) => (await create(token, { name, expiresInDays: 7 })).status));
    expect(statuses.sort()).toEqual([201, 409]);
    const over = await create(token, { name: 'fifty-first', expiresInDays: 7 });
    expect(over.status).toBe(409);
    expect(((await over.json()) as { message: string }).message).toMatch(/^You have 50 API tokens, the most one account may have/);
    expect(await listOf(token)).toHaveLength(50);
  });

  it('does not revoke a sign-in session through this route', async () => {
    const { token } = await signedInUser();
    const [session] = await api.t.db
      .select({ id: authTokens.id })
      .from(authTokens)
      .where(eq(authTokens.tokenHash, hashToken(token)));
    expect((await api.t.call(`/profile/tokens/${session!.id}`, { method: 'DELETE', token })).status).toBe(404);
    expect((await api.t.call('/authentication/check', { token })).status).toBe(200);
  });

  it('refuses a token past its expiry, and lists it as expired until it is revoked', async () => {
    const { user, token } = await signedInUser();
    const created = (await (await create(token, { name: 'short-lived', expiresInDays: 1 })).json()) as { token: string; apiToken: { id: number } };
    expect((await api.t.call('/authentication/check', { token: created.token })).status).toBe(200);
    await api.t.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.id, created.apiToken.id));
    // What this process remembers of the token holds the expiry it read: forget it, as a minute would.
    await api.t.api.deps.tokens.forgetUser(user.id);
    expect((await api.t.call('/authentication/check', { token: created.token })).status).toBe(401);
    expect(await listOf(token)).toEqual([expect.objectContaining({ id: created.apiToken.id, expired: true })]);
  });
});
