import type { ServerResponse } from 'node:http';
import type { Context } from 'hono';

/**
 * The headers OWASP's REST security guidance asks of a JSON API, sent by every answer of the API
 * and of BrAPI. (hono/secure-headers adds them after the response is built, which costs a fifth of
 * the session check's throughput; the HTML-only ones it adds, such as X-XSS-Protection, do not
 * apply to JSON.)
 */
export const API_SECURITY_HEADERS: ReadonlyArray<[string, string]> = [
  ['Cache-Control', 'no-store'],
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  ['Cross-Origin-Resource-Policy', 'same-site'],
  ['Referrer-Policy', 'no-referrer'],
  ['Strict-Transport-Security', 'max-age=15552000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
];

/** Node's response for this request when @hono/node-server serves it; absent under `app.fetch` (tests). */
const nodeResponseOf = (c: Context): ServerResponse | undefined => (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;

/**
 * Puts the security headers (and the request id, when given) on the answer. Under Node they go straight onto
 * Node's response, which adds them to whatever the route answers (its own values win): a Hono
 * answer with more than one header builds a Headers object and the adapter copies it back out,
 * 6 µs a request, a tenth of the session check. Elsewhere (app.fetch) they go on the context.
 */
export function setApiHeaders(c: Context, requestId?: string): void {
  const outgoing = nodeResponseOf(c);
  // No closure made per request: tsx names each one (esbuild's keepNames), a defineProperty a call.
  if (outgoing) {
    if (requestId !== undefined) outgoing.setHeader('X-Request-Id', requestId);
    for (const [name, value] of API_SECURITY_HEADERS) outgoing.setHeader(name, value);
    return;
  }
  if (requestId !== undefined) c.header('X-Request-Id', requestId);
  for (const [name, value] of API_SECURITY_HEADERS) c.header(name, value);
}

/** Leaves one of the API's headers out of this answer (a preview may be framed, so no X-Frame-Options). */
export function dropApiHeader(c: Context, name: string): void {
  nodeResponseOf(c)?.removeHeader(name);
  c.header(name, undefined);
}
