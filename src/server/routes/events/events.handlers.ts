import type { RouteHandler } from '@hono/zod-openapi';
import { streamSSE } from 'hono/streaming';
import { STREAM_HEARTBEAT_MS } from '../../../contract/event-stream';
import type { LiveEvent } from '../../../contract/events';
import type { AppEnv } from '../../http/context';
import type * as routes from './events.routes';

export const stream: RouteHandler<typeof routes.stream, AppEnv> = async (c) => {
  const { runEvents, tokens } = c.get('deps');
  const owner = c.get('user');
  // Behind nginx, an unbuffered answer: each event leaves at once.
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, async (sse) => {
    // Written in order: each event waits for the one before it.
    let queue = Promise.resolve();
    let signedOut = false;
    const send = (event: LiveEvent) => {
      // An event queued before a sign-out is not written after it.
      queue = queue.then(() => (signedOut ? undefined : sse.writeSSE({ event: event.type, data: JSON.stringify(event) }))).catch(() => {});
    };
    const stop = runEvents.subscribe(send);
    const heartbeat = setInterval(() => {
      queue = queue
        .then(() => sse.write(': heartbeat\n\n'))
        .then(() => {})
        .catch(() => {});
    }, STREAM_HEARTBEAT_MS);
    let unwatch = () => {};
    const closed = new Promise<void>((resolve) => {
      sse.onAbort(resolve);
      // Signed out (here or on another instance): not one more event, and the stream ends.
      unwatch = tokens.watch(owner, () => {
        signedOut = true;
        stop();
        resolve();
      });
    });
    send({ type: 'ready', at: new Date().toISOString() });
    await closed;
    clearInterval(heartbeat);
    stop();
    unwatch();
  });
};
