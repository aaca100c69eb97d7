import { Worker } from 'node:worker_threads';
import type { Results } from '@electric-sql/pglite';

export interface ThreadTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
}

/** What a statement may ask of PGlite across the thread: the row mode, and types kept as text (drizzle's parsers). */
interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, (text: string, typeId: number) => unknown>;
}

interface ThreadError {
  name: string;
  message: string;
  [field: string]: string | number | boolean;
}

type Reply = { id: number; result: unknown } | { id: number; error: ThreadError } | { db: number; channel: string; payload: string };

// A text that drizzle's parsers, which keep dates and intervals as PostgreSQL wrote them, give back unchanged.
const PROBE = '2024-01-02 03:04:05.678+00';

/**
 * drizzle hands PGlite parsers (functions, which cannot cross threads) that return a type's text as
 * it is: only such parsers are accepted, as the list of types to keep as text; any other is refused
 * rather than left out.
 */
function textTypesOf(parsers: QueryOptions['parsers']): number[] | undefined {
  if (!parsers) return undefined;
  return Object.entries(parsers).map(([type, parse]) => {
    if (parse(PROBE, Number(type)) !== PROBE) throw new Error(`The embedded database runs on its own thread: a parser that changes type ${type}'s text cannot go with the query.`);
    return Number(type);
  });
}

/** A database error as thrown on the other side: its message, SQLSTATE (`code`), detail, constraint… */
function errorOf(error: ThreadError): Error {
  const { name, message, ...fields } = error;
  return Object.assign(new Error(message), fields, { name });
}

/**
 * The one thread of this process that hosts its embedded databases, started with the first one
 * and kept while the process lives: ending a thread frees PGlite's compiled WebAssembly with its
 * isolate, which V8 sometimes aborts on (pglite-thread.mjs). Idle, it keeps nobody's process
 * alive; while an answer is awaited, it does.
 */
class DatabaseThread {
  private readonly pending = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();
  /** NOTIFY listeners by database and channel. */
  readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private nextId = 0;
  private stopped: Error | null = null;
  private readonly worker = new Worker(new URL('./pglite-thread.mjs', import.meta.url), { execArgv: [] });

  constructor() {
    this.worker.on('message', (reply: Reply) => this.receive(reply));
    this.worker.on('error', (error) => this.stop(new Error(`The embedded database's thread failed: ${error.message}`)));
    this.worker.on('exit', (code) => this.stop(new Error(`The embedded database's thread ended (exit code ${code}).`)));
    this.worker.unref();
  }

  /** Sends a request and answers its reply; `id` is given for a transaction's `begin`, whose id names it. */
  ask(request: Record<string, unknown>, id = this.newId()): Promise<unknown> {
    if (this.stopped) return Promise.reject(this.stopped);
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve, reject });
      try {
        this.worker.postMessage({ ...request, id });
      } catch (error) {
        // A value that cannot be copied to another thread (a function, a class with methods…): refused, and nothing left waiting.
        this.settle(id);
        reject(
          new Error(
            `A value in this statement cannot go to the embedded database's thread (${error instanceof Error ? error.message : String(error)}); pass text, numbers, dates, bytes, or plain arrays and objects.`,
          ),
        );
      }
    });
  }

  newId(): number {
    return this.nextId++;
  }

  private receive(reply: Reply) {
    if ('channel' in reply) {
      for (const listener of this.listeners.get(channelKey(reply.db, reply.channel)) ?? []) listener(reply.payload);
      return;
    }
    const waiting = this.settle(reply.id);
    if (!waiting) return;
    if ('error' in reply) waiting.reject(errorOf(reply.error));
    else waiting.resolve(reply.result);
  }

  /** Takes the request off the waiting list; with none left, the thread keeps the process alive no longer. */
  private settle(id: number) {
    const waiting = this.pending.get(id);
    this.pending.delete(id);
    if (this.pending.size === 0) this.worker.unref();
    return waiting;
  }

  private stop(reason: Error) {
    if (this.stopped) return;
    this.stopped = reason;
    for (const waiting of this.pending.values()) waiting.reject(reason);
    this.pending.clear();
    if (thread === this) thread = null;
  }
}

let thread: DatabaseThread | null = null;
let nextDatabase = 0;
const channelKey = (db: number, channel: string) => `${db}\u0000${channel}`;

/**
 * The embedded database (PGlite) on the database thread, with the part of PGlite's client
 * that drizzle and Seedbed use: query, exec, transaction, listen and close.
 *
 * On the main thread, PGlite ran every statement (PostgreSQL compiled to WebAssembly) and parsed
 * every result there too, between requests: 200 open run pages had the API's one core to share
 * with the database, which PostgreSQL, a process of its own, never takes (issue #36). Here the
 * database has the other core, and the API waits for it as it waits for PostgreSQL.
 */
export class ThreadedPGlite {
  private closed = false;

  private constructor(
    private readonly thread: DatabaseThread,
    private readonly db: number,
  ) {}

  /**
   * Opens PGlite on `dataDir` (absent: in memory, empty or a copy of the `template` archive) on the
   * database thread, and answers once it is ready.
   */
  static async open(dataDir: string | undefined, template?: string): Promise<ThreadedPGlite> {
    if (dataDir !== undefined && template !== undefined) throw new Error('A database in a folder cannot start from a template: only an in-memory one can.');
    thread ??= new DatabaseThread();
    const client = new ThreadedPGlite(thread, nextDatabase++);
    await client.ask({ op: 'open', dataDir, template });
    return client;
  }

  query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.statement<T>(sql, params, options, undefined);
  }

  exec(sql: string): Promise<Results[]> {
    return this.ask({ op: 'exec', sql }) as Promise<Results[]>;
  }

  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(work: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const tx = this.thread.newId();
    await this.ask({ op: 'begin' }, tx);
    const inTransaction: ThreadTransaction = {
      query: <R>(sql: string, params: unknown[] = [], options?: QueryOptions) => this.statement<R>(sql, params, options, tx),
      exec: (sql: string) => this.ask({ op: 'exec', sql, tx }) as Promise<Results[]>,
    };
    let result: T;
    try {
      result = await work(inTransaction);
    } catch (error) {
      // The caller's error is what it hears, whether or not the rollback could be confirmed.
      await this.ask({ op: 'end', tx, commit: false }).catch(() => {});
      throw error;
    }
    await this.ask({ op: 'end', tx, commit: true });
    return result;
  }

  /** Calls `onMessage` for every NOTIFY on `channel`. */
  async listen(channel: string, onMessage: (payload: string) => void): Promise<void> {
    const key = channelKey(this.db, channel);
    const known = this.thread.listeners.get(key);
    if (known) {
      known.add(onMessage);
      return;
    }
    this.thread.listeners.set(key, new Set([onMessage]));
    try {
      await this.ask({ op: 'listen', channel });
    } catch (error) {
      // Not listening: the next listen on the channel asks again.
      this.thread.listeners.delete(key);
      throw error;
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.ask({ op: 'close' });
    for (const key of this.thread.listeners.keys()) if (key.startsWith(channelKey(this.db, ''))) this.thread.listeners.delete(key);
  }

  private statement<T>(sql: string, params: unknown[], options: QueryOptions | undefined, tx: number | undefined): Promise<Results<T>> {
    const { rowMode, parsers, ...rest } = options ?? {};
    const unknown = Object.keys(rest);
    if (unknown.length > 0) return Promise.reject(new Error(`The embedded database runs on its own thread: the query option ${unknown.join(', ')} cannot go with the query.`));
    let textTypes: number[] | undefined;
    try {
      textTypes = textTypesOf(parsers);
    } catch (error) {
      return Promise.reject(error);
    }
    return this.ask({ op: 'query', sql, params, options: options ? { rowMode, textTypes } : undefined, tx }) as Promise<Results<T>>;
  }

  private ask(request: Record<string, unknown>, id?: number): Promise<unknown> {
    return this.thread.ask({ ...request, db: this.db }, id);
  }
}
