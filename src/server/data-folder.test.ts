import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeRepair, makeDataFolderPrivate, makeTreePrivate } from './data-folder';

const modeOf = (entry: string) => fs.lstatSync(entry).mode & 0o777;

/** A data folder as an older Seedbed left it: everything readable by every local user. */
function openDataFolder() {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-open-'));
  const dataDir = path.join(parent, 'data');
  for (const folder of ['pglite/base/5', 'files/sample-data', 'runs/12/work']) fs.mkdirSync(path.join(dataDir, folder), { recursive: true, mode: 0o755 });
  const write = (name: string, mode: number) => {
    fs.writeFileSync(path.join(dataDir, name), 'x');
    fs.chmodSync(path.join(dataDir, name), mode);
  };
  write('pglite/base/5/1259', 0o666);
  write('pglite/pg_wal_000001', 0o666);
  write('files/sample-data/panel.vcf', 0o644);
  write('runs/12/work/run.sh', 0o755);
  write('notes.txt', 0o644); // not Seedbed's
  const outside = path.join(parent, 'elsewhere.txt');
  fs.writeFileSync(outside, 'x');
  fs.chmodSync(outside, 0o644);
  fs.symlinkSync(outside, path.join(dataDir, 'files', 'link-out'));
  for (const folder of ['pglite/base/5', 'pglite/base', 'pglite', 'files/sample-data', 'files', 'runs/12/work', 'runs/12', 'runs', '.']) fs.chmodSync(path.join(dataDir, folder), 0o755);
  return { dataDir, outside };
}

describe('the data folder', () => {
  it('is created readable by its owner only', () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-new-')), 'data');
    expect(describeRepair(dataDir, makeDataFolderPrivate(dataDir))).toBeNull();
    expect(modeOf(dataDir)).toBe(0o700);
  });

  it('left open by an older Seedbed is closed at start, with a warning that says what changed', () => {
    const { dataDir, outside } = openDataFolder();
    const repair = makeDataFolderPrivate(dataDir);
    expect(repair).toMatchObject({ files: 4, folders: 9, unchanged: [] });
    expect(describeRepair(dataDir, repair)).toBe(
      `The data folder ${dataDir} was readable by other users of this machine: Seedbed removed group and other permissions from 4 files and 9 folders (files are now 0600, folders 0700). Anyone who read it could have copied password hashes: if other people have accounts on this machine, ask Seedbed users to change their passwords.`,
    );
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(path.join(dataDir, 'pglite/base/5'))).toBe(0o700);
    expect(modeOf(path.join(dataDir, 'pglite/base/5/1259'))).toBe(0o600);
    expect(modeOf(path.join(dataDir, 'pglite/pg_wal_000001'))).toBe(0o600);
    expect(modeOf(path.join(dataDir, 'files/sample-data/panel.vcf'))).toBe(0o600);
    // The owner keeps what was the owner's: a script stays executable.
    expect(modeOf(path.join(dataDir, 'runs/12/work/run.sh'))).toBe(0o700);
    // A link is not followed out of the folder, and what is not Seedbed's is left as it was (the closed folder guards it).
    expect(modeOf(outside)).toBe(0o644);
    expect(modeOf(path.join(dataDir, 'notes.txt'))).toBe(0o644);
    // Once private, the next start has nothing to say.
    expect(describeRepair(dataDir, makeDataFolderPrivate(dataDir))).toBeNull();
  });

  it('closes a whole tree on request (PGlite writes a new database 0666)', () => {
    const { dataDir } = openDataFolder();
    const repair = makeTreePrivate(path.join(dataDir, 'pglite'));
    expect(repair).toMatchObject({ files: 2, folders: 3 });
    expect(modeOf(path.join(dataDir, 'pglite/base/5/1259'))).toBe(0o600);
    expect(modeOf(path.join(dataDir, 'files'))).toBe(0o755);
  });
});
