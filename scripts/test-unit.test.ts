import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { killedOnly } from './test-unit.ts';

const root = path.resolve(import.meta.dirname, '..');
const killedError = (file: string, signal = 'SIGTRAP') =>
  Object.assign(new Error('[vitest-pool]: Worker forks emitted error.'), {
    cause: new Error(`Worker exited unexpectedly with signal ${signal} during started state while running test file ${file}`),
  });

describe('which files a killed test process leaves to run again', () => {
  it('the files whose process a signal killed, when no test failed', () => {
    expect(killedOnly([killedError('/a.test.ts'), killedError('/b.test.ts', 'SIGSEGV')], ['/a.test.ts', '/b.test.ts'], 0)).toEqual([
      { signal: 'SIGTRAP', file: '/a.test.ts' },
      { signal: 'SIGSEGV', file: '/b.test.ts' },
    ]);
  });

  it('none when a test failed, another error came, or another file failed', () => {
    expect(killedOnly([killedError('/a.test.ts')], ['/a.test.ts', '/c.test.ts'], 1)).toBeNull();
    expect(killedOnly([killedError('/a.test.ts'), new Error('Something else')], ['/a.test.ts'], 0)).toBeNull();
    expect(killedOnly([killedError('/a.test.ts')], ['/a.test.ts', '/c.test.ts'], 0)).toBeNull();
    expect(killedOnly([], ['/c.test.ts'], 0)).toBeNull();
  });
});

describe('npm run test:unit on a project whose test process is killed', () => {
  let folder = '';
  afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

  /** A project of its own: `ok` passes, `killed` dies by SIGTRAP the first `times` runs, `failing` fails when asked. */
  function project({ times, failing }: { times: number; failing: boolean }) {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-test-unit-'));
    fs.writeFileSync(path.join(folder, 'vitest.config.mjs'), `export default { test: { globals: true, root: ${JSON.stringify(folder)}, include: ['*.test.mjs'] } };\n`);
    fs.writeFileSync(path.join(folder, 'ok.test.mjs'), `it('passes', () => expect(1).toBe(1));\n`);
    fs.writeFileSync(
      path.join(folder, 'killed.test.mjs'),
      `import fs from 'node:fs';
it('is killed the first ${times} times', async () => {
  const count = ${JSON.stringify(path.join(folder, 'count'))};
  const runs = fs.existsSync(count) ? Number(fs.readFileSync(count, 'utf8')) : 0;
  fs.writeFileSync(count, String(runs + 1));
  if (runs < ${times}) {
    process.kill(process.pid, 'SIGTRAP');
    await new Promise(() => {});
  }
});\n`,
    );
    if (failing) fs.writeFileSync(path.join(folder, 'failing.test.mjs'), `it('fails', () => expect(1).toBe(2));\n`);
    const run = spawnSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/test-unit.ts', '--config', path.join(folder, 'vitest.config.mjs')], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, CI: '', FORCE_COLOR: '0' },
      timeout: 60_000,
    });
    return { status: run.status, output: `${run.stdout}${run.stderr}`, runs: Number(fs.readFileSync(path.join(folder, 'count'), 'utf8')) };
  }

  it('runs that file once more, and passes when it passes', () => {
    const { status, output, runs } = project({ times: 1, failing: false });
    expect(output).toContain('V8 killed the test process of this file');
    expect(output).toContain('killed.test.mjs (SIGTRAP)');
    expect(runs).toBe(2);
    expect(status).toBe(0);
  });

  it('fails when the file is killed again', () => {
    const { status, runs } = project({ times: 2, failing: false });
    expect(runs).toBe(2);
    expect(status).toBe(1);
  });

  it('runs nothing again when a test failed as well', () => {
    const { status, output, runs } = project({ times: 1, failing: true });
    expect(output).not.toContain('Running them once more');
    expect(runs).toBe(1);
    expect(status).toBe(1);
  });
});
