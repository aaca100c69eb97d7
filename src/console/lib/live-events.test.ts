import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '../../contract/events';
import { STREAM_SILENT_LIMIT_MS as SILENT_LIMIT_MS } from '../../contract/event-stream';
import { $liveMode, subscribeLive } from './live-events';
import { readEventStream, SilentStreamError } from './sse';
import { eventStreamAnswer as streamAnswer } from '../../../tests/fixtures/console';

const ready = (at: string) => `event: ready\ndata: ${JSON.stringify({ type: 'ready', at })}\n\n`;

describe('a stream that goes quiet without closing', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is given up once nothing, not even a heartbeat, arrived for the limit; a heartbeat starts the wait again', async () => {
    const stream = streamAnswer();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => stream.response),
    );
    const messages: unknown[] = [];
    const reading = readEventStream('events', (data) => messages.push(data), new AbortController().signal);
    const outcome = reading.then(
      () => 'ended',
      (error: unknown) => error,
    );
    stream.send(ready('first'));
    await vi.advanceTimersByTimeAsync(30_000);
    stream.send(': heartbeat\n\n');
    expect(SILENT_LIMIT_MS).toBe(45_000);
    await vi.advanceTimersByTimeAsync(44_999);
    expect(await Promise.race([outcome, 'still reading'])).toBe('still reading');
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBeInstanceOf(SilentStreamError);
    expect(messages).toEqual([{ type: 'ready', at: 'first' }]);
  });

  it('makes the console connect again, and every page reads its state again on the new stream’s ready', async () => {
    const [first, second] = [streamAnswer(), streamAnswer()];
    const fetch = vi.fn().mockResolvedValueOnce(first.response).mockResolvedValueOnce(second.response);
    vi.stubGlobal('fetch', fetch);
    const heard: LiveEvent[] = [];
    const stop = subscribeLive((event) => heard.push(event));
    try {
      first.send(ready('first'));
      await vi.advanceTimersByTimeAsync(0);
      expect($liveMode.get()).toBe('live');
      // The first ready is passed on too: what changed between the page's first read and the
      // server's subscription was never sent, so the page reads its state again.
      expect(heard).toEqual([{ type: 'ready', at: 'first' }]);
      heard.length = 0;

      await vi.advanceTimersByTimeAsync(SILENT_LIMIT_MS - 1);
      expect(fetch).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect($liveMode.get()).toBe('connecting');
      // Reconnected after half a second (with its jitter).
      await vi.advanceTimersByTimeAsync(600);
      expect(fetch).toHaveBeenCalledTimes(2);
      second.send(ready('second'));
      await vi.advanceTimersByTimeAsync(0);
      expect(heard).toEqual([{ type: 'ready', at: 'second' }]);
      expect($liveMode.get()).toBe('live');
    } finally {
      stop();
    }
  });
});
