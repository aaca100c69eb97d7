import { FileStore } from '@tus/file-store';
import { ERRORS, Server, type Upload } from '@tus/server';
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileUploadQuerySchema, RESUMABLE_METADATA_KEYS } from '../../contract/files';
import type { ApiErrorBody } from '../../contract/errors';
import { fieldErrorsFromIssues, fieldMessageList } from '../../contract/errors';
import type { TokenOwner } from '../auth/tokens';
import { DomainError } from '../domain-errors';
import type { Logger } from '../log';
import { describeError } from '../log';
import { BackgroundHash } from './background-hash';
import { writeInBlocks } from './block-writer';
import type { FileStore as SeedbedFileStore } from './file-store';
import { FinishedUploads } from './finished-uploads';

/**
 * Resumable uploads over the tus protocol (tus.io, v1.0.0): a dropped connection or a closed
 * laptop resumes where it stopped instead of from zero. The bytes go to the staging folder; the
 * SHA-256 is computed as they arrive, on a worker thread (and computed again from the staged bytes
 * only when an upload was resumed in a way the running hash could not follow, such as after a
 * restart); when the last byte arrives the file store checks the file and moves it into storage, and the answer to that
 * last request carries the stored file.
 */

/**
 * The Node request whose body a PATCH writes, for the tus server's call into the store (see
 * `handle`). tus would read it through three more streams: the Node adapter's web stream (which
 * copies every 64 KB chunk into a fresh buffer), a Node stream over that, and a size limiter; at
 * disk speed their copies and the garbage they left took more time than the hash (issue #36).
 */
interface DirectBody {
  incoming: IncomingMessage;
  /** Ends the empty body tus was given, once the bytes are written. */
  done: () => void;
}
const directBodies = new AsyncLocalStorage<DirectBody>();

/** A tus FileStore that hashes each upload's bytes as they are written. */
class HashingFileStore extends FileStore {
  constructor(
    readonly folder: string,
    private readonly maxUploadBytes: number,
  ) {
    super({ directory: folder });
  }

  /** An upload's staged bytes (tus ids are random hex: no path can be smuggled in). */
  fileOf(id: string): string {
    return path.join(this.folder, path.basename(id));
  }

  /** Each upload's running hash, while the bytes it has taken are the upload's bytes from the start. */
  private readonly hashes = new Map<string, { hash: BackgroundHash; bytes: number }>();

  forgetHash(id: string): void {
    this.hashes.get(id)?.hash.drop();
    this.hashes.delete(id);
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    if (offset === 0) {
      this.forgetHash(id);
      this.hashes.set(id, { hash: new BackgroundHash(), bytes: 0 });
    }
    const state = this.hashes.get(id);
    const following = state && state.bytes === offset ? state : undefined;
    if (!following) this.forgetHash(id);
    try {
      const hashBlock = (block: Buffer) => {
        if (!following) return;
        following.bytes += block.length;
        return following.hash.update(block);
      };
      const direct = directBodies.getStore();
      if (!direct) return offset + (await writeInBlocks(readable, this.fileOf(id), offset, hashBlock));
      return offset + (await this.writeDirect(direct, readable, id, offset, hashBlock));
    } finally {
      // Bytes hashed but not on the file (a failed write) would make the hash wrong: then drop it.
      const written = await fs.promises.stat(this.fileOf(id)).then(
        (stat) => stat.size,
        () => -1,
      );
      if (following && following.bytes !== written) this.forgetHash(id);
    }
  }

  /**
   * Writes the Node request's body itself, with the limit tus would have set: the bytes the upload
   * still lacks (or the server's limit, for an upload of unknown length). `tusBody` carries nothing;
   * tus ends it early only to cancel this write, when another request takes the upload's lock.
   */
  private async writeDirect(direct: DirectBody, tusBody: Readable, id: string, offset: number, hashBlock: (block: Buffer) => void): Promise<number> {
    const { incoming } = direct;
    const cancelled = new AbortController();
    const cancel = () => cancelled.abort();
    tusBody.once('end', cancel).resume();
    try {
      const upload = await this.getUpload(id);
      const maxBytes = (upload.size ?? this.maxUploadBytes) - offset;
      return await writeInBlocks(incoming, this.fileOf(id), offset, hashBlock, { signal: cancelled.signal, maxBytes, tooMany: () => ERRORS.ERR_MAX_SIZE_EXCEEDED });
    } catch (error) {
      // A cut connection, in the words tus uses for one (its own reading would have said the same).
      throw incoming.destroyed && !incoming.complete ? ERRORS.ABORTED : error;
    } finally {
      tusBody.off('end', cancel);
      direct.done();
    }
  }

  /** The SHA-256 of a finished upload: the running hash, or the staged bytes read again. */
  async sha256Of(id: string, file: string, size: number): Promise<string> {
    const state = this.hashes.get(id);
    this.hashes.delete(id);
    if (state && state.bytes === size) {
      const running = await state.hash.digest();
      if (running) return running;
    } else state?.hash.drop();
    const hash = createHash('sha256');
    await pipeline(fs.createReadStream(file), hash);
    return hash.digest('hex');
  }

  override async remove(id: string): Promise<void> {
    this.forgetHash(id);
    await super.remove(id);
  }

  /** Unfinished uploads whose bytes have not grown for `ageMs`: their bytes and record go. */
  async removeIdle(ageMs: number, now = Date.now()): Promise<number> {
    let removed = 0;
    await fs.promises.mkdir(this.folder, { recursive: true });
    for (const id of (await this.configstore.list?.()) ?? []) {
      const stat = await fs.promises.stat(this.fileOf(id)).catch(() => null);
      if (stat && now - stat.mtimeMs <= ageMs) continue;
      await this.remove(id).catch(() => this.configstore.delete(id));
      removed += 1;
    }
    return removed;
  }
}

const json = (body: ApiErrorBody) => JSON.stringify(body);

/** A failure in the form tus answers with, its body the API's usual JSON error. */
function tusError(status: number, message: string, errors?: Record<string, string>) {
  return { status_code: status, body: json({ message, ...(errors ? { errors } : {}) }) };
}

const DOMAIN_STATUS: Partial<Record<DomainError['kind'], number>> = { invalid: 400, 'not-found': 404, conflict: 409, 'too-large': 413 };

/** Upload ids are 16 random bytes in hex (our naming function): nothing else names an upload. */
const UPLOAD_ID = /^[0-9a-f]{32}$/;

export const NO_SUCH_UPLOAD = 'No upload at this address: it was finished, removed after lying idle, or started by someone else. Start the upload again.';
const TUS_CLIENT_HINT = 'Use a tus 1.0.0 client (tus-js-client, Uppy), or send the whole file in one request with POST /files.';

/**
 * The message for a failure tus answered in its own words (plain text): what went wrong and what
 * to do, as every other API error says it.
 */
function explainTusFailure(status: number, text: string): string {
  const said = text.trim();
  if (status === 412) return `This request has no Tus-Resumable header, which every resumable upload request needs. Send Tus-Resumable: 1.0.0. ${TUS_CLIENT_HINT}`;
  if (status === 404) return NO_SUCH_UPLOAD;
  if (status === 410) return 'This upload has expired and its bytes were removed. Start the upload again.';
  if (status === 409) return 'The Upload-Offset header does not match the bytes this upload holds. Ask with HEAD for its Upload-Offset and resume from there.';
  const invalid = /^Invalid (.+)$/.exec(said)?.[1];
  const headerNames = (names: string) => names.split(' ').map((name) => name.replace(/(^|-)[a-z]/g, (letter) => letter.toUpperCase()));
  if (status === 400 && invalid) return `The request's ${headerNames(invalid).join(', ')} header is not valid for a resumable upload. ${TUS_CLIENT_HINT}`;
  if (/Upload-Length or Upload-Defer-Length/.test(said)) return `Creating a resumable upload needs an Upload-Length header with the file's size in bytes. ${TUS_CLIENT_HINT}`;
  if (/Upload-Offset header required/.test(said)) return "Sending bytes needs an Upload-Offset header: where in the file they start. Ask with HEAD for the upload's Upload-Offset.";
  if (/Content-Type header required/.test(said)) return 'Sending bytes needs the header Content-Type: application/offset+octet-stream.';
  if (/Upload-Metadata is invalid/.test(said)) return `The Upload-Metadata header is not valid: comma-separated pairs of a key, a space and a Base64 value, each key once. ${TUS_CLIENT_HINT}`;
  if (/completed upload/.test(said)) return 'This upload is complete and cannot be cancelled. Delete the stored file instead.';
  if (status === 501) return `${said.replace(/\.?$/, '.')} Turn that feature off in the tus client.`;
  if (status >= 500) return 'The upload could not be stored. Try again; if it fails again, tell your administrator.';
  return `${said.replace(/\.?$/, '.')} ${TUS_CLIENT_HINT}`;
}

/** A tus answer as the API answers: failures in the JSON error envelope, CORS left to the API's own middleware. */
async function asApiAnswer(response: Response): Promise<Response> {
  const headers = new Headers(response.headers);
  // SEEDBED_CORS_ORIGINS is applied by the API's CORS middleware; tus's own ('*') must not reach the client.
  for (const name of [...headers.keys()]) if (name.startsWith('access-control-')) headers.delete(name);
  if (response.status < 400) return new Response(response.body, { status: response.status, headers });
  const text = response.body ? await response.text() : '';
  const body = text.startsWith('{') ? text : json({ message: explainTusFailure(response.status, text) });
  headers.set('Content-Type', 'application/json');
  headers.delete('Content-Length');
  return new Response(body, { status: response.status, headers });
}

export interface ResumableUploadsOptions {
  files: SeedbedFileStore;
  /** The path the tus endpoint is served at, as browsers see it, e.g. /api/uploads. */
  path: string;
  /** Unfinished uploads idle this long are removed. */
  expiryMs: number;
  log: Logger;
}

export function createResumableUploads(options: ResumableUploadsOptions) {
  const { files, log } = options;
  const store = new HashingFileStore(path.join(files.stagingDir, 'resumable'), files.maxUploadBytes);
  const finished = new FinishedUploads(store.folder);
  /**
   * The upload a request names: the last segment of its path, never its query string. The tus
   * server reads the id through this function too, so the ownership check below and tus act on
   * the same upload (tus's own reading took `/uploads/x?y=/<id>` as <id>).
   */
  const uploadIdOf = (request: Request): string | undefined => {
    const pathname = new URL(request.url).pathname;
    const id = pathname.startsWith(`${options.path}/`) ? pathname.slice(options.path.length + 1) : '';
    return UPLOAD_ID.test(id) ? id : undefined;
  };
  /** Who sent each request being handled (the tus hooks see the request only). */
  const senders = new WeakMap<object, TokenOwner>();

  const metadataValues = (metadata: Upload['metadata']) => {
    const given = Object.fromEntries(RESUMABLE_METADATA_KEYS.map((key) => [key, metadata?.[key] ?? undefined]).filter(([, value]) => value !== undefined && value !== ''));
    const parsed = fileUploadQuerySchema.safeParse(given);
    if (!parsed.success) {
      const errors = fieldErrorsFromIssues(parsed.error.issues);
      throw tusError(400, `The upload's metadata is not valid. ${fieldMessageList(errors)}`, errors);
    }
    return parsed.data;
  };

  const asTusError = (error: unknown): { status_code: number; body: string } => {
    if (error instanceof DomainError) return tusError(DOMAIN_STATUS[error.kind] ?? 400, error.message, error.fields);
    if (error && typeof error === 'object' && 'status_code' in error && 'body' in error) return error as { status_code: number; body: string };
    log.error('A resumable upload failed', { error: describeError(error) });
    return tusError(500, 'The upload could not be stored. Try again; if it fails again, tell your administrator.');
  };

  const server = new Server({
    path: options.path,
    datastore: store,
    relativeLocation: true,
    maxSize: files.maxUploadBytes,
    namingFunction: () => randomBytes(16).toString('hex'),
    getFileIdFromRequest: (request) => uploadIdOf(request),
    // No CORS of tus's own: the API's middleware answers for SEEDBED_CORS_ORIGINS.
    allowedOrigins: [],
    // Uploads are named by tus's random ids; the person's file name is metadata.
    async onUploadCreate(request, upload) {
      const owner = senders.get(request);
      if (!owner) throw tusError(401, 'Sign in to upload files.');
      try {
        await files.prepare(metadataValues(upload.metadata), upload.size ?? null);
      } catch (error) {
        throw asTusError(error);
      }
      return { metadata: { ...upload.metadata, userId: String(owner.id) } };
    },
    async onUploadFinish(request, upload) {
      const owner = senders.get(request);
      const file = upload.storage?.path ?? store.fileOf(upload.id);
      try {
        if (!owner || upload.metadata?.userId !== String(owner.id)) throw tusError(404, NO_SUCH_UPLOAD);
        const prepared = await files.prepare(metadataValues(upload.metadata), upload.size ?? null);
        const sha256 = await store.sha256Of(upload.id, file, upload.size ?? upload.offset);
        const stored = await files.accept(prepared, { file, sizeBytes: upload.size ?? upload.offset, sha256 }, owner.id);
        await finished.remember(upload.id, { fileId: stored.id, sizeBytes: stored.sizeBytes, userId: owner.id });
        return { status_code: 200, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(stored) };
      } catch (error) {
        throw asTusError(error);
      } finally {
        // Stored or refused, the staged upload is finished with: its record goes too.
        await fs.promises.rm(file, { force: true });
        await store.configstore.delete(upload.id).catch(() => undefined);
        store.forgetHash(upload.id);
      }
    },
    async onResponseError(request, error) {
      if (!('status_code' in error)) return asTusError(error);
      if (error.body.startsWith('{')) return undefined;
      if (error.status_code === 413) {
        // Past the length the upload declared (a PATCH), or past the server's limit (creating it).
        const id = request.method === 'PATCH' ? uploadIdOf(request) : undefined;
        const declared = id ? (await store.getUpload(id).catch(() => null))?.size : undefined;
        if (declared !== undefined) {
          return tusError(
            413,
            `This request sends more bytes than the ${declared.toLocaleString('en')} bytes the upload declared in its Upload-Length. Send only the bytes that remain, or start a new upload with the file's real length.`,
          );
        }
        return tusError(
          413,
          `The file is larger than the ${Math.round(files.maxUploadBytes / 1024 ** 2).toLocaleString('en')} MB files are limited to on this server. Ask your administrator to raise SEEDBED_MAX_UPLOAD_MB.`,
        );
      }
      return tusError(error.status_code, explainTusFailure(error.status_code, error.body));
    },
  });

  /**
   * Serves one tus request from `owner` (none for a CORS preflight); an upload is only reachable
   * by whoever created it. Answers in the API's form: JSON errors, and CORS left to the API.
   * `incoming`, the Node request behind `request` when the API runs on Node's HTTP server, lets a
   * PATCH's bytes go from the socket to the file without the web stream in between.
   */
  async function handle(request: Request, owner: TokenOwner | undefined, incoming?: unknown): Promise<Response> {
    const id = uploadIdOf(request);
    if (id && request.method !== 'OPTIONS') {
      const upload = await store.getUpload(id).catch(() => null);
      if (upload && upload.metadata?.userId !== String(owner?.id)) return asApiAnswer(new Response(json({ message: NO_SUCH_UPLOAD }), { status: 404 }));
      // Finished, but its client lost the answer: complete, with the file it became, so that it is not sent and stored again.
      const done = !upload && request.method === 'HEAD' ? await finished.recall(id) : null;
      if (done && owner && done.userId === owner.id) return asApiAnswer(FinishedUploads.headAnswer(done));
    }
    // Nothing has read the body yet (the body limit passes uploads untouched): the store may take it from the socket.
    if (request.method === 'PATCH' && incoming instanceof IncomingMessage && !incoming.readableDidRead) {
      let endBody: () => void = () => undefined;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          endBody = () => controller.close();
        },
      });
      // Built from the URL, not from `request`: the Node adapter would start reading the socket for its body.
      const tusRequest = new Request(request.url, { method: 'PATCH', headers: request.headers, body, duplex: 'half' } as RequestInit);
      if (owner) senders.set(tusRequest, owner);
      const direct: DirectBody = { incoming, done: () => endBody() };
      return asApiAnswer(await directBodies.run(direct, () => server.handleWeb(tusRequest)));
    }
    if (owner) senders.set(request, owner);
    return asApiAnswer(await server.handleWeb(request));
  }

  let timer: NodeJS.Timeout | undefined;
  return {
    handle,
    /** Removes unfinished uploads idle longer than the expiry, and forgets finished ones as old; returns how many unfinished. */
    removeExpired: async (now?: number) => {
      await finished.forgetOlderThan(options.expiryMs, now);
      return store.removeIdle(options.expiryMs, now);
    },
    /** Sweeps expired uploads every hour (and once now). */
    startSweeping() {
      const sweep = () =>
        finished
          .forgetOlderThan(options.expiryMs)
          .then(() => store.removeIdle(options.expiryMs))
          .then(
            (removed) => removed > 0 && log.info('Removed expired unfinished uploads', { removed }),
            (error) => log.warn('Could not sweep expired uploads', { error: describeError(error) }),
          );
      void sweep();
      timer = setInterval(sweep, Math.min(options.expiryMs, 3600_000));
      timer.unref();
    },
    stop: () => clearInterval(timer),
  };
}

export type ResumableUploads = ReturnType<typeof createResumableUploads>;
