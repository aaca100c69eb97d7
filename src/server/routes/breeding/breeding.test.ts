import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fileTypes } from '../../db/schema';
import { DEFAULT_FILE_TYPES, seedFileTypes } from '../../services/file-types';
import { setUpTestApi } from '../../testing/test-api';

const api = setUpTestApi();

let counter = 0;
function unique(prefix: string) {
  counter += 1;
  return `${prefix} ${counter}`;
}
const send = (method: string, path: string, json?: unknown) => api.t.call(path, { method, token: api.token, ...(json === undefined ? {} : { json }) });
async function created<T = { id: number }>(path: string, json: unknown): Promise<T> {
  const response = await send('POST', path, json);
  if (response.status !== 201) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
const errorsOf = async (response: Response) => (await response.json()) as { errors?: Record<string, string>; message: string };

const project = () => created('/projects', { name: unique('Durum 2026'), status: 'active', startDate: '2026-01-01' });
const site = () => created('/sites', { locationName: unique('CIMMYT Obregón'), abbreviation: 'OBR', locationType: 'field', countryCode: 'MEX', latitude: 27.39, longitude: -109.92, elevation: 38 });
const accession = (extra: Record<string, unknown> = {}) => created('/accessions', { germplasmName: unique('IR64'), genus: 'Oryza', species: 'sativa', ...extra });

describe('each resource: create, read, replace, list, delete', () => {
  const cases: Array<[string, () => Promise<Record<string, unknown>>, string]> = [
    ['projects', async () => ({ name: unique('Wheat programme'), description: 'Spring wheat', leadName: 'A. Ruiz', status: 'planned' }), 'name'],
    ['sites', async () => ({ locationName: unique('Ludhiana'), locationType: 'field', countryCode: 'ind', latitude: 30.9, longitude: 75.85, elevation: 247 }), 'locationName'],
    [
      'accessions',
      async () => ({ germplasmName: unique('Kalyansona'), genus: 'Triticum', species: 'aestivum', countryOfOriginCode: 'IND', biologicalStatusOfAccessionCode: '500', synonyms: ['KSN'] }),
      'germplasmName',
    ],
    ['experiments', async () => ({ name: unique('AYT'), projectId: (await project()).id, siteId: (await site()).id, studyType: 'yield_trial', year: 2026, designType: 'alpha_lattice' }), 'name'],
    ['file-types', async () => ({ name: unique('BED'), extensions: ['.bed'], mimeType: 'text/plain', requiredColumns: [] }), 'name'],
    ['cross-plans', async () => ({ name: unique('F1 crosses'), projectId: (await project()).id, status: 'planning' }), 'name'],
  ];

  it.each(cases)('%s', async (path, make, nameField) => {
    const input = await make();
    const row = await created<Record<string, unknown> & { id: number }>(`/${path}`, input);
    expect(row).toMatchObject({ id: expect.any(Number), createdAt: expect.any(String) });
    expect(await (await send('GET', `/${path}/${row.id}`)).json()).toMatchObject({ id: row.id, [nameField]: input[nameField] });

    const renamed = `${String(input[nameField])} renamed`;
    const replaced = await send('PUT', `/${path}/${row.id}`, { ...input, [nameField]: renamed });
    expect(replaced.status).toBe(200);
    expect(await replaced.json()).toMatchObject({ [nameField]: renamed });

    const list = (await (await send('GET', `/${path}?q=${encodeURIComponent(renamed)}`)).json()) as { data: Array<{ id: number }>; pagination: { totalCount: number } };
    expect(list.data.map((item) => item.id)).toContain(row.id);

    expect((await send('DELETE', `/${path}/${row.id}`)).status).toBe(204);
    expect((await send('GET', `/${path}/${row.id}`)).status).toBe(404);
    expect((await send('DELETE', `/${path}/${row.id}`)).status).toBe(404);
  });
});

describe('validation', () => {
  it.each([
    ['/sites', { locationName: 'X', locationType: 'field', countryCode: 'XYZ' }, 'countryCode', 'ISO 3166-1 alpha-3'],
    ['/sites', { locationName: 'X', locationType: 'field', countryCode: 'MX' }, 'countryCode', 'ISO 3166-1 alpha-3'],
    ['/sites', { locationName: 'X', locationType: 'field', countryCode: 'MEX', latitude: 91 }, 'latitude', 'between -90 and 90'],
    ['/sites', { locationName: 'X', locationType: 'field', countryCode: 'MEX', longitude: -181 }, 'longitude', 'between -180 and 180'],
    ['/sites', { locationName: 'X', locationType: 'field', countryCode: 'MEX', elevation: 9000 }, 'elevation', 'between -418 and 8848'],
    ['/sites', { locationName: 'X', locationType: 'orbit', countryCode: 'MEX' }, 'locationType', 'One of field'],
    ['/accessions', { genus: 'Oryza' }, 'germplasmName', 'Required'],
    ['/accessions', { germplasmName: 'X', genus: 'Oryza', biologicalStatusOfAccessionCode: '450' }, 'biologicalStatusOfAccessionCode', 'MCPD SAMPSTAT'],
    ['/accessions', { germplasmName: 'X', genus: 'Oryza', instituteCode: 'cimmyt' }, 'instituteCode', 'FAO WIEWS'],
    ['/projects', { name: 'X', startDate: '2026-05-01', endDate: '2026-01-01' }, 'endDate', 'before the start date'],
    ['/projects', { name: 'X', startDate: '31/01/2026' }, 'startDate', 'date like'],
    ['/projects', { name: 'X', status: 'dormant' }, 'status', 'One of planned'],
    ['/experiments', { name: 'X', studyType: 'yield_trial' }, 'projectId', 'Required'],
    ['/file-types', { name: 'X', extensions: ['vcf'] }, 'extensions.0', 'start with a dot'],
  ])('%s refuses %j on %s', async (path, body, field, message) => {
    const response = await send('POST', path, body);
    expect(response.status).toBe(400);
    expect((await errorsOf(response)).errors?.[field]).toContain(message);
  });

  it('answers 400 naming the field when a referenced row does not exist', async () => {
    const response = await send('POST', '/experiments', { name: unique('Orphan'), projectId: 999999, studyType: 'nursery' });
    expect(response.status).toBe(400);
    expect((await errorsOf(response)).errors).toEqual({ projectId: 'No project has id 999999' });
  });

  it('takes BrAPI’s synonym objects as well as plain names, and never shows its lower-cased index column', async () => {
    const row = await created<{ synonyms: string[] } & Record<string, unknown>>('/accessions', {
      germplasmName: unique('Babax'),
      genus: 'Triticum',
      synonyms: [{ synonym: 'BBX', type: 'Pedigree name' }, 'Babax-1', { synonym: 'CM 62321', type: null }],
    });
    expect(row.synonyms).toEqual(['BBX', 'Babax-1', 'CM 62321']);
    expect(row).not.toHaveProperty('synonymsLower');
    const bad = await send('POST', '/accessions', { germplasmName: unique('Blank'), genus: 'Triticum', synonyms: [{ synonym: ' ' }] });
    expect(bad.status).toBe(400);
  });

  it('accepts the alpha-3 code in any case and stores it upper-case', async () => {
    const row = await created<{ countryCode: string }>('/sites', { locationName: unique('Njoro'), locationType: 'farm', countryCode: 'ken' });
    expect(row.countryCode).toBe('KEN');
  });
});

describe('conflicts', () => {
  it('refuses a duplicate name, whatever its case, with 409 naming the clash', async () => {
    const first = await accession();
    const name = (await (await send('GET', `/accessions/${first.id}`)).json()) as { germplasmName: string };
    const response = await send('POST', '/accessions', { germplasmName: name.germplasmName.toUpperCase(), genus: 'Oryza' });
    expect(response.status).toBe(409);
    const body = await errorsOf(response);
    expect(body.message).toBe(`An accession named '${name.germplasmName.toUpperCase()}' already exists; names must be unique.`);
    expect(body.errors).toHaveProperty('germplasmName');
  });

  it('refuses a synonym another accession has as its name or a synonym, which would lead a file’s name to two accessions', async () => {
    const named = (await (await send('GET', `/accessions/${(await accession()).id}`)).json()) as { germplasmName: string };
    const synonym = unique('SYN');
    const holder = await accession({ synonyms: [synonym] });
    const asName = await send('POST', '/accessions', { germplasmName: unique('Other'), genus: 'Oryza', synonyms: [named.germplasmName.toLowerCase()] });
    expect(asName.status).toBe(409);
    expect(await errorsOf(asName)).toEqual({
      message: `Synonym '${named.germplasmName.toLowerCase()}' is the name of the accession '${named.germplasmName}'; a synonym must lead to one accession only, so remove it here (or, if they are one accession, keep one of them).`,
      errors: { synonyms: expect.stringContaining('is the name of the accession') },
    });
    const asSynonym = await send('POST', '/accessions', { germplasmName: unique('Other'), genus: 'Oryza', synonyms: [synonym.toUpperCase()] });
    expect(asSynonym.status).toBe(409);
    expect((await errorsOf(asSynonym)).errors?.synonyms).toMatch(/is already a synonym of the accession '.+'; a synonym must lead to one accession only/);
    // Its own synonyms are its own: a replace that keeps them passes; one that adds another's is refused.
    const held = (await (await send('GET', `/accessions/${holder.id}`)).json()) as Record<string, unknown>;
    expect((await send('PUT', `/accessions/${holder.id}`, { germplasmName: held.germplasmName, genus: 'Oryza', synonyms: [synonym, unique('SYN2')] })).status).toBe(200);
    const adding = await send('PUT', `/accessions/${holder.id}`, { germplasmName: held.germplasmName, genus: 'Oryza', synonyms: [synonym, named.germplasmName] });
    expect(adding.status).toBe(409);
    expect((await errorsOf(adding)).errors?.synonyms).toContain(`is the name of the accession '${named.germplasmName}'`);
  });

  it('refuses to delete a project that experiments and cross plans point to, naming them', async () => {
    const { id } = await project();
    await created('/experiments', { name: unique('PYT'), projectId: id, studyType: 'yield_trial' });
    await created('/experiments', { name: unique('PYT'), projectId: id, studyType: 'yield_trial' });
    await created('/cross-plans', { name: unique('Crossing block'), projectId: id });
    const response = await send('DELETE', `/projects/${id}`);
    expect(response.status).toBe(409);
    expect((await errorsOf(response)).message).toMatch(/is used by 2 experiments and 1 cross plan; delete or change those first\.$/);
  });

  it('refuses to delete a site an experiment uses, and an accession a planned cross uses', async () => {
    const { id: siteId } = await site();
    await created('/experiments', { name: unique('Nursery'), projectId: (await project()).id, siteId, studyType: 'nursery' });
    expect((await send('DELETE', `/sites/${siteId}`)).status).toBe(409);

    const mother = await accession();
    const plan = await created('/cross-plans', { name: unique('Plan'), projectId: (await project()).id });
    expect((await send('PUT', `/cross-plans/${plan.id}/crosses`, { crosses: [{ femaleParentId: mother.id, crossType: 'SELF' }] })).status).toBe(200);
    const refused = await send('DELETE', `/accessions/${mother.id}`);
    expect(refused.status).toBe(409);
    expect((await errorsOf(refused)).message).toContain('1 planned cross (as female parent)');
  });
});

describe('lists', () => {
  it('page from 0 with BrAPI pagination, sort both ways and filter by field', async () => {
    const genus = `Genus${Date.now()}`;
    for (const name of ['Cc', 'Aa', 'Bb']) await accession({ germplasmName: `${genus}-${name}`, genus });
    const page = async (query: string) => (await (await send('GET', `/accessions?genus=${genus}&${query}`)).json()) as { data: Array<{ germplasmName: string }>; pagination: Record<string, number> };
    const first = await page('pageSize=2&page=0&sort=germplasmName&order=asc');
    expect(first.data.map((row) => row.germplasmName)).toEqual([`${genus}-Aa`, `${genus}-Bb`]);
    expect(first.pagination).toEqual({ currentPage: 0, pageSize: 2, totalCount: 3, totalPages: 2 });
    expect((await page('pageSize=2&page=1&sort=germplasmName&order=asc')).data.map((row) => row.germplasmName)).toEqual([`${genus}-Cc`]);
    expect((await page('pageSize=2&page=5')).data).toEqual([]);
    expect((await page('sort=germplasmName&order=desc')).data[0]!.germplasmName).toBe(`${genus}-Cc`);
  });

  it('treat search text literally (LIKE wildcards and quotes are not operators)', async () => {
    // Its own rows: one name with a quote, % and _; two that a wildcard or a single-character match would catch.
    const mark = `Lit${Date.now()}`;
    const literal = (await accession({ germplasmName: `${mark} O'Brien 100%_line` })) as { germplasmName?: string };
    await accession({ germplasmName: `${mark} O'Brien 1000xline` });
    await accession({ germplasmName: `${mark} plain` });
    const names = async (q: string) =>
      ((await (await send('GET', `/accessions?q=${encodeURIComponent(q)}`)).json()) as { data: Array<{ germplasmName: string }> }).data.map((row) => row.germplasmName);
    expect(await names(`${mark} O'Brien 100%_`)).toEqual([literal.germplasmName ?? `${mark} O'Brien 100%_line`]);
    expect(await names(`${mark}%plain`)).toEqual([]);
    expect(await names(`${mark} O'Brien 100_`)).toEqual([]);
    expect((await names(mark)).length).toBe(3);
    expect((await send('GET', `/accessions?q=${encodeURIComponent("'; drop table accessions; --")}`)).status).toBe(200);
    expect(await names(mark)).toHaveLength(3);
  });

  it.each([
    'page=-1',
    'page=abc',
    'pageSize=0',
    'pageSize=1001',
    'sort=password_hash',
    'sort=germplasmName;drop table users',
    'order=up',
    'biologicalStatusOfAccessionCode=999;--',
    'countryOfOriginCode=MEXICO',
  ])('answer 400, never 500, for %s', async (query) => {
    const response = await send('GET', `/accessions?${query}`);
    expect(response.status).toBe(400);
    expect((await errorsOf(response)).errors).toBeDefined();
  });

  it('refuse a parameter they do not read, naming the one meant, where they used to answer their first page', async () => {
    const response = await send('GET', '/accessions?limit=5&genu=Oryza&PerPage=3');
    expect(response.status).toBe(400);
    expect(await errorsOf(response)).toMatchObject({
      errors: {
        limit: 'This route has no query parameter limit: did you mean pageSize?',
        genu: 'This route has no query parameter genu: did you mean genus?',
        PerPage: 'This route has no query parameter PerPage: did you mean pageSize?',
      },
    });
  });

  it('accept the largest page size', async () => {
    expect((await send('GET', '/accessions?pageSize=1000')).status).toBe(200);
  });
});

describe('planned crosses', () => {
  it('replace the whole grid at once, with parent names, and refuse unknown parents without writing', async () => {
    const [mother, father] = [await accession(), await accession()];
    const plan = await created('/cross-plans', { name: unique('Grid'), projectId: (await project()).id });
    const saved = await send('PUT', `/cross-plans/${plan.id}/crosses`, {
      crosses: [
        { femaleParentId: mother.id, maleParentId: father.id, crossType: 'BIPARENTAL', numberOfCrosses: 4 },
        { femaleParentId: father.id, crossType: 'SELF', status: 'DONE', notes: 'selfed in greenhouse 3' },
      ],
    });
    expect(saved.status).toBe(200);
    const body = (await saved.json()) as { data: Array<Record<string, unknown>> };
    expect(body.data).toHaveLength(2);
    expect(body.data[0]).toMatchObject({ femaleParentId: mother.id, maleParentId: father.id, numberOfCrosses: 4, status: 'TODO', maleParentName: expect.any(String) });

    const refused = await send('PUT', `/cross-plans/${plan.id}/crosses`, { crosses: [{ femaleParentId: mother.id, maleParentId: 987654, crossType: 'BIPARENTAL' }] });
    expect(refused.status).toBe(400);
    expect((await errorsOf(refused)).errors).toEqual({ 'crosses.0.maleParentId': 'No accession has id 987654' });
    const unchanged = (await (await send('GET', `/cross-plans/${plan.id}/crosses`)).json()) as { data: unknown[] };
    expect(unchanged.data).toHaveLength(2);
  });

  it('need a male parent for a biparental cross', async () => {
    const plan = await created('/cross-plans', { name: unique('Grid'), projectId: (await project()).id });
    const response = await send('PUT', `/cross-plans/${plan.id}/crosses`, { crosses: [{ femaleParentId: (await accession()).id, crossType: 'BIPARENTAL' }] });
    expect(response.status).toBe(400);
    expect((await errorsOf(response)).errors).toEqual({ 'crosses.0.maleParentId': 'A biparental or bulk cross needs a male parent' });
  });

  it('are listed on each parent, with the role it plays', async () => {
    const [mother, father] = [await accession(), await accession()];
    const plan = await created('/cross-plans', { name: unique('Progeny'), projectId: (await project()).id });
    await send('PUT', `/cross-plans/${plan.id}/crosses`, { crosses: [{ femaleParentId: mother.id, maleParentId: father.id }] });
    const ofFather = (await (await send('GET', `/accessions/${father.id}/crosses`)).json()) as { data: Array<{ role: string; crossPlanId: number }> };
    expect(ofFather.data).toEqual([expect.objectContaining({ role: 'male', crossPlanId: plan.id })]);
    expect((await send('GET', '/accessions/999999/crosses')).status).toBe(404);
  });

  it('answer 404 for a plan that does not exist', async () => {
    expect((await send('GET', '/cross-plans/999999/crosses')).status).toBe(404);
  });
});

describe('what a delete takes with it', () => {
  it('counts an experiment’s entries and a plan’s planned crosses, for the confirmation', async () => {
    const experiment = await created('/experiments', { name: unique('Entries'), projectId: (await project()).id, studyType: 'yield_trial' });
    const entries = [await accession(), await accession(), await accession()];
    const accessionNames = (await Promise.all(entries.map(async (entry) => (await (await send('GET', `/accessions/${entry.id}`)).json()) as { germplasmName: string }))).map(
      (row) => row.germplasmName,
    );
    expect((await send('POST', `/experiments/${experiment.id}/entries`, { names: accessionNames })).status).toBe(200);
    const ofExperiment = await send('GET', `/experiments/${experiment.id}/deletion`);
    expect(ofExperiment.status).toBe(200);
    expect(await ofExperiment.json()).toEqual({ name: expect.stringMatching(/^Entries /), deletes: [{ count: 3, text: '3 entries' }] });

    const [mother, father] = [await accession(), await accession()];
    const plan = await created('/cross-plans', { name: unique('Doomed'), projectId: (await project()).id });
    await send('PUT', `/cross-plans/${plan.id}/crosses`, {
      crosses: [
        { femaleParentId: mother.id, maleParentId: father.id },
        { femaleParentId: father.id, crossType: 'SELF' },
      ],
    });
    expect(await (await send('GET', `/cross-plans/${plan.id}/deletion`)).json()).toMatchObject({ deletes: [{ count: 2, text: '2 planned crosses' }] });
  });

  it('says nothing goes with a record that has no dependent rows, and 404 for one that does not exist', async () => {
    const empty = await created('/cross-plans', { name: unique('Empty'), projectId: (await project()).id });
    expect(await (await send('GET', `/cross-plans/${empty.id}/deletion`)).json()).toMatchObject({ deletes: [] });
    expect((await send('GET', '/experiments/999999/deletion')).status).toBe(404);
  });
});

describe('file types', () => {
  it('are seeded on first start, once', async () => {
    await seedFileTypes(api.t.db);
    const names = ((await (await send('GET', '/file-types?pageSize=100')).json()) as { data: Array<{ name: string }> }).data.map((row) => row.name);
    for (const fileType of DEFAULT_FILE_TYPES) expect(names).toContain(fileType.name);
    const [before] = await api.t.db.select({ value: count() }).from(fileTypes);
    await seedFileTypes(api.t.db);
    const [after] = await api.t.db.select({ value: count() }).from(fileTypes);
    expect(after!.value).toBe(before!.value);
  });
});
