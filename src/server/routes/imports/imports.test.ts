import { count, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { IMPORTABLE_RESOURCES } from '../../../contract/breeding-codes';
import { IMPORT_TEMPLATES, templateColumns, templateCsv, type ImportResult } from '../../../contract/imports';
import { accessions } from '../../db/schema';
import { setUpTestApi } from '../../testing/test-api';
import { findNearDuplicates, oneEditApart } from './near-duplicates';

const api = setUpTestApi();

const upload = async (path: string, csv: string, query = '') => {
  const response = await api.t.call(`/${path}/import${query}`, { method: 'POST', token: api.token, body: csv, headers: { 'Content-Type': 'text/csv' } });
  return { status: response.status, body: (await response.json()) as ImportResult & { message?: string } };
};
const countLike = async (prefix: string) =>
  (
    await api.t.db
      .select({ value: count() })
      .from(accessions)
      .where(like(accessions.germplasmName, `${prefix}%`))
  )[0]!.value;

describe('importable lists', () => {
  it('are the lists the contract names: one import route each, and the console offers Import CSV on exactly those', async () => {
    const document = (await (await api.t.call('/openapi.json')).json()) as { paths: Record<string, unknown> };
    const routes = Object.keys(document.paths)
      .filter((path) => path.endsWith('/import'))
      .map((path) => path.split('/')[1])
      .sort();
    expect(routes).toEqual([...IMPORTABLE_RESOURCES].sort());
  });
});

describe('accession import', () => {
  it('says in words, not the database’s, why a commit raced by another import was rolled back', async () => {
    const csv = `germplasmName,genus\n${Array.from({ length: 200 }, (_, index) => `Race-${index},Oryza`).join('\n')}\n`;
    const results = await Promise.all([upload('accessions', csv, '?commit=true'), upload('accessions', csv, '?commit=true'), upload('accessions', csv, '?commit=true')]);
    expect(results.filter((result) => result.status === 201)).toHaveLength(1);
    for (const result of results.filter((candidate) => candidate.status !== 201)) {
      expect([400, 409]).toContain(result.status);
      expect(JSON.stringify(result.body)).not.toMatch(/constraint|duplicate key|violates|relation "/);
    }
    expect(await countLike('Race-')).toBe(200);
  });

  it('validates without writing, then commits every row in one go', async () => {
    const csv = 'germplasmName,genus,species,countryOfOriginCode,biologicalStatusOfAccessionCode,synonyms\nImpA-1,Oryza,sativa,PHL,500,IA1; IA-one\nImpA-2,Oryza,glaberrima,mli,300,\n';
    const check = await upload('accessions', csv);
    expect(check.status).toBe(200);
    expect(check.body.report).toMatchObject({ rows: 2, errors: [], warnings: [] });
    expect(await countLike('ImpA-')).toBe(0);
    const commit = await upload('accessions', csv, '?commit=true');
    expect(commit.status).toBe(201);
    expect(commit.body.report.created).toBe(2);
    const list = (await (await api.t.call('/accessions?q=ImpA-2', { token: api.token })).json()) as { data: Array<{ countryOfOriginCode: string }> };
    expect(list.data[0]!.countryOfOriginCode).toBe('MLI');
  });

  it('lists every problem by row and column, and refuses to commit', async () => {
    const csv = [
      'germplasmName,genus,countryOfOriginCode,biologicalStatusOfAccessionCode,instituteCode',
      'ImpB-1,Oryza,XXX,500,',
      ',Oryza,,,',
      'ImpB-3,,PHL,42,',
      'ImpB-4,Oryza,,,cimmyt',
      'impb-1,Oryza,,,',
      'ImpB-1,Oryza,,,',
    ].join('\n');
    const { status, body } = await upload('accessions', csv);
    expect(status).toBe(200);
    const problems = body.report.errors.map((error) => `${error.row}:${error.column}`);
    expect(problems).toEqual(expect.arrayContaining(['2:countryOfOriginCode', '3:germplasmName', '4:genus', '4:biologicalStatusOfAccessionCode', '5:instituteCode', '2:germplasmName']));
    expect(body.report.errors.find((error) => error.row === 2 && error.column === 'germplasmName')!.message).toBe(
      "Accession 'ImpB-1' appears 3 times in the file (rows 2, 6, 7); names must be unique, so keep one row and delete the others.",
    );
    expect(body.report.errors.find((error) => error.column === 'countryOfOriginCode')!.message).toBe("countryOfOriginCode 'XXX' is not accepted: use an ISO 3166-1 alpha-3 code such as MEX or IND.");
    const commit = await upload('accessions', csv, '?commit=true');
    expect(commit.status).toBe(400);
    expect(commit.body.message).toMatch(/nothing was imported/);
    expect(await countLike('ImpB-')).toBe(0);
  });

  it('reports names that already exist, and a missing required column', async () => {
    await upload('accessions', 'germplasmName,genus\nImpC-existing,Oryza\n', '?commit=true');
    const clash = await upload('accessions', 'germplasmName,genus\nIMPC-EXISTING,Oryza\n');
    expect(clash.body.report.errors).toEqual([{ row: 2, column: 'germplasmName', message: "Accession 'IMPC-EXISTING' already exists; remove this row, or rename it if it is a different accession." }]);
    const missing = await upload('accessions', 'germplasmName\nImpC-2\n');
    expect(missing.body.report.errors[0]).toMatchObject({ row: 1, column: 'genus', message: expect.stringContaining("required column 'genus' is missing") });
  });

  it('warns about synonyms and near-duplicates; commit needs the warnings accepted', async () => {
    await upload('accessions', 'germplasmName,genus,synonyms\nImpD Kalyansona,Triticum,ImpD-KSN\n', '?commit=true');
    const csv = 'germplasmName,genus,extra\nImpD-KSN,Triticum,x\nImpD-Kalyansona,Triticum,x\nImpD Kalyansonna,Triticum,x\nImpD-fresh,Triticum,x\n';
    const { body } = await upload('accessions', csv);
    expect(body.report.errors).toEqual([]);
    expect(body.report.warnings.map((warning) => [warning.row, warning.code])).toEqual([
      [1, 'unknown-column'],
      [2, 'synonym'],
      [3, 'near-duplicate'],
      [4, 'near-duplicate'],
    ]);
    expect((await upload('accessions', csv, '?commit=true')).status).toBe(409);
    expect(await countLike('ImpD-')).toBe(0);
    const accepted = await upload('accessions', csv, '?commit=true&acceptWarnings=true');
    expect(accepted.status).toBe(201);
    expect(await countLike('ImpD-')).toBe(3);
  });

  it('splits synonyms on the separator the file uses (“;”, “|” or Breedbase’s “,”) and says which', async () => {
    const comma = await upload('accessions', 'germplasmName,genus,synonyms\nImpS-comma,Triticum,"ImpS-a, ImpS-b,ImpS-c"\nImpS-plain,Triticum,\n', '?commit=true');
    expect(comma.status).toBe(201);
    expect(comma.body.report.notes).toEqual(['The lists in synonyms are separated by “,” in this file (Seedbed’s own files use “;”).']);
    const piped = await upload('accessions', 'germplasmName,genus,synonyms\nImpS-pipe,Triticum,ImpS-d|ImpS-e\n', '?commit=true');
    expect(piped.body.report.notes).toEqual(['The lists in synonyms are separated by “|” in this file (Seedbed’s own files use “;”).']);
    // With “;” anywhere, a comma is part of a name.
    const own = await upload('accessions', 'germplasmName,genus,synonyms\nImpS-own,Triticum,"ImpS-f; ImpS-g, sel. 2"\n', '?commit=true');
    expect(own.body.report.notes).toEqual(['The lists in synonyms are separated by “;” in this file.']);
    const stored = await api.t.db
      .select({ name: accessions.germplasmName, synonyms: accessions.synonyms })
      .from(accessions)
      .where(like(accessions.germplasmName, 'ImpS-%'))
      .orderBy(accessions.germplasmName);
    expect(stored).toEqual([
      { name: 'ImpS-comma', synonyms: ['ImpS-a', 'ImpS-b', 'ImpS-c'] },
      { name: 'ImpS-own', synonyms: ['ImpS-f', 'ImpS-g, sel. 2'] },
      { name: 'ImpS-pipe', synonyms: ['ImpS-d', 'ImpS-e'] },
      { name: 'ImpS-plain', synonyms: [] },
    ]);
  });

  it('warns about an institute code no accession uses yet, once some are in use', async () => {
    await upload('accessions', 'germplasmName,genus,instituteCode\nImpH-known,Oryza,PHL001\n', '?commit=true');
    const { body } = await upload('accessions', 'germplasmName,genus,instituteCode\nImpH-1,Oryza,PHL001\nImpH-2,Oryza,PHL991\n');
    expect(body.report.warnings.filter((warning) => warning.code === 'unknown-code')).toEqual([
      { row: 3, column: 'instituteCode', code: 'unknown-code', message: "Institute code 'PHL991' is not used by any existing record; check that it is right." },
    ]);
  });

  it('writes nothing when the commit fails part-way (row 150 of 300)', async () => {
    await api.t.db.execute(
      sql`create or replace function refuse_boom() returns trigger language plpgsql as $$ begin if new.germplasm_name = 'ImpE-150' then raise exception 'storage refused row 150'; end if; return new; end $$`,
    );
    await api.t.db.execute(sql`create trigger refuse_boom before insert on accessions for each row execute function refuse_boom()`);
    try {
      const rows = Array.from({ length: 300 }, (_, index) => `ImpE-${index + 1},Zea`);
      const { status, body } = await upload('accessions', `germplasmName,genus\n${rows.join('\n')}\n`, '?commit=true&acceptWarnings=true');
      expect(status).toBe(409);
      expect(body.message).toMatch(/rolled back and no rows were written: the database refused one of the rows/);
      // The database's own words stay in the server log.
      expect(body.message).not.toContain('storage refused row 150');
      expect(await countLike('ImpE-')).toBe(0);
    } finally {
      await api.t.db.execute(sql`drop trigger refuse_boom on accessions`);
    }
  });

  it('refuses a file larger than the limit with 413', async () => {
    const huge = `germplasmName,genus\n${'x'.repeat(65 * 1024 * 1024)}`;
    expect((await upload('accessions', huge)).status).toBe(413);
  });
});

describe('accession import: synonyms', () => {
  it('refuses, on its row, a synonym another accession has, in the database or on another row of the file', async () => {
    await upload('accessions', 'germplasmName,genus,synonyms\nImpY-held,Oryza,ImpY-syn\n', '?commit=true');
    const csv = ['germplasmName,genus,synonyms', 'ImpY-1,Oryza,impY-held', 'ImpY-2,Oryza,IMPY-SYN', 'ImpY-3,Oryza,ImpY-own;ImpY-1', 'ImpY-4,Oryza,ImpY-own'].join('\n');
    const { body } = await upload('accessions', csv);
    expect(body.report.errors.map((error) => [error.row, error.column, error.message.slice(0, error.message.indexOf(';'))])).toEqual([
      [2, 'synonyms', "Synonym 'impY-held' is the name of the accession 'ImpY-held'"],
      [3, 'synonyms', "Synonym 'IMPY-SYN' is already a synonym of the accession 'ImpY-held'"],
      [4, 'synonyms', "Synonym 'ImpY-1' is the name of the accession 'ImpY-1'"],
      [5, 'synonyms', "Synonym 'ImpY-own' is already a synonym of the accession 'ImpY-3'"],
    ]);
  });
});

describe('experiment import', () => {
  it('names its project and site; unknown names are errors', async () => {
    await api.t.call('/projects', { method: 'POST', token: api.token, json: { name: 'ImpF project' } });
    const { body } = await upload('experiments', 'name,project,site,studyType\nImpF-1,ImpF project,,nursery\nImpF-2,No such project,No such site,nursery\n');
    expect(body.report.errors).toEqual([
      { row: 3, column: 'project', message: "No project is named 'No such project'; create the project first, or correct the name." },
      { row: 3, column: 'site', message: "No site is named 'No such site'; create the site first, or correct the name." },
    ]);
    const ok = await upload('experiments', 'name,project,studyType,year\nImpF-1,impf PROJECT,nursery,2026\n', '?commit=true');
    expect(ok.status).toBe(201);
  });

  it('counts the experiments a plot-per-row trial makes, and says its observations are not imported', async () => {
    const csv = [
      'trial_name,breeding_program,location,year,accession_name,plot_number,rep_number,fresh root weight|CO_334:0000012,height_cm,notes',
      'ImpH trial A,ImpH program,,2025,ImpH-1,101,1,12.5,140,lodged',
      'ImpH trial A,ImpH program,,2025,ImpH-2,102,1,,151,',
      'ImpH trial A,ImpH program,,2025,ImpH-1,201,2,11.0,NA,',
      'ImpH trial B,ImpH program,,2025,ImpH-2,101,1,9.75,1.2e2,',
    ].join('\n');
    const { body } = await upload('experiments', csv);
    expect(body.report).toMatchObject({ rows: 4, records: 2 });
    const byColumn = new Map(body.report.warnings.map((warning) => [warning.column, warning.message]));
    expect(byColumn.get('fresh root weight|CO_334:0000012')).toMatch(
      /^Column 'fresh root weight\|CO_334:0000012' looks like observations \(a trait with its ontology term\); an experiment keeps its plots' accessions, not observations, so its cells are not imported\. To use them in pipelines, upload this file under Files, where it is a field trial CSV as it is; Phenomix reads it with accession_column set to accession_name and environment_column to trial_name\.$/,
    );
    expect(byColumn.get('height_cm')).toContain('looks like observations (numbers measured on the plots)');
    // A plot's design columns are numbers too, and a column of words is not an observation: both keep the usual warning.
    expect(byColumn.get('plot_number')).toBe("Column 'plot_number' is a Breedbase field that Seedbed does not keep for experiments; its cells will be ignored.");
    expect(byColumn.get('notes')).toMatch(/^Column 'notes' is not one Seedbed, BrAPI or Breedbase names/);
  });
});

describe('templates', () => {
  it('document every column from the import schema, and their example row passes the import', () => {
    const accessionsTemplate = IMPORT_TEMPLATES.find((template) => template.key === 'accessions')!;
    const columns = templateColumns(accessionsTemplate);
    expect(columns.find((column) => column.name === 'germplasmName')).toMatchObject({ required: true });
    expect(columns.find((column) => column.name === 'biologicalStatusOfAccessionCode')!.allowed).toContain('500');
    expect(columns.find((column) => column.name === 'synonyms')!.type).toMatch(/^list/);
    for (const template of IMPORT_TEMPLATES) {
      for (const column of templateColumns(template)) expect(template.example, `${template.key}.${column.name}`).toHaveProperty(column.name);
      expect(templateCsv(template).split('\r\n')[0]).toBe(
        templateColumns(template)
          .map((column) => column.name)
          .join(','),
      );
    }
  });

  it('a missing required column is said once, in words, not as a raw message on every row', async () => {
    const { body } = await upload('sites', 'locationName,locationType\nImpT Njoro,farm\nImpT Kiboko,field\n');
    expect(body.report.errors).toEqual([{ row: 1, column: 'countryCode', message: "The required column 'countryCode' is missing; add it (see the template for its header and values)." }]);
    const blank = await upload('sites', 'locationName,locationType,countryCode\nImpT Njoro,farm,\n');
    expect(blank.body.report.errors).toEqual([{ row: 2, column: 'countryCode', message: 'countryCode is empty; write an ISO 3166-1 alpha-3 country code such as MEX or IND.' }]);
  });

  it('for sites imports as is', async () => {
    const template = IMPORT_TEMPLATES.find((entry) => entry.key === 'sites')!;
    expect((await upload('sites', templateCsv(template))).body.report).toMatchObject({ rows: 1, errors: [] });
  });
});

describe('near-duplicates', () => {
  it('match by case, spacing, punctuation and one character', () => {
    expect(oneEditApart('kalyansona', 'kalyansonna')).toBe(true);
    expect(oneEditApart('ir64', 'ir65')).toBe(true);
    expect(oneEditApart('ir64', 'ir6455')).toBe(false);
    const found = findNearDuplicates(['IR 64', 'Kalyansonna', 'A1', 'Brand new'], ['IR64', 'Kalyansona', 'A2']);
    expect([...found.entries()]).toEqual([
      ['IR 64', 'IR64'],
      ['Kalyansonna', 'Kalyansona'],
    ]);
  });
});

describe('cross plan import', () => {
  it('groups rows into plans, names projects and parents, and writes plans and crosses together', async () => {
    await api.t.call('/projects', { method: 'POST', token: api.token, json: { name: 'ImpG project' } });
    // Warnings accepted: another test's accessions may be one character from these (a near-duplicate), whatever the order.
    expect((await upload('accessions', 'germplasmName,genus\nImpG-Svevo,Triticum\nImpG-Kronos,Triticum\n', '?commit=true&acceptWarnings=true')).status).toBe(201);
    const csv = [
      'crossPlan,project,planStatus,femaleParent,maleParent,crossType,numberOfCrosses,status,notes',
      'ImpG block,ImpG project,active,ImpG-Svevo,ImpG-Kronos,BIPARENTAL,4,TODO,',
      'ImpG block,ImpG project,active,ImpG-Kronos,,SELF,1,DONE,selfed',
      'ImpG other,ImpG project,planning,ImpG-Svevo,ImpG-Missing,BIPARENTAL,2,TODO,',
      'ImpG other,ImpG project,planning,ImpG-Svevo,,BIPARENTAL,2,TODO,',
    ].join('\n');
    const check = await upload('cross-plans', csv);
    expect(check.body.report.errors).toEqual([
      { row: 4, column: 'maleParent', message: "No accession is named 'ImpG-Missing'; import the accession first, or correct the name." },
      { row: 5, column: 'maleParent', message: 'maleParent is empty, but a BIPARENTAL cross needs a male parent; write one, or set crossType to SELF or OPEN_POLLINATED.' },
    ]);
    expect((await upload('cross-plans', csv, '?commit=true')).status).toBe(400);

    const good = csv.split('\n').slice(0, 3).join('\n');
    const committed = await upload('cross-plans', good, '?commit=true');
    expect(committed.status).toBe(201);
    // Two crosses of one plan: the file's rows are crosses, the records it makes plans.
    expect(committed.body.report).toMatchObject({ rows: 2, records: 1, created: 1 });
    const plans = (await (await api.t.call('/cross-plans?q=ImpG%20block', { token: api.token })).json()) as { data: Array<{ id: number; status: string }> };
    expect(plans.data).toHaveLength(1);
    const crosses = (await (await api.t.call(`/cross-plans/${plans.data[0]!.id}/crosses`, { token: api.token })).json()) as { data: Array<{ crossType: string; maleParentName: string | null }> };
    expect(crosses.data.map((cross) => [cross.crossType, cross.maleParentName])).toEqual([
      ['BIPARENTAL', 'ImpG-Kronos'],
      ['SELF', null],
    ]);
    const again = await upload('cross-plans', good);
    expect(again.body.report.errors[0]!.message).toBe("Cross plan 'ImpG block' already exists; import new plans only, or add its crosses in the plan's grid.");
  });
});

describe('pedigree import', () => {
  it('reads Breedbase’s pedigree upload, sets existing accessions’ pedigrees by their names, and replaces one only when the warning is accepted', async () => {
    const setUp = await upload(
      'accessions',
      'germplasmName,genus,synonyms,pedigree\nPedigreeSvevoX,Triticum,PEDIGREE-SVEVO-SYN,\nPedigreeKronosX,Triticum,,\nPedigreeLineX1,Triticum,,\nPedigreeLineX2,Triticum,,OLD/CROSS\nPedigreeLineX3,Triticum,,\n',
      '?commit=true&acceptWarnings=true',
    );
    expect(setUp.status).toBe(201);
    // Tab-separated, with Breedbase's headers and types; a parent named by its synonym.
    const tsv = [
      'progeny name\tfemale parent accession\tmale parent accession\ttype',
      'PedigreeLineX1\tPEDIGREE-SVEVO-SYN\tPedigreeKronosX\tbiparental',
      'PedigreeLineX2\tPedigreeKronosX\t\tself',
      'PedigreeLineX3\tPedigreeSvevoX\t\topen',
    ].join('\n');
    const check = await upload('pedigrees', tsv);
    expect(check.status).toBe(200);
    expect(check.body.report).toMatchObject({ vocabulary: 'breedbase', rows: 3, records: 3, errors: [] });
    expect(check.body.report.warnings).toEqual([
      {
        row: 3,
        column: 'progeny',
        code: 'replaces',
        message: "The pedigree of 'PedigreeLineX2' is 'OLD/CROSS'; importing replaces it with 'PedigreeKronosX/PedigreeKronosX'. Accept the warning to replace it, or remove the row to keep it.",
      },
    ]);
    expect((await upload('pedigrees', tsv, '?commit=true')).status).toBe(409);
    const committed = await upload('pedigrees', tsv, '?commit=true&acceptWarnings=true');
    expect(committed.status).toBe(201);
    expect(committed.body.report.created).toBe(3);
    const written = await api.t.db
      .select({ name: accessions.germplasmName, pedigree: accessions.pedigree })
      .from(accessions)
      .where(like(accessions.germplasmName, 'PedigreeLineX%'))
      .orderBy(accessions.germplasmName);
    expect(written).toEqual([
      { name: 'PedigreeLineX1', pedigree: 'PedigreeSvevoX/PedigreeKronosX' },
      { name: 'PedigreeLineX2', pedigree: 'PedigreeKronosX/PedigreeKronosX' },
      { name: 'PedigreeLineX3', pedigree: 'PedigreeSvevoX/NA' },
    ]);
    // The same file again changes nothing, and says so.
    const again = await upload('pedigrees', tsv);
    expect(again.body.report).toMatchObject({ records: 0, warnings: [] });
    expect(again.body.report.notes).toContain('3 of the accessions already have the pedigree their row gives; they are left as they are.');
  });

  it('refuses names that are no accession, a missing male parent, a line its own parent and an accession twice, row by row', async () => {
    expect((await upload('accessions', 'germplasmName,genus\nPedigreeRowX-A,Triticum\nPedigreeRowX-B,Triticum\nPedigreeRowX-C,Triticum\n', '?commit=true&acceptWarnings=true')).status).toBe(201);
    const csv = [
      'progeny,femaleParent,maleParent,type',
      'PedigreeRowX-Nobody,PedigreeRowX-A,PedigreeRowX-B,biparental',
      'PedigreeRowX-C,PedigreeRowX-A,,biparental',
      'PedigreeRowX-A,PedigreeRowX-A,PedigreeRowX-B,',
      'PedigreeRowX-C,PedigreeRowX-A,PedigreeRowX-B,sib',
      'PedigreeRowX-B,PedigreeRowX-A,PedigreeRowX-C,self',
    ].join('\n');
    const { body } = await upload('pedigrees', csv);
    expect(body.report.errors).toEqual([
      { row: 2, column: 'progeny', message: "No accession is named 'PedigreeRowX-Nobody'; import the accession first, or correct the name." },
      { row: 3, column: 'maleParent', message: 'maleParent is empty, but a biparental cross has a male parent; write it, or set type to self, open or polycross.' },
      { row: 4, column: 'femaleParent', message: "'PedigreeRowX-A' cannot be its own parent; correct the row." },
      { row: 5, column: 'progeny', message: "Accession 'PedigreeRowX-C' has its parents on row 3 already; keep one row per accession." },
      { row: 6, column: 'maleParent', message: "A self has one parent, but maleParent 'PedigreeRowX-C' is not femaleParent 'PedigreeRowX-A'; leave maleParent empty, or set type to biparental." },
    ]);
    expect((await upload('pedigrees', csv, '?commit=true&acceptWarnings=true')).status).toBe(400);
    // A parent whose name Purdy notation would read as a cross is refused, not written to be misread.
    expect((await upload('accessions', 'germplasmName,genus\nPedigreeRowX-KAUZ/PASTOR,Triticum\n', '?commit=true&acceptWarnings=true')).status).toBe(201);
    const slashed = await upload('pedigrees', 'progeny,femaleParent,maleParent,type\nPedigreeRowX-C,PedigreeRowX-KAUZ/PASTOR,PedigreeRowX-B,biparental\n');
    expect(slashed.body.report.errors[0]!.message).toMatch(/^'PedigreeRowX-KAUZ\/PASTOR' cannot be written as a parent in a pedigree: Purdy notation reads a \/ or \* in a name as a cross/);
    // BrAPI's parent types say which parent is which, whatever their order.
    const brapi = await upload(
      'pedigrees',
      'germplasmName,parent1.germplasmName,parent1.parentType,parent2.germplasmName,parent2.parentType\nPedigreeRowX-C,PedigreeRowX-B,MALE,PedigreeRowX-A,FEMALE\n',
    );
    expect(brapi.body.report).toMatchObject({ vocabulary: 'brapi', errors: [], records: 1 });
    expect(
      (
        await upload(
          'pedigrees',
          'germplasmName,parent1.germplasmName,parent1.parentType,parent2.germplasmName,parent2.parentType\nPedigreeRowX-C,PedigreeRowX-B,MALE,PedigreeRowX-A,FEMALE\n',
          '?commit=true',
        )
      ).status,
    ).toBe(201);
    const [written] = await api.t.db.select({ pedigree: accessions.pedigree }).from(accessions).where(sql`${accessions.germplasmName} = 'PedigreeRowX-C'`);
    expect(written?.pedigree).toBe('PedigreeRowX-A/PedigreeRowX-B');
  });
});
