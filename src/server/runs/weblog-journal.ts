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
  /** Bytes appended since it was begun or emptied, written or waiting to be. */
  bytes: number;
  /** Bytes in the file: where a write that fails part-way is cut back to. */
  written: number;
  /** The sequence number of its last line, written or waiting to be. */
  last: number;
  closed?: boolean;
  /** A flush to disk under way: its file is closed after it. */
  syncing?: Promise<void> | undefined;
}

/** Lines waiting for the next write, with the appends waiting for them. */
interface Pending {
  segment: Segment;
  text: string;
  waiters: Array<{ resolve: () => void; reject: (error: unknown) => void }>;
  /** Still taking lines: until its write starts, or a truncation is asked for after it. */
  open: boolean;
}

export interface LeftOver {
  /** The lines, oldest first (a line cut short by a crash is left out). */
  lines: string[];
  /** Removes the folder and its lock: call once every line is stored. */
  forget(): void;
}

export interface WeblogJournal {
  /** Appends a line (no newline in it) numbered `sequence`; resolves once it is on disk. */
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

// The descriptor forms of fs.promises' calls (a segment is opened synchronously, as its first line arrives).
const write = promisify(fs.write);
const fdatasync = promisify(fs.fdatasync);
const ftruncate = promisify(fs.ftruncate);

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
  // Writes, truncations and removals run one after another, in the order they were asked for.
  let chain: Promise<void> = Promise.resolve();
  const enqueue = (work: () => Promise<void>) => {
    chain = chain.then(() => work().catch((error: unknown) => warn(`The weblog journal ${folder} could not be tidied: ${error instanceof Error ? error.message : String(error)}.`)));
    return chain;
  };

  function newSegment(): Segment {
    segmentNumber += 1;
    const file = path.join(folder, `${String(segmentNumber).padStart(6, '0')}.jsonl`);
    return { file, fd: fs.openSync(file, 'a', 0o600), bytes: 0, written: 0, last: 0 };
  }

  async function writeOut(batch: Pending): Promise<void> {
    const { segment } = batch;
    try {
      const data = Buffer.from(batch.text);
      let offset = 0;
      while (offset < data.length) offset += (await write(segment.fd, data, offset, data.length - offset, null)).bytesWritten;
      segment.written += data.length;
      unflushed.add(segment);
      for (const waiter of batch.waiters) waiter.resolve();
    } catch (error) {
      // A write cut short (a full disk) leaves no half line for the next one to be joined to.
      await ftruncate(segment.fd, segment.written).catch(() => {});
      for (const waiter of batch.waiters) waiter.reject(error);
    }
  }

  function append(sequence: number, line: string): Promise<void> {
    if (!current || current.bytes > SEGMENT_BYTES) {
      if (current) closed.push(current);
      current = newSegment();
    }
    const segment = current;
    segment.last = sequence;
    segment.bytes += line.length + 1;
    return new Promise<void>((resolve, reject) => {
      // Lines appended while the write before is under way, and in the same turn of the event
      // loop, go to disk in one write.
      if (pending?.open && pending.segment === segment) {
        pending.text += `${line}\n`;
        pending.waiters.push({ resolve, reject });
        return;
      }
      const batch: Pending = { segment, text: `${line}\n`, waiters: [{ resolve, reject }], open: true };
      pending = batch;
      void enqueue(async () => {
        await new Promise((next) => setImmediate(next));
        batch.open = false;
        if (pending === batch) pending = null;
        await writeOut(batch);
      });
    });
  }

  /** The batch taking lines takes no more: the next line starts one written after what is asked for now. */
  function closeBatch(): void {
    if (pending) pending.open = false;
    pending = null;
  }

  function storedThrough(sequence: number): void {
    while (closed.length > 0 && closed[0]!.last <= sequence) {
      const segment = closed.shift()!;
      void enqueue(async () => {
        segment.closed = true;
        await segment.syncing;
        fs.closeSync(segment.fd);
        await fs.promises.rm(segment.file, { force: true });
      });
    }
    // Everything the current segment holds or will hold is stored: it starts again empty. Lines
    // appended after this point are written after the truncation, in the chain's order.
    const segment = current;
    if (segment && segment.bytes > 0 && segment.last <= sequence) {
      segment.bytes = 0;
      closeBatch();
      void enqueue(async () => {
        await ftruncate(segment.fd, 0);
        segment.written = 0;
      });
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
      closeBatch();
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
