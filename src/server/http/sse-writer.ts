import type { SSEStreamingApi } from 'hono/streaming';
import { STREAM_HEARTBEAT_MS } from '../../contract/event-stream';

/**
 * The writes of one server-sent event stream of the API, and its heartbeat.
 * - `inTurn` runs `work` after everything queued before it: events and reads go out in order. One
 *   that fails goes to `onFailure` and does not stop those after it.
 * - `keepAlive` writes a comment line every STREAM_HEARTBEAT_MS, in turn, while `open()` says so,
 *   so that a proxy keeps a quiet stream open and the console can tell it from one that stopped
 *   (contract/event-stream.ts); it answers the function that stops it.
 */
export function sseWriter(sse: SSEStreamingApi, onFailure: (error: unknown) => void = () => {}) {
  let busy: Promise<void> = Promise.resolve();
  const inTurn = (work: () => unknown): Promise<void> => {
    busy = busy.then(work).then(() => {}, onFailure);
    return busy;
  };
  const keepAlive = (open: () => boolean): (() => void) => {
    const timer = setInterval(() => void inTurn(() => (open() && !sse.aborted ? sse.write(': heartbeat\n\n') : undefined)), STREAM_HEARTBEAT_MS);
    return () => clearInterval(timer);
  };
  return { inTurn, keepAlive };
}
