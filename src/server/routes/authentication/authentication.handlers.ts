import type { RouteHandler } from '@hono/zod-openapi';
import { eq, sql } from 'drizzle-orm';
import { countAttempt, passwordCheckKeys } from '../../auth/rate-limit';
import { decoyPasswordHash, verifyPassword } from '../../auth/passwords';
import { users } from '../../db/schema';
import { clientAddress } from '../../http/client-address';
import type { AppEnv } from '../../http/context';
import { DomainError } from '../../domain-errors';
import { findUserByEmail, normalizeEmail, toUserResponse } from '../../services/users';
import type { CheckRoute, LoginRoute, LogoutRoute } from './authentication.routes';

export const INVALID_CREDENTIALS = 'Invalid email or password.';

export const check: RouteHandler<CheckRoute, AppEnv> = (c) => c.json({ user: toUserResponse(c.get('user')) }, 200);

export const login: RouteHandler<LoginRoute, AppEnv> = async (c) => {
  const { db } = c.get('deps');
  const body = c.req.valid('json');
  const email = normalizeEmail(body.email);
  // Counted before the password is checked, so parallel guesses cannot all slip under the limit.
  const attempt = await countAttempt(db, passwordCheckKeys(email, clientAddress(c)));

  const user = await findUserByEmail(db, email);
  // The decoy hash keeps an unknown email as slow as a wrong password, so timing tells nothing.
  const passwordMatches = await verifyPassword(body.password, user?.passwordHash ?? (await decoyPasswordHash()));
  if (!user || !passwordMatches) throw new DomainError('unauthorized', INVALID_CREDENTIALS);

  await attempt.succeeded();
  // The sign-in before this one is what the user is shown: this one is now.
  const [signedIn] = await db
    .update(users)
    .set({ previousLoginAt: sql`${users.lastLoginAt}`, lastLoginAt: new Date() })
    .where(eq(users.id, user.id))
    .returning();
  const token = await c.get('deps').tokens.issue(user.id);
  return c.json({ token, user: toUserResponse(signedIn!) }, 200);
};

export const logout: RouteHandler<LogoutRoute, AppEnv> = async (c) => {
  await c.get('deps').tokens.revoke(c.get('user'));
  return c.body(null, 204);
};
