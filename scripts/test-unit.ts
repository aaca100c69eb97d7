/**
 * `npm run test:unit`: Vitest, as `vitest run` with the same arguments, and one thing more. A test
 * process that V8 itself kills (SIGTRAP, SIGSEGV…) while PGlite's WebAssembly is made and freed,
 * a V8 bug outside Seedbed (nodejs/node#64500, pglite-thread.mjs), ends a whole run though no test
 * failed. When that is the only thing wrong, the files whose process died run once more, and that
 * run's result is the answer. A test that fails, or an error of any other kind, is never run again.
 */
import type { Vitest } from 'vitest/node';
import { parseCLI, startVitest } from 'vitest/node';

/** Vitest's words for a test process killed by a signal, with the file it was running. */
const KILLED = /Worker exited unexpectedly with signal (SIG[A-Z]+) during \w+ state while running test file (.+)$/;

interface Killed {
  signal: string;
  file: string;
}

/** The files whose process a signal killed, when nothing else went wrong; null otherwise. */
export function killedOnly(errors: unknown[], failedFiles: string[], failedTests: number): Killed[] | null {
  const killed: Killed[] = [];
  for (const error of errors) {
    const match = KILLED.exec(causeMessage(error));
    if (!match) return null;
    killed.push({ signal: match[1]!, file: match[2]!.trim() });
  }
  if (killed.length === 0 || failedTests > 0) return null;
  const files = new Set(killed.map(({ file }) => file));
  return failedFiles.every((file) => files.has(file)) ? killed : null;
}

function causeMessage(error: unknown): string {
  const { message, cause } = (error ?? {}) as { message?: unknown; cause?: unknown };
  const own = typeof message === 'string' ? message : '';
  return KILLED.test(own) || cause === undefined ? own : causeMessage(cause);
}

function outcome(vitest: Vitest) {
  const files = vitest.state.getFiles();
  const failedFiles = files.filter((file) => file.result?.state === 'fail').map((file) => file.filepath);
  return { errors: vitest.state.getUnhandledErrors(), failedFiles, failedTests: countFailedTests(files) };
}

type FileTask = ReturnType<Vitest['state']['getFiles']>[number];
type AnyTask = FileTask | FileTask['tasks'][number];

function countFailedTests(tasks: AnyTask[]): number {
  let failed = 0;
  for (const task of tasks) {
    if ('tasks' in task) failed += countFailedTests(task.tasks);
    else if (task.result?.state === 'fail') failed += 1;
  }
  return failed;
}

async function main() {
  const { filter, options } = parseCLI(['vitest', 'run', ...process.argv.slice(2)]);
  const first = await startVitest('test', filter, { ...options, watch: false });
  const { errors, failedFiles, failedTests } = outcome(first);
  const killed = process.exitCode ? killedOnly(errors, failedFiles, failedTests) : null;
  if (!killed) return;
  const lines = killed.map(({ signal, file }) => `  ${file} (${signal})`).join('\n');
  process.stderr.write(
    `\nNo test failed, but V8 killed the test process of ${killed.length === 1 ? 'this file' : 'these files'}:\n${lines}\n` +
      'This is V8 aborting while PGlite’s WebAssembly is made and freed (nodejs/node#64500), not a test. Running them once more:\n\n',
  );
  process.exitCode = 0;
  await startVitest(
    'test',
    killed.map(({ file }) => file),
    { ...options, watch: false },
  );
}

if (import.meta.main) await main();
