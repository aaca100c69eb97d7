import type { RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { and, eq, ne } from 'drizzle-orm';
import { type ApiToken, isPasswordTheEmail, MAX_API_TOKENS, PASSWORD_IS_EMAIL } from '../../../contract/account';
import { type ApiTokenRow, pastExpiry } from '../../auth/tokens';
import { countAttempt, passwordCheckKeys } from '../../auth/rate-limit';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { users } from '../../db/schema';
import { clientAddress } from '../../http/client-address';
import type { AppEnv } from '../../http/context';
import { DomainError } from '../../domain-errors';
import { sqlState, UNIQUE_VIOLATION } from '../../db/errors';
import { normalizeEmail, toUserResponse } from '../../services/users';
import type { ChangePasswordRoute, CreateApiTokenRoute, GetProfileRoute, ListApiTokensRoute, RevokeApiTokenRoute, UpdateProfileRoute } from './profile.routes';

export const getProfile: RouteHandler<GetProfileRoute, AppEnv> = (c) => c.json(toUserResponse(c.get('user')), 200);

export const updateProfile: RouteHandler<UpdateProfileRoute, AppEnv> = async (c) => {
  const { db, tokens } = c.get('deps');
  const user = c.get('user');
  const body = c.req.valid('json');
  const email = normalizeEmail(body.email);
  const emailTaken = () => new DomainError('conflict', `Another account already uses ${email}.`, { email: 'Another account already uses this email' });
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, user.id)))
    .limit(1);
  if (taken) throw emailTaken();
  // Two people changing to one email at once: the unique index decides, and the loser hears why.
  const [updated] = await db
    .update(users)
    .set({ name: body.name, email })
    .where(eq(users.id, user.id))
    .returning()
    .catch((error: unknown) => {
      throw sqlState(error) === UNIQUE_VIOLATION ? emailTaken() : error;
    });
  await tokens.forgetUser(user.id);
  return c.json(toUserResponse(updated!), 200);
};

export const changePassword: RouteHandler<ChangePasswordRoute, AppEnv> = async (c) => {
  const { db, tokens } = c.get('deps');
  refuseApiToken(c, 'change the password');
  const user = c.get('user');
  const body = c.req.valid('json');
  // A wrong current password counts as a failed sign-in, so a stolen token cannot be used to guess it.
  const attempt = await countAttempt(db, passwordCheckKeys(user.email, clientAddress(c)));

  const [stored] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
  if (!stored || !(await verifyPassword(body.currentPassword, stored.passwordHash))) {
    throw new DomainError('invalid', 'The current password is not right.', { currentPassword: 'Current password is incorrect' });
  }
  if (isPasswordTheEmail(body.newPassword, user.email)) {
    throw new DomainError('invalid', `${PASSWORD_IS_EMAIL}.`, { newPassword: PASSWORD_IS_EMAIL });
  }
  await attempt.succeeded();
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(body.newPassword) })
    .where(eq(users.id, user.id));
  await tokens.revokeAllForUser(user.id, user.tokenId);
  return c.body(null, 204);
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * An API token may not make, revoke or change credentials: one that leaked for 7 days could
 * otherwise make itself a token that never expires, or revoke its owner's others. Those take a
 * sign-in with the password.
 */
function refuseApiToken(c: Context<AppEnv>, what: string) {
  const { tokenName } = c.get('user');
  if (tokenName !== null)
    throw new DomainError('forbidden', `This call was made with the API token ${tokenName}, which cannot ${what}: sign in to Seedbed with your password and do it under Settings → Profile.`);
}

function toApiToken(row: ApiTokenRow, now = Date.now()): ApiToken {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    expired: pastExpiry(row.expiresAt?.getTime() ?? null, now),
  };
}

export const listApiTokens: RouteHandler<ListApiTokensRoute, AppEnv> = async (c) => {
  const rows = await c.get('deps').tokens.listApiTokens(c.get('user').id);
  return c.json({ data: rows.map((row) => toApiToken(row)) }, 200);
};

export const createApiToken: RouteHandler<CreateApiTokenRoute, AppEnv> = async (c) => {
  const { tokens } = c.get('deps');
  const user = c.get('user');
  const { name, expiresInDays } = c.req.valid('json');
  refuseApiToken(c, 'create API tokens');
  const nameTaken = () =>
    new DomainError('conflict', `You already have an API token named ${name}: give this one another name, or revoke that one first.`, { name: 'You already have a token with this name' });
  const expiresAt = expiresInDays === null ? null : new Date(Date.now() + expiresInDays * DAY_MS);
  // A name the user already has, at once or not: the unique index decides, and the caller hears why.
  const issued = await tokens.issueApiToken(user.id, name, expiresAt, MAX_API_TOKENS).catch((error: unknown) => {
    throw sqlState(error) === UNIQUE_VIOLATION ? nameTaken() : error;
  });
  if (!issued) {
    throw new DomainError('conflict', `You have ${MAX_API_TOKENS} API tokens, the most one account may have: revoke the ones no script uses any more (the list shows when each was last used).`);
  }
  return c.json({ apiToken: toApiToken(issued.row), token: issued.token }, 201);
};

export const revokeApiToken: RouteHandler<RevokeApiTokenRoute, AppEnv> = async (c) => {
  refuseApiToken(c, 'revoke API tokens');
  const { id } = c.req.valid('param');
  // Another user's token is as unknown as one that never was.
  if (!(await c.get('deps').tokens.revokeApiToken(c.get('user').id, id))) throw new DomainError('not-found', `You have no API token with id ${id}.`);
  return c.body(null, 204);
};
