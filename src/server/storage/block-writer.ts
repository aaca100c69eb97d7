import fs from 'node:fs';
import { finished, type Readable } from 'node:stream';

/**
 * Writes a stream's bytes into a file at a position in writes as large as the disk lets them
 * become: while one write is under way the next bytes are copied into a second buffer, which goes
 * out whole when the disk is free. A socket delivers 64 KB at a time; passing each chunk through
 * two more streams to a write of its own cost a system call and stream work per chunk, where
 * this takes one copy into a reused buffer (issue #36, uploads). The stream is read by its events,
 * not an async iterator: a promise per 64 KB chunk was garbage of its own. Nothing waits for a
 * buffer to fill: bytes go to the file as soon as the disk is free, so a cut connection loses only
 * what had not arrived yet, and a resumed upload sends again little more than that.
 */

/** Each of the two buffers; 8 MB takes the disk's full speed and keeps memory per upload at 16 MB. */
export const WRITE_BUFFER_BYTES = 8 * 1024 * 1024;

export interface WriteInBlocksOptions {
  bufferBytes?: number;
  /** Aborted, the writer stops reading (leaving the stream as it is), writes what arrived and resolves. */
  signal?: AbortSignal;
  /** A stream that brings more bytes than this fails with `tooMany()`, once the bytes before are written. */
  maxBytes?: number;
  tooMany?: () => unknown;
}

/**
 * Copies `readable` into `file` (which must exist) from `position`, calling `onBlock` with each
 * block just before it is written, in file order (to hash it). Resolves with the bytes written once
 * the stream has ended (or `signal` stopped the reading) and all of them are on the file; rejects
 * with the stream's or the disk's error after writing what had arrived before it.
 */
export function writeInBlocks(readable: Readable, file: string, position: number, onBlock: (block: Buffer) => void, options: WriteInBlocksOptions = {}): Promise<number> {
  const { bufferBytes = WRITE_BUFFER_BYTES, signal, maxBytes = Number.POSITIVE_INFINITY } = options;
  const tooMany = options.tooMany ?? (() => new RangeError(`The stream brought more than the ${maxBytes} bytes it may.`));
  // Opened while the stream is already being read: a stream that fails meanwhile is still heard.
  const opening = fs.promises.open(file, 'r+');
  opening.catch(() => undefined);
  const buffers = takeBuffers(bufferBytes);
  let filling = 0;
  let filled = 0;
  let received = 0;
  /** Bytes handed to writes, and bytes the disk has taken. */
  let scheduled = 0;
  let written = 0;
  let writing = false;
  let writeSoon = false;
  /** The rest of a chunk that found both buffers full: copied once the disk has taken one. */
  let waiting: Buffer | null = null;
  /** No more reading: the stream ended or failed, the disk failed, or the caller stopped it. */
  let stopped = false;
  let diskFailed = false;
  let failure: unknown = null;

  return new Promise<number>((resolve, reject) => {
    /** Copies as much of `chunk` as the buffers take, sending a full one to the disk if it is free; answers the rest. */
    const take = (chunk: Buffer): Buffer | null => {
      let from = 0;
      while (from < chunk.length) {
        if (filled === bufferBytes) {
          if (writing) return chunk.subarray(from);
          startWrite();
        }
        const copied = chunk.copy(buffers[filling]!, filled, from);
        filled += copied;
        from += copied;
      }
      return null;
    };

    /** Sends the filled part of the current buffer to the file and fills the other one meanwhile; one write at a time. */
    const startWrite = () => {
      const bytes = buffers[filling]!.subarray(0, filled);
      onBlock(bytes);
      filling = 1 - filling;
      filled = 0;
      const at = position + scheduled;
      scheduled += bytes.length;
      writing = true;
      writeAll(opening, bytes, at).then(
        () => {
          written += bytes.length;
          writing = false;
          pump();
        },
        (error: unknown) => {
          writing = false;
          diskFailed = true;
          stop(error);
        },
      );
    };

    /** After a write or the end of the reading: the next write, more reading, or the answer. */
    const pump = () => {
      if (diskFailed) return settle();
      if (waiting) waiting = take(waiting);
      // The disk is free: what arrived meanwhile goes now, however little.
      if (!writing && filled > 0) startWrite();
      if (!stopped && !waiting && readable.isPaused()) readable.resume();
      if (stopped && !writing && !waiting && filled === 0) settle();
    };

    const onData = (chunk: Buffer) => {
      if (stopped) return;
      received += chunk.length;
      if (received > maxBytes) return stop(tooMany());
      waiting = take(chunk);
      // Both buffers full: the stream waits for the disk.
      if (waiting) readable.pause();
      else if (!writing && !writeSoon) {
        // Chunks read from the socket in one turn of the event loop go out in one write.
        writeSoon = true;
        setImmediate(() => {
          writeSoon = false;
          if (!writing && filled > 0 && !diskFailed) startWrite();
        });
      }
    };

    const stop = (error?: unknown) => {
      if (error !== undefined) failure ??= error;
      if (!stopped) {
        stopped = true;
        readable.off('data', onData);
        readable.pause();
        stopWatching();
        signal?.removeEventListener('abort', onAbort);
      }
      pump();
    };
    const onAbort = () => stop();

    let settled = false;
    const settle = () => {
      if (settled || writing) return;
      settled = true;
      void opening
        .then((handle) => handle.close())
        .catch(() => undefined)
        .then(() => {
          if (spareBuffers.length < SPARE_LIMIT) spareBuffers.push(buffers);
          if (failure !== null) reject(failure);
          else resolve(written);
        });
    };

    // `finished` also answers for a stream that ended or failed before it was handed over.
    const stopWatching = finished(readable, { writable: false }, (error) => stop(error ?? undefined));
    opening.catch((error: unknown) => {
      diskFailed = true;
      stop(error);
    });
    if (signal?.aborted) return stop();
    signal?.addEventListener('abort', onAbort, { once: true });
    readable.on('data', onData);
  });
}

/**
 * Buffers of finished writes, kept for the next: a fresh 16 MB per request is memory the garbage
 * collector counts against the process and collects the whole heap for.
 */
const spareBuffers: Buffer[][] = [];
const SPARE_LIMIT = 4;

function takeBuffers(bytes: number): Buffer[] {
  const spare = spareBuffers.pop();
  if (spare && spare[0]!.length === bytes) return spare;
  return [Buffer.allocUnsafe(bytes), Buffer.allocUnsafe(bytes)];
}

async function writeAll(opening: Promise<fs.promises.FileHandle>, bytes: Buffer, position: number) {
  const handle = await opening;
  let done = 0;
  while (done < bytes.length) {
    const { bytesWritten } = await handle.write(bytes, done, bytes.length - done, position + done);
    done += bytesWritten;
  }
}
