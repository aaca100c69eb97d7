import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createApi } from '../../api';
import { TOKEN_IDLE_LIFETIME_MS, hashToken } from '../../auth/tokens';
import { silentLogger } from '../../log';
import { authTokens, users } from '../../db/schema';
import { TEST_PASSWORD, setUpTestApi } from '../../testing/test-api';

const api = setUpTestApi();

const login = (json: unknown, headers: Record<string, string> = {}) => api.t.call('/authentication/login', { method: 'POST', json, headers });

describe('POST authentication/login', () => {
  it('returns a token and the user for the right password, with any email case', async () => {
    const user = await api.t.createTestUser({ email: 'Ada@Example.org', name: 'Ada' });
    const response = await login({ email: ' ADA@example.ORG ', password: TEST_PASSWORD });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { token: string; user: Record<string, unknown> };
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url
    expect(body.user).toMatchObject({ id: user.id, email: 'ada@example.org', name: 'Ada' });
    // The user's first sign-in: there is none before it to show.
    expect(body.user.lastLoginAt).toBeNull();
    expect(body.user).not.toHaveProperty('passwordHash');
  });

  it('shows as the last sign-in the one before this session’s, on the login’s answer and on the session check', async () => {
    const user = await api.t.createTestUser();
    const signIn = async () => (await (await login({ email: user.email, password: TEST_PASSWORD })).json()) as { token: string; user: { lastLoginAt: string | null } };
    const first = await signIn();
    const [stored] = await api.t.db.select({ at: users.lastLoginAt }).from(users).where(eq(users.id, user.id));
    const second = await signIn();
    expect(first.user.lastLoginAt).toBeNull();
    expect(second.user.lastLoginAt).toBe(stored!.at!.toISOString());
    const check = (await (await api.t.call('/authentication/check', { token: second.token })).json()) as { user: { lastLoginAt: string | null } };
    expect(check.user.lastLoginAt).toBe(stored!.at!.toISOString());
    // And on: the third shows the second.
    const [storedSecond] = await api.t.db.select({ at: users.lastLoginAt }).from(users).where(eq(users.id, user.id));
    expect((await signIn()).user.lastLoginAt).toBe(storedSecond!.at!.toISOString());
  });

  it('stores only the SHA-256 of the token', async () => {
    const user = await api.t.createTestUser();
    const token = await api.t.signIn(user.email);
    const rows = await api.t.db.select().from(authTokens).where(eq(authTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('gives the same 401 message for a wrong password and an unknown email', async () => {
    const user = await api.t.createTestUser();
    const wrongPassword = await login({ email: user.email, password: 'not the password' });
    const unknownEmail = await login({ email: 'nobody@example.org', password: 'whatever it is' });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(await wrongPassword.json()).toEqual({ message: 'Invalid email or password.' });
    expect(await unknownEmail.json()).toEqual({ message: 'Invalid email or password.' });
  });

  it.each([
    ['an empty object', {}, { email: 'Required', password: 'Required' }],
    ['a missing password', { email: 'a@example.org' }, { password: 'Required' }],
    ['blank fields', { email: '   ', password: '' }, { email: 'Required', password: 'Required' }],
    ['wrong types', { email: 42, password: null }, { email: 'Required', password: 'Required' }],
  ])('answers 400 with per-field errors for %s', async (_, body, errors) => {
    const response = await login(body);
    expect(response.status).toBe(400);
    const json = (await response.json()) as { message: string; errors: Record<string, string> };
    expect(json.errors).toEqual(errors);
    expect(json.message).toMatch(/Invalid request body/);
  });

  it.each([
    ['an array', '[]'],
    ['a string', '"admin"'],
    ['null', 'null'],
  ])('answers 400 when the body is %s rather than a JSON object', async (_, raw) => {
    const response = await api.t.call('/authentication/login', { method: 'POST', body: raw, headers: { 'Content-Type': 'application/json' } });
    expect(response.status).toBe(400);
    const json = (await response.json()) as { errors: Record<string, string> };
    expect(Object.keys(json.errors).length).toBeGreaterThan(0);
  });

  it('answers 400, not 500, for malformed JSON', async () => {
    const response = await api.t.call('/authentication/login', { method: 'POST', body: '{"email":', headers: { 'Content-Type': 'application/json' } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('refuses the 11th attempt within 15 minutes for one email and address with 429, even with the right password', async () => {
    const user = await api.t.createTestUser();
    const from = { 'X-Forwarded-For': '203.0.113.7' };
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await login({ email: user.email, password: 'wrong password' }, from)).status).toBe(401);
    }
    const blocked = await login({ email: user.email, password: TEST_PASSWORD }, from);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await blocked.json()) as { message: string }).message).toMatch(/Too many failed sign-in attempts.*Wait \d+ minutes? and try again/);

    // Another address, or another email from this address, is not blocked.
    expect((await login({ email: user.email, password: TEST_PASSWORD }, { 'X-Forwarded-For': '198.51.100.1' })).status).toBe(200);
    const other = await api.t.createTestUser();
    expect((await login({ email: other.email, password: TEST_PASSWORD }, from)).status).toBe(200);
  });

  it('counts each attempt before checking it: of 300 parallel wrong passwords, at most 10 are evaluated', async () => {
    const user = await api.t.createTestUser();
    const from = { 'X-Forwarded-For': '203.0.113.30' };
    const statuses = await Promise.all(Array.from({ length: 300 }, async () => (await login({ email: user.email, password: 'wrong password' }, from)).status));
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(290);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
  });

  it('limits one account across addresses: 5 addresses get 20 guesses in all, not 50', async () => {
    const user = await api.t.createTestUser();
    const statuses: number[] = [];
    for (let address = 1; address <= 5; address += 1) {
      for (let attempt = 0; attempt < 10; attempt += 1) statuses.push((await login({ email: user.email, password: 'wrong password' }, { 'X-Forwarded-For': `198.51.100.${address + 20}` })).status);
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(20);
    const blocked = await login({ email: user.email, password: TEST_PASSWORD }, { 'X-Forwarded-For': '198.51.100.99' });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await blocked.json()) as { message: string }).message).toMatch(/Too many failed sign-in attempts for this account/);
  });

  it('limits one address across accounts: 30 failures, then 429 for every account', async () => {
    const from = { 'X-Forwarded-For': '203.0.113.40' };
    const statuses: number[] = [];
    for (let account = 0; account < 40; account += 1) statuses.push((await login({ email: `nobody${account}@example.org`, password: 'wrong password' }, from)).status);
    expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(30).every((status) => status === 429)).toBe(true);
    const user = await api.t.createTestUser();
    const blocked = await login({ email: user.email, password: TEST_PASSWORD }, from);
    expect(blocked.status).toBe(429);
    expect(((await blocked.json()) as { message: string }).message).toMatch(/from your network address/);
  });

  it('forgets earlier failures after a successful sign-in', async () => {
    const user = await api.t.createTestUser();
    const from = { 'X-Forwarded-For': '203.0.113.8' };
    for (let attempt = 0; attempt < 9; attempt += 1) await login({ email: user.email, password: 'wrong password' }, from);
    expect((await login({ email: user.email, password: TEST_PASSWORD }, from)).status).toBe(200);
    for (let attempt = 0; attempt < 9; attempt += 1) await login({ email: user.email, password: 'wrong password' }, from);
    expect((await login({ email: user.email, password: TEST_PASSWORD }, from)).status).toBe(200);
  });
});

describe('GET authentication/check', () => {
  it('returns the user for a valid token', async () => {
    const user = await api.t.createTestUser({ name: 'Barbara McClintock' });
    const token = await api.t.signIn(user.email);
    const response = await api.t.call('/authentication/check', { token });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { user: Record<string, unknown> };
    expect(Object.keys(body.user).sort()).toEqual(['createdAt', 'email', 'id', 'lastLoginAt', 'name']);
    expect(body.user).toMatchObject({ id: user.id, email: user.email, name: 'Barbara McClintock' });
  });

  it.each([
    ['the Bearer scheme', 'Bearer VALID'],
    ['either scheme in any case', 'TOKEN VALID'],
  ])('takes the token under %s too', async (_, header) => {
    const user = await api.t.createTestUser();
    const token = await api.t.signIn(user.email);
    const response = await api.t.call('/authentication/check', { headers: { Authorization: header.replace('VALID', token) } });
    expect(response.status).toBe(200);
  });

  it.each([
    ['no header', undefined],
    ['the Basic scheme', 'Basic VALID'],
    ['the bare token', 'VALID'],
    ['a token never issued', 'token AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
  ])('answers 401 for %s', async (_, header) => {
    const user = await api.t.createTestUser();
    const token = await api.t.signIn(user.email);
    const headers: Record<string, string> = header ? { Authorization: header.replace('VALID', token) } : {};
    const response = await api.t.call('/authentication/check', { headers });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { message: string }).message).toMatch(/not signed in/);
  });

  it('rejects a token unused for more than 14 days, and keeps one used 13 days ago', async () => {
    const user = await api.t.createTestUser();
    const stale = await api.t.signIn(user.email);
    const recent = await api.t.signIn(user.email);
    const day = 24 * 60 * 60 * 1000;
    await api.t.db
      .update(authTokens)
      .set({ lastUsedAt: new Date(Date.now() - TOKEN_IDLE_LIFETIME_MS - 1000) })
      .where(eq(authTokens.tokenHash, hashToken(stale)));
    await api.t.db
      .update(authTokens)
      .set({ lastUsedAt: new Date(Date.now() - 13 * day) })
      .where(eq(authTokens.tokenHash, hashToken(recent)));
    expect((await api.t.call('/authentication/check', { token: stale })).status).toBe(401);
    expect((await api.t.call('/authentication/check', { token: recent })).status).toBe(200);
    // Using a token restarts its 14 days.
    const [row] = await api.t.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.tokenHash, hashToken(recent)));
    expect(Date.now() - row!.lastUsedAt!.getTime()).toBeLessThan(60_000);
  });
});

describe('token housekeeping', () => {
  it("signing in deletes the user's tokens that have expired", async () => {
    const user = await api.t.createTestUser();
    const stale = await api.t.signIn(user.email);
    await api.t.db
      .update(authTokens)
      .set({ lastUsedAt: new Date(Date.now() - TOKEN_IDLE_LIFETIME_MS - 1000) })
      .where(eq(authTokens.tokenHash, hashToken(stale)));
    await api.t.signIn(user.email);
    const rows = await api.t.db.select().from(authTokens).where(eq(authTokens.userId, user.id));
    expect(rows.map((row) => row.tokenHash)).not.toContain(hashToken(stale));
    expect(rows).toHaveLength(1);
  });
});

describe('POST authentication/logout', () => {
  it('answers 204 and the token stops working at once, while other sessions go on', async () => {
    const user = await api.t.createTestUser();
    const token = await api.t.signIn(user.email);
    const otherSession = await api.t.signIn(user.email);
    const response = await api.t.call('/authentication/logout', { method: 'POST', token });
    expect(response.status).toBe(204);
    expect((await api.t.call('/authentication/check', { token })).status).toBe(401);
    expect((await api.t.call('/authentication/logout', { method: 'POST', token })).status).toBe(401);
    expect((await api.t.call('/authentication/check', { token: otherSession })).status).toBe(200);
  });

  it('revokes the token at once on every API instance sharing the database', async () => {
    const otherInstance = createApi({ database: api.t.database, log: silentLogger, trustProxy: true, version: 'test', corsOrigins: [] });
    const user = await api.t.createTestUser();
    const token = await api.t.signIn(user.email);
    const headers = { Authorization: `token ${token}` };
    // The other instance has checked (and so remembers) the token.
    expect((await otherInstance.request('/authentication/check', { headers })).status).toBe(200);
    expect((await api.t.call('/authentication/logout', { method: 'POST', token })).status).toBe(204);
    await expect.poll(async () => (await otherInstance.request('/authentication/check', { headers })).status, { timeout: 2000 }).toBe(401);
  });
});
