import { and, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateLimitHits } from '../db/schema';

export interface RateLimitRule {
  /** What is counted, e.g. 'login-failure'. */
  scope: string;
  limit: number;
  windowMs: number;
}

export const LOGIN_FAILURES: RateLimitRule = { scope: 'login-failure', limit: 10, windowMs: 15 * 60 * 1000 };
export const INVITATION_ATTEMPTS: RateLimitRule = { scope: 'invitation-attempt', limit: 30, windowMs: 15 * 60 * 1000 };

/** Whole minutes until the key is under its limit again, or null when it is under it now. */
export async function minutesUntilAllowed(db: Database, rule: RateLimitRule, key: string, now = new Date()): Promise<number | null> {
  const hits = await db
    .select({ createdAt: rateLimitHits.createdAt })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.scope, rule.scope), eq(rateLimitHits.key, key), gt(rateLimitHits.createdAt, new Date(now.getTime() - rule.windowMs))))
    .orderBy(rateLimitHits.createdAt);
  if (hits.length < rule.limit) return null;
  const oldestCounted = hits[hits.length - rule.limit]!.createdAt;
  return Math.max(1, Math.ceil((oldestCounted.getTime() + rule.windowMs - now.getTime()) / 60_000));
}

export async function recordHit(db: Database, rule: RateLimitRule, key: string): Promise<void> {
  await db.insert(rateLimitHits).values({ scope: rule.scope, key });
  // Keep the table small: hits older than the window no longer count.
  await db.delete(rateLimitHits).where(and(eq(rateLimitHits.scope, rule.scope), lt(rateLimitHits.createdAt, new Date(Date.now() - rule.windowMs))));
}

export async function clearHits(db: Database, rule: RateLimitRule, key: string): Promise<void> {
  await db.delete(rateLimitHits).where(and(eq(rateLimitHits.scope, rule.scope), eq(rateLimitHits.key, key)));
}

/** The sentence a 429 carries. */
export function tooManyAttemptsMessage(what: string, minutes: number): string {
  return `Too many ${what}. Wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;
}
