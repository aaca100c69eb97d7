import { hash, randomBytes } from 'node:crypto';
import { and, count, desc, eq, inArray, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
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
/**
 * How often the tokens of open streams are looked up again, in one query for all of them: a
 * stream ends within this long even when a revocation notice was lost (a dropped LISTEN
 * connection) or the token expired while the stream stayed open.
 */
const STREAM_RECHECK_MS = 30_000;

/** SHA-256 in hex, by the one-shot `hash` (a third of createHash's cost: it is on every request). */
export function hashToken(token: string): string {
  return hash('sha256', token);
}

/** What an API token starts with, so that secret scanners and people can tell one in a script. */
export const API_TOKEN_PREFIX = 'sbp_';

/** `tokenName`: null for a sign-in session, the name of an API token. */
export type TokenOwner = UserRow & { tokenId: number; tokenName: string | null };

interface CachedToken {
  owner: TokenOwner;
  /** 0 for an API token not used yet. */
  lastUsedAt: number;
  verifiedAt: number;
  /** An API token's end in ms (null: none, and every session). */
  expiresAt: number | null;
}

/** Whether an API token's expiry (ms, null for none) has come: the one boundary memory, the database's answer, the list and open streams use. */
export const pastExpiry = (expiresAt: number | null, now: number) => expiresAt !== null && now >= expiresAt;

/** Whether a token can no longer be used: an API token past its expiry, a session unused for 14 days. */
function hasEnded(entry: CachedToken, now: number): boolean {
  if (entry.owner.tokenName !== null) return pastExpiry(entry.expiresAt, now);
  return now - entry.lastUsedAt > TOKEN_IDLE_LIFETIME_MS;
}

/**
 * What a notice on the channel says: one token ended (logout, an API token revoked), a user's
 * sign-in sessions ended but perhaps one (a password change; their API tokens stay), or only that
 * a user's details changed (forget, keep sessions).
 */
type Revocation = { tokenHash: string; tokenId?: number } | { userId: number; ended?: boolean; exceptTokenId?: number };

/** Whether the revocation ends the session of `owner` (and so its open streams). */
function endsSession(revocation: Revocation, owner: TokenOwner): boolean {
  if ('tokenHash' in revocation) return revocation.tokenId === owner.tokenId;
  return revocation.ended === true && revocation.userId === owner.id && revocation.exceptTokenId !== owner.tokenId && owner.tokenName === null;
}

/** What the owner of an API token may see of it: never the token nor its hash. */
const API_TOKEN_COLUMNS = { id: authTokens.id, name: authTokens.name, createdAt: authTokens.createdAt, lastUsedAt: authTokens.lastUsedAt, expiresAt: authTokens.expiresAt };
export type ApiTokenRow = { id: number; name: string; createdAt: Date; lastUsedAt: Date | null; expiresAt: Date | null };

/**
 * Issues, checks and revokes API tokens. Only a token's SHA-256 is stored. Checked tokens are
 * kept in memory for a minute so that the session check costs no query; a revocation removes
 * them from this process at once and, through NOTIFY, from every other API process, and ends
 * the open streams (events, log tails) that were opened with them there.
 */
export function createTokenService(database: Pick<DatabaseHandle, 'db' | 'listen'>) {
  const { db } = database;
  const cache = new Map<string, CachedToken>();
  // Open streams, each with the session it was opened by and what ends it.
  const watchers = new Set<{ owner: TokenOwner; end: () => void }>();
  let recheck: NodeJS.Timeout | null = null;

  function applyRevocation(revocation: Revocation) {
    for (const watcher of watchers) if (endsSession(revocation, watcher.owner)) stopWatcher(watcher);
    if ('tokenHash' in revocation) {
      cache.delete(revocation.tokenHash);
      return;
    }
    for (const [hash, entry] of cache) if (entry.owner.id === revocation.userId) cache.delete(hash);
  }

  function stopWatcher(watcher: { owner: TokenOwner; end: () => void }) {
    if (!watchers.delete(watcher)) return;
    if (watchers.size === 0 && recheck) {
      clearInterval(recheck);
      recheck = null;
    }
    watcher.end();
  }

  /** Ends the streams whose token is no longer in the database, however it went, or is an API token past its expiry (kept, listed as expired). */
  async function recheckStreams() {
    const tokenIds = [...new Set([...watchers].map((watcher) => watcher.owner.tokenId))];
    if (tokenIds.length === 0) return;
    const rows = await db.select({ id: authTokens.id, expiresAt: authTokens.expiresAt }).from(authTokens).where(inArray(authTokens.id, tokenIds));
    const now = Date.now();
    const alive = new Set(rows.filter((row) => !pastExpiry(row.expiresAt?.getTime() ?? null, now)).map((row) => row.id));
    for (const watcher of watchers) if (!alive.has(watcher.owner.tokenId)) stopWatcher(watcher);
  }

  async function broadcast(revocation: Revocation) {
    applyRevocation(revocation);
    await db.execute(sql`select pg_notify(${REVOCATION_CHANNEL}, ${JSON.stringify(revocation)})`);
  }

  const ready = database.listen(REVOCATION_CHANNEL, (payload) => {
    try {
      applyRevocation(JSON.parse(payload) as Revocation);
    } catch {
      // An unreadable message: trust nothing from memory, and look up every open stream's token.
      cache.clear();
      void recheckStreams().catch(() => {});
    }
  });

  function remember(tokenHash: string, entry: CachedToken) {
    if (cache.size >= CACHE_MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    cache.set(tokenHash, entry);
  }

  async function lookUp(tokenHash: string, now: number): Promise<CachedToken | null> {
    const [row] = await db
      .select({ user: users, tokenId: authTokens.id, tokenName: authTokens.name, lastUsedAt: authTokens.lastUsedAt, expiresAt: authTokens.expiresAt })
      .from(authTokens)
      .innerJoin(users, eq(users.id, authTokens.userId))
      .where(eq(authTokens.tokenHash, tokenHash))
      .limit(1);
    if (!row) return null;
    return { owner: { ...row.user, tokenId: row.tokenId, tokenName: row.tokenName }, lastUsedAt: row.lastUsedAt?.getTime() ?? 0, verifiedAt: now, expiresAt: row.expiresAt?.getTime() ?? null };
  }

  /** The database's word on a token, and its last use written when due. */
  async function verify(tokenHash: string, cached: CachedToken | undefined, now: number): Promise<TokenOwner | null> {
    let entry = cached;
    if (!entry || now - entry.verifiedAt > CACHE_TTL_MS) {
      entry = (await lookUp(tokenHash, now)) ?? undefined;
      if (!entry) {
        cache.delete(tokenHash);
        return null;
      }
      remember(tokenHash, entry);
    }
    if (hasEnded(entry, now)) {
      // An expired API token stays listed, marked expired, until its owner deletes it.
      if (entry.owner.tokenName === null) await db.delete(authTokens).where(eq(authTokens.id, entry.owner.tokenId));
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
  }

  return {
    /** Resolves once this process hears revocations from the others. */
    ready,

    /** Creates a token for the user and returns it; the token itself is never stored. */
    async issue(userId: number): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await db.insert(authTokens).values({ userId, tokenHash: hashToken(token) });
      // Housekeeping: the user's sessions idle past their lifetime can never be used again.
      await db.delete(authTokens).where(and(eq(authTokens.userId, userId), isNull(authTokens.name), lt(authTokens.lastUsedAt, new Date(Date.now() - TOKEN_IDLE_LIFETIME_MS))));
      return token;
    },

    /**
     * A named API token for the user, ending at `expiresAt` (null: never); the token itself is
     * returned this once. Null when the user already holds `max`: counted and written under a lock
     * of the user's, so that two creations at once cannot both pass the count.
     */
    async issueApiToken(userId: number, name: string, expiresAt: Date | null, max: number): Promise<{ token: string; row: ApiTokenRow } | null> {
      const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`api-tokens:${userId}`}))`);
        const [held] = await tx
          .select({ value: count() })
          .from(authTokens)
          .where(and(eq(authTokens.userId, userId), isNotNull(authTokens.name)));
        if ((held?.value ?? 0) >= max) return null;
        const [row] = await tx
          .insert(authTokens)
          .values({ userId, name, tokenHash: hashToken(token), lastUsedAt: null, expiresAt })
          .returning(API_TOKEN_COLUMNS);
        return { token, row: row as ApiTokenRow };
      });
    },

    /** The user's API tokens, newest first (never their sessions, nor any token itself). */
    listApiTokens: (userId: number): Promise<ApiTokenRow[]> =>
      db
        .select(API_TOKEN_COLUMNS)
        .from(authTokens)
        .where(and(eq(authTokens.userId, userId), isNotNull(authTokens.name)))
        .orderBy(desc(authTokens.createdAt), desc(authTokens.id)) as Promise<ApiTokenRow[]>,

    /** Ends one of the user's API tokens, and its open streams on every instance; false when the user has no such token. */
    async revokeApiToken(userId: number, tokenId: number): Promise<boolean> {
      const [row] = await db
        .delete(authTokens)
        .where(and(eq(authTokens.id, tokenId), eq(authTokens.userId, userId), isNotNull(authTokens.name)))
        .returning({ tokenHash: authTokens.tokenHash });
      if (row) await broadcast({ tokenHash: row.tokenHash, tokenId });
      return row !== undefined;
    },

    /**
     * The token's owner, or null when it is unknown or revoked, a sign-in idle for 14 days, or an API
     * token past its expiry (checked from memory too). A token
     * checked within the minute is answered from memory at once, without a promise: this runs
     * before every API call.
     */
    authenticate(token: string, now = Date.now()): TokenOwner | null | Promise<TokenOwner | null> {
      const tokenHash = hashToken(token);
      const entry = cache.get(tokenHash);
      if (entry && now - entry.verifiedAt <= CACHE_TTL_MS && now - entry.lastUsedAt <= TOUCH_INTERVAL_MS && !pastExpiry(entry.expiresAt, now)) return entry.owner;
      return verify(tokenHash, entry, now);
    },

    /** Ends one session, and its open streams on every instance. */
    async revoke(owner: TokenOwner): Promise<void> {
      const [row] = await db.delete(authTokens).where(eq(authTokens.id, owner.tokenId)).returning({ tokenHash: authTokens.tokenHash });
      if (row) await broadcast({ tokenHash: row.tokenHash, tokenId: owner.tokenId });
    },

    /**
     * Ends every sign-in session of a user (and their open streams), or every other one when
     * `exceptTokenId` is given. Their API tokens stay, as a script's would on GitHub: the user
     * revokes those on their profile.
     */
    async revokeAllForUser(userId: number, exceptTokenId?: number): Promise<void> {
      const sessions = and(eq(authTokens.userId, userId), isNull(authTokens.name));
      await db.delete(authTokens).where(exceptTokenId === undefined ? sessions : and(sessions, ne(authTokens.id, exceptTokenId)));
      await broadcast(exceptTokenId === undefined ? { userId, ended: true } : { userId, ended: true, exceptTokenId });
    },

    /**
     * Calls `end` once when the session of `owner` ends (logout, password change, a revocation on
     * any instance, or its token gone at the next recheck); for streams, which outlive the request
     * that was checked. The returned function stops watching.
     */
    watch(owner: TokenOwner, end: () => void): () => void {
      const watcher = { owner, end };
      watchers.add(watcher);
      if (!recheck) {
        recheck = setInterval(() => void recheckStreams().catch(() => {}), STREAM_RECHECK_MS);
        recheck.unref();
      }
      return () => {
        if (!watchers.delete(watcher) || watchers.size > 0 || !recheck) return;
        clearInterval(recheck);
        recheck = null;
      };
    },

    /** Drops what this and every other process remembers of a user (after a profile change). */
    forgetUser: (userId: number) => broadcast({ userId }),
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
