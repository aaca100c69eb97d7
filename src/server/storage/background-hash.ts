import { Worker } from 'node:worker_threads';

/**
 * SHA-256 on a worker thread: an upload's bytes are hashed while the main thread reads the next
 * ones from the socket, instead of taking a third of its time (issue #36, uploads). Blocks in
 * shared memory (the block writer's buffers) are hashed where they are; others are copied over.
 * If the worker is lost, hashes it held answer null and their files are hashed again from disk.
 */

// Plain JavaScript, evaluated as the worker: no loader or transpiler stands between it and Node.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const hashes = new Map();
parentPort.on('message', ({ kind, key, seq, bytes, offset, length }) => {
  if (kind === 'update') {
    let hash = hashes.get(key);
    if (!hash) hashes.set(key, (hash = createHash('sha256')));
    hash.update(new Uint8Array(bytes, offset, length));
    parentPort.postMessage({ seq });
  } else if (kind === 'digest') {
    const hash = hashes.get(key) ?? createHash('sha256');
    hashes.delete(key);
    parentPort.postMessage({ seq, hex: hash.digest('hex') });
  } else if (kind === 'drop') {
    hashes.delete(key);
  }
});
`;

interface Answer {
  seq: number;
  hex?: string;
}

let worker: Worker | null = null;
/** Counts workers started: a hash begun on an earlier one has lost its state. */
let workerGeneration = 0;
let nextSeq = 0;
let nextKey = 0;
const awaited = new Map<number, (answer: Answer | null) => void>();

function currentWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(WORKER_SOURCE, { eval: true });
  // Hashing never keeps the process alive on its own.
  started.unref();
  started.on('message', (answer: Answer) => {
    awaited.get(answer.seq)?.(answer);
    awaited.delete(answer.seq);
  });
  const lost = () => {
    if (worker !== started) return;
    worker = null;
    for (const answer of awaited.values()) answer(null);
    awaited.clear();
  };
  started.on('error', lost);
  started.on('exit', lost);
  workerGeneration += 1;
  worker = started;
  return started;
}

function ask(message: Record<string, unknown>, transfer: ArrayBuffer[] = []): Promise<Answer | null> {
  const seq = nextSeq++;
  return new Promise((resolve) => {
    awaited.set(seq, resolve);
    currentWorker().postMessage({ ...message, seq }, transfer);
  });
}

/** One running SHA-256, fed block by block in order. */
export class BackgroundHash {
  private readonly key = nextKey++;
  private readonly generation: number;
  private lost = false;

  constructor() {
    currentWorker();
    this.generation = workerGeneration;
  }

  /** Hashes `block`; resolves once the worker is done with it, so that its memory may be reused. Never rejects. */
  async update(block: Uint8Array): Promise<void> {
    if (this.lost || this.generation !== workerGeneration) {
      this.lost = true;
      return;
    }
    const shared = block.buffer instanceof SharedArrayBuffer;
    const bytes = shared ? block.buffer : block.buffer.slice(block.byteOffset, block.byteOffset + block.byteLength);
    const offset = shared ? block.byteOffset : 0;
    const answer = await ask({ kind: 'update', key: this.key, bytes, offset, length: block.byteLength }, shared ? [] : [bytes as ArrayBuffer]);
    if (!answer) this.lost = true;
  }

  /** The hex digest of every block given, or null if the worker was lost meanwhile. Ends the hash. */
  async digest(): Promise<string | null> {
    if (this.lost || this.generation !== workerGeneration) return null;
    return (await ask({ kind: 'digest', key: this.key }))?.hex ?? null;
  }

  /** Lets go of a hash that will not be finished. */
  drop(): void {
    if (!this.lost && this.generation === workerGeneration) worker?.postMessage({ kind: 'drop', key: this.key });
    this.lost = true;
  }
}
