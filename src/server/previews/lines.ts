import { chunksFrom, type Position, type StoredBytes } from './byte-source';

/** A line is kept up to this many bytes (the rest is read past and counted, not held). */
export const MAX_LINE_BYTES = 64 * 1024;
/** Rows of tables and VCFs are split into cells, all of which count: a VCF of 100,000 samples has lines of several MB. */
export const MAX_ROW_BYTES = 32 * 1024 * 1024;

export interface Line {
  /** Without its line ending (\n or \r\n). */
  text: string;
  truncated: boolean;
  /** Where the line starts, and where the next one does (null after the last). */
  start: Position;
  next: Position | null;
  /** Its bytes, ending included: what reading it cost. */
  bytes: number;
}

/**
 * The lines of a stored file from `from` on, each with its position, holding at most one line
 * (cut at MAX_LINE_BYTES) and one chunk in memory. Stopping early stops the read.
 */
export async function* linesFrom(bytes: StoredBytes, from: Position, maxLineBytes = MAX_LINE_BYTES): AsyncGenerator<Line> {
  let parts: Buffer[] = [];
  let kept = 0;
  let length = 0;
  let start: Position | null = null;
  let truncated = false;
  const finish = (next: Position | null): Line => {
    let data = Buffer.concat(parts, kept);
    if (!truncated && data[data.length - 1] === 0x0d) data = data.subarray(0, -1);
    const line: Line = { text: data.toString('utf8'), truncated, start: start ?? from, next, bytes: length };
    parts = [];
    kept = 0;
    length = 0;
    start = null;
    truncated = false;
    return line;
  };
  const keep = (piece: Buffer) => {
    length += piece.length;
    const room = maxLineBytes - kept;
    if (piece.length > room) truncated = true;
    const taken = piece.length > room ? piece.subarray(0, room) : piece;
    if (taken.length > 0) {
      // A copy: the chunk's buffer is not held past this line.
      parts.push(Buffer.from(taken));
      kept += taken.length;
    }
  };
  for await (const chunk of chunksFrom(bytes, from)) {
    let offset = 0;
    while (offset < chunk.data.length) {
      if (start === null) start = { block: chunk.block, at: chunk.at + offset };
      const newline = chunk.data.indexOf(0x0a, offset);
      if (newline === -1) {
        keep(chunk.data.subarray(offset));
        break;
      }
      keep(chunk.data.subarray(offset, newline + 1).subarray(0, newline - offset));
      length += 1;
      yield finish({ block: chunk.block, at: chunk.at + newline + 1 });
      offset = newline + 1;
    }
  }
  if (start !== null) yield finish(null);
}
