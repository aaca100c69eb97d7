import type { ByteRange } from './storage';

/**
 * The one byte range of a `Range: bytes=…` header (RFC 9110 §14.1.2) within a file of `size`
 * bytes: `a-b`, `a-` or the suffix `-n`. Null when there is no usable header (several ranges, or
 * another unit: the whole file is sent, as the RFC allows); 'unsatisfiable' when it starts past
 * the end (416).
 */
export function byteRangeOf(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return null;
  return { start, end };
}
