import { describe, expect, it } from 'vitest';
import { nulFieldOf } from './fields';

describe('nulFieldOf', () => {
  it('answers null when no string or key holds NUL', () => {
    expect(nulFieldOf({ name: 'GENOTYPE (s1)', tags: ['a', 'b'], nested: { n: 1, at: new Date(0), none: null } })).toBeNull();
    expect(nulFieldOf('plain')).toBeNull();
  });

  it('names the first field holding NUL, through objects and arrays', () => {
    expect(nulFieldOf('a\0b')).toBe('_value');
    expect(nulFieldOf({ name: 'ok', params: { samples: ['s1', 'bad\0'] } })).toBe('params.samples.1');
    expect(nulFieldOf([{ note: '\0' }])).toBe('0.note');
    expect(nulFieldOf({ outer: { 'key\0': 1 } })).toBe('outer.key\\0');
  });
});
