import type { RouteConfig, RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { isPasswordTheEmail, PASSWORD_IS_EMAIL, type Invitation } from '../../../contract/account';
import { countAttempt as countRateLimited, INVITATION_ATTEMPTS } from '../../auth/rate-limit';
import { invitations, users } from '../../db/schema';
import { clientAddress } from '../../http/client-address';
import type { AppEnv } from '../../http/context';
import { DomainError } from '../../domain-errors';
import {
  findInvitationByToken,
  getInvitation,
  invitationStatus,
  listInvitations as listInvitationRows,
  NO_CONSOLE_ADDRESS,
  newInvitationToken,
  unusableInvitationMessage,
} from '../../services/invitations';
import { createUser, findUserByEmail, normalizeEmail, toUserResponse } from '../../services/users';
import type * as routes from './invitations.routes';

type Handler<R extends RouteConfig> = RouteHandler<R, AppEnv>;

/** The console's configured address (services/invitations.ts consoleAddress); refused before anything is written when there is none. */
function consoleOrigin(c: Context<AppEnv>): string {
  const configured = c.get('deps').publicUrl;
  if (!configured) throw new DomainError('unavailable', NO_CONSOLE_ADDRESS);
  return configured.replace(/\/+$/, '');
}

/** Emails the link when a mail server is configured; a failure is logged, and the console shows the link instead. */
async function deliver(c: Context<AppEnv>, invitation: Invitation, token: string, origin: string) {
  const acceptUrl = `${origin}/manage/accept-invite?token=${encodeURIComponent(token)}`;
  const { mailer, log } = c.get('deps');
  let emailSent = false;
  if (mailer) {
    const from = invitation.invitedBy?.name || invitation.invitedBy?.email || 'A colleague';
    try {
      await mailer.send({
        to: invitation.email,
        subject: `${from} invited you to Seedbed`,
        text: [
          `${from} invited you to Seedbed, the breeding and genomics pipeline console.`,
          ...(invitation.note ? ['', `“${invitation.note}”`] : []),
          '',
          'Create your account here (the link works once, for 7 days):',
          acceptUrl,
        ].join('\n'),
      });
      emailSent = true;
    } catch (error) {
      log.warn('Invitation email failed', { invitationId: invitation.id, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return { invitation, acceptUrl, emailSent };
}

async function loadOr404(c: Context<AppEnv>, id: number): Promise<Invitation> {
  const invitation = await getInvitation(c.get('deps').db, id);
  if (!invitation) throw new DomainError('not-found', `No invitation has id ${id}.`);
  return invitation;
}

export const listInvitations: Handler<typeof routes.listInvitations> = async (c) => {
  return c.json(await listInvitationRows(c.get('deps').db, c.req.valid('query')), 200);
};

export const createInvitation: Handler<typeof routes.createInvitation> = async (c) => {
  const { db } = c.get('deps');
  const body = c.req.valid('json');
  const origin = consoleOrigin(c);
  const email = normalizeEmail(body.email);
  if (await findUserByEmail(db, email)) {
    throw new DomainError('conflict', `${email} already has a Seedbed account.`, { email: 'This person already has an account' });
  }
  const { token, tokenHash, expiresAt } = newInvitationToken();
  // One invitation per email at a time: parallel requests for one email take turns (a lock per
  // email for the transaction), so the second finds the first one pending.
  const row = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`invitation:${email}`}))`);
    const pending = (await tx.select().from(invitations).where(eq(invitations.email, email))).find((candidate) => invitationStatus(candidate) === 'pending');
    if (pending) {
      throw new DomainError('conflict', `An invitation for ${email} is already pending. Resend it from the list instead.`, { email: 'An invitation is already pending' });
    }
    const [inserted] = await tx
      .insert(invitations)
      .values({ email, note: body.note, tokenHash, expiresAt, invitedById: c.get('user').id })
      .returning({ id: invitations.id });
    return inserted!;
  });
  return c.json(await deliver(c, await loadOr404(c, row.id), token, origin), 201);
};

export const resendInvitation: Handler<typeof routes.resendInvitation> = async (c) => {
  const { id } = c.req.valid('param');
  const current = await loadOr404(c, id);
  if (current.status === 'accepted' || current.status === 'revoked') {
    throw new DomainError('conflict', `This invitation was ${current.status}; it cannot be resent. Invite ${current.email} again instead.`);
  }
  const origin = consoleOrigin(c);
  const { token, tokenHash, expiresAt } = newInvitationToken();
  await c.get('deps').db.update(invitations).set({ tokenHash, expiresAt }).where(eq(invitations.id, id));
  return c.json(await deliver(c, await loadOr404(c, id), token, origin), 200);
};

export const revokeInvitation: Handler<typeof routes.revokeInvitation> = async (c) => {
  const { id } = c.req.valid('param');
  const current = await loadOr404(c, id);
  if (current.status === 'accepted') throw new DomainError('conflict', `${current.email} has already accepted this invitation.`);
  if (current.status !== 'revoked') {
    await c.get('deps').db.update(invitations).set({ revokedAt: new Date() }).where(eq(invitations.id, id));
  }
  return c.json(await loadOr404(c, id), 200);
};

/** Public calls with a token are rate-limited per address, so links cannot be guessed. */
async function countAttempt(c: Context<AppEnv>) {
  // Every attempt counts, whatever it turns out to be.
  await countRateLimited(c.get('deps').db, [{ rule: INVITATION_ATTEMPTS, key: clientAddress(c) }]);
}

async function usableInvitation(c: Context<AppEnv>, token: string) {
  const found = await findInvitationByToken(c.get('deps').db, token);
  const problem = unusableInvitationMessage(found?.invitation ?? null);
  if (problem) throw new DomainError(found ? 'gone' : 'not-found', problem);
  return found!;
}

export const lookUpInvitation: Handler<typeof routes.lookUpInvitation> = async (c) => {
  await countAttempt(c);
  const { invitation, inviter } = await usableInvitation(c, c.req.valid('query').token);
  return c.json({ email: invitation.email, expiresAt: invitation.expiresAt.toISOString(), invitedBy: inviter?.name || inviter?.email || null, note: invitation.note }, 200);
};

export const acceptInvitation: Handler<typeof routes.acceptInvitation> = async (c) => {
  await countAttempt(c);
  const body = c.req.valid('json');
  const { db, tokens } = c.get('deps');
  const { invitation } = await usableInvitation(c, body.token);
  if (isPasswordTheEmail(body.newPassword, invitation.email)) {
    throw new DomainError('invalid', `${PASSWORD_IS_EMAIL}.`, { newPassword: PASSWORD_IS_EMAIL });
  }
  if (await findUserByEmail(db, invitation.email)) {
    throw new DomainError('conflict', `${invitation.email} already has a Seedbed account. Sign in instead.`);
  }
  const user = await db.transaction(async (tx) => {
    // Claim the invitation first: of two simultaneous acceptances, only one gets a row back.
    const claimed = await tx
      .update(invitations)
      .set({ acceptedAt: new Date() })
      .where(and(eq(invitations.id, invitation.id), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
      .returning({ id: invitations.id });
    if (claimed.length === 0) throw new DomainError('gone', 'This invitation has already been used. Sign in with the account it created.');
    const created = await createUser(tx, { email: invitation.email, name: body.name, password: body.newPassword });
    await tx.update(invitations).set({ acceptedUserId: created.id }).where(eq(invitations.id, invitation.id));
    const [signedIn] = await tx.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, created.id)).returning();
    return signedIn!;
  });
  const token = await tokens.issue(user.id);
  return c.json({ token, user: toUserResponse(user) }, 201);
};
