import { describe, expect, it } from 'vitest';
import { withArticle, withCapitalArticle } from './wording';

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
