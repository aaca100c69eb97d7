import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * One process at a time on an embedded database. PGlite has no shared memory between processes:
 * two of them on one folder each write pages the other does not know of, and the folder ends up
 * damaged (an index that finds no rows while the count says 500). So the folder is locked, as
 * PostgreSQL does with postmaster.pid: a file beside it, created with O_EXCL, that names the
 * holder. A lock left by a process that has died on this machine is taken over with a warning.
 */

export interface LockHolder {
  pid: number;
  host: string;
  /** How the holder was started, e.g. `npm start` or `node …/scripts/seed-demo.ts`. */
  command: string;
  /** ISO time the holder took the lock. */
  since: string;
  /** Where a running server takes work for this folder (`npm run seed:demo` loads through it). */
  server?: { apiUrl: string; localKey: string };
  /** Tells this holder's own lock from a new one at the same path. */
  nonce: string;
}

export class DataFolderInUseError extends Error {
  override name = 'DataFolderInUseError';
  constructor(
    readonly folder: string,
    readonly lockFile: string,
    readonly holder: LockHolder,
  ) {
    super(
      `The embedded database in ${folder} is in use by another process: ${describeHolder(holder)}. ` +
        `Two processes on one embedded database damage it, so this one did not open it. ` +
        `Stop that process first (Ctrl+C in its terminal, or kill ${holder.pid}${holder.host === os.hostname() ? '' : ` on ${holder.host}`}), ` +
        `or give this one another SEEDBED_DATA_DIR; to run several instances at once, use PostgreSQL (DATABASE_URL). ` +
        `If no such process exists any more, delete ${lockFile}.`,
    );
  }
}

export function describeHolder(holder: LockHolder): string {
  const where = holder.host === os.hostname() ? 'on this machine' : `on ${holder.host}`;
  return `pid ${holder.pid} ${where}, started as \`${holder.command}\`, holding it since ${holder.since}`;
}

/** The lock file of a PGlite folder: beside it, `<folder>.lock`. */
export const lockFileOf = (folder: string) => `${path.resolve(folder)}.lock`;

/** How this process was started, as a person would recognise it. */
function commandOfThisProcess(): string {
  const script = process.env.npm_lifecycle_event;
  const argv = process.argv.slice(1).map((part) => path.relative(process.cwd(), part) || part);
  const node = `node ${argv.join(' ')}`.trim();
  if (!script) return node;
  return `${script === 'start' ? 'npm start' : `npm run ${script}`}${process.argv.includes('--demo') ? ' -- --demo' : ''} (${node})`;
}

function readHolder(lockFile: string): LockHolder | null {
  let text: string;
  try {
    text = fs.readFileSync(lockFile, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    return JSON.parse(text) as LockHolder;
  } catch {
    // Being written this moment, or left half-written by a holder killed right then.
    const since = fs.statSync(lockFile, { throwIfNoEntry: false })?.mtime.toISOString() ?? new Date().toISOString();
    return { pid: 0, host: os.hostname(), command: 'unknown (an empty or unreadable lock file)', since, nonce: text };
  }
}

/** The nonces of the locks this process holds now. */
const heldHere = new Set<string>();

/** Whether the holder is gone for certain: a process of this machine that no longer exists. */
function isStale(holder: LockHolder): boolean {
  if (holder.host !== os.hostname()) return false;
  // A restarted container reuses pids: a lock naming this very process, but not one it holds, was left by an earlier one.
  if (holder.pid === process.pid) return !heldHere.has(holder.nonce);
  if (holder.pid <= 0) return Date.now() - Date.parse(holder.since) > 5000;
  try {
    process.kill(holder.pid, 0);
    return false;
  } catch (error) {
    // EPERM: alive, under another user.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** Who holds the folder now, if anyone alive does. */
export function currentHolder(folder: string): LockHolder | null {
  const holder = readHolder(lockFileOf(folder));
  return holder && !isStale(holder) ? holder : null;
}

export interface DataFolderLock {
  lockFile: string;
  /** Adds the address a running server takes work at, for `npm run seed:demo`. */
  announceServer(server: { apiUrl: string; localKey: string }): void;
  release(): void;
}

/**
 * Takes the lock of `folder` or throws DataFolderInUseError naming its holder. `warn` hears about
 * a stale lock taken over.
 */
export function lockDataFolder(folder: string, warn: (message: string) => void): DataFolderLock {
  const lockFile = lockFileOf(folder);
  fs.mkdirSync(path.dirname(lockFile), { recursive: true });
  const holder: LockHolder = { pid: process.pid, host: os.hostname(), command: commandOfThisProcess(), since: new Date().toISOString(), nonce: randomBytes(12).toString('hex') };

  for (let attempt = 0; ; attempt += 1) {
    try {
      fs.writeFileSync(lockFile, JSON.stringify(holder), { flag: 'wx', mode: 0o600 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const found = readHolder(lockFile);
    if (found === null) continue; // released between our attempt and the read
    if (!isStale(found) || attempt >= 3) throw new DataFolderInUseError(folder, lockFile, found);
    // Remove the stale lock only if it is still the one judged stale: another process taking
    // over at the same moment may already have replaced it with its own.
    if (readHolder(lockFile)?.nonce === found.nonce) fs.rmSync(lockFile, { force: true });
    warn(`Took over the lock of ${folder} left by a process that no longer runs (${describeHolder(found)}). If it stopped abruptly, the embedded database recovers on its own.`);
  }

  heldHere.add(holder.nonce);
  const release = () => {
    // Only our own lock: never one a later process took over.
    if (readHolder(lockFile)?.nonce === holder.nonce) fs.rmSync(lockFile, { force: true });
    heldHere.delete(holder.nonce);
    process.off('exit', release);
  };
  process.on('exit', release);
  return {
    lockFile,
    announceServer(server) {
      // Written aside and renamed over: the lock file never disappears, even for a moment.
      const next = `${lockFile}.${process.pid}.tmp`;
      fs.writeFileSync(next, JSON.stringify({ ...holder, server }), { mode: 0o600 });
      fs.renameSync(next, lockFile);
    },
    release,
  };
}
