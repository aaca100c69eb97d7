import { eq } from 'drizzle-orm';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { STREAM_HEARTBEAT_MS } from '../../../contract/event-stream';
import { runs } from '../../db/schema';
import { runFolder } from '../../runs/run-folder';
import type { RunStatus } from '../../../contract/runs';
import { setUpTestApi } from '../../testing/test-api';
import { insertRun } from '../../testing/test-runs';
import { completeUtf8Length } from './runs.handlers';

const api = setUpTestApi({ runs: {} });

/** A run with its log written so far, as the stream finds it. */
async function runWithLog(name: string, status: RunStatus, text: string) {
  const run = await insertRun(api.t.db, { name: `${name}_${Date.now()}`, status });
  const folder = runFolder(api.t.dataDir, run.id);
  fs.mkdirSync(folder, { recursive: true });
  const file = path.join(folder, 'run.log');
  fs.writeFileSync(file, text);
  return { run, file };
}

describe('GET runs/{id}/log/stream', () => {
  it('sends the log from the offset, each line as it is written, then end when the run ends', async () => {
    const { run, file } = await runWithLog('logged', 'RUNNING', 'skipped\nfirst line\n');
    await api.t.api.deps.runEvents.ready;

    const response = await api.t.call(`/runs/${run.id}/log/stream?offset=8`, { token: api.token });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let received = '';
    const until = async (text: string) => {
      const deadline = Date.now() + 5000;
      while (!received.includes(text)) {
        if (Date.now() > deadline) throw new Error(`not received: ${text}; got ${received}`);
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended before ${text}; got ${received}`);
        received += value;
      }
    };
    await until('first line');
    expect(received).not.toContain('skipped');
    fs.appendFileSync(file, 'second line: Überkreuzung ✓\n');
    await until('second line: Überkreuzung ✓');
    expect(received).toContain(`"nextOffset":${Buffer.byteLength('skipped\nfirst line\nsecond line: Überkreuzung ✓\n')}`);
    // As Nextflow prints its summary after it reports the end: written the moment the stream hears
    // of the end, it still reaches the reader before `end`, since the stream waits for the log to go quiet.
    const stopListening = api.t.api.deps.runEvents.subscribe((event) => {
      if (event.type === 'status' && event.id === run.id && event.status === 'SUCCEEDED') fs.appendFileSync(file, 'summary written after the end\n');
    });
    await api.t.db.update(runs).set({ status: 'SUCCEEDED' }).where(eq(runs.id, run.id));
    await until('event: end');
    stopListening();
    expect(received.indexOf('summary written after the end')).toBeGreaterThan(0);
    expect(received.indexOf('summary written after the end')).toBeLessThan(received.indexOf('event: end'));
    expect((await reader.read()).done).toBe(true);
  });

  it('an ended run gets its whole log and end at once', async () => {
    const { run } = await runWithLog('ended', 'FAILED', 'all of it\n');
    const text = await (await api.t.call(`/runs/${run.id}/log/stream`, { token: api.token })).text();
    expect(text).toContain('all of it');
    expect(text).toContain('event: end');
    expect((await api.t.call('/runs/999999/log/stream', { token: api.token })).status).toBe(404);
  });

  it('a log tail opened over HTTP ends when its session signs out, and no line written after reaches it', async () => {
    const { run, file } = await runWithLog('tailed', 'RUNNING', 'before sign-out\n');
    const token = await api.t.signInNewUser();
    await api.t.api.deps.tokens.ready;

    const response = await fetch(`${api.t.apiUrl()}/runs/${run.id}/log/stream`, { headers: { Authorization: `token ${token}` } });
    expect(response.status).toBe(200);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let received = '';
    while (!received.includes('before sign-out')) received += (await reader.read()).value ?? '';

    expect((await fetch(`${api.t.apiUrl()}/authentication/logout`, { method: 'POST', headers: { Authorization: `token ${token}` } })).status).toBe(204);
    fs.appendFileSync(file, 'after sign-out\n');
    // The stream ends (the reader sees its end) well before the 2 s recheck or the run's end would end it.
    const deadline = Date.now() + 1500;
    for (;;) {
      const next = await Promise.race([reader.read(), new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), Math.max(0, deadline - Date.now())))]);
      if (next === 'waiting') throw new Error(`the stream was still open 1.5 s after sign-out; got ${received}`);
      if (next.done) break;
      received += next.value;
    }
    expect(received).not.toContain('after sign-out');
    expect(received).not.toContain('event: end');
  });

  it('sends a heartbeat while the log is quiet, so a reader can tell quiet from stopped', async () => {
    const { run } = await runWithLog('quiet', 'RUNNING', 'one line, then nothing\n');
    // Only intervals are faked, from before the stream opens: its heartbeat, and the log's recheck, which finds nothing new.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const response = await api.t.call(`/runs/${run.id}/log/stream`, { token: api.token });
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      let received = '';
      // What the stream has sent by now: reads until none arrives within 200 ms (timeouts are not faked).
      let reading: ReturnType<typeof reader.read> | null = null;
      const drain = async () => {
        for (;;) {
          reading ??= reader.read();
          const next = await Promise.race([reading, new Promise<null>((resolve) => setTimeout(() => resolve(null), 200))]);
          if (next === null) return;
          reading = null;
          received += next.value ?? '';
        }
      };
      const until = async (text: string) => {
        while (!received.includes(text)) {
          reading ??= reader.read();
          received += (await reading).value ?? '';
          reading = null;
        }
      };
      await until('one line, then nothing');
      await vi.advanceTimersByTimeAsync(STREAM_HEARTBEAT_MS - 1);
      await drain();
      expect(received).not.toContain(': heartbeat');
      await vi.advanceTimersByTimeAsync(1);
      await until(': heartbeat');
      await drain();
      expect(received.match(/: heartbeat\n\n/g)).toHaveLength(1);
      await reader.cancel();
    } finally {
      vi.useRealTimers();
    }
  });

  it('never cuts a UTF-8 character at the end of a chunk', () => {
    const bytes = Buffer.from('ab✓'); // ✓ is three bytes
    expect(completeUtf8Length(bytes)).toBe(bytes.length);
    expect(completeUtf8Length(bytes.subarray(0, 4))).toBe(2);
    expect(completeUtf8Length(bytes.subarray(0, 3))).toBe(2);
    expect(completeUtf8Length(Buffer.from('abc'))).toBe(3);
  });
});
