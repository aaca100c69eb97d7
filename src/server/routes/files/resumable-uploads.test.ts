import { serve, type ServerType } from '@hono/node-server';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredFile } from '../../../contract/files';
import { API_SECURITY_HEADERS, createApi } from '../../api';
import { silentLogger } from '../../log';
import { seedFileTypes } from '../../services/file-types';
import { createUser } from '../../services/users';
import { createFileStore, STAGING_FOLDER } from '../../storage/file-store';
import { storagesFor } from '../../storage/storage';
import { openTestDatabase } from '../../testing/test-database';
import { waitFor } from '../../testing/wait-for';

/**
 * Resumable uploads (tus) over real HTTP, as two users: one upload is reachable only by its
 * owner whatever the URL says, and the answers are the API's (headers, CORS, JSON errors).
 */

const CONSOLE_ORIGIN = 'https://console.example.org';
const PASSWORD = 'correct horse battery staple';
const VCF = fs.readFileSync('tests/fixtures/genomics/panel.vcf');
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

let database: Awaited<ReturnType<typeof openTestDatabase>>;
const servers: ServerType[] = [];
/** The API as shipped (no SEEDBED_CORS_ORIGINS), and one that lets the console's origin call it. */
let base = '';
let corsBase = '';
let victim = '';
let attacker = '';

/** The API on the test's database, served over HTTP. */
async function serveApi(corsOrigins: string[]): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-uploads-'));
  const staging = path.join(dataDir, STAGING_FOLDER);
  const files = createFileStore({ db: database.db, dataDir, storages: storagesFor(dataDir), maxUploadBytes: 100 * 1024 ** 3 });
  const api = createApi({ database, log: silentLogger, trustProxy: false, version: 'test', corsOrigins, dataDir, files });
  const server = await new Promise<ServerType>((resolve) => {
    const listening = serve({ fetch: api.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(listening));
  });
  servers.push(server);
  const at = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stagingFolders.set(at, staging);
  return at;
}

/** Each served API's staging folder, by its address. */
const stagingFolders = new Map<string, string>();
const stagingOf = (at: string) => stagingFolders.get(at)!;

async function signInNewUser(name: string): Promise<string> {
  const email = `${name}-${Date.now().toString(36)}@example.org`;
  await createUser(database.db, { email, name, password: PASSWORD });
  const response = await fetch(`${base}/authentication/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
  return ((await response.json()) as { token: string }).token;
}

// Opening a database takes long on a loaded machine: the hook may take longer than the default.
beforeAll(async () => {
  database = await openTestDatabase();
  await seedFileTypes(database.db);
  base = await serveApi([]);
  corsBase = await serveApi([CONSOLE_ORIGIN]);
  victim = await signInNewUser('victim');
  attacker = await signInNewUser('attacker');
}, 180_000);
afterAll(async () => {
  for (const server of servers) {
    (server as { closeAllConnections?: () => void }).closeAllConnections?.();
    server.close();
  }
  await database?.close();
});

const tus = (token: string, extra: Record<string, string> = {}) => ({ Authorization: `token ${token}`, 'Tus-Resumable': '1.0.0', ...extra });
const metadataOf = (name: string) => `name ${Buffer.from(name).toString('base64')}`;

async function create(token: string, name: string, length: number): Promise<{ url: string; id: string }> {
  const created = await fetch(`${base}/uploads`, { method: 'POST', headers: tus(token, { 'Upload-Length': String(length), 'Upload-Metadata': metadataOf(name) }) });
  expect(created.status).toBe(201);
  const url = new URL(created.headers.get('location')!, base).href;
  return { url, id: url.split('/').pop()! };
}

const patch = (url: string, token: string, offset: number, bytes: Uint8Array<ArrayBuffer>) =>
  fetch(url, { method: 'PATCH', headers: tus(token, { 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' }), body: bytes });

describe('one user cannot reach another’s upload through a crafted URL', () => {
  it('leaves the victim’s upload untouched by HEAD, PATCH and DELETE aimed at it through the query string', async () => {
    const bytes = new Uint8Array(VCF);
    const half = Math.floor(bytes.length / 2);
    const target = await create(victim, 'victim-panel.vcf', bytes.length);
    expect((await patch(target.url, victim, 0, bytes.slice(0, half))).status).toBe(204);
    const own = await create(attacker, 'attacker.vcf', bytes.length);

    const forged = new Uint8Array(Buffer.from('#CHROM injected by someone else\n'.repeat(4)));
    const crafted = [`${base}/uploads/x?y=/${target.id}`, `${base}/uploads?y=/${target.id}`, `${own.url}?y=/${target.id}`, `${base}/uploads/x%3Fy=%2F${target.id}`];
    for (const url of crafted) {
      const head = await fetch(url, { method: 'HEAD', headers: tus(attacker) });
      expect(head.headers.get('upload-offset'), url).not.toBe(String(half));
      const write = await patch(url, attacker, half, forged);
      expect(write.status, url).not.toBe(204);
      // Through the attacker's own address this deletes the attacker's own upload, which is theirs to delete.
      await fetch(url, { method: 'DELETE', headers: tus(attacker) });
    }

    const head = await fetch(target.url, { method: 'HEAD', headers: tus(victim) });
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(half));
    const last = await patch(target.url, victim, half, bytes.slice(half));
    expect(last.status).toBe(200);
    const stored = (await last.json()) as StoredFile;
    expect(stored).toMatchObject({ name: 'victim-panel.vcf', sizeBytes: bytes.length, sha256: sha256(bytes) });
  });

  it('answers the other user’s plain requests for it with a JSON 404', async () => {
    const target = await create(victim, 'victim-only.vcf', 100);
    for (const method of ['HEAD', 'DELETE'] as const) {
      expect((await fetch(target.url, { method, headers: tus(attacker) })).status).toBe(404);
    }
    const write = await patch(target.url, attacker, 0, new Uint8Array(10));
    expect(write.status).toBe(404);
    expect(write.headers.get('content-type')).toMatch(/application\/json/);
    expect(((await write.json()) as { message: string }).message).toMatch(/No upload .*start the upload again/i);
    expect((await fetch(target.url, { method: 'HEAD', headers: tus(victim) })).headers.get('upload-offset')).toBe('0');
  });
});

describe('upload answers are the API’s', () => {
  it('carry the API’s security headers, on success and on failure', async () => {
    const created = await fetch(`${base}/uploads`, { method: 'POST', headers: tus(victim, { 'Upload-Length': '10', 'Upload-Metadata': metadataOf('headers.vcf') }) });
    const head = await fetch(new URL(created.headers.get('location')!, base), { method: 'HEAD', headers: tus(victim) });
    const missing = await fetch(`${base}/uploads/0123456789abcdef`, { method: 'HEAD', headers: tus(victim) });
    for (const response of [created, head, missing]) {
      for (const [name, value] of API_SECURITY_HEADERS) expect(response.headers.get(name), `${response.status} ${name}`).toBe(value);
      expect(response.headers.get('x-request-id')).toBeTruthy();
    }
  });

  it('allow only the origins of SEEDBED_CORS_ORIGINS, as the API does', async () => {
    const from = (origin: string, at = corsBase) =>
      fetch(`${at}/uploads`, { method: 'POST', headers: tus(victim, { Origin: origin, 'Upload-Length': '10', 'Upload-Metadata': metadataOf('cors.vcf') }) });
    expect((await from(CONSOLE_ORIGIN, base)).headers.get('access-control-allow-origin')).toBeNull();
    const stranger = await from('https://evil.example');
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
    const console = await from(CONSOLE_ORIGIN);
    expect(console.headers.get('access-control-allow-origin')).toBe(CONSOLE_ORIGIN);
    expect(console.headers.get('access-control-expose-headers')).toMatch(/Location/i);
    const preflight = await fetch(`${corsBase}/uploads`, { method: 'OPTIONS', headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' } });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answer errors as JSON with a message that says what to do', async () => {
    const noProtocol = await fetch(`${base}/uploads`, { method: 'POST', headers: { Authorization: `token ${victim}`, 'Upload-Length': '10' } });
    expect(noProtocol.status).toBe(412);
    expect(noProtocol.headers.get('content-type')).toMatch(/application\/json/);
    expect(((await noProtocol.json()) as { message: string }).message).toMatch(/Tus-Resumable: 1\.0\.0/);

    const badHeader = await fetch(`${base}/uploads`, { method: 'POST', headers: tus(victim, { 'Upload-Length': 'ten' }) });
    expect(badHeader.status).toBe(400);
    expect(badHeader.headers.get('content-type')).toMatch(/application\/json/);
    expect(((await badHeader.json()) as { message: string }).message).toMatch(/Upload-Length/);

    const gone = await patch(`${base}/uploads/0123456789abcdef0123456789abcdef`, victim, 0, new Uint8Array(4));
    expect(gone.status).toBe(404);
    expect(gone.headers.get('content-type')).toMatch(/application\/json/);
  });

  it('say that a write went past the length the upload declared, not past the server’s limit', async () => {
    const upload = await create(victim, 'declared.vcf', 10);
    const write = await patch(upload.url, victim, 0, new Uint8Array(20));
    expect(write.status).toBe(413);
    expect(write.headers.get('content-type')).toMatch(/application\/json/);
    const { message } = (await write.json()) as { message: string };
    expect(message).toMatch(/10 bytes .*Upload-Length/);
    expect(message).not.toMatch(/MB|SEEDBED_MAX_UPLOAD_MB/);
  });

  it('say so too when the body has no Content-Length and only grows past the declared length as it streams', async () => {
    const upload = await create(victim, 'streamed-past.vcf', 10);
    const chunks = [new Uint8Array(6), new Uint8Array(6)];
    const body = new ReadableStream({
      pull(controller) {
        const next = chunks.shift();
        if (next) controller.enqueue(next);
        else controller.close();
      },
    });
    const write = await fetch(upload.url, {
      method: 'PATCH',
      headers: tus(victim, { 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }),
      body,
      duplex: 'half',
    } as RequestInit);
    expect(write.status).toBe(413);
    expect(((await write.json()) as { message: string }).message).toMatch(/10 bytes .*Upload-Length/);
    const head = await fetch(upload.url, { method: 'HEAD', headers: tus(victim) });
    expect(Number(head.headers.get('upload-offset'))).toBeLessThanOrEqual(10);
  });
});

describe('a finished upload whose answer was lost', () => {
  it('is complete when asked again, naming the file it became, so the client does not send and store it twice', async () => {
    const bytes = new Uint8Array(VCF);
    const upload = await create(victim, 'answer-lost.vcf', bytes.length);
    const last = await patch(upload.url, victim, 0, bytes);
    expect(last.status).toBe(200);
    const stored = (await last.json()) as StoredFile;

    // The client paused as the last bytes arrived and never read that answer: on resuming, it asks with HEAD.
    const head = await fetch(upload.url, { method: 'HEAD', headers: tus(victim) });
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(bytes.length));
    expect(head.headers.get('upload-length')).toBe(String(bytes.length));
    expect(head.headers.get('seedbed-file-id')).toBe(String(stored.id));
    const file = await fetch(`${base}/files/${stored.id}`, { headers: { Authorization: `token ${victim}` } });
    expect(((await file.json()) as StoredFile).sha256).toBe(sha256(bytes));

    // Nobody else learns what it became.
    const other = await fetch(upload.url, { method: 'HEAD', headers: tus(attacker) });
    expect(other.status).toBe(404);
    expect(other.headers.get('seedbed-file-id')).toBeNull();
  });

  it('lets a browser on another origin read the file id', async () => {
    const preflight = await fetch(`${corsBase}/uploads/${'0'.repeat(32)}`, { method: 'OPTIONS', headers: { Origin: CONSOLE_ORIGIN, 'Access-Control-Request-Method': 'HEAD' } });
    const head = await fetch(`${corsBase}/uploads/${'0'.repeat(32)}`, { method: 'HEAD', headers: { ...tus(victim), Origin: CONSOLE_ORIGIN } });
    expect(preflight.status).toBeLessThan(300);
    expect(head.headers.get('access-control-expose-headers')).toMatch(/Seedbed-File-Id/i);
  });
});

describe('a PATCH whose client stalls', () => {
  it('gives way to the next request for its upload, keeping the bytes it brought, and the upload finishes from there', async () => {
    const bytes = new Uint8Array(VCF);
    const half = Math.floor(bytes.length / 2);
    const upload = await create(victim, 'stalled.vcf', bytes.length);
    // Half the bytes, on a connection that stays open as if the rest were coming.
    const stalled = http.request(upload.url, {
      method: 'PATCH',
      headers: tus(victim, { 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream', 'Content-Length': String(bytes.length) }),
    });
    const stalledAnswer = new Promise<number>((resolve) => {
      stalled.on('response', (response) => resolve(response.statusCode ?? 0));
      stalled.on('error', () => resolve(0));
    });
    stalled.write(bytes.subarray(0, half));
    const staged = path.join(stagingOf(base), 'resumable', upload.id);
    await waitFor(
      async () => fs.statSync(staged).size,
      (size) => size === half,
      10_000,
    );

    // HEAD takes the upload's lock: the stalled request stops writing and lets go of it.
    const head = await fetch(upload.url, { method: 'HEAD', headers: tus(victim) });
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(half));
    expect(await stalledAnswer).not.toBe(200);
    stalled.destroy();

    const last = await patch(upload.url, victim, half, bytes.slice(half));
    expect(last.status).toBe(200);
    expect(((await last.json()) as StoredFile).sha256).toBe(sha256(bytes));
  });
});
