import { createInflateRaw } from 'node:zlib';

/**
 * The entries of a zip archive (an .xlsx workbook), read from its central directory without
 * unpacking anything, and each entry's bytes unpacked as a stream under a byte budget. A zip's
 * header may lie about sizes: an entry is never unpacked past what it declares, nor past the budget.
 */

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  /** The unpacked size the archive declares. */
  size: number;
  /** Where the entry's header sits; its data follows the header's name and extra field. */
  headerOffset: number;
}

/** The archive cannot be read as a zip: damaged, encrypted, or not a zip at all. */
export class ZipError extends Error {
  override name = 'ZipError';
}

/** More would be unpacked than the budget allows; `claimed` is the size the archive declared, when that was the reason. */
export class ZipBudgetError extends Error {
  override name = 'ZipBudgetError';
  constructor(readonly claimed?: number) {
    super('The archive unpacks to more than the budget allows');
  }
}

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_END_OF_DIRECTORY = 0x06064b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;
/** An .xlsx holds a few dozen parts; thousands of entries is not a workbook. */
const MAX_ENTRIES = 10_000;

const damaged = (what: string) => new ZipError(`its zip structure is damaged (${what})`);

function uint64(view: DataView, offset: number): number {
  const value = view.getBigUint64(offset, true);
  return value > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(value);
}

/** The archive's entries by name, from its central directory. */
export function zipEntries(body: Uint8Array): Map<string, ZipEntry> {
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  const inside = (offset: number, length: number) => offset >= 0 && offset + length <= body.byteLength;
  // The end-of-directory record is the last thing in the archive, followed by a comment of up to 64 KB.
  let end = -1;
  for (let offset = body.byteLength - 22; offset >= Math.max(0, body.byteLength - 22 - 0xffff); offset -= 1) {
    if (view.getUint32(offset, true) === END_OF_DIRECTORY) {
      end = offset;
      break;
    }
  }
  if (end < 0) throw damaged('no central directory');
  let count = view.getUint16(end + 10, true);
  let directoryOffset = view.getUint32(end + 16, true);
  if ((count === 0xffff || directoryOffset === 0xffffffff) && inside(end - 20, 20) && view.getUint32(end - 20, true) === ZIP64_LOCATOR) {
    const record = uint64(view, end - 20 + 8);
    if (!inside(record, 56) || view.getUint32(record, true) !== ZIP64_END_OF_DIRECTORY) throw damaged('a broken ZIP64 record');
    count = uint64(view, record + 32);
    directoryOffset = uint64(view, record + 48);
  }
  if (count > MAX_ENTRIES) throw new ZipError(`it holds ${count.toLocaleString('en')} parts, more than a workbook has`);

  const entries = new Map<string, ZipEntry>();
  const decoder = new TextDecoder('utf-8');
  let offset = directoryOffset;
  for (let index = 0; index < count; index += 1) {
    if (!inside(offset, 46) || view.getUint32(offset, true) !== DIRECTORY_ENTRY) throw damaged('a broken directory entry');
    const flags = view.getUint16(offset + 8, true);
    const method = view.getUint16(offset + 10, true);
    let compressedSize = view.getUint32(offset + 20, true);
    let size = view.getUint32(offset + 24, true);
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    let headerOffset = view.getUint32(offset + 42, true);
    if (!inside(offset + 46, nameLength + extraLength + commentLength)) throw damaged('a directory entry past its end');
    const name = decoder.decode(body.subarray(offset + 46, offset + 46 + nameLength));
    // ZIP64: sizes and offset that do not fit 32 bits are in the extra field, in this order, when their field says 0xffffffff.
    let extra = offset + 46 + nameLength;
    const extraEnd = extra + extraLength;
    while (extra + 4 <= extraEnd) {
      const id = view.getUint16(extra, true);
      const length = view.getUint16(extra + 2, true);
      if (id === 0x0001) {
        let field = extra + 4;
        const take = () => {
          if (field + 8 > extra + 4 + length) throw damaged('a short ZIP64 field');
          const value = uint64(view, field);
          field += 8;
          return value;
        };
        if (size === 0xffffffff) size = take();
        if (compressedSize === 0xffffffff) compressedSize = take();
        if (headerOffset === 0xffffffff) headerOffset = take();
      }
      extra += 4 + length;
    }
    if (flags & 0x1) throw new ZipError('it is protected by a password');
    entries.set(name, { name, method, compressedSize, size, headerOffset });
    offset = extraEnd + commentLength;
  }
  return entries;
}

/** The entry's compressed bytes, found through its local header. */
function compressedBytes(body: Uint8Array, entry: ZipEntry): Uint8Array {
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  if (entry.headerOffset + 30 > body.byteLength || view.getUint32(entry.headerOffset, true) !== LOCAL_HEADER) throw damaged(`no header for ${entry.name}`);
  const start = entry.headerOffset + 30 + view.getUint16(entry.headerOffset + 26, true) + view.getUint16(entry.headerOffset + 28, true);
  if (start + entry.compressedSize > body.byteLength) throw damaged(`${entry.name} runs past the end of the file`);
  return body.subarray(start, start + entry.compressedSize);
}

/** A byte budget shared by the entries read from one archive. */
export class UnpackBudget {
  constructor(private left: number) {}
  /** Refuses before unpacking when the entry declares more than is left. */
  reserve(entry: ZipEntry) {
    if (entry.size > this.left) throw new ZipBudgetError(entry.size);
  }
  spend(bytes: number) {
    this.left -= bytes;
    if (this.left < 0) throw new ZipBudgetError();
  }
}

/**
 * The entry's unpacked bytes, chunk by chunk. Stops with ZipBudgetError before the budget is
 * exceeded (by the declared size, or by the bytes as they come), and with ZipError when an entry
 * unpacks to more than it declared.
 */
export async function* unpackEntry(body: Uint8Array, entry: ZipEntry, budget: UnpackBudget): AsyncGenerator<Uint8Array> {
  budget.reserve(entry);
  const compressed = compressedBytes(body, entry);
  if (entry.method === STORED) {
    if (entry.compressedSize !== entry.size) throw damaged(`${entry.name} has two sizes`);
    for (let start = 0; start < compressed.byteLength; start += 1 << 16) {
      const chunk = compressed.subarray(start, start + (1 << 16));
      budget.spend(chunk.byteLength);
      yield chunk;
    }
    return;
  }
  if (entry.method !== DEFLATED) throw new ZipError(`${entry.name} uses compression method ${entry.method}, which Excel does not write`);
  const inflate = createInflateRaw();
  inflate.end(compressed);
  let unpacked = 0;
  try {
    for await (const chunk of inflate as AsyncIterable<Buffer>) {
      unpacked += chunk.byteLength;
      if (unpacked > entry.size) throw damaged(`${entry.name} unpacks to more than the ${entry.size.toLocaleString('en')} bytes it declares`);
      budget.spend(chunk.byteLength);
      yield chunk;
    }
  } catch (error) {
    if (error instanceof ZipError || error instanceof ZipBudgetError) throw error;
    throw damaged(`${entry.name}: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    inflate.destroy();
  }
}
