import type { LiveEvent } from '../../contract/events';
import { RUN_STATUSES, type RunStatus } from '../../contract/run-codes';
import type { DatabaseHandle } from '../db/client';
import type { Logger } from '../log';
import { findRunSummaries } from './run-queries';

/**
 * Run changes for the event streams. The database announces every write to a run or its tasks on
 * one channel (migration 0015's triggers), whichever instance wrote it; each instance listens once
 * and reads the changed runs once for all its streams, so an open stream costs no query of its
 * own. Status changes, launches and deletions go out at once; a run whose tasks keep changing is
 * sent at most every `taskIntervalMs`, so a 20,000-task run does not flood the browsers.
 */

export const RUN_CHANNEL = 'seedbed_runs';

type Notice = { op: 'created' | 'updated'; id: number; status: RunStatus; previous?: RunStatus } | { op: 'deleted'; id: number } | { op: 'tasks'; ids: number[] };

const isStatus = (value: unknown): value is RunStatus => RUN_STATUSES.includes(value as RunStatus);

export function createRunEvents(database: Pick<DatabaseHandle, 'db' | 'listen'>, options: { taskIntervalMs?: number; log?: Logger } = {}) {
  const taskIntervalMs = options.taskIntervalMs ?? 250;
  const listeners = new Set<(event: LiveEvent) => void>();
  // What the next flush sends: runs to read (and whether new), status changes in order, deletions.
  let changed = new Map<number, { created: boolean }>();
  let statuses: LiveEvent[] = [];
  let deleted = new Set<number>();
  let timer: NodeJS.Timeout | null = null;
  let dueAt = Number.POSITIVE_INFINITY;
  let lastFlush = 0;
  let flushing = false;

  function schedule(urgent: boolean) {
    const due = urgent ? Date.now() : Math.max(Date.now(), lastFlush + taskIntervalMs);
    if (due >= dueAt) return;
    if (timer) clearTimeout(timer);
    dueAt = due;
    timer = setTimeout(() => void flush(), Math.max(0, due - Date.now()));
  }

  function receive(payload: string) {
    let notice: Notice;
    try {
      notice = JSON.parse(payload) as Notice;
    } catch {
      options.log?.warn('Unreadable run notice', { payload: payload.slice(0, 200) });
      return;
    }
    if (notice.op === 'tasks') {
      for (const id of notice.ids) if (!changed.has(id)) changed.set(id, { created: false });
      schedule(false);
      return;
    }
    if (notice.op === 'deleted') {
      changed.delete(notice.id);
      deleted.add(notice.id);
      schedule(true);
      return;
    }
    const created = notice.op === 'created' || (changed.get(notice.id)?.created ?? false);
    changed.set(notice.id, { created });
    const statusChanged = notice.op === 'created' || notice.previous !== notice.status;
    if (statusChanged && isStatus(notice.status)) {
      statuses.push({ type: 'status', id: notice.id, status: notice.status, previous: notice.op === 'updated' && isStatus(notice.previous) ? notice.previous : null });
    }
    schedule(statusChanged);
  }

  async function flush() {
    timer = null;
    dueAt = Number.POSITIVE_INFINITY;
    if (flushing) return;
    flushing = true;
    lastFlush = Date.now();
    const runs = changed;
    const statusEvents = statuses;
    const gone = deleted;
    changed = new Map();
    statuses = [];
    deleted = new Set();
    try {
      for (const event of statusEvents) send(event);
      const ids = [...runs.keys()].filter((id) => !gone.has(id));
      if (ids.length > 0 && listeners.size > 0) {
        for (const run of await findRunSummaries(database.db, ids)) send({ type: 'run', created: runs.get(run.id)?.created ?? false, run });
      }
      for (const id of gone) send({ type: 'deleted', id });
    } catch (error) {
      options.log?.error('Reading changed runs for the event streams failed', { error: error instanceof Error ? error.message : String(error) });
    } finally {
      flushing = false;
      if (changed.size > 0 || statuses.length > 0 || deleted.size > 0) schedule(statuses.length > 0 || deleted.size > 0);
    }
  }

  function send(event: LiveEvent) {
    for (const listener of listeners) listener(event);
  }

  const ready = database.listen(RUN_CHANNEL, receive);

  return {
    /** Resolves once this instance is listening. */
    ready,
    /** Calls `listener` with every run event from now on; the returned function stops it. */
    subscribe(listener: (event: LiveEvent) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get subscribers() {
      return listeners.size;
    },
  };
}

export type RunEvents = ReturnType<typeof createRunEvents>;
