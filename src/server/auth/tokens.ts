import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client';
import { authTokens, users } from '../db/schema';
import type { UserRow } from '../services/users';

export const TOKEN_IDLE_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000;
/** last_used_at is written at most this often, so that a busy client does not write on every call. */
const TOUCH_INTERVAL_MS = 60 * 1000;
/** How long a verified token is trusted from memory before the database is asked again. */
const CACHE_TTL_MS = 60 * 1000;
const CACHE_MAX_ENTRIES = 10_000;
/** Revocations are broadcast on this channel so that every API instance forgets the token at once. */
const REVOCATION_CHANNEL = 'seedbed_token_revoked';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export type TokenOwner = UserRow & { tokenId: number };

interface CachedToken {
  owner: TokenOwner;
  lastUsedAt: number;
  verifiedAt: number;
}

type Revocation = { tokenHash: string } | { userId: number };

/**
 * Issues, checks and revokes API tokens. Only a token's SHA-256 is stored. Checked tokens are
 * kept in memory for a minute so that the session check costs no query; a revocation removes
 * them from this process at once and, through NOTIFY, from every other API process.
 */
export function createTokenService(database: Pick<DatabaseHandle, 'db' | 'listen'>) {
  const { db } = database;
  const cache = new Map<string, CachedToken>();

  function forget(revocation: Revocation) {
    if ('tokenHash' in revocation) {
      cache.delete(revocation.tokenHash);
      return;
    }
    for (const [hash, entry] of cache) if (entry.owner.id === revocation.userId) cache.delete(hash);
  }

  async function broadcast(revocation: Revocation) {
    forget(revocation);
    await db.execute(sql`select pg_notify(${REVOCATION_CHANNEL}, ${JSON.stringify(revocation)})`);
  }

  const ready = database.listen(REVOCATION_CHANNEL, (payload) => {
    try {
      forget(JSON.parse(payload) as Revocation);
    } catch {
      cache.clear(); // an unreadable message: trust nothing from memory
    }
  });

  function remember(tokenHash: string, entry: CachedToken) {
    if (cache.size >= CACHE_MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    cache.set(tokenHash, entry);
  }

  async function lookUp(tokenHash: string): Promise<CachedToken | null> {
    const [row] = await db
      .select({ user: users, tokenId: authTokens.id, lastUsedAt: authTokens.lastUsedAt })
      .from(authTokens)
      .innerJoin(users, eq(users.id, authTokens.userId))
      .where(eq(authTokens.tokenHash, tokenHash))
      .limit(1);
    return row ? { owner: { ...row.user, tokenId: row.tokenId }, lastUsedAt: row.lastUsedAt.getTime(), verifiedAt: Date.now() } : null;
  }

  return {
    /** Resolves once this process hears revocations from the others. */
    ready,

    /** Creates a token for the user and returns it; the token itself is never stored. */
    async issue(userId: number): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await db.insert(authTokens).values({ userId, tokenHash: hashToken(token) });
      // Housekeeping: the user's tokens idle past their lifetime can never be used again.
      await db.delete(authTokens).where(and(eq(authTokens.userId, userId), lt(authTokens.lastUsedAt, new Date(Date.now() - TOKEN_IDLE_LIFETIME_MS))));
      return token;
    },

    /** The token's owner, or null when it is unknown, revoked or has been idle for 14 days. */
    async authenticate(token: string, now = Date.now()): Promise<TokenOwner | null> {
      const tokenHash = hashToken(token);
      let entry = cache.get(tokenHash);
      if (!entry || now - entry.verifiedAt > CACHE_TTL_MS) {
        entry = (await lookUp(tokenHash)) ?? undefined;
        if (!entry) {
          cache.delete(tokenHash);
          return null;
        }
        remember(tokenHash, entry);
      }
      if (now - entry.lastUsedAt > TOKEN_IDLE_LIFETIME_MS) {
        await db.delete(authTokens).where(eq(authTokens.id, entry.owner.tokenId));
        cache.delete(tokenHash);
        return null;
      }
      if (now - entry.lastUsedAt > TOUCH_INTERVAL_MS) {
        entry.lastUsedAt = now;
        await db
          .update(authTokens)
          .set({ lastUsedAt: new Date(now) })
          .where(eq(authTokens.id, entry.owner.tokenId));
      }
      return entry.owner;
    },

    /** Ends one session. */
    async revoke(owner: TokenOwner): Promise<void> {
      const [row] = await db.delete(authTokens).where(eq(authTokens.id, owner.tokenId)).returning({ tokenHash: authTokens.tokenHash });
      if (row) await broadcast({ tokenHash: row.tokenHash });
    },

    /** Ends every session of a user, or every other one when `exceptTokenId` is given. */
    async revokeAllForUser(userId: number, exceptTokenId?: number): Promise<void> {
      const condition = exceptTokenId === undefined ? eq(authTokens.userId, userId) : and(eq(authTokens.userId, userId), ne(authTokens.id, exceptTokenId));
      await db.delete(authTokens).where(condition);
      await broadcast({ userId });
    },

    /** Drops what this and every other process remembers of a user (after a profile change). */
    forgetUser: (userId: number) => broadcast({ userId }),
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
