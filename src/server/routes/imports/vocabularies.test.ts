import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import type { ImportReport, ImportResult } from '../../../contract/imports';
import { setUpTestApi } from '../../testing/test-api';

const api = setUpTestApi();

type Row = Record<string, unknown>;

const sample = (name: string) => fs.readFileSync(`tests/fixtures/imports/${name}`);
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function send(resource: string, body: Uint8Array | string, query = '', type = 'text/csv') {
  const response = await api.t.call(`/${resource}/import${query}`, {
    method: 'POST',
    token: api.token,
    body: typeof body === 'string' ? body : new Blob([new Uint8Array(body)]),
    headers: { 'Content-Type': type },
  });
  return { status: response.status, body: (await response.json()) as ImportResult & { message?: string } };
}
/** Checks, then commits (accepting warnings), and returns the check's report. */
async function importFile(resource: string, body: Uint8Array | string, query = '', type = 'text/csv') {
  const check = await send(resource, body, query, type);
  expect(check.body.report.errors, JSON.stringify(check.body.report.errors)).toEqual([]);
  const commit = await send(resource, body, `${query}${query ? '&' : '?'}commit=true&acceptWarnings=true`, type);
  expect(commit.status, JSON.stringify(commit.body)).toBe(201);
  return check.body.report;
}
/**
 * The BrAPI files build on one another (a study names a trial, a location and germplasm), and the
 * tests share this file's database in any order: each file is imported once, by whichever test
 * needs it first, and every test imports what it reads.
 */
const imported = new Map<string, Promise<ImportReport>>();
function importOnce(resource: string, name: string): Promise<ImportReport> {
  if (!imported.has(name)) imported.set(name, importFile(resource, sample(name)));
  return imported.get(name)!;
}
const brapiPrerequisites = () => Promise.all([importOnce('accessions', 'brapi-germplasm.csv'), importOnce('sites', 'brapi-locations.csv'), importOnce('projects', 'brapi-trials.csv')]);

async function find(resource: string, q: string): Promise<Row> {
  const response = await api.t.call(`/${resource}?q=${encodeURIComponent(q)}`, { token: api.token });
  const { data } = (await response.json()) as { data: Row[] };
  const named = data.filter((row) => [row.name, row.germplasmName, row.locationName].includes(q));
  expect(named, `${resource} ${q}`).toHaveLength(1);
  return named[0]!;
}
const csvToSheet = (csv: string) =>
  csv
    .trim()
    .split('\n')
    .map((line) => line.split(',').map((value) => (value === '' ? null : { value })));

describe('BrAPI v2.1 files', () => {
  it('germplasm: a crop name gives the genus, alpha-2 and English country names become alpha-3, pipes split synonyms, PUIs are ignored', async () => {
    const report = await importOnce('accessions', 'brapi-germplasm.csv');
    expect(report.vocabulary).toBe('brapi');
    expect(report.ignored).toEqual(['germplasmPUI', 'seedSource']);
    expect(report.columns).toContainEqual({ header: 'commonCropName', column: '~crop', vocabulary: 'brapi' });
    expect(report.notes?.join(' ')).toMatch(/Read as a BrAPI v2\.1 file/);
    expect(report.notes?.join(' ')).toContain("countryOfOriginCode 'PE' → PER");
    const maize = await find('accessions', 'BrA-0000003');
    expect(maize).toMatchObject({ genus: 'Zea', species: 'mays', countryOfOriginCode: 'PER', instituteCode: 'PER001', biologicalStatusOfAccessionCode: '420', synonyms: ['variety_1', 'var 1'] });
    expect(await find('accessions', 'BrA-0000004')).toMatchObject({ genus: 'Triticum', countryOfOriginCode: 'PER' });
  });

  it('locations: "Field Station" is a field, GeoJSON gives latitude, longitude and elevation, a country name gives the code', async () => {
    const report = await importOnce('sites', 'brapi-locations.csv');
    expect(report.vocabulary).toBe('brapi');
    expect(report.ignored).toEqual(['documentationURL']);
    expect(await find('sites', 'BrA Location 1')).toMatchObject({ locationType: 'field', countryCode: 'PER', latitude: 42.417373, longitude: -76.506042, elevation: 123 });
    expect(await find('sites', 'BrA Location 2')).toMatchObject({ locationType: 'greenhouse', countryCode: 'MEX', latitude: 19.43, longitude: -99.13, elevation: null });
  });

  it('trials: trialName is the project, leadPersonName its lead, active its status, date-times become dates', async () => {
    const report = await importOnce('projects', 'brapi-trials.csv');
    expect(report.ignored).toEqual(['programName', 'commonCropName']);
    expect(await find('projects', 'BrA Peru Yield Trial 1')).toMatchObject({ leadName: 'Bob Robertson', status: 'active', startDate: '2018-01-01', endDate: '2018-12-31' });
    expect(await find('projects', 'BrA Peru Yield Trial 0')).toMatchObject({ status: 'completed' });
  });

  it('studies: studyName, trialName and locationName name the experiment, project and site; rows of one study merge their germplasm', async () => {
    await brapiPrerequisites();
    const report = await importOnce('experiments', 'brapi-studies.csv');
    expect(report.vocabulary).toBe('brapi');
    const study = await find('experiments', 'BrA Study 1 - Location 1');
    expect(study).toMatchObject({ studyType: 'phenotyping', season: 'spring_2018', startDate: '2018-01-01', endDate: '2018-12-31', designType: 'RCBD', description: 'Yield at location 1' });
    expect(await find('experiments', 'BrA Study 2 - Location 2')).toMatchObject({ studyType: 'yield_trial', designType: 'alpha_lattice' });
    const entries = (await (await api.t.call(`/experiments/${String(study.id)}/entries`, { token: api.token })).json()) as { data: Array<{ germplasmName: string }> };
    expect(entries.data.map((entry) => entry.germplasmName).sort()).toEqual(['BrA-0000003', 'BrA-0000004']);
  });

  it('planned crosses: parent1 and parent2 become female and male by their parentType, SELF without a second parent', async () => {
    await brapiPrerequisites();
    const report = await importOnce('cross-plans', 'brapi-planned-crosses.csv');
    expect(report.ignored).toEqual(['plannedCrossName']);
    const plan = await find('cross-plans', 'BrA Crosses 2018');
    expect(plan).toMatchObject({ description: 'Crosses planned for the 2018 season' });
    const crosses = (await (await api.t.call(`/cross-plans/${String(plan.id)}/crosses`, { token: api.token })).json()) as { data: Row[] };
    expect(crosses.data.map((cross) => [cross.femaleParentName, cross.maleParentName, cross.crossType, cross.status])).toEqual([
      ['BrA-0000003', 'BrA-0000004', 'BIPARENTAL', 'TODO'],
      ['BrA-0000003', 'BrA-0000005', 'BIPARENTAL', 'DONE'],
      ['BrA-0000005', null, 'SELF', 'TODO'],
    ]);
  });
});

describe('what the report says of columns and values it cannot use', () => {
  it('tells a field Seedbed does not keep from a name no vocabulary uses, and says an unknown country once', async () => {
    const csv = 'Name,Abbreviation,Country Name,Type,Latitude,Longitude,Altitude,NOAA Station ID,Irrigated\nNarnia One,NRN,Narnia,Field,1,2,3,,yes\n';
    const { body } = await send('sites', csv);
    expect(body.report.vocabulary).toBe('breedbase');
    expect(body.report.warnings.map((warning) => warning.message)).toEqual([
      "Column 'NOAA Station ID' is a Breedbase field that Seedbed does not keep for sites; its cells will be ignored.",
      "Column 'Irrigated' is not one Seedbed, BrAPI or Breedbase names for this import; its cells will be ignored. If it should be imported, rename it as the template names it.",
    ]);
    expect(body.report.notes).toEqual(
      expect.arrayContaining(['Ignored, as Seedbed does not keep this field: NOAA Station ID.', 'Ignored column (not a name any vocabulary uses for this import): Irrigated.']),
    );
    expect(body.report.errors).toEqual([
      { row: 2, column: 'countryCode', message: "The country name 'Narnia' is not one Seedbed knows; write its ISO 3166-1 alpha-3 code (such as NGA or MEX) in countryCode." },
    ]);
  });
});

describe('Breedbase upload files', () => {
  it('locations, accessions, a trial file with a row per plot, and a crosses file import with Breedbase’s spellings', async () => {
    const locations = await importFile('sites', sample('breedbase-locations.csv'));
    expect(locations.vocabulary).toBe('breedbase');
    expect(locations.ignored).toEqual(['Program', 'NOAA Station ID']);
    expect(locations.warnings.find((warning) => warning.column === 'Program')?.message).toBe("Column 'Program' is a Breedbase field that Seedbed does not keep for sites; its cells will be ignored.");
    expect(await find('sites', 'Bb Ubiaja')).toMatchObject({ abbreviation: 'BBUBI', locationType: 'farm', countryCode: 'NGA', latitude: 6.66, elevation: 300 });

    const accessions = await importFile('accessions', sample('breedbase-accessions.csv'));
    expect(accessions.vocabulary).toBe('breedbase');
    expect(accessions.notes?.join(' ')).toContain('separated by “,”');
    expect(await find('accessions', 'BbTMEB419')).toMatchObject({
      genus: 'Manihot',
      species: 'esculenta',
      countryOfOriginCode: 'NGA',
      accessionNumber: 'IITA-TMS-419',
      synonyms: ['TME 419', 'TMEB 419'],
    });
    expect(await find('accessions', 'BbTMS-IBA980581')).toMatchObject({ pedigree: 'BbTMEB419/BbTMS-30572', countryOfOriginCode: 'NGA' });

    await api.t.call('/projects', { method: 'POST', token: api.token, body: JSON.stringify({ name: 'Bb IITA Cassava' }), headers: { 'Content-Type': 'application/json' } });
    const trials = await importFile('experiments', sample('breedbase-trials.csv'));
    expect(trials.ignored).toEqual(expect.arrayContaining(['plot_number', 'block_number', 'is_a_control', 'rep_number']));
    const ayt = await find('experiments', 'Bb 19AYT Ibadan');
    expect(ayt).toMatchObject({ studyType: 'yield_trial', year: 2019, designType: 'RCBD', startDate: '2019-06-15', endDate: '2020-06-20' });
    expect(await find('experiments', 'Bb 19SN Ubiaja')).toMatchObject({ studyType: 'nursery', designType: 'augmented' });
    // Four plots of three accessions, one named by its synonym.
    const entries = (await (await api.t.call(`/experiments/${String(ayt.id)}/entries`, { token: api.token })).json()) as { data: Array<{ germplasmName: string }> };
    expect(entries.data.map((entry) => entry.germplasmName).sort()).toEqual(['BbTMEB419', 'BbTMS-30572', 'BbTMS-IBA980581']);

    // Breedbase's crosses file names no crossing experiment: the dialog's plan and project fill it in.
    const missing = await send('cross-plans', sample('breedbase-crosses.csv'));
    expect(missing.body.report.errors.map((error) => error.column)).toEqual(['crossPlan', 'project']);
    const crosses = await importFile('cross-plans', sample('breedbase-crosses.csv'), `?crossPlan=${encodeURIComponent('Bb 2019 crossing block')}&project=${encodeURIComponent('Bb IITA Cassava')}`);
    expect(crosses.ignored).toEqual(['cross_unique_id', 'cross_combination']);
    expect(crosses.notes?.join(' ')).toContain("crossType 'backcross' → BIPARENTAL");
    const plan = await find('cross-plans', 'Bb 2019 crossing block');
    const grid = (await (await api.t.call(`/cross-plans/${String(plan.id)}/crosses`, { token: api.token })).json()) as { data: Row[] };
    expect(grid.data.map((cross) => cross.crossType)).toEqual(['BIPARENTAL', 'SELF', 'BIPARENTAL', 'OPEN_POLLINATED']);
  });

  it("Breedbase's load_stock file (tab-separated): accession is the name, species_name the taxon, synonyms split on commas", async () => {
    const report = await importFile('accessions', sample('breedbase-load-stock.tsv'));
    expect(report.vocabulary).toBe('breedbase');
    expect(report.columns).toEqual(
      expect.arrayContaining([
        { header: 'accession', column: 'germplasmName', vocabulary: 'breedbase' },
        { header: 'species_name', column: '~binomial', vocabulary: 'breedbase' },
      ]),
    );
    // Seedbed keeps no population or description for an accession: said so, not called unknown.
    expect(report.ignored).toEqual(['population_name', 'description']);
    expect(report.notes?.join(' ')).toContain('Seedbed does not keep these fields: population_name, description');
    expect(await find('accessions', 'BbLs-test_accession1')).toMatchObject({ genus: 'Manihot', species: 'esculenta', synonyms: ['bbls_syn1', 'bbls_syn2'] });
    expect(await find('accessions', 'BbLs-test_accession2')).toMatchObject({ genus: 'Manihot', species: 'esculenta', synonyms: [] });
    expect(await find('accessions', 'BbLs-test_accession3')).toMatchObject({ genus: 'Solanum', species: 'lycopersicum', synonyms: ['bbls_syn3'] });
  });

  it('a value no vocabulary knows is an error that names the column, the value and what to write', async () => {
    const { body } = await send('sites', 'Name,Country Code,Type\nBb Nowhere,NGA,Orchard\nBb Nowhere 2,Narnia,Field\n');
    expect(body.report.errors).toEqual([
      { row: 2, column: 'locationType', message: "locationType 'Orchard' is not an allowed value; write one of field, farm, greenhouse, screenhouse, lab, storage, other." },
      { row: 3, column: 'countryCode', message: "countryCode 'Narnia' is not accepted: use an ISO 3166-1 alpha-3 code such as MEX or IND." },
    ]);
  });
});

describe('.xlsx workbooks', () => {
  it('import like CSV from the first sheet, or from the sheet asked for; dates in cells become dates', async () => {
    const workbook = await writeXlsxFile([
      {
        sheet: 'Trials',
        data: [
          [{ value: 'name' }, { value: 'startDate' }],
          [{ value: 'Xl trial 1' }, { value: new Date('2024-03-05T00:00:00Z'), format: 'yyyy-mm-dd' }],
        ],
      },
      { sheet: 'Readme', data: [[{ value: 'Written by hand' }]] },
    ]).toBuffer();
    const first = await send('projects', workbook, '', XLSX);
    expect(first.body.report).toMatchObject({ rows: 1, errors: [], sheets: ['Trials', 'Readme'], sheet: 'Trials' });
    const other = await send('projects', workbook, '?sheet=Readme', XLSX);
    expect(other.body.report.errors[0]!.message).toMatch(/required column 'name' is missing/);
    const missing = await send('projects', workbook, '?sheet=Nope', XLSX);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("The workbook has no sheet named 'Nope'; its sheets are 'Trials', 'Readme'.");
    await importFile('projects', workbook, '', XLSX);
    expect(await find('projects', 'Xl trial 1')).toMatchObject({ startDate: '2024-03-05' });
  });

  it('a Breedbase locations workbook reads as its CSV does', async () => {
    const csv = sample('breedbase-locations.csv').toString('utf8').replaceAll('Bb ', 'Xl ');
    const workbook = await writeXlsxFile(csvToSheet(csv)).toBuffer();
    const fromCsv = await send('sites', csv);
    const fromWorkbook = await send('sites', workbook, '', XLSX);
    const { sheets: _sheets, sheet: _sheet, ...report } = fromWorkbook.body.report;
    expect(report).toEqual(fromCsv.body.report);
  });

  it('an .xls file is refused with the fix, and so is a broken workbook', async () => {
    const xls = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    const refused = await send('accessions', xls, '', 'application/vnd.ms-excel');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/Excel 97–2003 workbook \(\.xls\).*save it as an Excel workbook \(\.xlsx\) or as CSV/);
    const broken = await send('accessions', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), '', XLSX);
    expect(broken.status).toBe(400);
    expect(broken.body.message).toMatch(/cannot be read.*save it again as \.xlsx or CSV/);
  });
});
