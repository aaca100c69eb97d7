import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataFolderInUseError, lockDataFolder, lockFileOf } from './data-folder-lock';

const tempFolder = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-lock-')), 'pglite');

/** The pid of a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('the embedded database folder lock', () => {
  it('names its holder in a private file beside the folder, and is gone once released', () => {
    const folder = tempFolder();
    const lock = lockDataFolder(folder, () => {});
    const written = JSON.parse(fs.readFileSync(lockFileOf(folder), 'utf8'));
    expect(written).toMatchObject({ pid: process.pid, host: os.hostname() });
    expect(written.command).toContain('node');
    expect(Date.parse(written.since)).toBeLessThanOrEqual(Date.now());
    expect(fs.statSync(lockFileOf(folder)).mode & 0o777).toBe(0o600);
    lock.release();
    expect(fs.existsSync(lockFileOf(folder))).toBe(false);
  });

  it('is refused to a second holder while held, with who holds it and what to do', () => {
    const folder = tempFolder();
    const lock = lockDataFolder(folder, () => {});
    try {
      expect(() => lockDataFolder(folder, () => {})).toThrow(DataFolderInUseError);
      expect(() => lockDataFolder(folder, () => {})).toThrow(new RegExp(`pid ${process.pid} on this machine, started as .*node.*holding it since \\d{4}-.*Stop that process first`));
    } finally {
      lock.release();
    }
  });

  it('is refused while another live process holds it', () => {
    const folder = tempFolder();
    fs.mkdirSync(path.dirname(folder), { recursive: true });
    // The test runner's parent: alive, and not this process.
    const holder = { pid: process.ppid, host: os.hostname(), command: 'npm start', since: '2026-11-25T18:00:00.000Z', nonce: 'theirs' };
    fs.writeFileSync(lockFileOf(folder), JSON.stringify(holder));
    expect(() => lockDataFolder(folder, () => {})).toThrow(`pid ${process.ppid} on this machine, started as \`npm start\`, holding it since 2026-11-25T18:00:00.000Z`);
    expect(JSON.parse(fs.readFileSync(lockFileOf(folder), 'utf8')).nonce).toBe('theirs');
  });

  it('is taken over from a process of this machine that has died, with a warning', () => {
    const folder = tempFolder();
    fs.mkdirSync(path.dirname(folder), { recursive: true });
    const pid = deadPid();
    fs.writeFileSync(lockFileOf(folder), JSON.stringify({ pid, host: os.hostname(), command: 'npm start', since: '2026-11-25T18:00:00.000Z', nonce: 'dead' }));
    const warnings: string[] = [];
    const lock = lockDataFolder(folder, (message) => warnings.push(message));
    expect(warnings).toEqual([expect.stringContaining(`Took over the lock of ${folder} left by a process that no longer runs (pid ${pid} on this machine`)]);
    expect(JSON.parse(fs.readFileSync(lockFileOf(folder), 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('is not taken over from another machine, whose processes cannot be seen from here', () => {
    const folder = tempFolder();
    fs.mkdirSync(path.dirname(folder), { recursive: true });
    fs.writeFileSync(lockFileOf(folder), JSON.stringify({ pid: deadPid(), host: 'another-host', command: 'npm start', since: '2026-11-25T18:00:00.000Z', nonce: 'remote' }));
    expect(() => lockDataFolder(folder, () => {})).toThrow(/on another-host.*kill \d+ on another-host/);
  });

  it('tells a running server’s address to the next process, and a release never removes a lock another process took over', () => {
    const folder = tempFolder();
    const lock = lockDataFolder(folder, () => {});
    lock.announceServer({ apiUrl: 'http://127.0.0.1:4321/api', localKey: 'k'.repeat(43) });
    const refusal = (() => {
      try {
        lockDataFolder(folder, () => {});
      } catch (error) {
        return error as DataFolderInUseError;
      }
    })();
    expect(refusal?.holder.server).toEqual({ apiUrl: 'http://127.0.0.1:4321/api', localKey: 'k'.repeat(43) });
    fs.writeFileSync(lockFileOf(folder), JSON.stringify({ pid: process.ppid, host: os.hostname(), command: 'npm start', since: new Date().toISOString(), nonce: 'next' }));
    lock.release();
    expect(JSON.parse(fs.readFileSync(lockFileOf(folder), 'utf8')).nonce).toBe('next');
  });
});
