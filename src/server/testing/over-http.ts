import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import type { TestApi } from './test-api';

/**
 * The API over real HTTP on a free port, as a browser reaches it (Node's adapter, not `app.fetch`);
 * `fetch` is given paths, and signs in with `token` when one is given.
 */
export async function overHttp(t: TestApi) {
  const server = await new Promise<ServerType>((resolve) => {
    const listening = serve({ fetch: t.api.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(listening));
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    fetch: (path: string, init: RequestInit & { token?: string } = {}) =>
      fetch(`${origin}${path}`, { ...init, headers: { ...init.headers, ...(init.token ? { Authorization: `token ${init.token}` } : {}) } }),
    close: () =>
      new Promise<void>((resolve) => {
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
