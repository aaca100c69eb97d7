import { randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNotNull, isNull, lte, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { INVITATION_LIFETIME_DAYS, type Invitation, type InvitationStatus } from '../../contract/account';
import type { LISTS, SortFieldOf } from '../../contract/list-definitions';
import type { Page } from '../../contract/paging';
import { hashToken } from '../auth/tokens';
import { type ListQuery, readPage, selectSource } from '../lists/list-service';
import type { Database } from '../db/client';
import { invitations, users } from '../db/schema';

export type InvitationRow = typeof invitations.$inferSelect;
const inviter = alias(users, 'inviter');

export function invitationStatus(row: InvitationRow, now = new Date()): InvitationStatus {
  if (row.acceptedAt) return 'accepted';
  if (row.revokedAt) return 'revoked';
  return row.expiresAt <= now ? 'expired' : 'pending';
}

function statusCondition(status: InvitationStatus, now: Date): SQL | undefined {
  switch (status) {
    case 'accepted':
      return isNotNull(invitations.acceptedAt);
    case 'revoked':
      return and(isNull(invitations.acceptedAt), isNotNull(invitations.revokedAt));
    case 'expired':
      return and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt), lte(invitations.expiresAt, now));
    case 'pending':
      return and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, now));
  }
}

function toResponse(row: InvitationRow, invitedBy: { id: number; name: string; email: string } | null): Invitation {
  return {
    id: row.id,
    email: row.email,
    note: row.note,
    status: invitationStatus(row),
    invitedBy,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

const selection = { invitation: invitations, inviter: { id: inviter.id, name: inviter.name, email: inviter.email } };

export async function getInvitation(db: Database, id: number): Promise<Invitation | null> {
  const [row] = await db.select(selection).from(invitations).leftJoin(inviter, eq(inviter.id, invitations.invitedById)).where(eq(invitations.id, id));
  return row ? toResponse(row.invitation, row.inviter) : null;
}

export async function listInvitations(db: Database, query: ListQuery<SortFieldOf<typeof LISTS.invitations>> & { status?: InvitationStatus | undefined }): Promise<Page<Invitation>> {
  const page = await readPage(
    query,
    {
      order: { columns: { createdAt: invitations.createdAt, expiresAt: invitations.expiresAt, email: invitations.email }, tieBreaker: invitations.id },
      search: [invitations.email, invitations.note],
      filters: [query.status ? statusCondition(query.status, new Date()) : undefined],
    },
    selectSource(
      () => db.select(selection).from(invitations).leftJoin(inviter, eq(inviter.id, invitations.invitedById)),
      () => db.select({ value: count() }).from(invitations),
    ),
  );
  return { ...page, data: page.data.map((row) => toResponse(row.invitation, row.inviter)) };
}

export function newInvitationToken(): { token: string; tokenHash: string; expiresAt: Date } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + INVITATION_LIFETIME_DAYS * 24 * 60 * 60 * 1000) };
}

export async function findInvitationByToken(db: Database, token: string) {
  const [row] = await db
    .select(selection)
    .from(invitations)
    .leftJoin(inviter, eq(inviter.id, invitations.invitedById))
    .where(eq(invitations.tokenHash, hashToken(token)))
    .limit(1);
  return row ?? null;
}

/** Why a link cannot be used, in words for the person holding it; null when it can. */
export function unusableInvitationMessage(row: InvitationRow | null): string | null {
  if (!row) return 'This invitation link is not valid. Check that you copied the whole link, or ask a colleague to invite you again.';
  switch (invitationStatus(row)) {
    case 'accepted':
      return 'This invitation has already been used. Sign in with the account it created.';
    case 'revoked':
      return 'This invitation was withdrawn. Ask a colleague to invite you again.';
    case 'expired':
      return `This invitation expired on ${row.expiresAt.toISOString().slice(0, 10)}. Ask a colleague to send you a new one.`;
    case 'pending':
      return null;
  }
}

/** Interfaces that name every address of the machine, not one a colleague could open. */
const EVERY_INTERFACE = new Set(['0.0.0.0', '::', '[::]']);
export const isEveryInterface = (host: string) => EVERY_INTERFACE.has(host);

/**
 * Where people open Seedbed, for the links in invitations: SEEDBED_PUBLIC_URL, else the address
 * this server was told to listen on (HOST and PORT); listening on every interface, the address
 * `npm start` prints (http://localhost:PORT), which works on this machine only (the start warns).
 * Never a request's Host or Origin header: whoever sends the request chooses those, and the link
 * would carry the invitation's token to their site.
 */
export function consoleAddress(config: { publicUrl: string | undefined; host: string; port: number }): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '');
  if (listensEverywhere(config)) return `http://localhost:${config.port}`;
  return `http://${config.host.includes(':') && !config.host.startsWith('[') ? `[${config.host}]` : config.host}:${config.port}`;
}

/** Whether invitation links fall back to http://localhost:PORT, which colleagues on other machines cannot open. */
export const listensEverywhere = (config: { publicUrl: string | undefined; host: string }) => !config.publicUrl && isEveryInterface(config.host);

/** Why no invitation link can be built, and the fix. */
export const NO_CONSOLE_ADDRESS =
  'Seedbed does not know the address people open it at, so it cannot build an invitation link that would work. Ask your administrator to set SEEDBED_PUBLIC_URL to that address (e.g. https://seedbed.example.org) and restart Seedbed.';
