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
