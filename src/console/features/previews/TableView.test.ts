import { describe, expect, it } from 'vitest';
import { compareCells } from './TableView';

describe('sorting the rows of a preview', () => {
  it('orders numbers by value, not as text', () => {
    expect(['10', '9', '-2.5', '1e3', '100'].sort(compareCells)).toEqual(['-2.5', '9', '10', '100', '1e3']);
  });

  it('orders text with its numbers in place, and blanks last', () => {
    expect(['IND10', '', 'IND9', 'chr2', 'IND1'].sort(compareCells)).toEqual(['chr2', 'IND1', 'IND9', 'IND10', '']);
  });
});
