import { eq } from 'drizzle-orm';
import type { User } from '../../contract/auth';
import { hashPassword } from '../auth/passwords';
import type { Database } from '../db/client';
import { users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

// The session check shows the same row (the token cache's) on every call: its dates are written once.
const shown = new WeakMap<UserRow, Readonly<User>>();

/** The user as the API shows it: never the password hash. Made once per row, and frozen. */
export function toUserResponse(row: UserRow): Readonly<User> {
  let user = shown.get(row);
  if (!user) {
    user = Object.freeze({
      id: row.id,
      email: row.email,
      name: row.name,
      createdAt: row.createdAt.toISOString(),
      // "Last sign-in" to the user signed in: the one before this session's (contract/auth.ts).
      lastLoginAt: row.previousLoginAt?.toISOString() ?? null,
    });
    shown.set(row, user);
  }
  return user;
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  return row;
}

export async function createUser(db: Database, input: { email: string; name: string; password: string }): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ email: normalizeEmail(input.email), name: input.name.trim(), passwordHash: await hashPassword(input.password) })
    .returning();
  return row!;
}
