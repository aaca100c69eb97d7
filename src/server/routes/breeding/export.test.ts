import { describe, expect, it } from 'vitest';
import { setUpTestApi } from '../../testing/test-api';

/**
 * Every list's CSV export imports back unchanged: records made here are exported from one
 * database, imported into another (in the order references need), and exported again; the two
 * files must be the same to the byte.
 */
const source = setUpTestApi();
const target = setUpTestApi();

type Api = typeof source;
async function post(api: Api, path: string, body: unknown) {
  const response = await api.t.call(path, { method: 'POST', token: api.token, body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
  expect(response.status, `${path} ${await response.clone().text()}`).toBe(201);
  return (await response.json()) as { id: number };
}
async function put(api: Api, path: string, body: unknown) {
  const response = await api.t.call(path, { method: 'PUT', token: api.token, body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
  expect(response.status).toBe(200);
}
async function exportCsv(api: Api, resource: string, query = 'q=RT') {
  const response = await api.t.call(`/${resource}/export?${query}`, { token: api.token });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
  return response.text();
}
async function importCsv(api: Api, resource: string, csv: string) {
  const response = await api.t.call(`/${resource}/import?commit=true&acceptWarnings=true`, { method: 'POST', token: api.token, body: csv, headers: { 'Content-Type': 'text/csv' } });
  const body = (await response.json()) as { report: { errors: unknown[] } };
  expect(body.report.errors, resource).toEqual([]);
  expect(response.status).toBe(201);
}

describe('CSV export', () => {
  it('of all six lists imports back unchanged', async () => {
    const project = await post(source, '/projects', {
      name: 'RT Durum, “2026”',
      description: 'Line one\nline two, with "quotes"',
      leadName: 'Ana Ruiz',
      startDate: '2026-01-15',
      endDate: '2026-06-30',
      status: 'planned',
    });
    await post(source, '/projects', { name: 'RT Empty' });
    const site = await post(source, '/sites', {
      locationName: 'RT Obregón',
      abbreviation: 'OBR',
      locationType: 'field',
      countryCode: 'MEX',
      latitude: 27.39,
      longitude: -109.92,
      elevation: 38,
      instituteName: 'CIMMYT',
    });
    await post(source, '/sites', { locationName: 'RT Lab', locationType: 'lab', countryCode: 'KEN' });
    const svevo = await post(source, '/accessions', {
      germplasmName: 'RT Svevo',
      accessionNumber: 'CItr 1',
      genus: 'Triticum',
      species: 'durum',
      subtaxa: 'subsp. durum',
      pedigree: '=RT Kronos/+RT Other',
      countryOfOriginCode: 'ITA',
      instituteCode: 'ITA004',
      biologicalStatusOfAccessionCode: '500',
      synonyms: ['RT SVV', 'RT Svevo-1'],
    });
    const kronos = await post(source, '/accessions', { germplasmName: 'RT Kronos', genus: 'Triticum', synonyms: [] });
    await post(source, '/accessions', { germplasmName: '@RT formula-like', genus: 'Triticum' });
    await post(source, '/file-types', { name: 'RT BED', extensions: ['.bed', '.bed.gz'], mimeType: 'text/plain', description: 'Intervals', requiredColumns: ['chrom', 'start'] });
    const trial = await post(source, '/experiments', {
      name: 'RT AYT',
      projectId: project.id,
      siteId: site.id,
      studyType: 'yield_trial',
      season: '2025-26 winter',
      year: 2026,
      designType: 'alpha_lattice',
      startDate: '2025-11-20',
      endDate: '2026-05-10',
      description: 'Yield, 2 reps',
    });
    await post(source, '/experiments', { name: 'RT Nursery', projectId: project.id, studyType: 'nursery' });
    const entries = await source.t.call(`/experiments/${trial.id}/entries`, {
      method: 'POST',
      token: source.token,
      body: JSON.stringify({ names: ['RT Svevo', 'rt kronos'] }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(entries.status).toBe(200);
    const plan = await post(source, '/cross-plans', { name: 'RT Block', projectId: project.id, description: 'Crossing block', status: 'active' });
    await put(source, `/cross-plans/${plan.id}/crosses`, {
      crosses: [
        { femaleParentId: svevo.id, maleParentId: kronos.id, crossType: 'BIPARENTAL', numberOfCrosses: 4, status: 'DONE', notes: 'first, "best"' },
        { femaleParentId: kronos.id, maleParentId: null, crossType: 'SELF', numberOfCrosses: 1, status: 'TODO', notes: null },
      ],
    });
    await post(source, '/cross-plans', { name: 'RT Empty plan', projectId: project.id });

    // In the order references need: projects, sites and accessions before experiments and cross plans.
    const resources = ['projects', 'sites', 'accessions', 'file-types', 'experiments', 'cross-plans'];
    const first: Record<string, string> = {};
    for (const resource of resources) {
      first[resource] = await exportCsv(source, resource);
      await importCsv(target, resource, first[resource]);
    }
    for (const resource of resources) expect(await exportCsv(target, resource), resource).toBe(first[resource]);

    // What the files say, beyond being equal: names rather than ids, lists, formulas neutralised.
    expect(first.experiments!.split('\r\n')[0]).toBe('name,project,site,studyType,season,year,designType,startDate,endDate,description,entries');
    expect(first.experiments).toContain('RT AYT,"RT Durum, “2026”",RT Obregón,yield_trial,2025-26 winter,2026,alpha_lattice,2025-11-20,2026-05-10,"Yield, 2 reps",RT Kronos; RT Svevo');
    expect(first.accessions).toContain("'=RT Kronos/+RT Other");
    expect(first.accessions).toContain("'@RT formula-like");
    expect(first['cross-plans']).toContain('RT Empty plan,"RT Durum, “2026”",planning,,,,,,,\r\n');
    expect(first['cross-plans']!.split('\r\n').filter((line) => line.startsWith('RT Block'))).toHaveLength(2);
  });

  it('writes only the rows of the list’s filter, in its sort', async () => {
    await post(source, '/projects', { name: 'RTF b', status: 'active' });
    await post(source, '/projects', { name: 'RTF a', status: 'active' });
    await post(source, '/projects', { name: 'RTF c', status: 'archived' });
    const csv = await exportCsv(source, 'projects', 'q=RTF&status=active&sort=name&order=desc');
    expect(
      csv
        .split('\r\n')
        .slice(1, -1)
        .map((line) => line.split(',')[0]),
    ).toEqual(['RTF b', 'RTF a']);
    const refused = await source.t.call('/projects/export?sort=nope', { token: source.token });
    expect(refused.status).toBe(400);
  });
});

describe('a list without an import template', () => {
  it('has no CSV export, and says so in the answer and in the API document', async () => {
    const response = await source.t.call('/run-groups/export', { token: source.token });
    expect(response.status).toBe(404);
    expect(((await response.json()) as { message: string }).message).toBe('Run groups have no CSV export.');
    const document = (await (await source.t.call('/openapi.json')).json()) as { paths: Record<string, { get: { summary: string; responses: Record<string, unknown> } }> };
    expect(document.paths['/run-groups/export']!.get.summary).toBe('No CSV export of run groups (404)');
    expect(Object.keys(document.paths['/run-groups/export']!.get.responses)).toContain('404');
  });
});
