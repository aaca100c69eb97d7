import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../api';
import { invitations } from '../../db/schema';
import { silentLogger } from '../../log';
import type { MailMessage } from '../../mail';
import { consoleAddress, listensEverywhere, NO_CONSOLE_ADDRESS } from '../../services/invitations';
import { createTestApi, type TestApi } from '../../testing/test-api';

/** The address the server would give the API listening on HOST=127.0.0.1 without SEEDBED_PUBLIC_URL (server.ts). */
const LISTENING_ON = consoleAddress({ publicUrl: undefined, host: '127.0.0.1', port: 4321 });

let t: TestApi;
let token: string;
let inviterId: number;
beforeAll(async () => {
  t = await createTestApi();
  t.api.deps.publicUrl = LISTENING_ON;
  const inviter = await t.createTestUser({ name: 'Norman Borlaug' });
  inviterId = inviter.id;
  token = await t.signIn(inviter.email);
  // Opening the database takes long on a loaded machine.
}, 180_000);
afterAll(() => t.close());

let emailCount = 0;
function freshEmail() {
  emailCount += 1;
  return `invitee${emailCount}@example.org`;
}
const invite = (json: unknown, api = t.call) => api('/invitations', { method: 'POST', token, json });
const tokenOf = (acceptUrl: string) => new URL(acceptUrl).searchParams.get('token')!;
const accept = (json: Record<string, string>, headers: Record<string, string> = {}) => t.call('/invitations/accept', { method: 'POST', json, headers });
const lookUp = (linkToken: string, headers: Record<string, string> = {}) => t.call(`/invitations/lookup?token=${encodeURIComponent(linkToken)}`, { headers });

interface Issued {
  invitation: { id: number; email: string; status: string; expiresAt: string; createdAt: string; invitedBy: { id: number } };
  acceptUrl: string;
  emailSent: boolean;
}

describe('POST invitations', () => {
  it('creates a pending invitation valid for 7 days, with a link on the console and no email when SMTP is off', async () => {
    const email = freshEmail();
    const response = await invite({ email: email.toUpperCase(), note: 'Welcome to the wheat team' });
    expect(response.status).toBe(201);
    const body = (await response.json()) as Issued;
    expect(body.invitation).toMatchObject({ email, status: 'pending', invitedBy: { id: inviterId } });
    const days = (Date.parse(body.invitation.expiresAt) - Date.parse(body.invitation.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(7, 2);
    expect(body.acceptUrl).toMatch(/^http:\/\/127\.0\.0\.1:4321\/manage\/accept-invite\?token=[A-Za-z0-9_-]{43}$/);
    expect(body.emailSent).toBe(false);
    const [row] = await t.db.select().from(invitations).where(eq(invitations.id, body.invitation.id));
    expect(row!.tokenHash).not.toContain(tokenOf(body.acceptUrl));
  });

  it('builds the link from the configured address, never from the request’s Host or Origin header', async () => {
    const forged = await invite({ email: freshEmail() }, (path, init) =>
      t.call(`http://attacker.example${path}`, { ...init, headers: { Host: 'attacker.example', Origin: 'https://attacker.example', 'X-Forwarded-Host': 'attacker.example' } }),
    );
    expect(forged.status).toBe(201);
    const { acceptUrl } = (await forged.json()) as Issued;
    expect(new URL(acceptUrl).origin).toBe('http://127.0.0.1:4321');
  });

  it('links to the address npm start prints when the server listens on every interface without SEEDBED_PUBLIC_URL', () => {
    expect(consoleAddress({ publicUrl: undefined, host: '0.0.0.0', port: 4321 })).toBe('http://localhost:4321');
    expect(consoleAddress({ publicUrl: undefined, host: '::', port: 4321 })).toBe('http://localhost:4321');
    expect(listensEverywhere({ publicUrl: undefined, host: '0.0.0.0' })).toBe(true);
    expect(listensEverywhere({ publicUrl: 'https://seedbed.example.org', host: '0.0.0.0' })).toBe(false);
  });

  it('refuses to invite, saying to set SEEDBED_PUBLIC_URL, when an API has no console address', async () => {
    expect(consoleAddress({ publicUrl: undefined, host: '::1', port: 8080 })).toBe('http://[::1]:8080');
    expect(consoleAddress({ publicUrl: 'https://seedbed.example.org/', host: '0.0.0.0', port: 4321 })).toBe('https://seedbed.example.org');
    const unaddressed = createApi({ database: t.database, log: silentLogger, trustProxy: true, version: 'test', corsOrigins: [], publicUrl: undefined });
    const email = freshEmail();
    const response = await unaddressed.request('/invitations', {
      method: 'POST',
      headers: { Authorization: `token ${token}`, 'Content-Type': 'application/json', Origin: 'https://attacker.example' },
      body: JSON.stringify({ email }),
    });
    expect(response.status).toBe(503);
    expect(((await response.json()) as { message: string }).message).toBe(NO_CONSOLE_ADDRESS);
    expect(NO_CONSOLE_ADDRESS).toMatch(/set SEEDBED_PUBLIC_URL/);
    // Nothing was written: the same email can be invited once an address is known.
    expect(await t.db.select().from(invitations).where(eq(invitations.email, email))).toEqual([]);
  });

  it('sends the link by email when a mail server is configured', async () => {
    const sent: MailMessage[] = [];
    const api = createApi({
      database: t.database,
      log: silentLogger,
      trustProxy: true,
      version: 'test',
      corsOrigins: [],
      publicUrl: 'https://breeding.example.org',
      mailer: { send: async (message) => void sent.push(message) },
    });
    const email = freshEmail();
    const response = await api.request('/invitations', {
      method: 'POST',
      headers: { Authorization: `token ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, note: 'Hi' }),
    });
    const body = (await response.json()) as Issued;
    expect(body.emailSent).toBe(true);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: email, subject: 'Norman Borlaug invited you to Seedbed' });
    expect(sent[0]!.text).toContain(body.acceptUrl);
    expect(body.acceptUrl.startsWith('https://breeding.example.org/manage/accept-invite?token=')).toBe(true);
  });

  it('answers 409 for an email that already has an account, or an invitation pending', async () => {
    const existing = await t.createTestUser();
    const taken = await invite({ email: existing.email });
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as { message: string }).message).toBe(`${existing.email} already has a Seedbed account.`);
    const email = freshEmail();
    expect((await invite({ email })).status).toBe(201);
    expect((await invite({ email })).status).toBe(409);
  });

  it('creates one invitation when 20 requests for one email arrive at once; the rest get 409', async () => {
    const email = freshEmail();
    const statuses = await Promise.all(Array.from({ length: 20 }, async () => (await invite({ email })).status));
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    expect(await t.db.select().from(invitations).where(eq(invitations.email, email))).toHaveLength(1);
  });

  it.each([
    [{}, { email: 'Required' }],
    [{ email: 'nope' }, { email: 'Enter an email address such as name@example.org' }],
    [{ email: 'a@b.org', note: 'x'.repeat(1001) }, { note: 'At most 1000 characters' }],
  ])('answers 400 for %j', async (json, errors) => {
    const response = await invite(json);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: unknown }).errors).toEqual(errors);
  });
});

describe('accepting an invitation', () => {
  async function issued(): Promise<Issued> {
    return (await (await invite({ email: freshEmail() })).json()) as Issued;
  }
  const passwords = { newPassword: 'a long passphrase', confirmPassword: 'a long passphrase' };

  it('looks up the invited email, then creates the account, signs in, and refuses the link a second time', async () => {
    const { invitation, acceptUrl } = await issued();
    const linkToken = tokenOf(acceptUrl);
    const lookup = await lookUp(linkToken);
    expect(lookup.status).toBe(200);
    expect(await lookup.json()).toMatchObject({ email: invitation.email, invitedBy: 'Norman Borlaug' });

    const response = await accept({ token: linkToken, name: 'Ada Lovelace', ...passwords });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { token: string; user: { email: string; name: string } };
    expect(body.user).toMatchObject({ email: invitation.email, name: 'Ada Lovelace' });
    expect((await t.call('/authentication/check', { token: body.token })).status).toBe(200);

    const again = await accept({ token: linkToken, name: 'Someone Else', ...passwords });
    expect(again.status).toBe(410);
    expect(((await again.json()) as { message: string }).message).toMatch(/already been used/);
    expect((await lookUp(linkToken)).status).toBe(410);

    const list = (await (await t.call('/invitations?status=accepted&pageSize=1000', { token })).json()) as { data: Array<{ id: number }> };
    expect(list.data.map((row) => row.id)).toContain(invitation.id);
  });

  it('a resent invitation has a new link and the old one stops working', async () => {
    const { invitation, acceptUrl } = await issued();
    const resent = await t.call(`/invitations/${invitation.id}/resend`, { method: 'POST', token });
    expect(resent.status).toBe(200);
    const body = (await resent.json()) as Issued;
    expect(tokenOf(body.acceptUrl)).not.toBe(tokenOf(acceptUrl));
    expect((await lookUp(tokenOf(acceptUrl))).status).toBe(404);
    expect((await lookUp(tokenOf(body.acceptUrl))).status).toBe(200);
  });

  it('a revoked invitation is refused with a clear message and cannot be resent', async () => {
    const { invitation, acceptUrl } = await issued();
    const revoked = await t.call(`/invitations/${invitation.id}/revoke`, { method: 'POST', token });
    expect(revoked.status).toBe(200);
    expect(await revoked.json()).toMatchObject({ status: 'revoked' });
    const lookup = await lookUp(tokenOf(acceptUrl));
    expect(lookup.status).toBe(410);
    expect(((await lookup.json()) as { message: string }).message).toMatch(/withdrawn/);
    expect((await accept({ token: tokenOf(acceptUrl), name: 'X', ...passwords })).status).toBe(410);
    expect((await t.call(`/invitations/${invitation.id}/resend`, { method: 'POST', token })).status).toBe(409);
  });

  it('an expired invitation is refused, and resending it gives a working link', async () => {
    const { invitation, acceptUrl } = await issued();
    await t.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, invitation.id));
    const lookup = await lookUp(tokenOf(acceptUrl));
    expect(lookup.status).toBe(410);
    expect(((await lookup.json()) as { message: string }).message).toMatch(/expired on \d{4}-\d{2}-\d{2}/);
    const resent = (await (await t.call(`/invitations/${invitation.id}/resend`, { method: 'POST', token })).json()) as Issued;
    expect(resent.invitation.status).toBe('pending');
    expect((await lookUp(tokenOf(resent.acceptUrl))).status).toBe(200);
  });

  it('an unknown token is a 404 with a clear message', async () => {
    const response = await lookUp('A'.repeat(43));
    expect(response.status).toBe(404);
    expect(((await response.json()) as { message: string }).message).toMatch(/not valid/);
  });

  it.each([
    ['a short password', { newPassword: 'short', confirmPassword: 'short' }, { newPassword: 'Use at least 12 characters' }],
    ['a mismatched confirmation', { newPassword: 'a long passphrase', confirmPassword: 'another passphrase' }, { confirmPassword: 'Passwords do not match' }],
    ['no name', { name: ' ', newPassword: 'a long passphrase', confirmPassword: 'a long passphrase' }, { name: 'Required' }],
  ])('refuses %s with a field error and creates nothing', async (_, fields, errors) => {
    const { acceptUrl } = await issued();
    const response = await accept({ token: tokenOf(acceptUrl), name: 'Valid Name', ...fields });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: unknown }).errors).toEqual(errors);
    expect((await lookUp(tokenOf(acceptUrl))).status).toBe(200);
  });

  it('refuses the invited email as the password', async () => {
    const { invitation, acceptUrl } = await issued();
    const response = await accept({ token: tokenOf(acceptUrl), name: 'N', newPassword: invitation.email, confirmPassword: invitation.email });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: unknown }).errors).toEqual({ newPassword: 'The password must not be your email address' });
  });

  it('is rate-limited per address', async () => {
    const from = { 'X-Forwarded-For': '192.0.2.99' };
    let status = 0;
    for (let attempt = 0; attempt < 31 && status !== 429; attempt += 1) status = (await lookUp(`guess${attempt}`.padEnd(43, 'x'), from)).status;
    expect(status).toBe(429);
    const blocked = await accept({ token: 'x'.repeat(43), name: 'N', newPassword: 'a long passphrase', confirmPassword: 'a long passphrase' }, from);
    expect(blocked.status).toBe(429);
    expect(((await blocked.json()) as { message: string }).message).toMatch(/Too many invitation attempts.*Wait \d+ minutes?/);
    expect((await lookUp('y'.repeat(43), { 'X-Forwarded-For': '192.0.2.100' })).status).toBe(404);
  });
});

describe('GET invitations', () => {
  it('pages, filters by status and searches', async () => {
    // Its own rows: three pending invitations with a common mark, one of them revoked.
    const mark = `pager${Date.now()}`;
    const emails = ['a', 'b', 'c'].map((letter) => `${mark}-${letter}@example.org`);
    const ids: number[] = [];
    for (const email of emails) ids.push(((await (await invite({ email })).json()) as Issued).invitation.id);
    expect((await t.call(`/invitations/${ids[0]}/revoke`, { method: 'POST', token })).status).toBe(200);

    const response = await t.call(`/invitations?status=pending&pageSize=1&page=0&sort=email&order=desc&q=${mark}`, { token });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: Array<{ status: string; email: string }>; pagination: { currentPage: number; pageSize: number; totalCount: number; totalPages: number } };
    expect(body.pagination).toEqual({ currentPage: 0, pageSize: 1, totalCount: 2, totalPages: 2 });
    expect(body.data.map((row) => [row.email, row.status])).toEqual([[emails[2], 'pending']]);
    const second = (await (await t.call(`/invitations?status=pending&pageSize=1&page=1&sort=email&order=desc&q=${mark}`, { token })).json()) as { data: Array<{ email: string }> };
    expect(second.data.map((row) => row.email)).toEqual([emails[1]]);
    const revoked = (await (await t.call(`/invitations?status=revoked&q=${mark}`, { token })).json()) as { data: Array<{ email: string }> };
    expect(revoked.data.map((row) => row.email)).toEqual([emails[0]]);
    const search = (await (await t.call(`/invitations?q=${encodeURIComponent(`${mark}-b@`)}`, { token })).json()) as { data: Array<{ email: string }> };
    expect(search.data.map((row) => row.email)).toEqual([emails[1]]);
  });

  it.each(['page=-1', 'pageSize=1001', 'pageSize=0', 'sort=passwordHash', 'order=sideways', 'status=maybe', 'sort=email;drop table users'])('answers 400 for %s', async (query) => {
    const response = await t.call(`/invitations?${query}`, { token });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: Record<string, string> }).errors).toBeDefined();
  });
});
