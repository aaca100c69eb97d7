import type { Context } from 'hono';
import type { AppEnv } from './context';
import { API_TOKEN_PREFIX, type TokenOwner } from '../auth/tokens';
import type { Step } from './one-layer';

const NOT_SIGNED_IN = 'You are not signed in, or your session has expired. Sign in again.';

/** How a call sends its token, as the API's reference says it: the one place that names both schemes. */
export const API_AUTHORIZATION =
  'Send `Authorization: Bearer <token>`, with the token from `authentication/login` or an API token (Settings → Profile → API tokens). The word `token` in place of `Bearer` is accepted too.';

/**
 * Reads `Authorization: token <token>`, the console's way, or `Bearer <token>`, as OAuth clients and
 * BrAPI tools send it (the scheme in any case, RFC 9110); any other scheme, or none, is a 401.
 */
export function tokenFromHeader(header: string | undefined): string | null {
  const match = /^(?:token|bearer) ([A-Za-z0-9_-]{16,128})$/i.exec(header?.trim() ?? '');
  return match?.[1] ?? null;
}

function admit(c: Context<AppEnv>, owner: TokenOwner | null, next: () => Promise<unknown>, refuse: (c: Context<AppEnv>) => Response): unknown {
  if (!owner) return refuse(c);
  c.set('user', owner);
  return next();
}

/**
 * Goes on as the token's owner (`c.get('user')`), or answers `refuse`; at once, without a promise,
 * when the token was checked within the minute (tokens.ts). The API and BrAPI sign calls in here.
 */
export function signIn(c: Context<AppEnv>, token: string | null, next: () => Promise<unknown>, refuse: (c: Context<AppEnv>) => Response): unknown {
  const owner = token ? c.get('deps').tokens.authenticate(token) : null;
  return owner instanceof Promise ? owner.then((found) => admit(c, found, next, refuse)) : admit(c, owner, next, refuse);
}

/** What a refused token is told: an API token (sbp_…) is not a session a sign-in would renew. */
export function refusedTokenMessage(token: string | null, otherwise: string): string {
  return token?.startsWith(API_TOKEN_PREFIX) ? API_TOKEN_REFUSED : otherwise;
}
const API_TOKEN_REFUSED = 'This API token is not valid: it was revoked, it has expired, or it was copied wrong. Create a new one under Settings → Profile → API tokens.';

const notSignedIn = (c: Context<AppEnv>) => {
  // Both schemes tokenFromHeader takes, as two challenges (RFC 9110, 11.6.1).
  c.header('WWW-Authenticate', 'token, Bearer');
  return c.json({ message: refusedTokenMessage(tokenFromHeader(c.req.header('authorization')), NOT_SIGNED_IN) }, 401);
};

export function authenticate(isPublic: (method: string, path: string) => boolean): Step<AppEnv> {
  return (c, next) => (isPublic(c.req.method, c.req.path) ? next() : signIn(c, tokenFromHeader(c.req.header('authorization')), next, notSignedIn));
}
