import { describe, expect, it } from 'vitest';
import { counted, firstFew, withArticle, withCapitalArticle } from './wording';

describe('withArticle', () => {
  it.each([
    ['associations CSV', 'an associations CSV'],
    ['Auto Train model', 'an Auto Train model'],
    ['known-QTL CSV', 'a known-QTL CSV'],
    ['VCF', 'a VCF'],
    ['FASTQ', 'a FASTQ'],
    ['unique name', 'a unique name'],
    ['hour', 'an hour'],
  ])('%s → %s', (noun, phrase) => {
    expect(withArticle(noun)).toBe(phrase);
  });

  it('capitalises the article at the start of a sentence', () => {
    expect(withCapitalArticle('associations CSV')).toBe('An associations CSV');
    expect(withCapitalArticle('known-QTL CSV')).toBe('A known-QTL CSV');
  });
});

describe('counted and firstFew', () => {
  it('agrees the noun with the count, irregular plurals included, with thousands separators', () => {
    expect(counted(1, 'component')).toBe('1 component');
    expect(counted(0, 'component')).toBe('0 components');
    expect(counted(1, 'spectrum', 'spectra')).toBe('1 spectrum');
    expect(counted(12000, 'spectrum', 'spectra')).toBe('12,000 spectra');
  });

  it('names the first five of a list and counts the rest', () => {
    expect(firstFew(['A', 'B'])).toBe('A, B');
    expect(firstFew(['A', 'B', 'C', 'D', 'E', 'F', 'G'])).toBe('A, B, C, D, E and 2 more');
  });
});
