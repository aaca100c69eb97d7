import { and, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { loginFailures } from '../db/schema';

export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

export interface LoginAttemptKey {
  email: string;
  address: string;
}

/** Minutes until the oldest failure in the window leaves it, when the limit is reached; otherwise null. */
export async function minutesUntilLoginAllowed(db: Database, key: LoginAttemptKey, now = new Date()): Promise<number | null> {
  const windowStart = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS);
  const failures = await db
    .select({ createdAt: loginFailures.createdAt })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, key.email), eq(loginFailures.address, key.address), gt(loginFailures.createdAt, windowStart)))
    .orderBy(loginFailures.createdAt);
  if (failures.length < LOGIN_FAILURE_LIMIT) return null;
  const oldest = failures[failures.length - LOGIN_FAILURE_LIMIT]!.createdAt;
  return Math.max(1, Math.ceil((oldest.getTime() + LOGIN_FAILURE_WINDOW_MS - now.getTime()) / 60_000));
}

export async function recordLoginFailure(db: Database, key: LoginAttemptKey): Promise<void> {
  await db.insert(loginFailures).values(key);
  // Keep the table small: rows older than the window no longer count.
  await db.delete(loginFailures).where(lt(loginFailures.createdAt, new Date(Date.now() - LOGIN_FAILURE_WINDOW_MS)));
}

export async function clearLoginFailures(db: Database, key: LoginAttemptKey): Promise<void> {
  await db.delete(loginFailures).where(and(eq(loginFailures.email, key.email), eq(loginFailures.address, key.address)));
}
