import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../../contract/events';
import { openDatabase } from '../../db/client';
import { runs, runTasks } from '../../db/schema';
import { hashSecret } from '../../runs/weblog';
import { overHttp } from '../../testing/over-http';
import { createTestApi, setUpTestApi, TEST_PASSWORD, type TestApi } from '../../testing/test-api';

/** Reads an open event stream: every event parsed, and a wait for the one a test expects. */
async function openStream(t: TestApi, token: string, http?: Awaited<ReturnType<typeof overHttp>>) {
  const abort = new AbortController();
  const response = http ? await http.fetch('/events', { token, signal: abort.signal }) : await t.call('/events', { token, signal: abort.signal });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const events: LiveEvent[] = [];
  const waiters: Array<() => void> = [];
  let endedBy: 'server' | 'abort' | null = null;
  // Resolves when the server ends the stream (the reader sees its end), not when the test aborts it.
  const ended = (async () => {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) {
          endedBy = 'server';
          return;
        }
        buffer += value;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(5).trim())
            .join('\n');
          if (data) events.push(JSON.parse(data) as LiveEvent);
          for (const wake of waiters.splice(0)) wake();
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      endedBy = 'abort';
    }
  })();
  async function until<T extends LiveEvent>(test: (event: LiveEvent) => event is T, timeoutMs = 5000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = events.find(test);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no such event within ${timeoutMs} ms; got ${JSON.stringify(events).slice(0, 2000)}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }
  /** Waits (up to `timeoutMs`) for the server to end the stream. */
  async function endsWithin(timeoutMs: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([ended, new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
    clearTimeout(timer);
    return endedBy === 'server';
  }
  return { events, until, endsWithin, close: () => abort.abort() };
}

const isReady = (event: LiveEvent): event is LiveEvent => event.type === 'ready';

const isRun =
  (id: number, created?: boolean) =>
  (event: LiveEvent): event is Extract<LiveEvent, { type: 'run' }> =>
    event.type === 'run' && event.run.id === id && (created === undefined || event.created === created);

async function insertRun(db: TestApi['db'], name: string) {
  const [run] = await db
    .insert(runs)
    .values({ name, pipelineId: 'nf-processvcfs', revision: '3.0.1', engine: 'nextflow', status: 'SUBMITTED', params: {}, host: 'test', weblogSecretHash: hashSecret('s'.repeat(32)) })
    .returning();
  return run!;
}

describe('GET /events', () => {
  const api = setUpTestApi();

  it('refuses a call without a token', async () => {
    expect((await api.t.call('/events')).status).toBe(401);
  });

  it('opens with ready, then pushes a new run, every status change in order, task counts and the deletion', async () => {
    const stream = await openStream(api.t, api.token);
    await stream.until((event): event is LiveEvent => event.type === 'ready');
    expect(stream.events[0]?.type).toBe('ready');
    await api.t.api.deps.runEvents.ready;

    const run = await insertRun(api.t.db, 'stream_run');
    const created = await stream.until(isRun(run.id, true));
    expect(created.run).toMatchObject({ name: 'stream_run', status: 'SUBMITTED', progress: { total: 0 } });

    // Three changes in quick succession: each status arrives, in the order it was stored.
    for (const status of ['RUNNING', 'UNKNOWN', 'RUNNING'] as const) await api.t.db.update(runs).set({ status }).where(eq(runs.id, run.id));
    await stream.until((event): event is LiveEvent => event.type === 'status' && event.id === run.id && event.previous === 'UNKNOWN');
    const statuses = stream.events.filter((event) => event.type === 'status' && event.id === run.id).map((event) => (event.type === 'status' ? [event.previous, event.status] : null));
    expect(statuses).toEqual([
      [null, 'SUBMITTED'],
      ['SUBMITTED', 'RUNNING'],
      ['RUNNING', 'UNKNOWN'],
      ['UNKNOWN', 'RUNNING'],
    ]);

    // Tasks written in many statements reach the page as a few run events with the counts.
    const before = stream.events.length;
    for (let task = 1; task <= 40; task += 1) {
      await api.t.db.insert(runTasks).values({ runId: run.id, taskId: task, process: 'CALL', name: `CALL (${task})`, status: task <= 30 ? 'COMPLETED' : 'RUNNING' });
    }
    const counted = await stream.until((event): event is Extract<LiveEvent, { type: 'run' }> => isRun(run.id)(event) && event.run.progress.total === 40);
    expect(counted.run.progress).toEqual({ total: 40, done: 30, running: 10, failed: 0 });
    const runEvents = stream.events.slice(before).filter(isRun(run.id));
    expect(runEvents.length).toBeLessThan(10);

    await api.t.db.delete(runTasks).where(eq(runTasks.runId, run.id));
    await api.t.db.delete(runs).where(eq(runs.id, run.id));
    await stream.until((event): event is LiveEvent => event.type === 'deleted' && event.id === run.id);
    stream.close();
  });

  it('after a drop, a new stream starts with ready again (the client reads its state then)', async () => {
    const first = await openStream(api.t, api.token);
    await first.until((event): event is LiveEvent => event.type === 'ready');
    first.close();
    const second = await openStream(api.t, api.token);
    await second.until((event): event is LiveEvent => event.type === 'ready');
    // A change made while no stream was open is in the list that a reconnecting page reads.
    const run = await insertRun(api.t.db, 'while_away');
    await second.until(isRun(run.id, true));
    second.close();
  });
});

describe('a stream ends with the session it was opened by', () => {
  const api = setUpTestApi();
  let http: Awaited<ReturnType<typeof overHttp>>;
  afterAll(async () => {
    await http?.close();
  });

  /** A user signed in twice: one session to end, one that stays and hears what the other would have. */
  async function twoSessions() {
    http ??= await overHttp(api.t);
    const user = await api.t.createTestUser();
    const [ending, staying] = [await api.t.signIn(user.email), await api.t.signIn(user.email)];
    const [endingStream, stayingStream] = [await openStream(api.t, ending, http), await openStream(api.t, staying, http)];
    await Promise.all([endingStream.until(isReady), stayingStream.until(isReady), api.t.api.deps.runEvents.ready, api.t.api.deps.tokens.ready]);
    return { user, ending, staying, endingStream, stayingStream };
  }

  it('logging out ends that session’s open streams at once; no run event (with its launcher’s email) reaches it after', async () => {
    const { ending, endingStream, stayingStream } = await twoSessions();
    expect((await http.fetch('/authentication/logout', { method: 'POST', token: ending })).status).toBe(204);
    expect(await endingStream.endsWithin(2000)).toBe(true);
    const run = await insertRun(api.t.db, 'after_logout');
    await stayingStream.until(isRun(run.id, true));
    expect(endingStream.events.some((event) => event.type !== 'ready')).toBe(false);
    // The user's other session was not signed out: its stream is still open.
    expect(await stayingStream.endsWithin(100)).toBe(false);
    stayingStream.close();
  });

  it('a password change ends the streams of every other session of the user, and keeps its own', async () => {
    const { user, ending, staying, endingStream, stayingStream } = await twoSessions();
    const response = await http.fetch('/profile/password', {
      method: 'POST',
      token: staying,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ currentPassword: TEST_PASSWORD, newPassword: 'a brand new passphrase', confirmPassword: 'a brand new passphrase' }),
    });
    expect(response.status).toBe(204);
    expect(await endingStream.endsWithin(2000)).toBe(true);
    expect((await http.fetch('/authentication/check', { token: ending })).status).toBe(401);
    const run = await insertRun(api.t.db, `after_password_${user.id}`);
    await stayingStream.until(isRun(run.id, true));
    expect(endingStream.events.some((event) => event.type !== 'ready')).toBe(false);
    stayingStream.close();
  });

  it('a profile change (which only refreshes what instances remember) ends no stream', async () => {
    const { ending, endingStream, stayingStream } = await twoSessions();
    const response = await http.fetch('/profile', {
      method: 'PATCH',
      token: ending,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Renamed', email: `renamed-${Date.now()}@example.org` }),
    });
    expect(response.status).toBe(200);
    const run = await insertRun(api.t.db, 'after_rename');
    await endingStream.until(isRun(run.id, true));
    endingStream.close();
    stayingStream.close();
  });
});

describe('two API instances on one database', () => {
  const opened: Array<{ close(): Promise<void> }> = [];
  let first: TestApi;
  let second: TestApi;
  beforeAll(async () => {
    first = await createTestApi();
    opened.push(first);
    // With DATABASE_URL, a second connection pool on the same database: a NOTIFY crosses between them.
    const url = first.database.url;
    const database = url ? await openDatabase({ url }) : { ...first.database, close: async () => {} };
    opened.push(database);
    second = await createTestApi({ database });
    opened.push(second);
    await Promise.all([first.api.deps.runEvents.ready, second.api.deps.runEvents.ready, first.api.deps.tokens.ready, second.api.deps.tokens.ready]);
  });
  afterAll(async () => {
    for (const one of opened.reverse()) await one.close();
  });

  it("each instance's streams see the runs the other writes", async () => {
    const token = await first.signInNewUser();
    const otherToken = await second.signIn((await second.createTestUser()).email);

    const onFirst = await openStream(first, token);
    const onSecond = await openStream(second, otherToken);
    await Promise.all([onFirst.until(isReady), onSecond.until(isReady)]);

    const fromSecond = await insertRun(second.db, 'written_by_second');
    await onFirst.until(isRun(fromSecond.id, true));
    const fromFirst = await insertRun(first.db, 'written_by_first');
    await onSecond.until(isRun(fromFirst.id, true));
    onFirst.close();
    onSecond.close();
  });

  it('logging out on one instance ends the session’s streams on the other', async () => {
    const token = await first.signInNewUser();
    const onSecond = await openStream(second, token);
    await onSecond.until(isReady);

    expect((await first.call('/authentication/logout', { method: 'POST', token })).status).toBe(204);
    expect(await onSecond.endsWithin(2000)).toBe(true);
    expect((await second.call('/events', { token })).status).toBe(401);
  });
});
