import { createParser } from 'eventsource-parser';
import { API_BASE_URL, readStoredToken } from './api';

/**
 * Reads a server-sent event stream of the API with `fetch`, so that the token goes in the
 * Authorization header (EventSource cannot send it): each message's JSON to `onMessage`, until the
 * stream ends (resolves) or fails (rejects). Abort it with `signal`.
 */
export async function readEventStream(path: string, onMessage: (data: unknown) => void, signal: AbortSignal): Promise<void> {
  const token = readStoredToken();
  const response = await fetch(`${API_BASE_URL}${path}`, { headers: { Accept: 'text/event-stream', ...(token ? { Authorization: `token ${token}` } : {}) }, signal });
  if (!response.ok || !response.body) throw new Error(`the event stream answered ${response.status}`);
  const parser = createParser({ onEvent: (message) => onMessage(JSON.parse(message.data)) });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    parser.feed(value);
  }
}
