import { describe, expect, it } from 'vitest';
import { isBlock, parsePastedCrosses } from './grid-paste';

describe('pasting crosses from a spreadsheet', () => {
  it('reads tab-separated rows: female, male, type, count, notes; a header row is skipped', () => {
    const text = 'Female\tMale\tType\tCrosses\tNotes\nBABAX\tATTILA\tbiparental\t4\tfirst choice\r\nKRONOS\t\tself\t\t\nSVEVO\tKRONOS\tBULK\t2\tDONE\n';
    expect(parsePastedCrosses(text)).toEqual([
      { female: 'BABAX', male: 'ATTILA', crossType: 'BIPARENTAL', numberOfCrosses: '4', status: 'TODO', notes: 'first choice' },
      { female: 'KRONOS', male: '', crossType: 'SELF', numberOfCrosses: '1', status: 'TODO', notes: '' },
      { female: 'SVEVO', male: 'KRONOS', crossType: 'BULK', numberOfCrosses: '2', status: 'DONE', notes: '' },
    ]);
  });
  it('reads two names on their own, and commas when there are no tabs; Breedbase’s cross types', () => {
    expect(parsePastedCrosses('BABAX\tATTILA')).toMatchObject([{ female: 'BABAX', male: 'ATTILA', crossType: 'BIPARENTAL' }]);
    expect(parsePastedCrosses('A,B,open pollinated\nC,,open')).toMatchObject([{ crossType: 'OPEN_POLLINATED' }, { crossType: 'OPEN_POLLINATED', male: '' }]);
    expect(isBlock('BABAX')).toBe(false);
    expect(isBlock('BABAX\tATTILA')).toBe(true);
  });
});
