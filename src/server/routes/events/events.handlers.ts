import type { RouteHandler } from '@hono/zod-openapi';
import { streamSSE } from 'hono/streaming';
import type { LiveEvent } from '../../../contract/events';
import type { AppEnv } from '../../http/context';
import { sseWriter } from '../../http/sse-writer';
import type * as routes from './events.routes';

export const stream: RouteHandler<typeof routes.stream, AppEnv> = async (c) => {
  const { runEvents, tokens } = c.get('deps');
  const owner = c.get('user');
  // Behind nginx, an unbuffered answer: each event leaves at once.
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, async (sse) => {
    const { inTurn, keepAlive } = sseWriter(sse);
    let signedOut = false;
    // Written in order: each event waits for the one before it. One queued before a sign-out is not written after it.
    const send = (event: LiveEvent) => void inTurn(() => (signedOut ? undefined : sse.writeSSE({ event: event.type, data: JSON.stringify(event) })));
    const stop = runEvents.subscribe(send);
    const stopHeartbeat = keepAlive(() => !signedOut);
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
    stopHeartbeat();
    stop();
    unwatch();
  });
};
