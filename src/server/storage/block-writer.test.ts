import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { writeInBlocks } from './block-writer';
import { waitFor } from '../testing/wait-for';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

/** A file holding `prefix`, to be written after. */
function fileWith(prefix: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-block-writer-'));
  folders.push(folder);
  const file = path.join(folder, 'upload');
  fs.writeFileSync(file, prefix);
  return file;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('a stream written in blocks', () => {
  it('lands whole after the bytes already there, hashed in file order, whatever the chunk and buffer sizes', async () => {
    const bytes = Buffer.from(Array.from({ length: 5000 }, (_, index) => `line ${index}\n`).join(''));
    const chunks = Array.from({ length: Math.ceil(bytes.length / 777) }, (_, index) => bytes.subarray(index * 777, (index + 1) * 777));
    const file = fileWith('kept:');
    const hash = createHash('sha256');
    const written = await writeInBlocks(Readable.from(chunks), file, 5, (block) => void hash.update(block), { bufferBytes: 1000 });
    expect(written).toBe(bytes.length);
    expect(fs.readFileSync(file).equals(Buffer.concat([Buffer.from('kept:'), bytes]))).toBe(true);
    expect(hash.digest('hex')).toBe(sha256(bytes));
  });

  it('puts bytes on the file while the stream is still open, so a cut connection keeps what arrived', async () => {
    const file = fileWith('');
    const source = new PassThrough();
    const writing = writeInBlocks(source, file, 0, () => undefined);
    source.write(Buffer.from('first bytes, far fewer than a buffer'));
    await waitFor(
      async () => fs.statSync(file).size,
      (size) => size === 36,
      5000,
    );
    source.end(Buffer.from('; the rest'));
    expect(await writing).toBe(46);
    expect(fs.readFileSync(file, 'utf8')).toBe('first bytes, far fewer than a buffer; the rest');
  });

  it('writes what arrived before the stream failed, then fails with the stream’s error', async () => {
    const file = fileWith('');
    const source = new PassThrough();
    const hash = createHash('sha256');
    const writing = writeInBlocks(source, file, 0, (block) => void hash.update(block), { bufferBytes: 8 });
    source.write(Buffer.from('0123456789abc'));
    setImmediate(() => source.destroy(new Error('connection reset')));
    await expect(writing).rejects.toThrow('connection reset');
    expect(fs.readFileSync(file, 'utf8')).toBe('0123456789abc');
    expect(hash.digest('hex')).toBe(sha256(Buffer.from('0123456789abc')));
  });
});

describe('a stream written in blocks, stopped early', () => {
  it('stops reading when told to, writes what arrived and leaves the rest of the stream unread', async () => {
    const file = fileWith('');
    const source = new PassThrough();
    const stop = new AbortController();
    const writing = writeInBlocks(source, file, 0, () => undefined, { signal: stop.signal });
    source.write(Buffer.from('arrived before the stop'));
    await waitFor(
      async () => fs.statSync(file).size,
      (size) => size === 23,
      5000,
    );
    stop.abort();
    expect(await writing).toBe(23);
    source.write(Buffer.from('; sent after it'));
    expect(source.destroyed).toBe(false);
    expect(source.read()?.toString()).toBe('; sent after it');
    expect(fs.readFileSync(file, 'utf8')).toBe('arrived before the stop');
  });

  it('fails with the given error once a stream brings more than it may, after writing the bytes before', async () => {
    const file = fileWith('');
    const tooMany = new Error('more than declared');
    const writing = writeInBlocks(Readable.from([Buffer.from('12345'), Buffer.from('6789'), Buffer.from('abc')]), file, 0, () => undefined, { maxBytes: 10, tooMany: () => tooMany });
    await expect(writing).rejects.toBe(tooMany);
    expect(fs.readFileSync(file, 'utf8')).toBe('123456789');
  });

  it('answers at once for a stream that failed before it was handed over', async () => {
    const file = fileWith('');
    const source = new PassThrough();
    source.destroy(new Error('connection reset'));
    await expect(writeInBlocks(source, file, 0, () => undefined)).rejects.toThrow('connection reset');
    expect(fs.readFileSync(file, 'utf8')).toBe('');
  });
});
