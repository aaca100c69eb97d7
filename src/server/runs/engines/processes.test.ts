import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../../testing/wait-for';
import { isAlive } from './processes';

describe('isAlive', () => {
  it('counts a running process as alive, and one that has exited but is never reaped as gone', async () => {
    // The shell starts a short sleep, prints its pid, then becomes a long sleep, which never reaps it.
    const parent = spawn('sh', ['-c', 'sleep 0.2 & echo $!; exec sleep 30'], { stdio: ['ignore', 'pipe', 'ignore'] });
    try {
      const child = Number(await new Promise<string>((resolve) => parent.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString()))));
      expect(isAlive(parent.pid!)).toBe(true);
      await waitFor(
        async () => isAlive(child),
        (alive) => !alive,
        10_000,
      );
      // Exited, not reaped: signal 0 still finds it, so only its state says it is gone.
      expect(() => process.kill(child, 0)).not.toThrow();
      expect(isAlive(parent.pid!)).toBe(true);
    } finally {
      parent.kill('SIGKILL');
    }
  });
});
