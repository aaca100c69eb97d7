import { describe, expect, it } from 'vitest';
import { DEFAULT_FILE_TYPES } from '../../server/services/file-types';
import { fileTypesReferencePage } from './file-types-reference';

/** The table row of a type, by its first cell. */
const rowOf = (body: string, type: string) => body.split('\n').find((line) => line.startsWith(`| ${type} |`));

describe('the File types reference page', () => {
  const page = fileTypesReferencePage();

  it('has a row for every type a new Seedbed starts with', () => {
    expect(DEFAULT_FILE_TYPES.filter((type) => !rowOf(page.body, type.name)).map((type) => type.name)).toEqual([]);
  });

  it("names a type's required columns, with what to put in one a trial of one environment lacks", () => {
    const trial = rowOf(page.body, 'field trial CSV');
    expect(trial).toContain('`accession` (or `germplasmName`, `accession_name`), `environment` (or `studyName`, `trial_name`) (one trial: the same environment, such as site and year, on every row)');
    expect(rowOf(page.body, 'associations CSV')).toContain('`marker`, `chromosome`, `position`, `trait`, `p_value`');
  });

  it('links each type to the pipeline parameters that read it', () => {
    expect(rowOf(page.body, 'phenotype CSV')).toMatch(/\[GDIP[^\]]*\]\(\/docs\/reference\/pipelines\/[a-z-]+\/nf-gdip\/\) \(`phenotypes`\)/);
    expect(rowOf(page.body, 'field trial CSV')).toContain('/nf-phenomix/');
  });
});
