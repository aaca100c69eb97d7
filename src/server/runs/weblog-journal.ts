import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import os from 'node:os';
import { DataFolderInUseError, type DataFolderLock, lockDataFolder } from '../db/data-folder-lock';

/**
 * The weblog's journal. A task event is acknowledged once its line is written here, and goes
 * into the database in batches as large as the load makes them:
 * with the acknowledgement waiting for the database, a batch could never hold more events than
 * Nextflow has requests in flight, and each batch's fixed cost bounded ingestion (issue #36).
 * It also keeps what a database that is briefly away would have lost: Nextflow does not send an
 * event twice, and the journal holds it until the database takes it.
 *
 * Each server process writes a folder of its own under `weblog-journal/`, locked while it runs
 * (instances may share a data folder). A folder whose process stopped before its events were
 * stored is read back at the next start and removed once they are.
 */

/** A segment is closed and a new one begun past this size; a closed one goes once all its events are stored. */
const SEGMENT_BYTES = 64 * 1024 * 1024;
/**
 * How often what was written is flushed to disk. An event is acknowledged once written (in the
 * operating system's hands, so a crash of Seedbed loses nothing); a crash of the machine itself
 * may lose the last FLUSH_MS, as PostgreSQL's own asynchronous commit may (wal_writer_delay,
 * 200 ms). Waiting for the disk on every acknowledgement cost 20 times the throughput here.
 */
const FLUSH_MS = 200;

interface Segment {
  file: string;
  fd: number;
  /** Bytes in the file: where a write that fails part-way is cut back to, and past SEGMENT_BYTES a new segment begins. */
  written: number;
  /** The sequence number of its last line, written or waiting to be. */
  last: number;
  closed?: boolean;
  /** A flush to disk under way: its file is closed after it. */
  syncing?: Promise<void> | undefined;
}

/** Lines appended in this turn of the event loop, with the appends waiting for them. */
interface Pending {
  segment: Segment;
  text: string;
  waiters: Array<{ resolve: () => void; reject: (error: unknown) => void }>;
}

export interface LeftOver {
  /** The lines, oldest first (a line cut short by a crash is left out). */
  lines: string[];
  /** Removes the folder and its lock: call once every line is stored. */
  forget(): void;
}

export interface WeblogJournal {
  /**
   * Appends a line (no newline in it) numbered `sequence`; resolves once it is written (in the
   * operating system's hands), rejects with what the write met (a full disk), leaving no part of it.
   */
  append(sequence: number, line: string): Promise<void>;
  /** Every line numbered up to `sequence` is in the database: what holds only those goes. */
  storedThrough(sequence: number): void;
  /** Journals of processes that stopped with events not yet stored, found at the start: handed over once. */
  takeLeftOvers(): LeftOver[];
  /** Keeps a record the database refused in `refused.jsonl` beside the journals, for good; answers that file. */
  keepRefused(record: Record<string, unknown>): string;
  /** Where it writes (for messages). */
  readonly folder: string;
  /** Closes its files; `keep`: some lines are not stored yet, so the folder stays for the next start. */
  close(options: { keep: boolean }): Promise<void>;
}

// The descriptor form of fs.promises' call (the flush to disk is the only write that waits on a thread).
const fdatasync = promisify(fs.fdatasync);

/** Reads a stopped process's journal folder: its segments in order, their whole lines. */
function readLeftOver(folder: string): string[] {
  const lines: string[] = [];
  for (const name of fs
    .readdirSync(folder)
    .filter((entry) => /^\d+\.jsonl$/.test(entry))
    .sort()) {
    const text = fs.readFileSync(path.join(folder, name), 'utf8');
    // A line without its newline was being written when the process stopped: it was never acknowledged.
    const whole = text.slice(0, text.lastIndexOf('\n') + 1);
    for (const line of whole.split('\n')) if (line) lines.push(line);
  }
  return lines;
}

/**
 * Opens this process's journal under `root` (created if missing) and takes over the folders of
 * processes that no longer run. `warn` hears of each taken over.
 */
export function openWeblogJournal(root: string, warn: (message: string) => void): WeblogJournal {
  fs.mkdirSync(root, { recursive: true, mode: 0o700 });
  const leftOvers: LeftOver[] = [];
  for (const entry of fs.readdirSync(root, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const folder = path.join(root, entry.name);
    let lock: DataFolderLock;
    try {
      // Held by a process still running (another instance on a shared folder): its own to store.
      lock = lockDataFolder(folder, () => {});
    } catch (error) {
      // A lock from another machine cannot be judged from here: said, so that its events are not forgotten.
      if (error instanceof DataFolderInUseError && error.holder.host !== os.hostname())
        warn(
          `The weblog journal ${folder} belongs to a Seedbed process on ${error.holder.host} (pid ${error.holder.pid}). If none runs there any more (a moved data folder, a container with a new name), delete ${error.lockFile} and restart: the task events it holds are stored then.`,
        );
      else if (!(error instanceof DataFolderInUseError)) throw error;
      continue;
    }
    const lines = readLeftOver(folder);
    if (lines.length > 0) warn(`The weblog journal ${folder} holds ${lines.length} event${lines.length === 1 ? '' : 's'} a stopped process acknowledged but had not stored: they are stored now.`);
    leftOvers.push({
      lines,
      forget: () => {
        fs.rmSync(folder, { recursive: true, force: true });
        lock.release();
      },
    });
  }

  const folder = path.join(root, `${process.pid}-${randomBytes(6).toString('hex')}`);
  const lock = lockDataFolder(folder, () => {});
  fs.mkdirSync(folder, { mode: 0o700 });
  let segmentNumber = 0;
  let current: Segment | null = null;
  const closed: Segment[] = [];
  let pending: Pending | null = null;
  // Segments written since the last flush to disk (fdatasync, every FLUSH_MS while there are writes).
  const unflushed = new Set<Segment>();
  const flusher = setInterval(() => {
    if (unflushed.size === 0) return;
    const segments = [...unflushed];
    unflushed.clear();
    // Beside the writes, not in their line: a flush may take a while when the disk is busy.
    for (const segment of segments)
      if (!segment.closed && !segment.syncing)
        segment.syncing = fdatasync(segment.fd)
          .catch(() => {})
          .finally(() => (segment.syncing = undefined));
  }, FLUSH_MS);
  flusher.unref();
  const untidy = (error: unknown) => warn(`The weblog journal ${folder} could not be tidied: ${error instanceof Error ? error.message : String(error)}.`);
  // Removals of closed segments run one after another, each after its flush to disk.
  let chain: Promise<void> = Promise.resolve();
  const enqueue = (work: () => Promise<void>) => {
    chain = chain.then(() => work().catch(untidy));
    return chain;
  };

  function newSegment(): Segment {
    segmentNumber += 1;
    const file = path.join(folder, `${String(segmentNumber).padStart(6, '0')}.jsonl`);
    return { file, fd: fs.openSync(file, 'a', 0o600), written: 0, last: 0 };
  }

  /**
   * Lines appended in one turn of the event loop go to disk in one write, at the end of the turn,
   * from this thread. A write to the operating system's cache costs a few microseconds; handed to
   * libuv's threads it cost several times that in thread wake-ups, which a busy run paid on every
   * event (issue #36). PostgreSQL writes its own log from its backends the same way.
   */
  function append(sequence: number, line: string): Promise<void> {
    if (!current || current.written + (pending?.text.length ?? 0) > SEGMENT_BYTES) {
      writePending();
      // A segment that cannot be opened (no descriptor left) refuses this line only, as a failed
      // write does: the full one stays current, to be closed once a new one opens.
      let next: Segment;
      try {
        next = newSegment();
      } catch (error) {
        return Promise.reject(error);
      }
      if (current) closed.push(current);
      current = next;
    }
    current.last = sequence;
    if (!pending) {
      pending = { segment: current, text: '', waiters: [] };
      setImmediate(writePending);
    }
    const batch = pending;
    batch.text += `${line}\n`;
    return new Promise<void>((resolve, reject) => batch.waiters.push({ resolve, reject }));
  }

  function writePending(): void {
    const batch = pending;
    if (!batch) return;
    pending = null;
    const { segment } = batch;
    const data = Buffer.from(batch.text);
    try {
      let offset = 0;
      while (offset < data.length) offset += fs.writeSync(segment.fd, data, offset, data.length - offset);
    } catch (error) {
      // A write cut short (a full disk) leaves no half line for the next one to be joined to.
      try {
        fs.ftruncateSync(segment.fd, segment.written);
      } catch {}
      for (const waiter of batch.waiters) waiter.reject(error);
      return;
    }
    segment.written += data.length;
    unflushed.add(segment);
    for (const waiter of batch.waiters) waiter.resolve();
  }

  function storedThrough(sequence: number): void {
    // What waits for the end of the turn is written first: no truncation can overtake it.
    writePending();
    while (closed.length > 0 && closed[0]!.last <= sequence) {
      const segment = closed.shift()!;
      void enqueue(async () => {
        segment.closed = true;
        await segment.syncing;
        fs.closeSync(segment.fd);
        await fs.promises.rm(segment.file, { force: true });
      });
    }
    // Everything the current segment holds is stored: it starts again empty.
    const segment = current;
    if (segment && segment.written > 0 && segment.last <= sequence) {
      try {
        fs.ftruncateSync(segment.fd, 0);
        segment.written = 0;
      } catch (error) {
        // Kept as it is: its lines are stored, and a restart stores them again (a merge that never moves back).
        untidy(error);
      }
    }
  }

  return {
    append,
    storedThrough,
    takeLeftOvers: () => leftOvers.splice(0),
    keepRefused(record) {
      const file = path.join(root, 'refused.jsonl');
      fs.appendFileSync(file, `${JSON.stringify(record)}\n`, { mode: 0o600 });
      return file;
    },
    folder,
    async close({ keep }) {
      writePending();
      const segments = [...closed, ...(current ? [current] : [])];
      closed.length = 0;
      current = null;
      clearInterval(flusher);
      await enqueue(async () => {
        for (const segment of segments) {
          segment.closed = true;
          await segment.syncing;
          if (keep) await fdatasync(segment.fd);
          fs.closeSync(segment.fd);
        }
        if (!keep) fs.rmSync(folder, { recursive: true, force: true });
      });
      lock.release();
    },
  };
}
