import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { DomainError } from '../domain-errors';
import type { FileStorage } from '../storage/storage';

/**
 * A stored file's uncompressed bytes from a position on, as chunks that say where they start, so
 * that a reader can name the position of any byte it stops at. Plain files are read from that byte
 * (a range read: nothing before it is touched); bgzip files (BGZF, the SAM/BAM specification §4.1)
 * from the block that holds it, by the virtual offset (block, offset in block); plain gzip has no
 * blocks, so its later pages decompress from the top and skip to the offset.
 */

export type Compression = 'none' | 'gzip' | 'bgzip';

/** Where a byte of the uncompressed content is: `at` is the offset, in the file or (bgzip) in `block`. */
export interface Position {
  block: number;
  at: number;
}

export interface Chunk {
  data: Buffer;
  block: number;
  /** The position of data[0] (in its block, for bgzip). */
  at: number;
}

export interface StoredBytes {
  storage: FileStorage;
  key: string;
  sizeBytes: number;
  compression: Compression;
}

export const START: Position = { block: 0, at: 0 };

/** A cursor: the position of the next byte and how many rows or lines come before it. */
export function formatCursor(compression: Compression, position: Position, before: number): string {
  if (compression === 'bgzip') return `b${position.block}.${position.at}-${before}`;
  return `${compression === 'gzip' ? 'g' : 'p'}${position.at}-${before}`;
}

export function parseCursor(cursor: string, bytes: StoredBytes): { position: Position; before: number } {
  const match = /^([pgb])(\d+)(?:\.(\d+))?-(\d+)$/.exec(cursor);
  const kind = { none: 'p', gzip: 'g', bgzip: 'b' }[bytes.compression];
  const stale = () => new DomainError('invalid', 'This cursor is from another file or another view of it: start again from the first page.', { cursor: 'Not a cursor of this file' });
  if (!match || match[1] !== kind) throw stale();
  const position = kind === 'b' ? { block: Number(match[2]), at: Number(match[3] ?? 0) } : { block: 0, at: Number(match[2]) };
  const outside = kind === 'p' ? position.at > bytes.sizeBytes : kind === 'b' ? position.block > bytes.sizeBytes || position.at > 65536 : false;
  if (outside) throw stale();
  return { position, before: Number(match[4]) };
}

/** Reads the first bytes: gzip's magic number, and BGZF's BC extra field. */
export async function compressionOf(storage: FileStorage, key: string, sizeBytes: number): Promise<Compression> {
  if (sizeBytes < 18) return 'none';
  const head = await readAll(await storage.read(key, { start: 0, end: 17 }));
  if (head[0] !== 0x1f || head[1] !== 0x8b) return 'none';
  const hasExtra = (head[3]! & 4) !== 0;
  return hasExtra && head.readUInt16LE(10) >= 6 && head[12] === 0x42 && head[13] === 0x43 ? 'bgzip' : 'gzip';
}

async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** The uncompressed content from `from` on, chunk by chunk; stopping early closes the read. */
export async function* chunksFrom(bytes: StoredBytes, from: Position): AsyncGenerator<Chunk> {
  const { storage, key, sizeBytes, compression } = bytes;
  if (compression === 'none') {
    if (from.at >= sizeBytes) return;
    const stream = await storage.read(key, { start: from.at, end: sizeBytes - 1 });
    let at = from.at;
    try {
      for await (const data of stream) {
        yield { data: data as Buffer, block: 0, at };
        at += (data as Buffer).length;
      }
    } finally {
      stream.destroy();
    }
    return;
  }
  if (compression === 'gzip') {
    const stream = (await storage.read(key)).pipe(zlib.createGunzip());
    let at = 0;
    try {
      for await (const part of stream) {
        const data = part as Buffer;
        const skip = Math.max(0, from.at - at);
        if (skip < data.length) yield { data: data.subarray(skip), block: 0, at: at + skip };
        at += data.length;
      }
    } finally {
      stream.destroy();
    }
    return;
  }
  yield* bgzfBlocksFrom(bytes, from);
}

/** BGZF: each block is a gzip member no larger than 64 KB whose BC extra field gives its size. */
async function* bgzfBlocksFrom(bytes: StoredBytes, from: Position): AsyncGenerator<Chunk> {
  if (from.block >= bytes.sizeBytes) return;
  const stream = await bytes.storage.read(bytes.key, { start: from.block, end: bytes.sizeBytes - 1 });
  let pending: Buffer = Buffer.alloc(0);
  let block = from.block;
  let first = true;
  try {
    for await (const part of stream) {
      pending = pending.length ? Buffer.concat([pending, part as Buffer]) : (part as Buffer);
      for (;;) {
        const size = bgzfBlockSize(pending, block);
        if (size === null || pending.length < size) break;
        const extraLength = pending.readUInt16LE(10);
        const data = zlib.inflateRawSync(pending.subarray(12 + extraLength, size - 8));
        const skip = first ? Math.min(from.at, data.length) : 0;
        first = false;
        if (data.length > skip) yield { data: data.subarray(skip), block, at: skip };
        block += size;
        pending = pending.subarray(size);
      }
    }
    if (pending.length > 0) throw new DomainError('invalid', `The bgzip file ends inside a block at byte ${block.toLocaleString('en')}: it was cut short. Compress it again with bgzip.`);
  } finally {
    stream.destroy();
  }
}

/** The size of the block at the head of `buffer`, or null until its header has arrived. */
function bgzfBlockSize(buffer: Buffer, offset: number): number | null {
  if (buffer.length < 12) return null;
  if (buffer[0] !== 0x1f || buffer[1] !== 0x8b || (buffer[3]! & 4) === 0) {
    throw new DomainError('invalid', `No BGZF block starts at byte ${offset.toLocaleString('en')}: the file is not bgzip throughout, or the cursor is not from it. Start again from the first page.`);
  }
  const extraLength = buffer.readUInt16LE(10);
  if (buffer.length < 12 + extraLength) return null;
  for (let field = 12; field + 4 <= 12 + extraLength; ) {
    const length = buffer.readUInt16LE(field + 2);
    if (buffer[field] === 0x42 && buffer[field + 1] === 0x43 && length === 2) return buffer.readUInt16LE(field + 4) + 1;
    field += 4 + length;
  }
  throw new DomainError('invalid', `The gzip member at byte ${offset.toLocaleString('en')} has no BGZF size field: the file mixes bgzip with plain gzip. Compress it again with bgzip.`);
}
