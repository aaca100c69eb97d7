import { createParser } from 'eventsource-parser';
import { STREAM_SILENT_LIMIT_MS } from '../../contract/event-stream';
import { API_BASE_URL, authorization } from './api';

/** The stream went quiet for longer than its heartbeat allows: it stopped without closing. */
export class SilentStreamError extends Error {
  constructor(silentMs: number) {
    super(`The event stream sent nothing for ${Math.round(silentMs / 1000)} s, though it sends a heartbeat more often: it is read again.`);
    this.name = 'SilentStreamError';
  }
}

/**
 * Reads a server-sent event stream of the API with `fetch`, so that the token goes in the
 * Authorization header (EventSource cannot send it): each message's JSON to `onMessage`, until the
 * stream ends (resolves) or fails (rejects). Abort it with `signal`.
 *
 * Every stream of the API sends a heartbeat, so one from which nothing arrives for
 * STREAM_SILENT_LIMIT_MS is given up with SilentStreamError: a connection a proxy or the network
 * dropped without closing it, or a server that stopped writing to it, would otherwise look live forever.
 */
export async function readEventStream(path: string, onMessage: (data: unknown) => void, signal: AbortSignal): Promise<void> {
  const reading = new AbortController();
  let reader: ReadableStreamDefaultReader<string> | undefined;
  // The request is aborted, and the read waiting on its body ends too, whoever made the body.
  const end = (reason: unknown) => {
    reading.abort(reason);
    void reader?.cancel(reason).catch(() => {});
  };
  const stop = () => end(signal.reason);
  signal.addEventListener('abort', stop, { once: true });
  let silence: ReturnType<typeof setTimeout> | undefined;
  // Any bytes at all, a heartbeat's too, show the stream is alive.
  const alive = () => {
    clearTimeout(silence);
    silence = setTimeout(() => end(new SilentStreamError(STREAM_SILENT_LIMIT_MS)), STREAM_SILENT_LIMIT_MS);
  };
  try {
    alive();
    const response = await fetch(`${API_BASE_URL}${path}`, { headers: { Accept: 'text/event-stream', ...authorization() }, signal: reading.signal });
    if (!response.ok || !response.body) throw new Error(`the event stream answered ${response.status}`);
    const parser = createParser({ onEvent: (message) => onMessage(JSON.parse(message.data)) });
    reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) {
        if (reading.signal.aborted) throw reading.signal.reason;
        return;
      }
      alive();
      parser.feed(value);
    }
  } catch (error) {
    throw reading.signal.reason instanceof SilentStreamError ? reading.signal.reason : error;
  } finally {
    clearTimeout(silence);
    signal.removeEventListener('abort', stop);
  }
}
