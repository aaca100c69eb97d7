import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authTokens } from '../db/schema';
import { createUser } from '../services/users';
import { openTestDatabase } from '../testing/test-database';
import { waitFor } from '../testing/wait-for';
import { createTokenService } from './tokens';

describe('a stream watching its session', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());
  afterEach(() => vi.useRealTimers());

  it('ends within 30 s when its token is gone without a notice (a lost NOTIFY, an idle expiry); the others go on', async () => {
    const tokens = createTokenService(database);
    const user = await createUser(database.db, { email: `watcher-${Date.now()}@example.org`, name: 'Watcher', password: 'correct horse battery staple' });
    const [gone, kept] = [await tokens.authenticate(await tokens.issue(user.id)), await tokens.authenticate(await tokens.issue(user.id))];
    // Only the interval is faked: the database still answers in real time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const ended: string[] = [];
    tokens.watch(gone!, () => ended.push('gone'));
    const stopKept = tokens.watch(kept!, () => ended.push('kept'));
    await database.db.delete(authTokens).where(eq(authTokens.id, gone!.tokenId));

    // The recheck is the only timer faked: at 29 s it has not run, so nothing can have ended.
    vi.advanceTimersByTime(29_000);
    expect(ended).toEqual([]);
    vi.advanceTimersByTime(1_000);
    expect(
      await waitFor(
        async () => [...ended],
        (value) => value.length > 0,
        5000,
      ),
    ).toEqual(['gone']);
    stopKept();
  });

  it('ends a stream opened with an API token once the token is past its expiry, though the token stays listed', async () => {
    const tokens = createTokenService(database);
    const user = await createUser(database.db, { email: `expiring-${Date.now()}@example.org`, name: 'Expiring', password: 'correct horse battery staple' });
    const { token, row } = (await tokens.issueApiToken(user.id, 'stream', new Date(Date.now() + 3600_000), 50))!;
    const owner = await tokens.authenticate(token);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const ended: string[] = [];
    const stop = tokens.watch(owner!, () => ended.push('stream'));
    await database.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.id, row.id));
    vi.advanceTimersByTime(30_000);
    expect(
      await waitFor(
        async () => [...ended],
        (value) => value.length > 0,
        5000,
      ),
    ).toEqual(['stream']);
    stop();
    expect((await tokens.listApiTokens(user.id)).map((listed) => listed.id)).toEqual([row.id]);
  });
});

describe('checking a token', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('answers a token checked within the minute from memory at once; the database is asked again past the minute, when a use is due to be written, and after a revocation', async () => {
    const tokens = createTokenService(database);
    const user = await createUser(database.db, { email: `checked-${Date.now()}@example.org`, name: 'Checked', password: 'correct horse battery staple' });
    const token = await tokens.issue(user.id);
    const start = Date.now();
    const first = tokens.authenticate(token, start);
    expect(first).toBeInstanceOf(Promise);
    const owner = await first;
    expect(owner?.id).toBe(user.id);

    // From memory: the same owner, not a promise.
    expect(tokens.authenticate(token, start + 30_000)).toBe(owner);
    // Past the minute the database is asked (and the use written); then memory again.
    const later = tokens.authenticate(token, start + 61_000);
    expect(later).toBeInstanceOf(Promise);
    expect((await later)?.id).toBe(user.id);
    const [row] = await database.db.select({ lastUsedAt: authTokens.lastUsedAt }).from(authTokens).where(eq(authTokens.id, owner!.tokenId));
    expect(row!.lastUsedAt?.getTime()).toBe(start + 61_000);
    expect(tokens.authenticate(token, start + 62_000)).toEqual(owner);

    await tokens.revoke(owner!);
    const revoked = tokens.authenticate(token, start + 63_000);
    expect(revoked).toBeInstanceOf(Promise);
    expect(await revoked).toBeNull();
    expect(tokens.authenticate('not-a-token-anybody-was-given', start)).toBeInstanceOf(Promise);
  });

  it('ends an API token at its expiry, even answered from memory, and not for going unused; a password change’s revocation leaves it and its streams', async () => {
    const tokens = createTokenService(database);
    const user = await createUser(database.db, { email: `scripted-${Date.now()}@example.org`, name: 'Scripted', password: 'correct horse battery staple' });
    const start = Date.now();
    const { token, row } = (await tokens.issueApiToken(user.id, 'nightly', new Date(start + 10 * 24 * 3600_000), 50))!;
    expect(row).toMatchObject({ name: 'nightly', lastUsedAt: null });
    // Unused for 9 days (a session would have ended after 14 unused; this one is checked for the first time).
    const owner = await tokens.authenticate(token, start + 9 * 24 * 3600_000);
    expect(owner).toMatchObject({ id: user.id, tokenName: 'nightly' });
    // From memory within the minute, but not past the expiry, which memory holds too.
    expect(tokens.authenticate(token, start + 9 * 24 * 3600_000 + 30_000)).toBe(owner);
    const ended: string[] = [];
    tokens.watch(owner!, () => ended.push('api token'));
    await tokens.revokeAllForUser(user.id);
    expect(ended).toEqual([]);
    expect(await tokens.authenticate(token, start + 9 * 24 * 3600_000 + 40_000)).toMatchObject({ tokenName: 'nightly' });
    // Checked 10 s before its expiry, then 1 s after: within the minute, where memory would answer, the expiry still refuses it.
    expect(await tokens.authenticate(token, start + 10 * 24 * 3600_000 - 10_000)).toMatchObject({ tokenName: 'nightly' });
    const expired = tokens.authenticate(token, start + 10 * 24 * 3600_000 + 1000);
    expect(expired).toBeInstanceOf(Promise);
    expect(await expired).toBeNull();
    // Still listed, so that its owner sees why a script stopped.
    expect((await tokens.listApiTokens(user.id)).map((listed) => listed.name)).toEqual(['nightly']);
  });
});
