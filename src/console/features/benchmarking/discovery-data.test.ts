import { describe, expect, it } from 'vitest';
import { toColumns } from '../../../contract/benchmark-metrics';
import { parseAssociations, parseKnownQtl } from './discovery-data';
import { chromosomeOrder, genomeAxis } from './genome-axis';

describe('association and known-QTL tables', () => {
  it('takes −log10 p from GDIP’s log10p column, exact where p underflows to 0', () => {
    const { rows } = parseAssociations('trait,marker,chromosome,position,p_value,log10p\nyield,m1,1,100,0,400.5\n', 'gdip.csv');
    expect(rows).toEqual([{ marker: 'm1', chromosome: '1', position: 100, trait: 'yield', minusLog10P: 400.5 }]);
  });

  it('computes −log10 p from a p-value column, and names the rows it skips', () => {
    const parsed = parseAssociations('marker,chromosome,position,trait,p_value\nm1,1,100,yield,0.001\nm2,1,abc,yield,0.5\nm3,1,300,yield,NA\n', 'plink.csv');
    expect(parsed.rows.map((row) => [row.marker, row.minusLog10P])).toEqual([['m1', 3]]);
    expect(parsed.skipped).toBe(2);
    expect(parsed.problems).toEqual(['row 3: position “abc” is not a number', 'row 4: no usable p-value (NA or missing)']);
  });

  it('writes the columns the scores read as it reads the rows: those of the rows kept', () => {
    const parsed = parseAssociations('marker,chromosome,position,trait,p\nm1,1,100,yield,0.1\nm2,1,x,yield,0.5\nm3,1,50,yield,0.01\nm4,2,10,yield,1\nn1,1,100,noise,0.5\n', 'runs.csv');
    expect(parsed.skipped).toBe(1);
    expect(parsed.columns).toEqual(toColumns(parsed.rows));
    expect(Array.from(parsed.columns.runStart)).toEqual([0, 1, 2, 3, 4]);
  });

  it('says which columns are missing', () => {
    expect(() => parseAssociations('marker,position,p\nm1,1,0.1\n', 'bad.csv')).toThrow('The associations table bad.csv lacks the columns chromosome, trait; its header has marker, position, p.');
    expect(() => parseAssociations('marker,chromosome,position,trait\nm1,1,1,y\n', 'nop.csv')).toThrow(/has no p-value column/);
    expect(() => parseKnownQtl('marker,position\n', 'q.csv')).toThrow('The known-QTL table q.csv lacks the columns chromosome, trait; its header has marker, position.');
  });

  it('orders chromosomes as a genome does and lays them end to end', () => {
    expect(chromosomeOrder(['chr10', 'chr2', 'chr1', 'chrUn', 'chrX'])).toEqual(['chr1', 'chr2', 'chr10', 'chrUn', 'chrX']);
    const axis = genomeAxis(
      [
        { marker: 'a', chromosome: '2', position: 50, trait: 't', minusLog10P: 1 },
        { marker: 'b', chromosome: '1', position: 100, trait: 't', minusLog10P: 1 },
      ],
      [],
    );
    expect(axis.order).toEqual(['1', '2']);
    expect(axis.offsets.get('1')).toBe(0);
    expect(axis.offsets.get('2')).toBe(102);
    expect(axis.ticks.map((tick) => tick.label)).toEqual(['1', '2']);
  });
});
