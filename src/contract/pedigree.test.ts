import { describe, expect, it } from 'vitest';
import { purdyParents } from './pedigree';

describe('Purdy pedigrees', () => {
  it('split at the highest-order separator', () => {
    expect(purdyParents('IR8/PETA')).toEqual({ female: 'IR8', male: 'PETA' });
    expect(purdyParents('IR8/PETA//TN1')).toEqual({ female: 'IR8/PETA', male: 'TN1' });
    expect(purdyParents('A//B/C')).toEqual({ female: 'A', male: 'B/C' });
    expect(purdyParents('CMH79A.353/3/CM33//TNI/KS4')).toEqual({ female: 'CMH79A.353', male: 'CM33//TNI/KS4' });
    expect(purdyParents('BbTMS-4(2)1425/BbTMS-91934')).toEqual({ female: 'BbTMS-4(2)1425', male: 'BbTMS-91934' });
  });
  it('name the recurrent parent of a backcross without its dose', () => {
    expect(purdyParents('WAXWING*2/KIRITATI')).toEqual({ female: 'WAXWING', male: 'KIRITATI' });
    expect(purdyParents('3*PAVON/KAUZ*2//ATTILA')).toEqual({ female: '3*PAVON/KAUZ*2', male: 'ATTILA' });
    expect(purdyParents('TC14*2/SERI')).toEqual({ female: 'TC14', male: 'SERI' });
  });
  it('know unknown parents and names that are no cross', () => {
    expect(purdyParents('NA/TME 419')).toEqual({ female: null, male: 'TME 419' });
    expect(purdyParents('IR64')).toBeNull();
    expect(purdyParents(null)).toBeNull();
  });
});
