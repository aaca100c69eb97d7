import type { Context } from 'hono';
import type { AppEnv } from './context';
import type { TokenOwner } from '../auth/tokens';
import type { Step } from './one-layer';

const NOT_SIGNED_IN = 'You are not signed in, or your session has expired. Sign in again.';

/** Reads `Authorization: token <token>`; any other scheme, or none, is a 401. */
export function tokenFromHeader(header: string | undefined): string | null {
  const match = /^token ([A-Za-z0-9_-]{16,128})$/.exec(header?.trim() ?? '');
  return match?.[1] ?? null;
}

export function authenticate(isPublic: (method: string, path: string) => boolean): Step<AppEnv> {
  const admit = (c: Context<AppEnv>, owner: TokenOwner | null, next: () => Promise<unknown>) => {
    if (!owner) {
      c.header('WWW-Authenticate', 'token');
      return c.json({ message: NOT_SIGNED_IN }, 401);
    }
    c.set('user', owner);
    return next();
  };
  return (c, next) => {
    if (isPublic(c.req.method, c.req.path)) return next();
    const token = tokenFromHeader(c.req.header('authorization'));
    const owner = token ? c.get('deps').tokens.authenticate(token) : null;
    return owner instanceof Promise ? owner.then((found) => admit(c, found, next)) : admit(c, owner, next);
  };
}
