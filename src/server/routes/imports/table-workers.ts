import { setImmediate as nextTurn } from 'node:timers/promises';
import Tinypool from 'tinypool';
import { DomainError } from '../../domain-errors';
import { LIMIT_MESSAGES, READ_TIMEOUT_MS } from './import-limits';
import type { Table } from './table-reader';
import type { TableTask, TableTaskResult } from './table-worker';

/**
 * Import files are parsed in worker threads, so that a large or hostile file costs a worker its
 * time and memory, never the API's event loop: `/health` and every other request keep answering
 * while a workbook is read. Two threads (the machines Seedbed targets have two cores), a short
 * queue, a time limit and a heap limit per thread; a thread that runs out of either is replaced.
 */

const THREADS = 2;
const QUEUE = 8;
const HEAP_MB = 1024;

/** Under tsx the workers inherit its loader; elsewhere (Vitest) they are given it, to load the worker's TypeScript. */
const execArgv = process.execArgv.some((argument) => argument.includes('tsx')) ? process.execArgv : ['--import', 'tsx'];

let pool: Tinypool | null = null;
function poolOf(): Tinypool {
  pool ??= new Tinypool({
    filename: new URL('./table-worker.ts', import.meta.url).href,
    minThreads: 0,
    maxThreads: THREADS,
    maxQueue: QUEUE,
    // Kept a while after the last file, so that the next import does not wait for a thread to start.
    idleTimeout: 5 * 60_000,
    execArgv,
    resourceLimits: { maxOldGenerationSizeMb: HEAP_MB },
  });
  return pool;
}

/** Reads an import's body (CSV or .xlsx) in a worker thread; refuses, with what to do, past the bounds of import-limits.ts. */
export async function readTable(body: ArrayBuffer, sheet?: string): Promise<Table> {
  const workers = poolOf();
  if (workers.queueSize >= QUEUE) throw new DomainError('too-many-attempts', LIMIT_MESSAGES.busy(), undefined, 30);
  let result: TableTaskResult;
  try {
    result = await workers.run({ body: new Uint8Array(body), sheet } satisfies TableTask, { transferList: [body], signal: AbortSignal.timeout(READ_TIMEOUT_MS) });
  } catch (error) {
    const code = (error as { code?: string }).code;
    const name = (error as { name?: string }).name;
    if (name === 'AbortError' || name === 'TimeoutError') throw new DomainError('too-large', LIMIT_MESSAGES.timeout());
    if (code === 'ERR_WORKER_OUT_OF_MEMORY') throw new DomainError('too-large', LIMIT_MESSAGES.memory());
    throw error;
  }
  if ('refused' in result) throw new DomainError(result.refused.kind, result.refused.message);
  const records: Table['records'] = [];
  for (const part of result.recordParts) {
    for (const record of JSON.parse(part) as Table['records']) records.push(record);
    await nextTurn();
  }
  return { ...result.table, records };
}
