import zlib from 'node:zlib';

/**
 * BGZF as bgzip writes it (the SAM/BAM specification §4.1), for tests and benches: each block a
 * gzip member holding at most 64 KB, with a BC extra field giving the block's size, and an empty
 * block at the end.
 */

export const BGZF_BLOCK_DATA = 65280;

export function bgzfBlock(data: Buffer): Buffer {
  const compressed = zlib.deflateRawSync(data);
  const header = Buffer.from([0x1f, 0x8b, 0x08, 0x04, 0, 0, 0, 0, 0, 0xff, 6, 0, 0x42, 0x43, 2, 0, 0, 0]);
  header.writeUInt16LE(header.length + compressed.length + 8 - 1, 16);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(zlib.crc32(data), 0);
  trailer.writeUInt32LE(data.length, 4);
  return Buffer.concat([header, compressed, trailer]);
}

export const BGZF_EOF = bgzfBlock(Buffer.alloc(0));

/** The whole of `data` in blocks of `blockData` bytes (small blocks make a page cross them). */
export function bgzip(data: Buffer, blockData = BGZF_BLOCK_DATA): Buffer {
  const blocks: Buffer[] = [];
  for (let offset = 0; offset < data.length; offset += blockData) blocks.push(bgzfBlock(data.subarray(offset, offset + blockData)));
  return Buffer.concat([...blocks, BGZF_EOF]);
}
