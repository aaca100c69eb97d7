import { and, count, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateLimitHits } from '../db/schema';
import { DomainError } from '../domain-errors';

export interface RateLimitRule {
  /** What is counted, e.g. 'login-failure'. */
  scope: string;
  limit: number;
  windowMs: number;
  /** How the 429 names what was counted: "Too many {what}." */
  what: string;
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/**
 * Sign-in failures are counted three ways (OWASP ASVS 2.2.1): one account from one address, one
 * account from every address (a spread-out guess at one password), and one address across every
 * account (one machine trying many accounts).
 */
export const LOGIN_FAILURES: RateLimitRule = { scope: 'login-failure', limit: 10, windowMs: FIFTEEN_MINUTES, what: 'failed sign-in attempts for this email' };
export const ACCOUNT_LOGIN_FAILURES: RateLimitRule = { scope: 'login-failure-account', limit: 20, windowMs: FIFTEEN_MINUTES, what: 'failed sign-in attempts for this account from several addresses' };
export const ADDRESS_LOGIN_FAILURES: RateLimitRule = { scope: 'login-failure-address', limit: 30, windowMs: FIFTEEN_MINUTES, what: 'failed sign-in attempts from your network address' };
export const INVITATION_ATTEMPTS: RateLimitRule = { scope: 'invitation-attempt', limit: 30, windowMs: FIFTEEN_MINUTES, what: 'invitation attempts from your address' };

export interface RateLimitKey {
  rule: RateLimitRule;
  key: string;
}

/** The counters a password check counts against: per email + address, per email, per address. */
export function passwordCheckKeys(email: string, address: string): RateLimitKey[] {
  return [
    { rule: LOGIN_FAILURES, key: `${email} ${address}` },
    { rule: ACCOUNT_LOGIN_FAILURES, key: email },
    { rule: ADDRESS_LOGIN_FAILURES, key: address },
  ];
}

/** An attempt that was counted before it was evaluated. */
export interface CountedAttempt {
  /** The attempt succeeded: it no longer counts, and neither do earlier failures of the first key. */
  succeeded(): Promise<void>;
}

/**
 * Counts an attempt against every key *before* it is evaluated, then checks the counts. The hit
 * is committed before the count is read, so of any number of attempts racing in parallel, at most
 * `limit` see a count within the limit: each one's count includes every hit committed before it.
 * Over a limit, the attempt's own hits are taken back (a refused attempt does not lengthen the
 * wait) and a 429 with Retry-After is thrown. A failed attempt simply leaves its hits in place.
 */
export async function countAttempt(db: Database, keys: RateLimitKey[], now = new Date()): Promise<CountedAttempt> {
  const inserted = await db
    .insert(rateLimitHits)
    .values(keys.map(({ rule, key }) => ({ scope: rule.scope, key, createdAt: now })))
    .returning({ id: rateLimitHits.id });
  const ids = inserted.map((row) => row.id);
  for (const { rule, key } of keys) {
    const since = new Date(now.getTime() - rule.windowMs);
    const [row] = await db
      .select({ value: count() })
      .from(rateLimitHits)
      .where(and(eq(rateLimitHits.scope, rule.scope), eq(rateLimitHits.key, key), gt(rateLimitHits.createdAt, since)));
    if ((row?.value ?? 0) <= rule.limit) continue;
    await db.delete(rateLimitHits).where(inArray(rateLimitHits.id, ids));
    const minutes = await minutesUntilAllowed(db, rule, key, now);
    throw tooManyAttempts(rule, minutes ?? 1);
  }
  await forgetExpired(db, keys, now);
  return {
    async succeeded() {
      await db.delete(rateLimitHits).where(inArray(rateLimitHits.id, ids));
      const [first] = keys;
      if (first) await clearHits(db, first.rule, first.key);
    },
  };
}

/** The 429 a person reads, with the Retry-After it carries. */
export class TooManyAttemptsError extends DomainError {
  constructor(message: string, retryAfterSeconds: number) {
    super('too-many-attempts', message, undefined, retryAfterSeconds);
  }
}

function tooManyAttempts(rule: RateLimitRule, minutes: number): TooManyAttemptsError {
  return new TooManyAttemptsError(tooManyAttemptsMessage(rule.what, minutes), minutes * 60);
}

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

/** Keeps the table small: hits older than their window no longer count. */
async function forgetExpired(db: Database, keys: RateLimitKey[], now: Date): Promise<void> {
  for (const rule of new Set(keys.map(({ rule }) => rule))) {
    await db.delete(rateLimitHits).where(and(eq(rateLimitHits.scope, rule.scope), lt(rateLimitHits.createdAt, new Date(now.getTime() - rule.windowMs))));
  }
}

export async function clearHits(db: Database, rule: RateLimitRule, key: string): Promise<void> {
  await db.delete(rateLimitHits).where(and(eq(rateLimitHits.scope, rule.scope), eq(rateLimitHits.key, key)));
}

/** The sentence a 429 carries. */
export function tooManyAttemptsMessage(what: string, minutes: number): string {
  return `Too many ${what}. Wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;
}
