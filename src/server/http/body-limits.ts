import type { Context, MiddlewareHandler, Next } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ApiErrorBody } from '../../contract/errors';
import type { Step } from './one-layer';

const KB = 1024;
const MB = 1024 * KB;

/** A JSON body larger than this is refused with 413 before it is read. */
export const DEFAULT_JSON_LIMIT = 1 * MB;

/**
 * Routes that allow another size. Unauthenticated routes get little; Nextflow's `started` event
 * carries the workflow's whole parameter set. Uploads and imports are streamed or limited by
 * their own routes (`files`, `…/import`) and pass through here untouched.
 */
const LIMITS: Array<{ method: string; pattern: RegExp; limit: number | 'own' }> = [
  { method: 'POST', pattern: /^\/authentication\/login$/, limit: 16 * KB },
  { method: 'POST', pattern: /^\/invitations\/accept$/, limit: 16 * KB },
  { method: 'POST', pattern: /^\/runs\/[^/]+\/weblog$/, limit: 4 * MB },
  { method: 'POST', pattern: /^\/files$/, limit: 'own' },
  // Resumable uploads: the tus server counts against SEEDBED_MAX_UPLOAD_MB itself.
  { method: 'POST', pattern: /^\/uploads$/, limit: 'own' },
  { method: 'PATCH', pattern: /^\/uploads\/[^/]+$/, limit: 'own' },
  { method: 'POST', pattern: /^\/[a-z-]+\/import$/, limit: 'own' },
];

export function bodyLimitFor(method: string, path: string): number | 'own' {
  return LIMITS.find((entry) => entry.method === method && entry.pattern.test(path))?.limit ?? DEFAULT_JSON_LIMIT;
}

const sizeText = (bytes: number) => (bytes >= MB ? `${bytes / MB} MB` : `${bytes / KB} KB`);
const tooLarge = (c: Context, limit: number) => c.json({ message: `The request body is larger than this route accepts (${sizeText(limit)}). Send less data at once.` } satisfies ApiErrorBody, 413);

const limiters = new Map<number, MiddlewareHandler>();
function limiterOf(limit: number): MiddlewareHandler {
  let limiter = limiters.get(limit);
  if (!limiter) {
    limiter = bodyLimit({ maxSize: limit, onError: (c) => tooLarge(c, limit) });
    limiters.set(limit, limiter);
  }
  return limiter;
}

/**
 * Limits every request body by route, counting bytes as they arrive (a missing or false
 * Content-Length does not help). `c.req.path` is relative to the API's base already.
 *
 * Reading `c.req.raw.body` makes the Node adapter build a whole web Request and a stream over the
 * socket, which cost the session check and the weblog a tenth of their time (issue #36's profile).
 * So GET and HEAD, which the adapter gives no body, pass at once, and a stated Content-Length,
 * to which Node's parser holds the body, is compared without touching the body; only a chunked
 * body is counted as it streams in.
 */
export const limitBodies: Step = (c, next) => {
  const method = c.req.method;
  if (method === 'GET' || method === 'HEAD') return next();
  const limit = bodyLimitFor(method, c.req.path);
  if (limit === 'own') return next();
  const length = c.req.header('content-length');
  if (length !== undefined && c.req.header('transfer-encoding') === undefined) return Number.parseInt(length, 10) > limit ? Promise.resolve(tooLarge(c, limit)) : next();
  return limiterOf(limit)(c, next as Next);
};
