import type { RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';
import path from 'node:path';
import type { AppEnv } from '../../http/context';
import { isMultipart, unreadBody } from '../../http/validated-routes';
import { DomainError } from '../../domain-errors';
import { germplasmOfFile } from '../../lineage/file-germplasm';
import { byteRangeOf } from '../../storage/ranges';
import { webStreamOf } from '../../storage/storage';
import type * as routes from './files.routes';

/** Stored files: the file store does the work; these read requests and write answers. */

export const list: RouteHandler<typeof routes.list, AppEnv> = async (c) => c.json(await c.get('deps').files.list(c.req.valid('query')), 200);

export const get: RouteHandler<typeof routes.get, AppEnv> = async (c) => c.json(await c.get('deps').files.byId(c.req.valid('param').id), 200);

export const germplasm: RouteHandler<typeof routes.germplasm, AppEnv> = async (c) => {
  const { db, files } = c.get('deps');
  return c.json(await germplasmOfFile({ db, files }, c.req.valid('param').id), 200);
};

export const upload: RouteHandler<typeof routes.upload, AppEnv> = async (c) => {
  const { files } = c.get('deps');
  const contentType = c.req.header('content-type');
  if (isMultipart(contentType)) throw unreadBody(contentType!, []);
  const declared = c.req.header('content-length');
  const prepared = await files.prepare(c.req.valid('query'), declared ? Number(declared) : null);
  const body = c.req.raw.body;
  if (!body) throw new DomainError('invalid', 'The request body is the file; it was empty.');
  const staged = await files.stage(body, prepared.name);
  return c.json(await files.accept(prepared, staged, c.get('user').id), 201);
};

export const uses: RouteHandler<typeof routes.uses, AppEnv> = async (c) => {
  return c.json({ data: await c.get('deps').files.usesOf(c.req.valid('param').id) }, 200);
};

export const remove: RouteHandler<typeof routes.remove, AppEnv> = async (c) => {
  await c.get('deps').files.remove(c.req.valid('param').id);
  return c.body(null, 204);
};

export const link: RouteHandler<typeof routes.link, AppEnv> = async (c) => {
  const { files, downloadLinks } = c.get('deps');
  const { file, storage, key } = await files.locate(c.req.valid('param').id);
  // Object storage serves its own presigned links; a folder's bytes come through the API.
  const presigned = await storage.presign(key, path.basename(file.name), downloadLinks.lifetimeSeconds);
  const signed = await downloadLinks.sign(file.id);
  const url = presigned ?? `files/${file.id}/content?expires=${signed.expires}&signature=${signed.signature}`;
  return c.json({ url, expiresAt: signed.expiresAt }, 200);
};

/** Streams a file, or the one range asked for, with the headers a browser's downloader needs. */
async function sendBytes(c: Context<AppEnv>, id: number) {
  const { file, storage, key } = await c.get('deps').files.locate(id);
  const range = byteRangeOf(c.req.header('range'), file.sizeBytes);
  const name = path.basename(file.name);
  const headers: Record<string, string> = {
    'Content-Type': 'application/octet-stream',
    'Accept-Ranges': 'bytes',
    'Content-Disposition': `attachment; filename="${name.replace(/[^\w.-]+/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
  };
  if (range === 'unsatisfiable') {
    return c.body(null, 416, { ...headers, 'Content-Range': `bytes */${file.sizeBytes}` });
  }
  const stream = await storage.read(key, range ?? undefined);
  // Through c.body, so the API's security headers (set on every answer) come along.
  if (range) {
    return c.body(webStreamOf(stream), 206, { ...headers, 'Content-Range': `bytes ${range.start}-${range.end}/${file.sizeBytes}`, 'Content-Length': String(range.end - range.start + 1) });
  }
  return c.body(webStreamOf(stream), 200, { ...headers, 'Content-Length': String(file.sizeBytes) });
}

export const download: RouteHandler<typeof routes.download, AppEnv> = (c) => sendBytes(c, c.req.valid('param').id);

export const content: RouteHandler<typeof routes.content, AppEnv> = async (c) => {
  const { id } = c.req.valid('param');
  const { expires, signature } = c.req.valid('query');
  const verdict = await c.get('deps').downloadLinks.verify(id, expires, signature);
  if (verdict === 'forged') throw new DomainError('forbidden', 'This download link is not valid. Download the file again from Seedbed.');
  if (verdict === 'expired') throw new DomainError('forbidden', 'This download link has expired. Download the file again from Seedbed for a fresh link.');
  return sendBytes(c, id);
};
