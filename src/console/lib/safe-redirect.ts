/**
 * The place to go after signing in, from `?next=`: resolved against the site's own origin as the
 * browser would resolve it, and accepted only when the origin stays the same. Prefix checks are not
 * enough: browsers read `/\evil.example`, `/%5Cevil.example` and `/<tab>/evil.example` as
 * `//evil.example`.
 */
export function sameOriginPath(next: string | null, origin: string): string {
  if (!next) return '/';
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return '/';
  }
  if (url.origin !== origin || (url.protocol !== 'http:' && url.protocol !== 'https:')) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}
