import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppEnv } from './context';

/** The caller's address: the first X-Forwarded-For hop behind a trusted proxy, else the socket's peer. */
export function clientAddress(c: Context<AppEnv>): string {
  if (c.get('deps').trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // Requests made in-process (tests, app.request) have no socket.
    return 'unknown';
  }
}
