import fs from 'node:fs';
import type { Readable } from 'node:stream';

/**
 * Writes a stream's bytes into a file at a position in writes as large as the disk lets them
 * become: while one write is under way the next bytes are copied into a second buffer, which goes
 * out whole when the disk is free. A socket delivers 64 KB at a time; passing each chunk through
 * two more streams to a write of its own cost a system call and stream work per chunk, where
 * this takes one copy into a reused buffer (issue #36, uploads). Nothing waits for a buffer to
 * fill: bytes go to the file as soon as the disk is free, so a cut connection loses only what had
 * not arrived yet, and a resumed upload sends again little more than that.
 */

/** Each of the two buffers; 8 MB takes the disk's full speed and keeps memory per upload at 16 MB. */
export const WRITE_BUFFER_BYTES = 8 * 1024 * 1024;

/**
 * Copies `readable` into `file` (which must exist) from `position`, calling `onBlock` with each
 * block just before it is written, in file order (to hash it). Resolves with the bytes written once
 * the stream has ended and all of them are on the file; rejects with the stream's or the disk's
 * error after writing what had arrived before it.
 */
export async function writeInBlocks(readable: Readable, file: string, position: number, onBlock: (block: Buffer) => void, bufferBytes = WRITE_BUFFER_BYTES): Promise<number> {
  // Opened while the stream is already being read: a stream that fails meanwhile is still heard.
  const opening = fs.promises.open(file, 'r+');
  opening.catch(() => undefined);
  const buffers = takeBuffers(bufferBytes);
  let filling = 0;
  let filled = 0;
  /** Bytes handed to writes, and bytes the disk has taken. */
  let scheduled = 0;
  let written = 0;
  let writing: Promise<void> | null = null;
  let diskError: unknown = null;

  /** Sends the filled part of the current buffer to the file and fills the other one meanwhile; one write at a time. */
  const startWrite = () => {
    const bytes = buffers[filling]!.subarray(0, filled);
    onBlock(bytes);
    filling = 1 - filling;
    filled = 0;
    const at = position + scheduled;
    scheduled += bytes.length;
    writing = writeAll(opening, bytes, at).then(
      () => {
        written += bytes.length;
        writing = null;
        // The disk is free: what arrived meanwhile goes now, however little.
        if (filled > 0) startWrite();
      },
      (error: unknown) => {
        diskError = error;
        writing = null;
      },
    );
  };

  let failure: unknown = null;
  try {
    for await (const chunk of readable as AsyncIterable<Buffer>) {
      let from = 0;
      while (from < chunk.length) {
        if (diskError) throw diskError;
        const copied = chunk.copy(buffers[filling]!, filled, from);
        filled += copied;
        from += copied;
        // Both buffers full: the stream waits for the disk.
        while (filled === bufferBytes && !diskError) {
          if (writing) await writing;
          else startWrite();
        }
      }
      if (filled > 0 && !writing && readable.readableLength === 0) startWrite();
    }
  } catch (error) {
    failure = error;
  }
  try {
    // What arrived before an end or a failure goes to the file too: a resumed upload starts after it.
    while (writing || (filled > 0 && !diskError)) {
      if (writing) await writing;
      else startWrite();
    }
  } finally {
    await opening.then((handle) => handle.close()).catch(() => undefined);
    if (spareBuffers.length < SPARE_LIMIT) spareBuffers.push(buffers);
  }
  failure ??= diskError;
  if (failure) throw failure;
  return written;
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
