import { createHash, randomBytes } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { authTokens, users } from '../db/schema';

export const TOKEN_IDLE_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000;
/** last_used_at is refreshed at most this often, so that a busy client does not write on every call. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Creates a token for the user; returns the token itself, which is never stored. */
export async function issueToken(db: Database, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(authTokens).values({ userId, tokenHash: hashToken(token) });
  return token;
}

export type TokenOwner = typeof users.$inferSelect & { tokenId: number };

/** The user a token belongs to, or null when the token is unknown, revoked or idle for 14 days. */
export async function findTokenOwner(db: Database, token: string, now = new Date()): Promise<TokenOwner | null> {
  const [row] = await db
    .select({ user: users, tokenId: authTokens.id, lastUsedAt: authTokens.lastUsedAt })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(eq(authTokens.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) return null;
  const idle = now.getTime() - row.lastUsedAt.getTime();
  if (idle > TOKEN_IDLE_LIFETIME_MS) {
    await db.delete(authTokens).where(eq(authTokens.id, row.tokenId));
    return null;
  }
  if (idle > TOUCH_INTERVAL_MS) {
    await db.update(authTokens).set({ lastUsedAt: now }).where(eq(authTokens.id, row.tokenId));
  }
  return { ...row.user, tokenId: row.tokenId };
}

export async function revokeToken(db: Database, tokenId: number): Promise<void> {
  await db.delete(authTokens).where(eq(authTokens.id, tokenId));
}

/** Housekeeping: drops tokens idle for longer than their lifetime. */
export async function deleteExpiredTokens(db: Database, now = new Date()): Promise<void> {
  await db.delete(authTokens).where(lt(authTokens.lastUsedAt, new Date(now.getTime() - TOKEN_IDLE_LIFETIME_MS)));
}
