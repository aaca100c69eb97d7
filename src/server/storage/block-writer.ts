import fs from 'node:fs';
import { finished, type Readable } from 'node:stream';

/**
 * Writes a stream's bytes into a file at a position in writes as large as the disk lets them
 * become: while one write is under way the next bytes are copied into a second buffer, which goes
 * out whole when the disk is free. A socket delivers 64 KB at a time; passing each chunk through
 * two more streams to a write of its own cost a system call and stream work per chunk, where
 * this takes one copy into a reused buffer (issue #36, uploads). The stream is read by its events,
 * not an async iterator: a promise per 64 KB chunk was garbage of its own. Nothing waits for a
 * buffer to fill: bytes go to the file once they make a block of 1 MB or after 10 ms, and at once
 * when the stream ends or fails, so a cut connection loses only what had not arrived yet, and a
 * resumed upload sends again little more than that.
 */

/** Each of the two buffers; 8 MB takes the disk's full speed and keeps memory per upload at 16 MB. */
export const WRITE_BUFFER_BYTES = 8 * 1024 * 1024;
/**
 * A smaller block waits up to FLUSH_DELAY_MS for more bytes before it is written: a write and a
 * hand-over to the hashing thread per socket chunk cost more than the bytes (issue #36), while a
 * client that sends slowly or stops still has its bytes on the file within that delay.
 */
const MIN_BLOCK_BYTES = 1024 * 1024;
const FLUSH_DELAY_MS = 10;

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
 * block as it is written, in file order (to hash it); a block's buffer is filled again only once
 * its write and the promise `onBlock` answered (if any) are done. The buffers are shared memory,
 * so that a worker thread can hash a block in place. Resolves with the bytes written once the
 * stream has ended (or `signal` stopped the reading) and all of them are on the file; rejects with
 * the stream's or the disk's error after writing what had arrived before it.
 */
export function writeInBlocks(readable: Readable, file: string, position: number, onBlock: (block: Buffer) => void | Promise<void>, options: WriteInBlocksOptions = {}): Promise<number> {
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
  let flushTimer: NodeJS.Timeout | null = null;
  const minBlockBytes = Math.min(MIN_BLOCK_BYTES, bufferBytes);
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
      const handled = onBlock(bytes);
      filling = 1 - filling;
      filled = 0;
      const at = position + scheduled;
      scheduled += bytes.length;
      writing = true;
      // Both settle before the buffer is filled again: a failed write must not free a block still being hashed.
      const disk = writeAll(opening, bytes, at).then(
        () => null,
        (error: unknown) => ({ error }),
      );
      Promise.all([disk, handled]).then(
        ([diskFailure]) => {
          writing = false;
          if (diskFailure) {
            diskFailed = true;
            return stop(diskFailure.error);
          }
          written += bytes.length;
          pump();
        },
        (error: unknown) => {
          writing = false;
          diskFailed = true;
          stop(error);
        },
      );
    };

    /** With the disk free, writes what arrived if it makes a block (or nothing more will come), else soon. */
    const writeIfDue = () => {
      if (writing || filled === 0 || diskFailed) return;
      if (filled >= minBlockBytes || stopped) return startWrite();
      flushTimer ??= setTimeout(() => {
        flushTimer = null;
        if (!writing && filled > 0 && !diskFailed) startWrite();
      }, FLUSH_DELAY_MS);
    };

    /** After a write or the end of the reading: the next write, more reading, or the answer. */
    const pump = () => {
      if (diskFailed) return settle();
      if (waiting) waiting = take(waiting);
      writeIfDue();
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
      else writeIfDue();
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
      if (flushTimer) clearTimeout(flushTimer);
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
  return [Buffer.from(new SharedArrayBuffer(bytes)), Buffer.from(new SharedArrayBuffer(bytes))];
}

async function writeAll(opening: Promise<fs.promises.FileHandle>, bytes: Buffer, position: number) {
  const handle = await opening;
  let done = 0;
  while (done < bytes.length) {
    const { bytesWritten } = await handle.write(bytes, done, bytes.length - done, position + done);
    done += bytesWritten;
  }
}
