import type { RouteHandler } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { clearLoginFailures, minutesUntilLoginAllowed, recordLoginFailure } from '../../auth/login-throttle';
import { decoyPasswordHash, verifyPassword } from '../../auth/passwords';
import { users } from '../../db/schema';
import { clientAddress } from '../../http/client-address';
import type { AppEnv } from '../../http/context';
import { ApiError } from '../../http/errors';
import { findUserByEmail, normalizeEmail, toUserResponse } from '../../services/users';
import type { CheckRoute, LoginRoute, LogoutRoute } from './authentication.routes';

export const INVALID_CREDENTIALS = 'Invalid email or password.';

export const check: RouteHandler<CheckRoute, AppEnv> = (c) => c.json({ user: toUserResponse(c.get('user')) }, 200);

export const login: RouteHandler<LoginRoute, AppEnv> = async (c) => {
  const { db } = c.get('deps');
  const body = c.req.valid('json');
  const attempt = { email: normalizeEmail(body.email), address: clientAddress(c) };

  const waitMinutes = await minutesUntilLoginAllowed(db, attempt);
  if (waitMinutes !== null) {
    c.header('Retry-After', String(waitMinutes * 60));
    throw new ApiError(
      429,
      `Too many failed sign-in attempts for this email. Wait ${waitMinutes} minute${waitMinutes === 1 ? '' : 's'} and try again.`,
    );
  }

  const user = await findUserByEmail(db, attempt.email);
  // The decoy hash keeps an unknown email as slow as a wrong password, so timing tells nothing.
  const passwordMatches = await verifyPassword(body.password, user?.passwordHash ?? (await decoyPasswordHash()));
  if (!user || !passwordMatches) {
    await recordLoginFailure(db, attempt);
    throw new ApiError(401, INVALID_CREDENTIALS);
  }

  await clearLoginFailures(db, attempt);
  const [signedIn] = await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id)).returning();
  const token = await c.get('deps').tokens.issue(user.id);
  return c.json({ token, user: toUserResponse(signedIn!) }, 200);
};

export const logout: RouteHandler<LogoutRoute, AppEnv> = async (c) => {
  await c.get('deps').tokens.revoke(c.get('user'));
  return c.body(null, 204);
};
