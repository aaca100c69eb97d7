/** A local-engine context for tests: runs each task at once, in a scratch folder, and keeps the log. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LocalContext } from '../../src/pipeline-kit/local-pipeline.ts';

export interface TestContext<Params> extends LocalContext<Params> {
  lines: string[];
  processes: string[];
  read(relative: string): string;
}

/** The seed a run is given when its launch sets none (every catalogue schema's default). */
const DEFAULT_SEED = 42;

/** A pipeline's parameters as a test gives them: the seed may be left to testContext. */
export type GivenParams<Params extends { seed: number }> = Omit<Params, 'seed'> & { seed?: number };

/**
 * A context for `run(context)` with the parameters a test gives (typed as given: `const` keeps
 * `'hudson'` from widening to string, so a value the schema does not allow fails to compile).
 * The seed is there as the server would fill it in, so tests of pipelines without randomness need not name one.
 */
export function testContext<const Given>(given: Given): TestContext<{ seed: number } & Given> {
  const params = { seed: DEFAULT_SEED, ...given };
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-pipeline-'));
  const outdir = path.join(folder, 'results');
  fs.mkdirSync(outdir);
  const lines: string[] = [];
  const processes: string[] = [];
  return {
    params,
    outdir,
    workDir: path.join(folder, 'work'),
    signal: new AbortController().signal,
    lines,
    processes,
    log: (message) => lines.push(message),
    skip: (process, reason) => lines.push(`Skipped ${process}: ${reason}`),
    task: async (process, _tag, work) => {
      processes.push(process);
      return work(folder);
    },
    read: (relative) => fs.readFileSync(path.join(outdir, relative), 'utf8'),
  };
}

/** Rows of a tab- or comma-separated text, header first. */
export const table = (text: string, separator = '\t') =>
  text
    .trimEnd()
    .split('\n')
    .map((line) => line.split(separator));

/** Writes test inputs into a scratch folder of their own: `write(name, text)` gives the file's path. */
export function scratchFiles(prefix: string): (name: string, text: string) => string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), `seedbed-${prefix}-`));
  return (name, text) => {
    const file = path.join(folder, name);
    fs.writeFileSync(file, text);
    return file;
  };
}

/** A comma-separated table's rows as records keyed by its header. */
export function records(text: string, separator = ','): Array<Record<string, string>> {
  const [header, ...rows] = table(text, separator);
  return rows.map((row) => Object.fromEntries(header!.map((name, index) => [name, row[index]!])));
}
