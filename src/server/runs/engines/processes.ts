import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Engine processes run detached, in a process group of their own, with their output going
 * straight to a log file. So they outlive a Seedbed restart (and are re-attached), and a
 * cancel can end the whole tree at once.
 */
export function spawnDetached(command: string, args: string[], options: { cwd: string; logFile: string; env?: NodeJS.ProcessEnv }): ChildProcess {
  const log = fs.openSync(options.logFile, 'a');
  try {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      detached: true,
      stdio: ['ignore', log, log],
    });
    child.unref();
    return child;
  } finally {
    fs.closeSync(log);
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !isZombie(pid);
}

/**
 * Whether `pid` has exited and waits to be reaped (Linux's state Z). A process whose parent died
 * with it goes to PID 1, which in some containers never reaps it: signal 0 still finds it, but it
 * runs nothing. Elsewhere (no /proc) a process that answers signal 0 counts as alive.
 */
function isZombie(pid: number): boolean {
  try {
    // "pid (comm) state …": the state follows the last ')' (a command name may hold one too).
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat[stat.lastIndexOf(')') + 2] === 'Z';
  } catch {
    return false;
  }
}

/**
 * Whether `pid` is still the process that was started for `runDir`: after a restart the pid
 * may have been reused. Where /proc is missing (not Linux) being alive has to do.
 */
export function isProcessOf(pid: number, runDir: string): boolean {
  if (!isAlive(pid)) return false;
  try {
    const cwd = fs.readlinkSync(`/proc/${pid}/cwd`);
    return path.resolve(cwd) === path.resolve(runDir);
  } catch {
    return !fs.existsSync('/proc/self');
  }
}

/** Signals the process group `pid` leads (every process of the run), or the process alone. */
export function signalTree(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    try {
      process.kill(pid, signal);
    } catch {
      // Already gone.
    }
  }
}

/** Waits until `pid` is gone, checking every `intervalMs`; returns a function that stops watching. */
export function whenGone(pid: number, onGone: () => void, intervalMs = 1000): () => void {
  const timer = setInterval(() => {
    if (!isAlive(pid)) {
      clearInterval(timer);
      onGone();
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** The first directory on PATH holding an executable `command`, or null. */
export function findOnPath(command: string, pathVariable = process.env.PATH ?? ''): string | null {
  for (const directory of pathVariable.split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(directory, command);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // Not here.
    }
  }
  return null;
}

/** The last `lines` lines of a log file, for failure messages. */
export function tailOf(file: string, lines = 5): string {
  try {
    const fd = fs.openSync(file, 'r');
    try {
      const { size } = fs.fstatSync(fd);
      const length = Math.min(size, 8192);
      const buffer = Buffer.alloc(length);
      fs.readSync(fd, buffer, 0, length, size - length);
      return buffer.toString('utf8').trimEnd().split('\n').slice(-lines).join('\n');
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return '';
  }
}
