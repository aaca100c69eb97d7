import { describe, expect, it } from 'vitest';
import { counted } from './words.ts';

describe('counted', () => {
  it('agrees the noun with the count, irregular plurals included', () => {
    expect(counted(1, 'component')).toBe('1 component');
    expect(counted(0, 'component')).toBe('0 components');
    expect(counted(3, 'component')).toBe('3 components');
    expect(counted(1, 'spectrum', 'spectra')).toBe('1 spectrum');
    expect(counted(12000, 'spectrum', 'spectra')).toBe('12,000 spectra');
  });
});
