import { describe, expect, it } from 'vitest';
import { IMPORT_TEMPLATES, templateColumns } from './imports';

describe('template column notes', () => {
  const notes = IMPORT_TEMPLATES.flatMap((template) => templateColumns(template).map((column) => ({ where: `${template.key}.${column.name}`, notes: column.notes })));

  it('say patterns in words with an example, never as a regular expression', () => {
    const regexLike = notes.filter(({ notes }) => /\^|\$|\\d|\[[A-Za-z]-|pattern /.test(notes));
    expect(regexLike).toEqual([]);
    expect(notes.find(({ where }) => where === 'accessions.instituteCode')?.notes).toBe('A FAO WIEWS institute code: three letters and 3 or 4 digits, such as MEX002');
    expect(notes.find(({ where }) => where === 'file-types.extensions')?.notes).toMatch(/start with a dot, such as \.vcf\.gz/);
  });

  it('do not print JavaScript’s largest safe integer as a limit', () => {
    expect(notes.filter(({ notes }) => notes.includes('9007199254740991'))).toEqual([]);
  });
});
