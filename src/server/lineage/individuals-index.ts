import { and, asc, count, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../db/client';
import { fileIndividuals, files } from '../db/schema';
import type { Logger } from '../log';
import { chunks } from '../routes/imports/lookups';
import { type FileStore, onFileStored } from '../storage/file-store';
import { readIndividuals } from './file-individuals';

/**
 * The individuals sweep: reads the individuals each stored file names (file-individuals.ts) once,
 * lower-cased, into file_individuals, and marks the file's row as read, so that an accession's page
 * finds the files naming it without opening them. A file's bytes never change, so it is read once:
 * a file naming nobody is marked all the same, and one that cannot be read is marked with why and
 * tried again an hour later (its storage may have been away), not at every sweep.
 * It runs after each file is stored (never holding up the upload's answer), at start and now and
 * then (files stored by another instance), a batch of files at a time, one sweep at a time.
 */

/** Files read per look at the files not yet read. */
export const SWEEP_BATCH = 20;
/** How long a file that could not be read waits before it is tried again. */
export const RETRY_UNREADABLE_MS = 60 * 60 * 1000;
/** Rows per insert: two parameters each, well below PostgreSQL's 65,535. */
const INSERT_ROWS = 5000;

export interface IndividualsIndex {
  /** Reads every file not read yet; resolves once done (one sweep at a time: a second call joins and repeats it). Never rejects. */
  sweep(): Promise<void>;
  /** Sweeps now and then every `everyMs`. */
  start(everyMs: number): void;
  /** Resolves once no sweep is running. */
  settled(): Promise<void>;
  /** How many stored files are not read yet. */
  unindexed(): Promise<number>;
  /** Stops sweeping (the file being read is finished) and listening for stored files. */
  stop(): Promise<void>;
}

export function createIndividualsIndex(options: { db: Database; store: FileStore; log: Logger; batch?: number }): IndividualsIndex {
  const { db, store, log, batch = SWEEP_BATCH } = options;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let timer: ReturnType<typeof setInterval> | null = null;

  /** The file's row marked read now, with why it could not be (null: it was). */
  const mark = (on: Database, id: number, problem: string | null) => on.update(files).set({ individualsIndexedAt: new Date(), individualsProblem: problem }).where(eq(files.id, id));

  async function indexFile(id: number): Promise<void> {
    try {
      const { read } = await readIndividuals(store, id);
      // PostgreSQL text holds no NUL; a name is matched lower-cased, in any case, as imports match it.
      const names = [...new Set((read?.names ?? []).map((name) => name.replaceAll('\u0000', '').toLowerCase()).filter(Boolean))];
      await db.transaction(async (tx) => {
        for (const part of chunks(names, INSERT_ROWS)) {
          await tx
            .insert(fileIndividuals)
            .values(part.map((nameLower) => ({ fileId: id, nameLower })))
            .onConflictDoNothing();
        }
        await mark(tx, id, null);
      });
    } catch (error) {
      // Its bytes gone, a file that will not read, or storage away for a while: marked with why, and tried again in an hour, not at every sweep.
      const problem = error instanceof Error ? error.message : String(error);
      log.warn('Could not read the individuals a stored file names; it is tried again in an hour', { file: id, problem });
      await mark(db, id, problem.slice(0, 2000));
    }
  }

  async function sweepAll(): Promise<void> {
    while (!stopped) {
      const due = or(isNull(files.individualsIndexedAt), and(isNotNull(files.individualsProblem), lt(files.individualsIndexedAt, new Date(Date.now() - RETRY_UNREADABLE_MS))));
      const next = await db.select({ id: files.id }).from(files).where(due).orderBy(asc(files.id)).limit(batch);
      for (const { id } of next) {
        if (stopped) return;
        await indexFile(id);
      }
      if (next.length < batch) return;
    }
  }

  function sweep(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await sweepAll();
        } while (again && !stopped);
      } catch (error) {
        log.error('Reading the individuals stored files name failed; the next sweep tries again', { error: String(error) });
      } finally {
        running = null;
      }
    })();
    return running;
  }

  const unsubscribe = onFileStored(db, () => void sweep());

  return {
    sweep,
    start(everyMs) {
      void sweep();
      timer ??= setInterval(() => void sweep(), everyMs);
      timer.unref();
    },
    async settled() {
      while (running) await running;
    },
    async unindexed() {
      const [row] = await db.select({ value: count() }).from(files).where(isNull(files.individualsIndexedAt));
      return Number(row?.value ?? 0);
    },
    async stop() {
      stopped = true;
      unsubscribe();
      if (timer) clearInterval(timer);
      while (running) await running;
    },
  };
}
