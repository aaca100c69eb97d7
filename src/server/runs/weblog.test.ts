import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { RunStatus, WeblogEvent } from '../../contract/runs';
import type { Database } from '../db/client';
import { runs } from '../db/schema';
import { setUpTestApi } from '../testing/test-api';
import { seededRandom, shuffled } from '../../../pipelines/_shared/stats';
import failedTask from './fixtures/failed-task.weblog.json';
import helloSucceeded from './fixtures/hello-succeeded.weblog.json';
import { hashSecret, WEBLOG_AFTER_END_MS } from './weblog';
import { createWeblogWriter } from './weblog-writer';

/*
 * The fixtures follow Nextflow's WebLogObserver field for field (event names, `trace` as a
 * TraceRecord's store, `metadata.parameters` and `metadata.workflow` with its stats): a
 * four-task `nextflow run hello` that succeeds, and a run whose second task fails.
 */

const SECRET = 'weblog-secret-for-tests-0123456789';
const api = setUpTestApi();

async function newRun(status: RunStatus = 'SUBMITTED') {
  const [run] = await api.t.db
    .insert(runs)
    .values({ name: 'tiny_lovelace', pipelineId: 'nf-processvcfs', revision: '3.0.1', engine: 'nextflow', status, params: {}, weblogSecretHash: hashSecret(SECRET) })
    .returning();
  return run!.id;
}

const post = (runId: number, event: unknown, secret = SECRET) => api.t.call(`/runs/${runId}/weblog?secret=${encodeURIComponent(secret)}`, { method: 'POST', json: event });

async function detail(runId: number) {
  const response = await api.t.call(`/runs/${runId}`, { token: api.token });
  expect(response.status).toBe(200);
  return (await response.json()) as {
    status: string;
    statusReason: string | null;
    startedAt: string | null;
    completedAt: string | null;
    progress: { total: number; done: number; running: number; failed: number };
    processes: Array<{ process: string; pending: number; running: number; succeeded: number; failed: number }>;
    workflowStats: Record<string, unknown> | null;
  };
}

async function tasks(runId: number) {
  const response = await api.t.call(`/runs/${runId}/tasks?pageSize=100`, { token: api.token });
  return ((await response.json()) as { data: Array<{ taskId: number; name: string; status: string; exit: number | null; duration: number | null; peakRss: number | null; cpuPercent: number | null }> })
    .data;
}

/** What Nextflow's HTTP client sends: DataOutputStream.writeBytes keeps the low byte of each character. */
const nextflowBytes = (event: unknown) => Uint8Array.from(JSON.stringify(event), (character) => character.charCodeAt(0) & 0xff);
const postBytes = (runId: number, bytes: Uint8Array) =>
  api.t.call(`/runs/${runId}/weblog?secret=${encodeURIComponent(SECRET)}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: Buffer.from(bytes) });
const event = (name: string, extra: Record<string, unknown> = {}) => ({
  runName: 'tiny_lovelace',
  runId: 'a0e3c7d6-1b2f-4c7e-9d1a-2f3b4c5d6e7f',
  event: name,
  utcTime: '2026-11-22T10:00:00Z',
  ...extra,
});

describe('Nextflow’s own bytes and failure reports', () => {
  it('reads a body that is not UTF-8 as Nextflow wrote it: Latin-1 letters and typographic punctuation survive', async () => {
    const runId = await newRun('RUNNING');
    const message = 'Sample “Müller–42” isn’t in the sheet (µ ± 2 °C)';
    const bytes = nextflowBytes(event('completed', { metadata: { workflow: { success: false, errorMessage: message } } }));
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow();
    const response = await postBytes(runId, bytes);
    expect(response.status, await response.clone().text()).toBe(204);
    expect(await detail(runId)).toMatchObject({ status: 'FAILED', statusReason: message });
  });

  it('takes the reason from completed’s errorMessage when error came without a trace', async () => {
    const runId = await newRun('RUNNING');
    expect((await post(runId, event('error'))).status).toBe(204);
    expect((await detail(runId)).statusReason).toBe('The workflow reported an error.');
    const errorMessage = 'Process `FASTQC (sample_1)` terminated with an error exit status (127)';
    expect(
      (await post(runId, event('completed', { metadata: { workflow: { success: false, errorMessage, errorReport: `${errorMessage}\n\nCommand executed:\n  fastqc sample_1.fq.gz` } } }))).status,
    ).toBe(204);
    const run = await detail(runId);
    expect(run.status).toBe('FAILED');
    expect(run.statusReason).toContain('terminated with an error exit status (127)');
    expect(run.statusReason).toContain('Command executed:');
  });

  it('stores a start of 0 as not started', async () => {
    const runId = await newRun('RUNNING');
    const trace = { task_id: 1, hash: 'ab/cdef12', name: 'FASTQC (1)', process: 'FASTQC', status: 'SUBMITTED', submit: 1795300000000, start: 0, complete: 0, exit: 2147483647 };
    expect((await post(runId, event('process_submitted', { trace }))).status).toBe(204);
    const response = await api.t.call(`/runs/${runId}/tasks?pageSize=10`, { token: api.token });
    const [task] = ((await response.json()) as { data: Array<{ submit: number | null; start: number | null; complete: number | null }> }).data;
    expect(task).toMatchObject({ submit: 1795300000000, start: null, complete: null });
  });
});

it('stores names and scripts as sent, quotes, backslashes and dollar signs included (the embedded database gets the batch written into its statement)', async () => {
  const runId = await newRun('RUNNING');
  const name = `ALIGN (it's "s1" \\ C:\\temp $$ $tag$ '); DROP TABLE runs; -- 🌾)`;
  const script = `awk -F'\\t' '{ print $1 }' "in.tsv" > 'out.tsv'\necho "\\n stays two characters" $$ \\\\`;
  const trace = { task_id: 7, hash: 'ab/cdef12', name, process: 'ALIGN', status: 'SUBMITTED', submit: 1795300000000, exit: 2147483647, script };
  expect((await post(runId, event('process_submitted', { trace }))).status).toBe(204);
  expect((await tasks(runId)).map((task) => task.name)).toEqual([name]);
  const response = await api.t.call(`/runs/${runId}/tasks/7`, { token: api.token });
  expect(((await response.json()) as { details: { script: string } }).details.script).toBe(script);
});

describe('weblog ingestion', () => {
  it('follows a successful run from started to completed, task by task', async () => {
    const runId = await newRun();
    const events = helloSucceeded as unknown as WeblogEvent[];
    for (const [index, event] of events.entries()) {
      expect((await post(runId, event)).status).toBe(204);
      if (index === 0) expect((await detail(runId)).status).toBe('RUNNING');
      if (index === 8) expect((await detail(runId)).progress).toEqual({ total: 4, done: 0, running: 4, failed: 0 });
    }
    const run = await detail(runId);
    expect(run).toMatchObject({ status: 'SUCCEEDED', statusReason: null, progress: { total: 4, done: 4, running: 0, failed: 0 } });
    expect(run.processes).toEqual([{ process: 'sayHello', pending: 0, running: 0, succeeded: 4, failed: 0, cached: 0 }]);
    expect(run.completedAt).toBe('2025-11-21T09:23:25.535Z');
    expect(run.workflowStats).toMatchObject({ succeededCount: 4 });
    const recorded = await tasks(runId);
    expect(recorded.map((task) => [task.name, task.status, task.exit])).toEqual([1, 2, 3, 4].map((id) => [`sayHello (${id})`, 'COMPLETED', 0]));
    expect(recorded[0]).toMatchObject({ duration: 1500, cpuPercent: 88.4, peakRss: 3145728 });
  });

  it('fails the run on a failed task, with the reason', async () => {
    const runId = await newRun();
    for (const event of failedTask) expect((await post(runId, event)).status).toBe(204);
    const run = await detail(runId);
    expect(run.status).toBe('FAILED');
    expect(run.statusReason).toMatch(/TRIMGALORE \(sample_1\).*exit status 1/);
    expect(run.progress).toEqual({ total: 2, done: 1, running: 0, failed: 1 });
    expect(run.processes.map((process) => [process.process, process.succeeded, process.failed])).toEqual([
      ['FASTQC', 1, 0],
      ['TRIMGALORE', 0, 1],
    ]);
  });

  it('adds the why of completed’s errorMessage to the failed task the error event named, once', async () => {
    const runId = await newRun();
    for (const event of failedTask) expect((await post(runId, event)).status).toBe(204);
    const reason = (await detail(runId)).statusReason!;
    expect(reason.split('\n')).toEqual([
      expect.stringMatching(/^Task TRIMGALORE \(sample_1\) failed with exit status 1\.$/),
      'Process `TRIMGALORE (sample_1)` terminated with an error exit status (1)',
    ]);
    // The embedded engine's own words, and a completed that comes twice.
    const local = await newRun();
    const trace = { task_id: 1, name: 'LOAD_PHENOTYPES (trial.csv)', process: 'LOAD_PHENOTYPES', status: 'FAILED', exit: 1 };
    const completed = event('completed', { metadata: { workflow: { success: false, errorMessage: 'Process LOAD_PHENOTYPES (trial.csv) failed: trial.csv has no `id` column.' } } });
    for (const sent of [event('started'), event('process_completed', { trace }), event('error', { trace }), completed, completed]) expect((await post(local, sent)).status).toBe(204);
    expect((await detail(local)).statusReason).toBe('Task LOAD_PHENOTYPES (trial.csv) failed with exit status 1.\nProcess LOAD_PHENOTYPES (trial.csv) failed: trial.csv has no `id` column.');
  });

  it('ends in the same state when every event comes twice and in random order', async () => {
    const inOrder = await newRun();
    const scrambled = await newRun();
    const events = helloSucceeded as unknown as WeblogEvent[];
    for (const event of events) await post(inOrder, event);
    // Once `completed` has ended the run, what would rewrite it is refused (409) and changes nothing.
    for (const event of shuffled([...events, ...events], seededRandom(42))) expect([204, 409]).toContain((await post(scrambled, event)).status);
    const [a, b] = [await detail(inOrder), await detail(scrambled)];
    expect(b.status).toBe('SUCCEEDED');
    // Each run has its own folder (runs/<id>); everything else must match.
    const same = (run: typeof a) => ({ ...run, id: 0, submittedAt: '', runDir: '', workDir: '' });
    expect(same(b)).toEqual(same(a));
    expect(await tasks(scrambled)).toEqual(await tasks(inOrder));
  });

  it('stores a burst of concurrent events, merged per task, the same as one at a time', async () => {
    const runId = await newRun();
    const events = helloSucceeded as unknown as WeblogEvent[];
    const taskEvents = events.filter((event) => event.trace);
    // 100 tasks × 3 events, each posted twice, all at once and in scrambled order.
    const burst = shuffled(
      Array.from({ length: 100 }, (_, index) =>
        taskEvents.filter((event) => event.trace!.task_id === 1).map((event) => ({ ...event, trace: { ...event.trace!, task_id: index + 1, name: `sayHello (${index + 1})` } })),
      )
        .flat()
        .flatMap((event) => [event, event]),
      seededRandom(7),
    );
    const responses = await Promise.all(burst.map((event) => post(runId, event)));
    expect(responses.every((response) => response.status === 204)).toBe(true);
    const run = await detail(runId);
    expect(run.progress).toEqual({ total: 100, done: 100, running: 0, failed: 0 });
    expect(run.status).toBe('RUNNING');
    const stored = await tasks(runId);
    expect(stored.every((task) => task.status === 'COMPLETED' && task.exit === 0 && task.duration === 1500)).toBe(true);
  });

  it('starts a run that reported no start at its earliest task event, whatever order they arrive in', async () => {
    const runId = await newRun();
    const task = (id: number, utcTime: string) => event('process_submitted', { utcTime, trace: { task_id: id, name: `sayHello (${id})`, process: 'sayHello', status: 'SUBMITTED' } });
    const responses = await Promise.all([post(runId, task(1, '2026-11-22T10:00:05Z')), post(runId, task(2, '2026-11-22T10:00:01Z')), post(runId, task(3, 'not a time'))]);
    expect(responses.map((response) => response.status)).toEqual([204, 204, 400]);
    const run = await detail(runId);
    expect({ status: run.status, startedAt: run.startedAt }).toEqual({ status: 'RUNNING', startedAt: '2026-11-22T10:00:01.000Z' });
  });

  it('stores the same with batches written four at a time, as on PostgreSQL: a task split over batches ends at its furthest state', async () => {
    const runId = await newRun();
    const writer = createWeblogWriter(api.t.db, { batchesInFlight: 4, maxBatch: 7 });
    const taskEvents = (helloSucceeded as unknown as WeblogEvent[]).filter((event) => event.trace && event.trace.task_id === 1);
    const burst = shuffled(
      Array.from({ length: 60 }, (_, index) => taskEvents.map((event) => ({ ...event, trace: { ...event.trace!, task_id: index + 1, name: `sayHello (${index + 1})` } }))).flat(),
      seededRandom(11),
    );
    await Promise.all(burst.map((event) => writer.ingest(runId, event)));
    const stored = await tasks(runId);
    expect(stored).toHaveLength(60);
    expect(stored.every((task) => task.status === 'COMPLETED' && task.exit === 0 && task.duration === 1500)).toBe(true);
  });

  it('never moves a task backwards: a late "submitted" leaves a completed task completed', async () => {
    const runId = await newRun();
    const events = helloSucceeded as unknown as WeblogEvent[];
    const completed = events.find((event) => event.event === 'process_completed')!;
    const submitted = events.find((event) => event.event === 'process_submitted' && event.trace?.task_id === completed.trace!.task_id)!;
    await post(runId, completed);
    await post(runId, submitted);
    const [task] = await tasks(runId);
    expect(task).toMatchObject({ status: 'COMPLETED', exit: 0, duration: 1500 });
    expect((await detail(runId)).status).toBe('RUNNING');
  });

  it('keeps a cancelled run cancelled whatever Nextflow reports afterwards', async () => {
    const runId = await newRun('CANCELLED');
    for (const event of helloSucceeded) await post(runId, event);
    expect((await detail(runId)).status).toBe('CANCELLED');
  });

  it('needs the run’s own secret, not a token, and checks the event', async () => {
    const runId = await newRun();
    const other = await newRun();
    const [run] = await api.t.db.select().from(runs).where(eq(runs.id, other));
    expect(run).toBeDefined();
    expect((await post(runId, helloSucceeded[0], 'not-the-secret-of-this-run')).status).toBe(401);
    expect((await api.t.call(`/runs/${runId}/weblog`, { method: 'POST', json: helloSucceeded[0] })).status).toBe(400);
    expect((await post(999999, helloSucceeded[0])).status).toBe(404);
    const bad = await post(runId, { runName: 'x', runId: 'y', event: 'exploded', utcTime: 'now' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: Record<string, string> }).errors).toHaveProperty('event');
    const noTrace = await post(runId, { runName: 'x', runId: 'y', event: 'process_started', utcTime: '2025-01-01T00:00:00Z' });
    expect(noTrace.status).toBe(400);
    // An error event without a trace (Nextflow sends one when no task is to blame) fails the run.
    expect((await post(runId, { runName: 'x', runId: 'y', event: 'error', utcTime: '2025-01-01T00:00:00Z' })).status).toBe(204);
    expect((await detail(runId)).status).toBe('FAILED');
  });

  it('still refuses other secrets once the run’s own was accepted and kept', async () => {
    const runId = await newRun();
    const other = await newRun();
    expect((await post(runId, helloSucceeded[0])).status).toBe(204);
    const oneOff = `${SECRET.slice(0, -1)}${SECRET.endsWith('0') ? '1' : '0'}`;
    for (const secret of [oneOff, `${SECRET}x`, SECRET.slice(0, -1), SECRET.toUpperCase()]) expect((await post(runId, helloSucceeded[1], secret)).status).toBe(401);
    // The same secret opens only the runs whose hash it matches.
    await api.t.db
      .update(runs)
      .set({ weblogSecretHash: hashSecret('another-secret-for-tests-0123456789') })
      .where(eq(runs.id, other));
    expect((await post(other, helloSucceeded[0])).status).toBe(401);
    expect((await post(other, helloSucceeded[0], 'another-secret-for-tests-0123456789')).status).toBe(204);
    expect((await post(runId, helloSucceeded[1])).status).toBe(204);
  });

  it('checks the secret before reading the body: a stranger’s malformed body is refused as unauthenticated', async () => {
    const runId = await newRun();
    const response = await api.t.call(`/runs/${runId}/weblog?secret=not-the-secret-of-this-run`, { method: 'POST', body: '{"not json', headers: { 'Content-Type': 'application/json' } });
    expect(response.status).toBe(401);
    const huge = await api.t.call(`/runs/${runId}/weblog?secret=${SECRET}`, { method: 'POST', body: `{"pad":"${'x'.repeat(5 * 1024 * 1024)}"}`, headers: { 'Content-Type': 'application/json' } });
    expect(huge.status).toBe(413);
  });

  it('refuses a bad event alone: the good events posted with it are all stored', async () => {
    const runId = await newRun();
    const template = (helloSucceeded as unknown as WeblogEvent[]).find((event) => event.event === 'process_completed')!;
    const good = Array.from({ length: 120 }, (_, index) => ({ ...template, trace: { ...template.trace!, task_id: index + 1, name: `sayHello (${index + 1})` } }));
    const bad = { ...template, trace: { ...template.trace!, task_id: 500, submit: 1.5 } };
    const responses = await Promise.all([...good.slice(0, 60), bad, ...good.slice(60)].map((event) => post(runId, event)));
    expect(responses.filter((response) => response.status === 204)).toHaveLength(120);
    const refused = responses[60]!;
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { errors: Record<string, string> }).errors).toHaveProperty(['trace.submit']);
    expect((await detail(runId)).progress.total).toBe(120);
  });

  it('writes a batch row by row when one row cannot be stored, failing only that row’s event', async () => {
    const runId = await newRun();
    const writer = createWeblogWriter(api.t.db);
    const template = (helloSucceeded as unknown as WeblogEvent[]).find((event) => event.event === 'process_completed')!;
    // Past the schema (as a future column or bug might let through): a fraction in a bigint column.
    const events = [1, 2, 3].map((taskId) => ({ ...template, trace: { ...template.trace!, task_id: taskId, submit: taskId === 2 ? 1.5 : template.trace!.submit } }));
    const results = await Promise.allSettled(events.map((event) => writer.ingest(runId, event)));
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await tasks(runId)).map((task) => task.taskId).sort()).toEqual([1, 3]);
  });
});

describe('a database that fails', () => {
  it('fails an error event’s request with the error, and leaves no rejection unheard (which would end the process)', async () => {
    const unheard: unknown[] = [];
    const listen = (reason: unknown) => unheard.push(reason);
    process.on('unhandledRejection', listen);
    try {
      // Every query fails, as when the database goes away while a run still reports.
      // Any chain of calls (db.update(…).set(…).where(…)) ends in a query that fails when awaited.
      const gone: Database = new Proxy(() => {}, {
        get: (_target, key) => (key === 'then' ? (_resolve: unknown, reject: (error: Error) => void) => reject(new Error('the database went away')) : gone),
        apply: () => gone,
      }) as unknown as Database;
      const template = (failedTask as unknown as WeblogEvent[]).find((event) => event.event === 'process_completed')!;
      const failed: WeblogEvent = { ...template, event: 'error', trace: { ...template.trace!, status: 'FAILED' } };
      await expect(createWeblogWriter(gone).ingest(1, failed)).rejects.toThrow('the database went away');
      // The task's batch is written on the next turn of the event loop (setImmediate); a rejection
      // nobody handled there is reported as that turn ends, before this one's.
      await new Promise((resolve) => setImmediate(resolve));
      expect(unheard).toEqual([]);
    } finally {
      process.off('unhandledRejection', listen);
    }
  });
});

describe('a task’s detail', () => {
  it('keeps what the trace says beyond the columns (script, container, resources), merged across a task’s events; never its environment', async () => {
    const runId = await newRun('RUNNING');
    const trace = { task_id: 7, hash: 'a1/b2c3d4', name: 'ALIGN (s1)', process: 'ALIGN', tag: 's1', workdir: '/work/a1/b2c3d4', exit: 2147483647, submit: 1_790_000_000_000 };
    const base = { runName: 'tiny_lovelace', runId: '5c6f0d8e-0f44-4bd4-9d36-6d2c0c4f3e11' };
    expect(
      (
        await post(runId, {
          ...base,
          event: 'process_submitted',
          utcTime: '2026-11-23T01:00:00Z',
          trace: {
            ...trace,
            status: 'SUBMITTED',
            container: 'quay.io/biocontainers/bwa:0.7.18',
            cpus: 4,
            memory: 8_589_934_592,
            queue: 'long',
            native_id: '81234',
            attempt: 1,
            env: 'AWS_SECRET_ACCESS_KEY=hunter2',
          },
        })
      ).status,
    ).toBe(204);
    expect(
      (
        await post(runId, {
          ...base,
          event: 'process_completed',
          utcTime: '2026-11-23T01:05:00Z',
          trace: {
            ...trace,
            status: 'COMPLETED',
            exit: 0,
            script: `bwa mem -t 4 ref.fa s1.fq.gz > s1.sam\n${'x'.repeat(9000)}`,
            complete: 1_790_000_300_000,
            duration: 300_000,
            realtime: 290_000,
            '%cpu': 390.5,
            peak_rss: 6_000_000_000,
            rchar: 123456,
          },
        })
      ).status,
    ).toBe(204);
    const response = await api.t.call(`/runs/${runId}/tasks/7`, { token: api.token });
    expect(response.status).toBe(200);
    const task = (await response.json()) as { status: string; exit: number; details: Record<string, unknown> };
    expect(task).toMatchObject({ status: 'COMPLETED', exit: 0 });
    expect(task.details).toMatchObject({ tag: 's1', container: 'quay.io/biocontainers/bwa:0.7.18', cpus: 4, memory: 8_589_934_592, queue: 'long', native_id: '81234', attempt: 1, rchar: 123456 });
    expect(String(task.details.script)).toMatch(/^bwa mem -t 4 ref.fa s1.fq.gz > s1.sam\n/);
    expect(String(task.details.script)).toMatch(/… \(cut at 8000 characters\)$/);
    expect(task.details).not.toHaveProperty('env');
    // The list stays lean: no details per row.
    const listed = (await (await api.t.call(`/runs/${runId}/tasks`, { token: api.token })).json()) as { data: Array<Record<string, unknown>> };
    expect(listed.data[0]).not.toHaveProperty('details');
    expect((await api.t.call(`/runs/${runId}/tasks/8`, { token: api.token })).status).toBe(404);
  });
});

describe('a run that ended', () => {
  const hello = helloSucceeded as unknown as WeblogEvent[];
  const sessionOf = (events: WeblogEvent[]) => events[0]!.runId;
  const refusal = async (response: Response) => {
    expect(response.status).toBe(409);
    return ((await response.json()) as { message: string }).message;
  };

  it('takes no replay with its own secret: started, error and task reports are refused, and a late completed overwrites nothing', async () => {
    const runId = await newRun();
    for (const event of hello) expect((await post(runId, event)).status).toBe(204);
    const before = await detail(runId);
    const tasksBefore = await tasks(runId);
    expect(before).toMatchObject({ status: 'SUCCEEDED', progress: { total: 4, done: 4 } });

    const started = hello.find((event) => event.event === 'started')!;
    const completed = hello.find((event) => event.event === 'completed')!;
    const taskDone = hello.find((event) => event.event === 'process_completed')!;
    const replayStart = { ...started, metadata: { ...started.metadata, workflow: { ...started.metadata!.workflow, start: '1999-01-01T00:00:00Z' } } };
    expect(await refusal(await post(runId, replayStart))).toMatch(/^Run \d+ has ended \(SUCCEEDED\) and takes no started event: .*launch a new run\.$/);
    expect(await refusal(await post(runId, { ...completed, event: 'error', metadata: undefined }))).toMatch(/takes no error event/);
    expect(await refusal(await post(runId, { ...taskDone, event: 'error', trace: { ...taskDone.trace!, status: 'FAILED', exit: 1 } }))).toMatch(/takes no error event/);
    expect(await refusal(await post(runId, { ...taskDone, trace: { ...taskDone.trace!, exit: 999, duration: 1 } }))).toMatch(/takes no report of task 1 .*never a new task or one that ended/);
    expect(await refusal(await post(runId, { ...taskDone, trace: { ...taskDone.trace!, task_id: 77, name: 'sayHello (77)' } }))).toMatch(/task 77/);
    // Its own session's completed is taken, and fills only what is missing: here, nothing.
    const lateCompleted = {
      ...completed,
      metadata: {
        ...completed.metadata,
        workflow: { ...completed.metadata!.workflow, success: false, errorMessage: 'forged', start: '1999-01-01T00:00:00Z', complete: '1999-01-02T00:00:00Z', stats: { succeededCount: 999 } },
      },
    };
    expect((await post(runId, lateCompleted)).status).toBe(204);
    expect(await refusal(await post(runId, { ...lateCompleted, runId: 'another-session-0000' }))).toMatch(/event of another Nextflow session \(another-session-0000, not /);

    expect(await detail(runId)).toEqual(before);
    expect(await tasks(runId)).toEqual(tasksBefore);
  });

  it('a late completed of its own session fills in what the end left missing; a task still open may be completed', async () => {
    const runId = await newRun();
    const events = failedTask as unknown as WeblogEvent[];
    const completed = events.find((event) => event.event === 'completed')!;
    const submitted = events.find((event) => event.event === 'process_submitted' && event.trace?.task_id === 1)!;
    // Task 1 is still running when task 2's failure ends the run.
    for (const event of events.filter((event) => event.event !== 'completed' && !(event.trace?.task_id === 1 && event.event === 'process_completed'))) {
      expect((await post(runId, event)).status).toBe(204);
    }
    const ended = await detail(runId);
    expect(ended).toMatchObject({ status: 'FAILED', completedAt: null, workflowStats: null, progress: { total: 2, done: 0, running: 1, failed: 1 } });
    expect(ended.statusReason).toMatch(/TRIMGALORE/);

    const done = events.find((event) => event.event === 'process_completed' && event.trace?.task_id === 1)!;
    expect((await post(runId, done)).status).toBe(204);
    // A task that ended is not rewritten, nor moved back.
    expect((await post(runId, submitted)).status).toBe(409);
    expect((await post(runId, completed)).status).toBe(204);
    const filled = await detail(runId);
    // The reason keeps the failed task and gains Nextflow's own words for it.
    expect(filled).toMatchObject({
      status: 'FAILED',
      statusReason: `${ended.statusReason}\nProcess \`TRIMGALORE (sample_1)\` terminated with an error exit status (1)`,
      progress: { total: 2, done: 1, running: 0, failed: 1 },
    });
    expect(filled.completedAt).not.toBeNull();
    expect(filled.workflowStats).not.toBeNull();
    expect(sessionOf(events)).toBe(completed.runId);
  });

  it('its secret stops working ten minutes after the end (403), checked before the body is read', async () => {
    const [recent, old] = await api.t.db
      .insert(runs)
      .values(
        [9, 11].map((minutes) => ({
          name: `ended_${minutes}_minutes_ago`,
          pipelineId: 'nf-processvcfs',
          revision: '3.0.1',
          engine: 'nextflow' as const,
          status: 'SUCCEEDED' as const,
          params: {},
          completedAt: new Date(Date.now() - minutes * 60_000),
          weblogSecretHash: hashSecret(SECRET),
        })),
      )
      .returning();
    const completed = hello.find((event) => event.event === 'completed')!;
    expect((await post(recent!.id, completed)).status).toBe(204);
    const refused = await post(old!.id, completed);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toMatch(
      /^Run \d+ ended \(SUCCEEDED\) at .*; its weblog secret stopped working 10 minutes after that\. To run the pipeline again, launch a new run\.$/,
    );
    const unread = await api.t.call(`/runs/${old!.id}/weblog?secret=${SECRET}`, { method: 'POST', body: '{"not json', headers: { 'Content-Type': 'application/json' } });
    expect(unread.status).toBe(403);
  });

  it('counts the ten minutes on its clock from the recorded end (an injected clock)', async () => {
    const runId = await newRun('RUNNING');
    let clock = Date.now();
    const writer = createWeblogWriter(api.t.db, { now: () => clock });
    const completed = hello.find((event) => event.event === 'completed')!;
    await writer.ingest(runId, { ...completed, metadata: { ...completed.metadata, workflow: { ...completed.metadata!.workflow, complete: new Date(clock).toISOString() } } });
    // Read from the database after the end (a promise), then known: answered at once.
    await expect(writer.checkSecretInTime(runId)).resolves.toBeUndefined();
    // The end is recorded by the server's clock a moment after `clock`: margins of seconds.
    clock += WEBLOG_AFTER_END_MS - 5000;
    expect(writer.checkSecretInTime(runId)).toBeUndefined();
    clock += 10_000;
    expect(() => writer.checkSecretInTime(runId)).toThrow(/its weblog secret stopped working 10 minutes after that/);
  });
});
