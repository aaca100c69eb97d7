import { describe, expect, it } from 'vitest';
import { isStorableMoment, nulFieldOf } from './fields';

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

describe('isStorableMoment', () => {
  it('takes dates and date-times in the years 0001–9999 (UTC), and nothing else', () => {
    for (const moment of ['0001-01-01', '2026-03-31', '2026-03-31T08:00:00Z', '9999-12-31T23:59:59.999Z', '0001-01-01T01:00:00+01:00']) expect(isStorableMoment(moment)).toBe(true);
    for (const text of ['0000-12-31', '0000-12-31T23:59:59.999Z', '9999-12-31T23:00:00-02:00', '+010000-01-01T00:00:00Z', '2026-02-30x', 'tomorrow', '1', ''])
      expect(isStorableMoment(text)).toBe(false);
  });
});
