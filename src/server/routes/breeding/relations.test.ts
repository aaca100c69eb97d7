import { describe, expect, it } from 'vitest';
import type { AccessionExperimentList, AccessionLineage, AccessionResolution, ExperimentEntryList, ProgenyPage } from '../../../contract/records';
import { accessions } from '../../db/schema';
import { setUpTestApi } from '../../testing/test-api';

/** What links breeding records: entries, lineage (with the cross plans of its parents) and name resolution. */
const api = setUpTestApi();

async function send<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await api.t.call(path, {
    method,
    token: api.token,
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }),
  });
  return { status: response.status, body: response.status === 204 ? (undefined as T) : ((await response.json()) as T) };
}
async function create(path: string, body: unknown): Promise<number> {
  const response = await send<{ id: number }>('POST', path, body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.id;
}

describe('experiment entries', () => {
  it('are added by name or synonym in any case, listed by name, refused whole when a name is unknown, and removed one by one', async () => {
    const wheat = await create('/accessions', { germplasmName: 'REL-Wheat', genus: 'Triticum', synonyms: ['rel-w'] });
    await create('/accessions', { germplasmName: 'REL-Barley', genus: 'Hordeum' });
    const project = await create('/projects', { name: 'REL project' });
    const experiment = await create('/experiments', { name: 'REL AYT', projectId: project, studyType: 'yield_trial' });

    const refused = await send<{ message: string; details: Record<string, string> }>('POST', `/experiments/${experiment}/entries`, { names: ['REL-Barley', 'REL-Oat'] });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("No accession is named 'REL-Oat'; correct the names or import those accessions first. Nothing was added.");
    expect((await send<ExperimentEntryList>('GET', `/experiments/${experiment}/entries`)).body.data).toEqual([]);

    const added = await send<ExperimentEntryList>('POST', `/experiments/${experiment}/entries`, { names: ['rel-barley', 'REL-W', 'REL-Wheat'] });
    expect(added.status).toBe(200);
    expect(added.body.data.map((entry) => [entry.germplasmName, entry.genus])).toEqual([
      ['REL-Barley', 'Hordeum'],
      ['REL-Wheat', 'Triticum'],
    ]);
    const experiments = await send<AccessionExperimentList>('GET', `/accessions/${wheat}/experiments`);
    expect(experiments.body.data).toEqual([{ id: experiment, name: 'REL AYT', studyType: 'yield_trial', year: null, projectId: project, projectName: 'REL project' }]);

    expect((await send('DELETE', `/experiments/${experiment}/entries/${wheat}`)).status).toBe(204);
    expect((await send('DELETE', `/experiments/${experiment}/entries/${wheat}`)).status).toBe(404);
    expect((await send<AccessionExperimentList>('GET', `/accessions/${wheat}/experiments`)).body.data).toEqual([]);
  });
});

describe('an accession’s lineage', () => {
  it('names its pedigree’s parents (linked when they are accessions), the cross plans of that pair either way round, and the accessions whose pedigree names it', async () => {
    const mother = await create('/accessions', { germplasmName: 'LIN-Mother', genus: 'Triticum' });
    const father = await create('/accessions', { germplasmName: 'LIN-Father', genus: 'Triticum' });
    const child = await create('/accessions', { germplasmName: 'LIN-Child', genus: 'Triticum', pedigree: 'LIN-Mother*2/LIN-Father' });
    await create('/accessions', { germplasmName: 'LIN-Grandchild', genus: 'Triticum', pedigree: 'LIN-Other/LIN-Child' });
    const project = await create('/projects', { name: 'LIN project' });
    const plan = await create('/cross-plans', { name: 'LIN 2026 block', projectId: project });
    const other = await create('/cross-plans', { name: 'LIN 2027 block', projectId: project });
    expect(
      (await send('PUT', `/cross-plans/${plan}/crosses`, { crosses: [{ femaleParentId: mother, maleParentId: father, crossType: 'BIPARENTAL', numberOfCrosses: 3, status: 'DONE', notes: null }] }))
        .status,
    ).toBe(200);
    expect(
      (
        await send('PUT', `/cross-plans/${other}/crosses`, {
          crosses: [
            { femaleParentId: father, maleParentId: mother, crossType: 'BIPARENTAL', numberOfCrosses: 1, status: 'TODO', notes: null },
            { femaleParentId: mother, maleParentId: null, crossType: 'SELF', numberOfCrosses: 1, status: 'TODO', notes: null },
          ],
        })
      ).status,
    ).toBe(200);

    const lineage = (await send<AccessionLineage>('GET', `/accessions/${child}/lineage`)).body;
    expect(lineage.parents).toEqual({ female: { name: 'LIN-Mother', accessionId: mother }, male: { name: 'LIN-Father', accessionId: father } });
    expect(lineage.plannedIn.map((cross) => [cross.crossPlanName, cross.femaleParentName, cross.maleParentName, cross.status])).toEqual([
      ['LIN 2026 block', 'LIN-Mother', 'LIN-Father', 'DONE'],
      ['LIN 2027 block', 'LIN-Father', 'LIN-Mother', 'TODO'],
    ]);
    expect((await send<ProgenyPage>('GET', `/accessions/${child}/progeny`)).body.data.map((row) => [row.germplasmName, row.role])).toEqual([['LIN-Grandchild', 'male']]);

    const ofMother = (await send<AccessionLineage>('GET', `/accessions/${mother}/lineage`)).body;
    expect(ofMother).toMatchObject({ parents: null, plannedIn: [] });
    expect((await send<ProgenyPage>('GET', `/accessions/${mother}/progeny`)).body.data.map((row) => [row.germplasmName, row.role])).toEqual([['LIN-Child', 'female']]);

    const unknownParent = (await send<AccessionLineage>('GET', `/accessions/${(await send<{ data: Array<{ id: number }> }>('GET', '/accessions?q=LIN-Grandchild')).body.data[0]!.id}/lineage`)).body;
    expect(unknownParent.parents).toEqual({ female: { name: 'LIN-Other', accessionId: null }, male: { name: 'LIN-Child', accessionId: child } });
    expect(unknownParent.plannedIn).toEqual([]);

    expect((await send<{ message: string }>('GET', '/accessions/999999/lineage')).status).toBe(404);
  });
});

describe('an accession’s progeny', () => {
  it('are paged by name with their total, past the 2,000 once read at most, and only those its pedigree names as a parent', async () => {
    const parent = await create('/accessions', { germplasmName: 'PRG-Parent', genus: 'Triticum' });
    await create('/accessions', { germplasmName: 'PRG-Parent-2', genus: 'Triticum' });
    const children = Array.from({ length: 2050 }, (_, index) => ({
      germplasmName: `PRG-Child-${String(index).padStart(4, '0')}`,
      genus: 'Triticum',
      pedigree: index % 2 === 0 ? `PRG-Parent/PRG-Other-${index}` : `3*PRG-Other/PRG-Parent*2`,
    }));
    await api.t.db.insert(accessions).values(children);
    // Named, but not as a parent of the top cross; and a longer name that starts with it.
    await create('/accessions', { germplasmName: 'PRG-Grandchild', genus: 'Triticum', pedigree: 'PRG-Parent/PRG-X//PRG-Y' });
    await create('/accessions', { germplasmName: 'PRG-Cousin', genus: 'Triticum', pedigree: 'PRG-Parent-2/PRG-Z' });

    const first = (await send<ProgenyPage>('GET', `/accessions/${parent}/progeny?pageSize=50`)).body;
    expect(first.pagination).toEqual({ currentPage: 0, pageSize: 50, totalCount: 2050, totalPages: 41 });
    expect(first.data.slice(0, 2).map((row) => [row.germplasmName, row.role])).toEqual([
      ['PRG-Child-0000', 'female'],
      ['PRG-Child-0001', 'male'],
    ]);
    const last = (await send<ProgenyPage>('GET', `/accessions/${parent}/progeny?page=40&pageSize=50`)).body;
    expect(last.data.map((row) => row.germplasmName)).toEqual(Array.from({ length: 50 }, (_, index) => `PRG-Child-${2000 + index}`));
    expect((await send('GET', `/accessions/${parent}/progeny?pageSize=0`)).status).toBe(400);
    expect((await send('GET', '/accessions/999999/progeny')).status).toBe(404);
  });

  it('never list an accession as its own child when its pedigree names itself (a selection back into its parent)', async () => {
    const babax = await create('/accessions', { germplasmName: 'SELF-BABAX', genus: 'Triticum', pedigree: 'SELF-BABAX/SELF-LR42//SELF-BABAX' });
    await create('/accessions', { germplasmName: 'SELF-Line', genus: 'Triticum', pedigree: 'SELF-BABAX/SELF-KACHU' });
    const progeny = (await send<ProgenyPage>('GET', `/accessions/${babax}/progeny`)).body;
    expect(progeny.data.map((row) => row.germplasmName)).toEqual(['SELF-Line']);
    expect(progeny.pagination.totalCount).toBe(1);
  });
});

describe('resolving pasted names', () => {
  it('finds names and synonyms in any case, and offers the nearest names for the rest', async () => {
    const babax = await create('/accessions', { germplasmName: 'RSV-BABAX', genus: 'Triticum' });
    const attila = await create('/accessions', { germplasmName: 'RSV-ATTILA', genus: 'Triticum', synonyms: ['RSV-ATT'] });
    const response = await send<AccessionResolution>('POST', '/accessions/resolve', { names: ['rsv-babax', 'RSV-ATT', 'RSV-ATILA', 'RSV-BABAX'] });
    expect(response.status).toBe(200);
    const byName = Object.fromEntries(response.body.data.map((answer) => [answer.name, answer]));
    // One answer per name in any case, as first written.
    expect(response.body.data.map((answer) => answer.name)).toEqual(['rsv-babax', 'RSV-ATT', 'RSV-ATILA']);
    expect(byName['rsv-babax']!.accession).toEqual({ id: babax, germplasmName: 'RSV-BABAX' });
    expect(byName['RSV-ATT']!.accession).toEqual({ id: attila, germplasmName: 'RSV-ATTILA' });
    expect(byName['RSV-ATILA']!.accession).toBeNull();
    expect(byName['RSV-ATILA']!.suggestions[0]).toEqual({ id: attila, germplasmName: 'RSV-ATTILA' });
  });
});
