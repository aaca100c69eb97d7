import fs from 'node:fs';
import path from 'node:path';

/**
 * The data folder holds the embedded database (password hashes, run secrets), stored files and
 * the download-signing key: other users of the machine must not read any of it. Everything this
 * process and its runs create is private (umask 077); a folder an older Seedbed left open is
 * closed at start, with a warning that says what changed.
 */

const OPEN_TO_OTHERS = 0o077;
/**
 * What Seedbed keeps in the data folder: the embedded database and its lock, stored files, run
 * folders, unfinished uploads, the S3 cache and keys. Only these are walked, so that a data folder
 * set to a folder with other things in it (a home folder) has only the folder itself closed.
 */
const SEEDBED_ENTRIES = ['pglite', 'pglite.lock', 'files', 'runs', 'uploads', 's3-cache', 'secrets'];

/** From here on, new files are 0600 and new folders 0700, in this process and the runs it starts. */
export function createPrivately(): void {
  process.umask(OPEN_TO_OTHERS);
}

export interface PrivacyRepair {
  /** Files and folders whose group and other permissions were removed. */
  files: number;
  folders: number;
  /** Entries this process could not change (owned by another user), at most ten. */
  unchanged: string[];
}

/**
 * Removes group and other permissions from `entries` and (with `descend`) everything under them
 * that this user owns, without following links.
 */
function closeTrees(entries: string[], repair: PrivacyRepair, descend = true): void {
  const me = process.getuid?.();
  const close = (entry: string, stat: fs.Stats) => {
    if ((stat.mode & OPEN_TO_OTHERS) === 0) return;
    if (me !== undefined && stat.uid !== me) {
      if (repair.unchanged.length < 10) repair.unchanged.push(entry);
      return;
    }
    try {
      fs.chmodSync(entry, stat.mode & 0o7777 & ~OPEN_TO_OTHERS);
      if (stat.isDirectory()) repair.folders += 1;
      else repair.files += 1;
    } catch {
      if (repair.unchanged.length < 10) repair.unchanged.push(entry);
    }
  };
  // Depth first with an explicit stack: run folders nest deeper than a recursion would like.
  const folders: string[] = [];
  const visit = (entry: string) => {
    const stat = fs.lstatSync(entry, { throwIfNoEntry: false });
    if (!stat || stat.isSymbolicLink()) return; // removed while we walked, or a link
    close(entry, stat);
    if (descend && stat.isDirectory()) folders.push(entry);
  };
  for (const entry of entries) visit(entry);
  while (folders.length > 0) {
    const folder = folders.pop()!;
    try {
      for (const name of fs.readdirSync(folder)) visit(path.join(folder, name));
    } catch {
      if (repair.unchanged.length < 10) repair.unchanged.push(folder);
    }
  }
}

/**
 * Creates `dataDir` (0700) or closes an open one: removes group and other permissions from it
 * and from everything this user owns under Seedbed's own entries in it, without following
 * links. A folder that is already private is not walked: nobody else can reach what is inside
 * it, so a start on a folder of a million files costs one stat.
 */
export function makeDataFolderPrivate(dataDir: string): PrivacyRepair {
  const repair: PrivacyRepair = { files: 0, folders: 0, unchanged: [] };
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if ((fs.statSync(dataDir).mode & OPEN_TO_OTHERS) === 0) return repair;
  closeTrees(
    SEEDBED_ENTRIES.map((name) => path.join(dataDir, name)),
    repair,
  );
  // The folder itself last, so that a walk cut short by a crash is done again at the next start.
  closeTrees([dataDir], repair, false);
  return repair;
}

/**
 * Closes a folder and everything in it. PGlite writes a new database's files with chmod 0666
 * (its initdb image keeps the modes of the memory file system it was made in), which no umask
 * stops: the embedded database calls this once it has made a folder.
 */
export function makeTreePrivate(folder: string): PrivacyRepair {
  const repair: PrivacyRepair = { files: 0, folders: 0, unchanged: [] };
  closeTrees([folder], repair);
  return repair;
}

/** The start's warning about a repair, or null when there was nothing to repair. */
export function describeRepair(dataDir: string, repair: PrivacyRepair): string | null {
  const changed = repair.files + repair.folders;
  if (changed === 0 && repair.unchanged.length === 0) return null;
  const parts: string[] = [];
  if (changed > 0) {
    parts.push(
      `The data folder ${dataDir} was readable by other users of this machine: Seedbed removed group and other permissions from ${repair.files.toLocaleString('en')} files and ${repair.folders.toLocaleString('en')} folders (files are now 0600, folders 0700). ` +
        'Anyone who read it could have copied password hashes: if other people have accounts on this machine, ask Seedbed users to change their passwords.',
    );
  }
  if (repair.unchanged.length > 0) {
    parts.push(
      `Seedbed could not make these private (owned by another user?): ${repair.unchanged.join(', ')}. Run chown -R "$(id -un)" ${dataDir} && chmod -R go-rwx ${dataDir} as their owner or root.`,
    );
  }
  return parts.join(' ');
}
