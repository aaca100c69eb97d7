import { describe, expect, it } from 'vitest';
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
