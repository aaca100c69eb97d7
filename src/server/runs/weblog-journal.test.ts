import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { WeblogEvent } from '../../contract/runs';
import { runs, runTasks } from '../db/schema';
import { setUpTestApi } from '../testing/test-api';
import helloSucceeded from './fixtures/hello-succeeded.weblog.json';
import { hashSecret } from './weblog';
import { openWeblogJournal } from './weblog-journal';
import { createWeblogWriter } from './weblog-writer';

const api = setUpTestApi();

async function newRun() {
  const [run] = await api.t.db
    .insert(runs)
    .values({ name: 'journal_run', pipelineId: 'nf-processvcfs', revision: '3.0.1', engine: 'nextflow', status: 'RUNNING', params: {}, weblogSecretHash: hashSecret('journal-secret-0123456789') })
    .returning();
  return run!.id;
}

const completed = (helloSucceeded as unknown as WeblogEvent[]).find((event) => event.event === 'process_completed')!;
const taskEvent = (taskId: number, trace: Record<string, unknown> = {}): WeblogEvent => ({ ...completed, trace: { ...completed.trace!, task_id: taskId, name: `sayHello (${taskId})`, ...trace } });
const storedTasks = async (runId: number) => (await api.t.db.select({ taskId: runTasks.taskId }).from(runTasks).where(eq(runTasks.runId, runId))).map((task) => task.taskId).sort((a, b) => a - b);
const scratch = () => fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-journal-'));
/** Runs a batch's statement on the test database. */
const runStatement = async (statement: string) => {
  await api.t.db.execute(sql.raw(statement));
};
const quiet = () => {};
/** A database that refuses every statement, as a lost connection does, until `back()`: what the writer meets is not left to timing. */
function databaseAway() {
  let away = true;
  return {
    runStatement: (statement: string) => (away ? Promise.reject(Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' })) : runStatement(statement)),
    back: () => {
      away = false;
    },
  };
}

describe('the weblog journal', () => {
  it('answers once the event is on disk, and a read after the answer sees it stored', async () => {
    const runId = await newRun();
    const response = await api.t.call(`/runs/${runId}/weblog?secret=journal-secret-0123456789`, { method: 'POST', json: taskEvent(1) });
    expect(response.status).toBe(204);
    const tasks = await api.t.call(`/runs/${runId}/tasks`, { token: await api.t.signInNewUser() });
    expect(((await tasks.json()) as { data: Array<{ taskId: number }> }).data.map((task) => task.taskId)).toEqual([1]);
  });

  it('refuses at the door what could not be stored: a process name past 500 characters', async () => {
    const runId = await newRun();
    const response = await api.t.call(`/runs/${runId}/weblog?secret=journal-secret-0123456789`, { method: 'POST', json: taskEvent(1, { process: 'P'.repeat(501) }) });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: Record<string, string> }).errors).toEqual({ 'trace.process': 'At most 500 characters' });
  });

  it('keeps events while the database is away and stores them when it is back; a workflow event waiting for them hears of the failure', async () => {
    const runId = await newRun();
    const warnings: string[] = [];
    const database = databaseAway();
    const writer = createWeblogWriter(api.t.db, { journal: openWeblogJournal(scratch(), quiet), runStatement: database.runStatement, warn: (message) => warnings.push(message) });
    // The run's state is read first, as the route does with the secret, so that the three events
    // are taken together into one batch instead of each after its own look-up.
    await writer.checkSecretInTime(runId);
    // Acknowledged although the database refuses the batch: the events are in the journal.
    await Promise.all([1, 2, 3].map((taskId) => writer.ingest(runId, taskEvent(taskId))));
    await expect(writer.settled()).rejects.toThrow('Connection terminated unexpectedly');
    database.back();
    await expect.poll(() => storedTasks(runId), { timeout: 10_000 }).toEqual([1, 2, 3]);
    expect(warnings[0]).toMatch(/could not store 3 task reports \(Connection terminated unexpectedly\); they are kept in .* and tried again in 0.5 s/);
    await expect.poll(() => writer.settled()).toBeNull();
    await writer.close();
  });

  it('stores at the next start what a process acknowledged and had not stored, then removes its journal', async () => {
    const runId = await newRun();
    const root = scratch();
    // The database stays away: the events are acknowledged, and closing leaves them journaled.
    const first = createWeblogWriter(api.t.db, { journal: openWeblogJournal(root, quiet), runStatement: databaseAway().runStatement });
    await Promise.all([4, 5].map((taskId) => first.ingest(runId, taskEvent(taskId))));
    await first.close(50);
    const [left] = fs.readdirSync(root).filter((entry) => !entry.endsWith('.lock'));
    expect(fs.readdirSync(path.join(root, left!))).toHaveLength(1);
    // A line the crash cut short was never acknowledged: it is skipped.
    fs.appendFileSync(path.join(root, left!, fs.readdirSync(path.join(root, left!))[0]!), '{"runId":');

    const warnings: string[] = [];
    const next = createWeblogWriter(api.t.db, { journal: openWeblogJournal(root, (message) => warnings.push(message)), runStatement });
    expect(warnings).toEqual([expect.stringMatching(/holds 2 events a stopped process acknowledged but had not stored: they are stored now/)]);
    await expect.poll(() => storedTasks(runId)).toEqual([4, 5]);
    await expect.poll(() => fs.existsSync(path.join(root, left!))).toBe(false);
    await next.close();
    // A clean stop with everything stored leaves no journal behind.
    expect(fs.readdirSync(root)).toEqual([]);
  });

  it('keeps a row the database refuses as data in refused.jsonl, and stores the rest', async () => {
    const runId = await newRun();
    const root = scratch();
    const warnings: string[] = [];
    const writer = createWeblogWriter(api.t.db, { journal: openWeblogJournal(root, quiet), runStatement, warn: (message) => warnings.push(message) });
    // Past the schema (as a future column or bug might let through): a fraction in a bigint column.
    await Promise.all([1, 2, 3].map((taskId) => writer.ingest(runId, taskEvent(taskId, taskId === 2 ? { submit: 1.5 } : {}))));
    await expect.poll(() => storedTasks(runId)).toEqual([1, 3]);
    const refused = fs.readFileSync(path.join(root, 'refused.jsonl'), 'utf8').trim().split('\n');
    expect(refused).toHaveLength(1);
    expect(JSON.parse(refused[0]!)).toMatchObject({ task: { runId, taskId: 2, submit: 1.5 }, reason: expect.stringMatching(/bigint/) });
    expect(warnings).toEqual([expect.stringMatching(new RegExp(`refused the report of task 2 of run ${runId} .*bigint.*; it is kept in .*refused\\.jsonl`))]);
    await writer.close();
  });

  it('refuses a row the database cannot index while it takes its neighbours, and goes on storing other runs', async () => {
    const runId = await newRun();
    const other = await newRun();
    const root = scratch();
    const writer = createWeblogWriter(api.t.db, { journal: openWeblogJournal(root, quiet), runStatement });
    // Past the schema's bound: a process name too large for the btree index (not a data error, SQLSTATE 54000).
    const huge = randomBytes(6000).toString('base64');
    await Promise.all([1, 2, 3].map((taskId) => writer.ingest(runId, taskEvent(taskId, taskId === 2 ? { process: huge } : {}))));
    await expect.poll(() => storedTasks(runId)).toEqual([1, 3]);
    expect(fs.readFileSync(path.join(root, 'refused.jsonl'), 'utf8')).toMatch(/index row/);
    await writer.ingest(other, taskEvent(9));
    await writer.settled();
    expect(await storedTasks(other)).toEqual([9]);
    await writer.close();
  });

  it('lets reads through at once while the database fails the batches, rather than holding them', async () => {
    const runId = await newRun();
    const writer = createWeblogWriter(api.t.db, { journal: openWeblogJournal(scratch(), quiet), runStatement: databaseAway().runStatement });
    await writer.ingest(runId, taskEvent(1));
    await expect(writer.settled()).rejects.toThrow('Connection terminated unexpectedly');
    expect(writer.beforeRead()).toBeNull();
    await writer.close(50);
  });

  it('names a journal left under a lock from another machine instead of skipping it in silence', async () => {
    const root = scratch();
    fs.mkdirSync(path.join(root, '4242-abcdef'));
    fs.writeFileSync(path.join(root, '4242-abcdef.lock'), JSON.stringify({ pid: 4242, host: 'elsewhere.example', command: 'npm start', since: new Date().toISOString(), nonce: 'x' }));
    const warnings: string[] = [];
    const journal = openWeblogJournal(root, (message) => warnings.push(message));
    expect(warnings).toEqual([expect.stringMatching(/belongs to a Seedbed process on elsewhere\.example \(pid 4242\)\. If none runs there any more .* delete .*4242-abcdef\.lock and restart/)]);
    expect(journal.takeLeftOvers()).toEqual([]);
    await journal.close({ keep: false });
  });

  it('answers 503 with the reason when its disk will not take an event, and still stores the event', async () => {
    const runId = await newRun();
    const journal = openWeblogJournal(scratch(), quiet);
    // The journal's first segment on a device that is always full: every write fails with ENOSPC.
    fs.symlinkSync('/dev/full', path.join(journal.folder, '000001.jsonl'));
    const writer = createWeblogWriter(api.t.db, { journal, runStatement });
    const refused = await Promise.resolve()
      .then(() => writer.ingest(runId, taskEvent(1)))
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ kind: 'unavailable' });
    expect((refused as Error).message).toMatch(
      /^The weblog journal in .* could not be written \(ENOSPC: no space left on device, write\): this event is kept in memory until it is stored, and would be lost if Seedbed stopped first\. Free space on that disk\.$/,
    );
    await writer.settled();
    expect(await storedTasks(runId)).toEqual([1]);
    await writer.close();
  });

  it('answers 503 when it cannot open a segment (no descriptor left), and takes the next event once it can', async () => {
    const runId = await newRun();
    const journal = openWeblogJournal(scratch(), quiet);
    const writer = createWeblogWriter(api.t.db, { journal, runStatement });
    const open = vi.spyOn(fs, 'openSync').mockImplementationOnce(() => {
      throw Object.assign(new Error('EMFILE: too many open files, open'), { code: 'EMFILE' });
    });
    try {
      const refused = await Promise.resolve()
        .then(() => writer.ingest(runId, taskEvent(1)))
        .catch((error: unknown) => error);
      expect(refused).toMatchObject({ kind: 'unavailable' });
      expect((refused as Error).message).toContain('(EMFILE: too many open files, open)');
    } finally {
      open.mockRestore();
    }
    await writer.ingest(runId, taskEvent(2));
    const lines = fs.readFileSync(path.join(journal.folder, fs.readdirSync(journal.folder).find((name) => name.endsWith('.jsonl'))!), 'utf8');
    expect(
      lines
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { task: { taskId: number } }).task.taskId),
    ).toEqual([2]);
    await writer.settled();
    expect(await storedTasks(runId)).toEqual([1, 2]);
    await writer.close();
  });

  it('writes a batch 25 ms after its first event, and 100 ms after once events come in hundreds', async () => {
    const runId = await newRun();
    const written: string[] = [];
    const writer = createWeblogWriter(api.t.db, {
      journal: openWeblogJournal(scratch(), quiet),
      runStatement: async (statement) => void written.push(statement),
    });
    await writer.checkSecretInTime(runId);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await writer.ingest(runId, taskEvent(1));
      await vi.advanceTimersByTimeAsync(24);
      expect(written).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(1);
      expect(written).toHaveLength(1);
      // Its batch is stored: the next one's wait starts from its first event.
      await writer.settled();
      // A busy moment: 150 events in one batch, so the next batch lingers longer.
      await Promise.all(Array.from({ length: 150 }, (_, index) => writer.ingest(runId, taskEvent(index + 2))));
      await vi.advanceTimersByTimeAsync(25);
      expect(written).toHaveLength(2);
      await writer.settled();
      await writer.ingest(runId, taskEvent(200));
      await vi.advanceTimersByTimeAsync(99);
      expect(written).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(1);
      expect(written).toHaveLength(3);
      await writer.settled();
      // A quiet batch after it: back to 25 ms.
      await writer.ingest(runId, taskEvent(201));
      await vi.advanceTimersByTimeAsync(25);
      expect(written).toHaveLength(4);
    } finally {
      vi.useRealTimers();
    }
    await writer.close();
  });

  it('empties its file once everything in it is stored', async () => {
    const runId = await newRun();
    const root = scratch();
    const journal = openWeblogJournal(root, quiet);
    const writer = createWeblogWriter(api.t.db, { journal, runStatement });
    await Promise.all(Array.from({ length: 50 }, (_, index) => writer.ingest(runId, taskEvent(index + 1))));
    await writer.settled();
    const [segment] = fs.readdirSync(journal.folder);
    await expect.poll(() => fs.statSync(path.join(journal.folder, segment!)).size).toBe(0);
    expect(await storedTasks(runId)).toHaveLength(50);
    await writer.close();
  });
});
