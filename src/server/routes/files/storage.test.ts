import { serve, type ServerType } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileUse, StoredFile } from '../../../contract/files';
import { files, runs } from '../../db/schema';
import { seedFileTypes } from '../../services/file-types';
import { STAGING_FOLDER } from '../../storage/file-store';
import { startS3Server } from '../../testing/s3-server';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { waitFor } from '../../testing/wait-for';

/**
 * Every point of file storage, once on each implementation: the data folder, and an S3 bucket on
 * a real S3-protocol server (s3rver) reached through the AWS SDK.
 */

const MAX_BYTES = 1024 * 1024;
const VCF = fs.readFileSync('tests/fixtures/genomics/panel.vcf');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** A VCF of about `size` bytes: the panel's header and its data lines repeated. */
function vcfOfSize(size: number): Buffer {
  const text = VCF.toString();
  const header = text.slice(0, text.indexOf('\n', text.indexOf('#CHROM')) + 1);
  const body = text.slice(header.length);
  return Buffer.from(header + body.repeat(Math.ceil(size / body.length))).subarray(0, size);
}

describe.each(['folder', 's3'] as const)('file storage in a %s', (kind) => {
  let t: TestApi;
  let token: string;
  let s3: Awaited<ReturnType<typeof startS3Server>> | undefined;
  let server: ServerType;
  let base = '';

  beforeAll(async () => {
    s3 = kind === 's3' ? await startS3Server() : undefined;
    t = await createTestApi({ files: { maxUploadBytes: MAX_BYTES, ...(s3 ? { s3: s3.options } : {}) } });
    await seedFileTypes(t.db);
    token = await t.signInNewUser();
    server = await new Promise<ServerType>((resolve) => {
      const listening = serve({ fetch: t.api.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(listening));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.close();
    await t?.close();
    await s3?.close();
  });

  const auth = () => ({ Authorization: `token ${token}` });
  const post = (name: string, body: BodyInit, query = '') =>
    t.call(`/files?name=${encodeURIComponent(name)}${query}`, { method: 'POST', token, body, headers: { 'Content-Type': 'application/octet-stream' } });
  const rowsNamed = (name: string) => t.db.select().from(files).where(eq(files.name, name));
  const staged = () => fs.readdirSync(path.join(t.dataDir, STAGING_FOLDER)).filter((entry) => entry !== 'resumable');
  /** Whether the bytes under a file's key are in storage. */
  const inStorage = (key: string) => (kind === 's3' ? s3!.keys().includes(`seedbed/${key}`) : fs.existsSync(path.join(t.dataDir, key)));
  const keyOf = async (id: number) => (await t.db.select({ key: files.storagePath }).from(files).where(eq(files.id, id)))[0]!.key;

  it('streams an upload into storage with its SHA-256, and serves it back', async () => {
    const response = await post('storage-panel.vcf', new Uint8Array(VCF));
    expect(response.status).toBe(201);
    const stored = (await response.json()) as StoredFile;
    expect(stored).toMatchObject({ name: 'storage-panel.vcf', sizeBytes: VCF.length, sha256: sha256(VCF), fileTypeName: 'VCF', location: kind === 's3' ? 's3' : 'local' });
    expect(inStorage(await keyOf(stored.id))).toBe(true);
    const download = await t.call(`/files/${stored.id}/download`, { token });
    expect(Buffer.from(await download.arrayBuffer()).equals(VCF)).toBe(true);
    expect(staged()).toEqual([]);
  });

  it('answers 413 to a declared size over SEEDBED_MAX_UPLOAD_MB before reading it, and to a stream that grows past it, keeping nothing', async () => {
    const declared = await t.api.request('/files?name=too-big-declared.vcf', { method: 'POST', headers: { ...auth(), 'Content-Length': String(MAX_BYTES + 1) }, body: new Uint8Array(10) });
    expect(declared.status).toBe(413);
    expect(((await declared.json()) as { message: string }).message).toMatch(/files are limited to 1 MB on this server.*SEEDBED_MAX_UPLOAD_MB/);
    // No Content-Length (chunked): counted as the bytes arrive.
    const big = vcfOfSize(MAX_BYTES + 64 * 1024);
    const stream = new ReadableStream({
      start(controller) {
        for (let offset = 0; offset < big.length; offset += 64 * 1024) controller.enqueue(new Uint8Array(big.subarray(offset, offset + 64 * 1024)));
        controller.close();
      },
    });
    const streamed = await t.api.request('/files?name=too-big-streamed.vcf', { method: 'POST', headers: auth(), body: stream, duplex: 'half' } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await rowsNamed('too-big-streamed.vcf')).toEqual([]);
    expect(staged()).toEqual([]);
  });

  it('refuses a VCF whose #CHROM line ends in a tab, naming the fix, and keeps nothing', async () => {
    const text = VCF.toString().replace(/^(#CHROM.*)$/m, '$1\t');
    const response = await post('trailing-tab.vcf', text);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/trailing-tab\.vcf is not a VCF file: sample \d+ of its #CHROM line has an empty name .*remove the extra tab/);
    expect(await rowsNamed('trailing-tab.vcf')).toEqual([]);
    expect(staged()).toEqual([]);
    if (s3) expect(s3.keys().filter((key) => key.endsWith('trailing-tab.vcf'))).toEqual([]);
  });

  it('refuses a CSV of a chosen type that lacks a required column', async () => {
    const types = (await (await t.call('/file-types?pageSize=100', { token })).json()) as { data: Array<{ id: number; name: string }> };
    const knownQtl = types.data.find((type) => type.name === 'known-QTL CSV')!;
    const response = await post('qtl-missing-effect.csv', 'marker,chromosome,position,trait\nm1,1,100,yield\n', `&fileTypeId=${knownQtl.id}`);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(
      'A known-QTL CSV needs the column effect in its header row; qtl-missing-effect.csv lacks it. Add it, or choose another file type.',
    );
    expect(await rowsNamed('qtl-missing-effect.csv')).toEqual([]);
    // A trial of one environment is told how to fill the column it lacks.
    const trialType = types.data.find((type) => type.name === 'field trial CSV')!;
    const trial = await post('trial_2026.csv', 'accession,plot,block,yield_t_ha\nACC1,P1,1,5.2\n', `&fileTypeId=${trialType.id}`);
    expect(((await trial.json()) as { message: string }).message).toBe(
      'A field trial CSV needs the column environment (or studyName, trial_name) in its header row; trial_2026.csv lacks it. Add it (one trial: the same environment, such as site and year, on every row), or choose another file type.',
    );
    // A Breedbase download names them germplasmName and studyName: stored as it is, and found as a field trial without a type chosen.
    const download = await post('breedbase_plots.csv', 'studyYear,studyName,germplasmName,replicate,plotNumber,yield\n2025,ARS-2025,ACC1,1,101,5.2\n', '');
    expect(download.status, await download.clone().text()).toBe(201);
    expect(((await download.json()) as { fileTypeName: string }).fileTypeName).toBe('field trial CSV');
  });

  it('leaves nothing behind when an upload is cut off midway', async () => {
    let sent = 0;
    const cut = new ReadableStream({
      pull(controller) {
        if (sent >= 3) return controller.error(new Error('connection reset'));
        controller.enqueue(new Uint8Array(vcfOfSize(32 * 1024)));
        sent += 1;
      },
    });
    await Promise.resolve(t.api.request('/files?name=cut-off.vcf', { method: 'POST', headers: auth(), body: cut, duplex: 'half' } as RequestInit)).catch(() => undefined);
    expect(await rowsNamed('cut-off.vcf')).toEqual([]);
    expect(staged()).toEqual([]);
    if (s3) expect(s3.keys().filter((key) => key.endsWith('cut-off.vcf'))).toEqual([]);
  });

  it.each([
    ['a path that climbs out', '../../../../etc/climb.vcf', 'climb.vcf'],
    ['Windows folders', 'C:\\Users\\breeder\\windows.vcf', 'windows.vcf'],
    ['a very long name', `${'ü'.repeat(300)}.vcf`, `${'ü'.repeat(300)}.vcf`],
  ])('stores %s safely inside storage', async (_, given, kept) => {
    const response = await post(given, new Uint8Array(VCF));
    expect(response.status).toBe(201);
    const stored = (await response.json()) as StoredFile;
    expect(stored.name).toBe(kept);
    const key = await keyOf(stored.id);
    expect(key).toMatch(/^files\/[0-9a-f-]{36}\/[^/]+$/);
    expect(Buffer.byteLength(path.posix.basename(key))).toBeLessThanOrEqual(255);
    expect(inStorage(key)).toBe(true);
  });

  it.each([
    ['an empty name', ''],
    ['a name that is only dots', '..'],
  ])('refuses %s with 400', async (_, name) => {
    const response = await post(name, new Uint8Array(VCF));
    expect(response.status).toBe(400);
  });

  it('resumes a tus upload cut at half way, sending again less than one chunk', async () => {
    const bytes = vcfOfSize(600 * 1024);
    const metadata = `name ${Buffer.from('resumed.vcf').toString('base64')}`;
    const created = await fetch(`${base}/uploads`, { method: 'POST', headers: { ...auth(), 'Tus-Resumable': '1.0.0', 'Upload-Length': String(bytes.length), 'Upload-Metadata': metadata } });
    expect(created.status).toBe(201);
    const location = new URL(created.headers.get('location')!, base).href;
    const stagedBytes = () => fs.statSync(path.join(t.dataDir, STAGING_FOLDER, 'resumable', path.basename(new URL(location).pathname))).size;
    // The first half is sent, then the connection drops in the middle of the second request.
    const half = bytes.length / 2;
    const first = await fetch(location, {
      method: 'PATCH',
      headers: { ...auth(), 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      body: new Uint8Array(bytes.subarray(0, half)),
    });
    expect(first.status).toBe(204);
    const abort = new AbortController();
    const chunk = 64 * 1024;
    let offset = half;
    const dropping = new ReadableStream({
      async pull(controller) {
        if (offset >= half + chunk * 2) {
          // The connection drops once the server has written some of this request's bytes.
          await waitFor(
            async () => stagedBytes(),
            (bytes) => bytes > half,
            10_000,
          );
          abort.abort();
          return;
        }
        controller.enqueue(new Uint8Array(bytes.subarray(offset, offset + chunk)));
        offset += chunk;
      },
    });
    await fetch(location, {
      method: 'PATCH',
      headers: { ...auth(), 'Tus-Resumable': '1.0.0', 'Upload-Offset': String(half), 'Content-Type': 'application/offset+octet-stream' },
      body: dropping,
      duplex: 'half',
      signal: abort.signal,
    } as RequestInit).catch(() => undefined);
    // HEAD takes the upload's lock: it answers once the cut request has stopped writing.
    const head = await fetch(location, { method: 'HEAD', headers: { ...auth(), 'Tus-Resumable': '1.0.0' } });
    const resumeAt = Number(head.headers.get('upload-offset'));
    expect(resumeAt).toBeGreaterThanOrEqual(half);
    // What was sent before the drop and is sent again: less than one chunk.
    expect(offset - resumeAt).toBeLessThan(chunk * 2);
    const last = await fetch(location, {
      method: 'PATCH',
      headers: { ...auth(), 'Tus-Resumable': '1.0.0', 'Upload-Offset': String(resumeAt), 'Content-Type': 'application/offset+octet-stream' },
      body: new Uint8Array(bytes.subarray(resumeAt)),
    });
    expect(last.status).toBe(200);
    const stored = (await last.json()) as StoredFile;
    expect(stored).toMatchObject({ name: 'resumed.vcf', sizeBytes: bytes.length, sha256: sha256(bytes), fileTypeName: 'VCF' });
    expect(inStorage(await keyOf(stored.id))).toBe(true);
    // Another user cannot see or continue someone's upload.
    const stranger = await t.signInNewUser();
    const other = await fetch(`${base}/uploads`, { method: 'POST', headers: { ...auth(), 'Tus-Resumable': '1.0.0', 'Upload-Length': '10', 'Upload-Metadata': metadata } });
    const peek = await fetch(new URL(other.headers.get('location')!, base), { method: 'HEAD', headers: { Authorization: `token ${stranger}`, 'Tus-Resumable': '1.0.0' } });
    expect(peek.status).toBe(404);
  });

  it('refuses a resumable upload over the limit or of a bad type when it is created, and a bad VCF when it ends', async () => {
    const tus = (headers: Record<string, string>) => fetch(`${base}/uploads`, { method: 'POST', headers: { ...auth(), 'Tus-Resumable': '1.0.0', ...headers } });
    const name = (value: string) => `name ${Buffer.from(value).toString('base64')}`;
    const tooBig = await tus({ 'Upload-Length': String(MAX_BYTES + 1), 'Upload-Metadata': name('big.vcf') });
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as { message: string }).message).toMatch(/1 MB .*SEEDBED_MAX_UPLOAD_MB/);
    const unknownType = await tus({ 'Upload-Length': '10', 'Upload-Metadata': name('notes.xyz') });
    expect(unknownType.status).toBe(400);
    expect(((await unknownType.json()) as { message: string }).message).toMatch(/No file type has the extension of notes\.xyz/);

    const bad = Buffer.from('##fileformat=VCFv4.2\n##source=nothing else\n');
    const created = await tus({ 'Upload-Length': String(bad.length), 'Upload-Metadata': name('no-chrom.vcf') });
    const patch = await fetch(new URL(created.headers.get('location')!, base), {
      method: 'PATCH',
      headers: { ...auth(), 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      body: new Uint8Array(bad),
    });
    expect(patch.status).toBe(400);
    expect(((await patch.json()) as { message: string }).message).toMatch(/no-chrom\.vcf is not a VCF file: it has no #CHROM column header line/);
    expect(await rowsNamed('no-chrom.vcf')).toEqual([]);
    expect(
      fs
        .readdirSync(path.join(t.dataDir, STAGING_FOLDER, 'resumable'))
        .filter((entry) => !entry.endsWith('.json') && fs.statSync(path.join(t.dataDir, STAGING_FOLDER, 'resumable', entry)).size === bad.length),
    ).toEqual([]);
  });

  it('removes unfinished uploads once they have been idle past the expiry', async () => {
    const created = await fetch(`${base}/uploads`, {
      method: 'POST',
      headers: { ...auth(), 'Tus-Resumable': '1.0.0', 'Upload-Length': '1000', 'Upload-Metadata': `name ${Buffer.from('idle.vcf').toString('base64')}` },
    });
    const location = new URL(created.headers.get('location')!, base);
    expect(await t.api.deps.uploads.removeExpired(Date.now())).toBe(0);
    expect(await t.api.deps.uploads.removeExpired(Date.now() + 49 * 3600_000)).toBeGreaterThanOrEqual(1);
    const head = await fetch(location, { method: 'HEAD', headers: { ...auth(), 'Tus-Resumable': '1.0.0' } });
    expect(head.status).toBe(404);
  });

  it('serves byte ranges, and short-lived signed links that need no token', async () => {
    const stored = (await (await post('ranged.vcf', new Uint8Array(VCF))).json()) as StoredFile;
    const part = await t.call(`/files/${stored.id}/download`, { token, headers: { Range: 'bytes=10-19' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-19/${VCF.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(VCF.subarray(10, 20))).toBe(true);
    const past = await t.call(`/files/${stored.id}/download`, { token, headers: { Range: `bytes=${VCF.length}-` } });
    expect(past.status).toBe(416);

    const link = (await (await t.call(`/files/${stored.id}/link`, { method: 'POST', token })).json()) as { url: string; expiresAt: string };
    expect(new Date(link.expiresAt).getTime()).toBeGreaterThan(Date.now());
    const url = new URL(link.url, `${base}/`);
    if (kind === 's3') expect(url.href).toContain('X-Amz-Signature=');
    else expect(url.pathname).toBe(`/files/${stored.id}/content`);
    const fetched = await fetch(url, { headers: { Range: 'bytes=0-15' } });
    expect(fetched.status).toBe(206);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(VCF.subarray(0, 16))).toBe(true);
    expect(fetched.headers.get('content-disposition')).toContain('ranged.vcf');
    if (kind === 'folder') {
      const whole = await fetch(url);
      expect(Buffer.from(await whole.arrayBuffer()).equals(VCF)).toBe(true);
      const forged = new URL(url);
      forged.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
      const refused = await fetch(forged);
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { message: string }).message).toMatch(/not valid\. Download the file again/);
    }
  });

  it('refuses to delete a file a fileset or a run still uses (409 naming them), then deletes its bytes', async () => {
    const stored = (await (await post('in-use.vcf', new Uint8Array(VCF))).json()) as StoredFile;
    const key = await keyOf(stored.id);
    const fileset = (await (await t.call('/filesets', { method: 'POST', token, json: { name: `holds in-use ${kind}`, fileIds: [stored.id] } })).json()) as { id: number };
    const [run] = await t.db
      .insert(runs)
      .values({ name: `reads in-use ${kind}`, pipelineId: 'nf-gdip', revision: '1', engine: 'local', params: { genotypes: stored.reference }, weblogSecretHash: 'x' })
      .returning({ id: runs.id });
    const refused = await t.call(`/files/${stored.id}`, { method: 'DELETE', token });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe(
      `in-use.vcf is still used: read by run “reads in-use ${kind}”, in fileset “holds in-use ${kind}”. Remove it from those first (a run's inputs and outputs stay as long as the run).`,
    );
    const uses = (await (await t.call(`/files/${stored.id}/uses`, { token })).json()) as { data: FileUse[] };
    expect(uses.data.map((use) => use.kind).sort()).toEqual(['fileset', 'run-input']);

    await t.db.delete(runs).where(eq(runs.id, run!.id));
    expect((await t.call(`/filesets/${fileset.id}/files/${stored.id}`, { method: 'DELETE', token })).status).toBe(204);
    expect((await t.call(`/files/${stored.id}`, { method: 'DELETE', token })).status).toBe(204);
    expect(inStorage(key)).toBe(false);
    expect((await t.call(`/files/${stored.id}`, { token })).status).toBe(404);
  });
});
