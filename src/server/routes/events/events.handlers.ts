import type { RouteHandler } from '@hono/zod-openapi';
import { streamSSE } from 'hono/streaming';
import type { LiveEvent } from '../../../contract/events';
import type { AppEnv } from '../../http/context';
import type * as routes from './events.routes';

/** A comment line this often keeps proxies and load balancers from closing a quiet stream. */
const HEARTBEAT_MS = 20_000;

export const stream: RouteHandler<typeof routes.stream, AppEnv> = async (c) => {
  const { runEvents } = c.get('deps');
  // Behind nginx, an unbuffered answer: each event leaves at once.
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, async (sse) => {
    // Written in order: each event waits for the one before it.
    let queue = Promise.resolve();
    const send = (event: LiveEvent) => {
      queue = queue.then(() => sse.writeSSE({ event: event.type, data: JSON.stringify(event) })).catch(() => {});
    };
    const stop = runEvents.subscribe(send);
    const heartbeat = setInterval(() => {
      queue = queue
        .then(() => sse.write(': heartbeat\n\n'))
        .then(() => {})
        .catch(() => {});
    }, HEARTBEAT_MS);
    const closed = new Promise<void>((resolve) => sse.onAbort(resolve));
    send({ type: 'ready', at: new Date().toISOString() });
    await closed;
    clearInterval(heartbeat);
    stop();
  });
};
