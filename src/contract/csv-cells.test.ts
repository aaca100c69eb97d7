import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { restoreFormula, toCsv } from './csv-cells';

describe('CSV export', () => {
  it('writes cells a spreadsheet would run as formulas as text, and the import takes them back unchanged', () => {
    const hostile = ['=HYPERLINK("http://evil.example","x")', '+1+1', '-2+3+cmd|" /C calc"!A0', '@SUM(A1)', '\t=1', '\r=1'];
    const csv = toCsv(
      ['pedigree'],
      hostile.map((pedigree) => ({ pedigree })),
    );
    const cells = Papa.parse<string[]>(csv, { skipEmptyLines: true })
      .data.slice(1)
      .map((row) => row[0]!);
    for (const cell of cells) expect(cell.startsWith("'")).toBe(true);
    expect(cells.map(restoreFormula)).toEqual(hostile);
  });

  it('leaves numbers, including negative longitudes, as numbers', () => {
    const csv = toCsv(['longitude', 'elevation', 'name'], [{ longitude: -109.92, elevation: '+38', name: 'CENEB' }]);
    expect(csv).toBe('longitude,elevation,name\r\n-109.92,+38,CENEB\r\n');
  });
});
