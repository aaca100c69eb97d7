import { eq } from 'drizzle-orm';
import type { User } from '../../contract/auth';
import { hashPassword } from '../auth/passwords';
import type { Database } from '../db/client';
import { users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The user as the API shows it: never the password hash. */
export function toUserResponse(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  };
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
