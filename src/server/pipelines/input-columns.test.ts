import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inputColumnProblems } from './input-columns';

const PROPERTIES = {
  accession_column: { type: 'string', default: 'accession' },
  site_column: { type: 'string', default: 'site' },
  rep_column: { type: 'string', default: 'rep' },
  traits: { type: 'string' },
};
const COLUMNS = { named: ['accession_column', 'site_column'], listed: ['traits'], optional: ['rep_column'] };

const tableWith = (header: string) => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-columns-')), 'plots.csv');
  fs.writeFileSync(file, `${header}\n1,2,3\n`);
  return file;
};

describe('the columns a launch names, against the file it gives', () => {
  it('passes the defaults and named columns the header has, and lists what it has where nothing looks like the one meant', () => {
    expect(inputColumnProblems(COLUMNS, PROPERTIES, tableWith('accession,site,yield'), {})).toEqual({});
    expect(inputColumnProblems(COLUMNS, PROPERTIES, tableWith('line,location,yield'), { accession_column: 'line', traits: ' yield ' })).toEqual({
      'params.site_column': 'plots.csv has no column site: its columns are line, location, yield. Set site_column to the one meant, or choose another file',
    });
  });

  it('names the file’s column that other tools give the name meant, in the case the file writes it', () => {
    expect(inputColumnProblems(COLUMNS, PROPERTIES, tableWith('Accession_Name,site,yield'), {})['params.accession_column']).toBe(
      'plots.csv has no column accession; its accession column is Accession_Name (the name Breedbase and BrAPI give it): set accession_column to Accession_Name',
    );
  });

  it('lets an optional column be absent, unless the file has it under another name', () => {
    expect(inputColumnProblems(COLUMNS, PROPERTIES, tableWith('accession,site,yield'), {})).toEqual({});
    expect(inputColumnProblems(COLUMNS, PROPERTIES, tableWith('accession,site,replicate,yield'), {})).toEqual({
      'params.rep_column':
        'plots.csv has no column rep; its rep column is replicate (the name Breedbase and BrAPI give it): set rep_column to replicate, or to a name the file does not have (such as none) to run without it',
    });
    expect(inputColumnProblems(COLUMNS, PROPERTIES, tableWith('accession,site,replicate,yield'), { rep_column: 'none' })).toEqual({});
  });

  it('finds the column meant in another case, and says a file without a header row has none', () => {
    expect(inputColumnProblems(COLUMNS, PROPERTIES, tableWith('accession,site,Rep,yield'), {})).toEqual({
      'params.rep_column': 'plots.csv has no column rep; its rep column is Rep: set rep_column to Rep, or to a name the file does not have (such as none) to run without it',
    });
    expect(inputColumnProblems(COLUMNS, PROPERTIES, tableWith(''), {})['params.accession_column']).toBe(
      'plots.csv has no column accession: it has no header row. Set accession_column to the one meant, or choose another file',
    );
  });

  it('lists at most twelve of a wide file’s columns, and every listed column it lacks', () => {
    const header = ['accession', 'site', ...Array.from({ length: 20 }, (_, index) => `t${index + 1}`)].join(',');
    expect(inputColumnProblems(COLUMNS, PROPERTIES, tableWith(header), { traits: 't1,t30,t31' })).toEqual({
      'params.traits':
        'plots.csv has no columns t30, t31: its columns are accession, site, t1, t2, t3, t4, t5, t6, t7, t8, t9, t10 and 10 more. List columns it has, as they are written in its header row',
    });
  });

  it('leaves a file it cannot read a header from to the checks that can (a gzip file)', () => {
    const file = `${tableWith('x')}.gz`;
    fs.writeFileSync(file, 'not really gzip');
    expect(inputColumnProblems(COLUMNS, PROPERTIES, file, {})).toEqual({});
  });
});
