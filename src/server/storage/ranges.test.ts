import { describe, expect, it } from 'vitest';
import { byteRangeOf } from './ranges';

describe('byteRangeOf reads one Range header as RFC 9110 defines it', () => {
  it.each([
    ['bytes=0-9', { start: 0, end: 9 }],
    ['bytes=10-', { start: 10, end: 99 }],
    ['bytes=-10', { start: 90, end: 99 }],
    ['bytes=-500', { start: 0, end: 99 }],
    ['bytes=95-200', { start: 95, end: 99 }],
    ['bytes=99-99', { start: 99, end: 99 }],
  ])('%s of a 100-byte file', (header, range) => {
    expect(byteRangeOf(header, 100)).toEqual(range);
  });

  it.each([[undefined], ['bytes=0-1,5-6'], ['items=0-9'], ['bytes=-'], ['bytes=9-3']])('%s: no range, the whole file', (header) => {
    expect(byteRangeOf(header, 100)).toBeNull();
  });

  it.each([['bytes=100-'], ['bytes=500-600'], ['bytes=-0']])('%s: unsatisfiable', (header) => {
    expect(byteRangeOf(header, 100)).toBe('unsatisfiable');
  });
});
