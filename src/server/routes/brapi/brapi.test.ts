import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  brapiCrossingProjectSchema,
  brapiErrorSchema,
  brapiGermplasmSchema,
  brapiListOf,
  brapiLocationSchema,
  brapiOneOf,
  brapiPlannedCrossSchema,
  brapiProgramSchema,
  brapiServerInfoSchema,
  brapiStudySchema,
  brapiTrialSchema,
} from '../../../contract/brapi';
import { accessions, crossPlans, experimentEntries, experiments, plannedCrosses, projects, sites } from '../../db/schema';
import { API_SECURITY_HEADERS } from '../../http/security-headers';
import { silentLogger } from '../../log';
import { setUpTestApi } from '../../testing/test-api';

const api = setUpTestApi();

/** A BrAPI call as a BrAPI client makes it: the token as a Bearer. */
async function brapi(path: string, token: string | null = api.token) {
  return api.t.api.brapi.request(`/brapi/v2/${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
}
/** The answer, checked field by field against the BrAPI v2.1 schema of its call. */
async function read<T extends z.ZodType>(path: string, schema: T): Promise<z.output<T>> {
  const response = await brapi(path);
  expect(response.status, path).toBe(200);
  expect(response.headers.get('content-type')).toContain('application/json');
  return schema.parse(await response.json());
}

async function seed() {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const [project] = await api.t.db
    .insert(projects)
    .values({ name: `Durum cycle ${stamp}`, description: 'Drought-tolerant durum for the Sahel', leadName: 'A. Breeder', startDate: '2026-01-15', status: 'active' })
    .returning();
  const [site] = await api.t.db
    .insert(sites)
    .values({ locationName: `Sidi El Aidi ${stamp}`, abbreviation: 'SEA', locationType: 'field', countryCode: 'MAR', latitude: 33.12, longitude: -7.63, elevation: 260, instituteName: 'ICARDA' })
    .returning();
  const [experiment] = await api.t.db
    .insert(experiments)
    .values({ name: `Yield trial ${stamp}`, projectId: project!.id, siteId: site!.id, studyType: 'yield_trial', season: 'winter', year: 2026, designType: 'alpha_lattice', startDate: '2026-11-01' })
    .returning();
  const [female, male] = await api.t.db
    .insert(accessions)
    .values([
      {
        germplasmName: `BABAX ${stamp}`,
        accessionNumber: `CIMMYT-${stamp}-1`,
        genus: 'Triticum',
        species: 'aestivum',
        countryOfOriginCode: 'MEX',
        biologicalStatusOfAccessionCode: '410',
        synonyms: [`BBX-${stamp}`, `Babax/1-${stamp}`],
      },
      { germplasmName: `ATTILA ${stamp}`, genus: 'Triticum', species: 'aestivum', countryOfOriginCode: 'MEX' },
    ])
    .returning();
  const [plan] = await api.t.db
    .insert(crossPlans)
    .values({ name: `Crossing block ${stamp}`, projectId: project!.id, description: 'Heat tolerance' })
    .returning();
  const [cross, selfed] = await api.t.db
    .insert(plannedCrosses)
    .values([
      { crossPlanId: plan!.id, femaleParentId: female!.id, maleParentId: male!.id, crossType: 'BIPARENTAL', numberOfCrosses: 3, notes: 'early sowing' },
      { crossPlanId: plan!.id, femaleParentId: male!.id, crossType: 'SELF', status: 'DONE' },
    ])
    .returning();
  return { stamp, project: project!, site: site!, experiment: experiment!, female: female!, male: male!, plan: plan!, cross: cross!, selfed: selfed! };
}

describe('BrAPI v2.1 (read only) under /brapi/v2', () => {
  it('serverinfo is public and lists every call it answers', async () => {
    const response = await brapi('serverinfo', null);
    expect(response.status).toBe(200);
    const info = brapiOneOf(brapiServerInfoSchema).parse(await response.json());
    expect(info.result.calls.map((call) => call.service)).toEqual(
      expect.arrayContaining([
        'serverinfo',
        'programs',
        'programs/{programDbId}',
        'trials',
        'studies',
        'studies/{studyDbId}',
        'locations',
        'germplasm',
        'germplasm/{germplasmDbId}',
        'crossingprojects',
        'plannedcrosses',
      ]),
    );
    expect(info.result.calls.every((call) => call.methods.join() === 'GET' && call.versions.includes('2.1'))).toBe(true);
  });

  it('asks for a token as a Bearer, and refuses a bad one in BrAPI’s own envelope', async () => {
    for (const token of [null, 'not-a-real-token-at-all-0123']) {
      const response = await brapi('programs', token);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
      const body = brapiErrorSchema.parse(await response.json());
      expect(body.metadata.status[0]).toMatchObject({ messageType: 'ERROR', message: expect.stringContaining('Authorization: Bearer') });
    }
    // An API token that no longer works is told so, not asked to send one.
    const revoked = brapiErrorSchema.parse(await (await brapi('programs', 'sbp_revokedOrMistypedToken0123456789')).json());
    expect(revoked.metadata.status[0]!.message).toBe('This API token is not valid: it was revoked, it has expired, or it was copied wrong. Create a new one under Settings → Profile → API tokens.');
  });

  it('describes itself in OpenAPI: a Bearer token for every call but serverinfo', async () => {
    const document = (await (await brapi('openapi.json')).json()) as {
      security: unknown;
      components: { securitySchemes: Record<string, unknown> };
      paths: Record<string, { get: { security?: unknown; responses: Record<string, unknown> } }>;
    };
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.security).toEqual([{ bearer: [] }]);
    expect(document.paths['/brapi/v2/serverinfo']?.get.security).toEqual([]);
    expect(document.paths['/brapi/v2/programs']?.get.security).toBeUndefined();
    expect(Object.keys(document.paths['/brapi/v2/programs']?.get.responses ?? {})).toContain('401');
  });

  it('sends the API’s security headers with every answer, found or refused', async () => {
    const answers = [await brapi('serverinfo', null), await brapi('programs'), await brapi('programs', null), await brapi('nothing-here'), await brapi('programs?pageSize=-1')];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 401, 404, 400]);
    for (const answer of answers) {
      for (const [name, value] of API_SECURITY_HEADERS) expect(answer.headers.get(name), `${answer.status} ${name}`).toBe(value);
    }
  });

  it('programs and trials are projects; studies are experiments at their site', async () => {
    const { stamp, project, site, experiment } = await seed();
    const programs = await read(`programs?programName=${encodeURIComponent(`durum cycle ${stamp}`)}`, brapiListOf(brapiProgramSchema));
    expect(programs.result.data).toEqual([
      expect.objectContaining({ programDbId: String(project.id), programName: project.name, leadPersonName: 'A. Breeder', objective: 'Drought-tolerant durum for the Sahel', programType: 'PROJECT' }),
    ]);
    expect(programs.metadata.pagination).toEqual({ currentPage: 0, pageSize: 1000, totalCount: 1, totalPages: 1 });
    const trial = await read(`trials/${project.id}`, brapiOneOf(brapiTrialSchema));
    expect(trial.result).toMatchObject({ trialDbId: String(project.id), trialName: project.name, programDbId: String(project.id), active: true, startDate: '2026-01-15', endDate: null });
    const studies = await read(`studies?trialDbId=${project.id}`, brapiListOf(brapiStudySchema));
    expect(studies.result.data).toEqual([
      expect.objectContaining({
        studyDbId: String(experiment.id),
        studyName: experiment.name,
        studyType: 'yield_trial',
        trialDbId: String(project.id),
        trialName: project.name,
        locationDbId: String(site.id),
        locationName: site.locationName,
        seasons: ['winter 2026'],
        startDate: '2026-11-01T00:00:00Z',
        experimentalDesign: { PUI: null, description: 'alpha_lattice' },
      }),
    ]);
    expect((await read(`studies?locationDbId=${site.id}&studyType=Yield%20Trial`, brapiListOf(brapiStudySchema))).result.data).toHaveLength(1);
  });

  it('locations carry GeoJSON coordinates (longitude, latitude, altitude) and the country’s name', async () => {
    const { site } = await seed();
    const location = await read(`locations/${site.id}`, brapiOneOf(brapiLocationSchema));
    expect(location.result).toMatchObject({
      locationDbId: String(site.id),
      locationName: site.locationName,
      locationType: 'field',
      countryCode: 'MAR',
      countryName: 'Morocco',
      instituteName: 'ICARDA',
      coordinates: { type: 'Feature', geometry: { type: 'Point', coordinates: [-7.63, 33.12, 260] } },
    });
    expect((await read('locations?countryCode=mar&locationType=field', brapiListOf(brapiLocationSchema))).result.data.map((one) => one.locationDbId)).toContain(String(site.id));
  });

  it('germplasm has BrAPI’s required PUI and crop name, synonyms as objects, and filters by synonym, crop and name', async () => {
    const { stamp, female } = await seed();
    const found = await read(`germplasm?synonym=${encodeURIComponent(`bbx-${stamp}`)}`, brapiListOf(brapiGermplasmSchema));
    expect(found.result.data).toHaveLength(1);
    expect(found.result.data[0]).toMatchObject({
      germplasmDbId: String(female.id),
      germplasmName: female.germplasmName,
      germplasmPUI: `urn:seedbed:germplasm:${female.id}`,
      commonCropName: 'Wheat',
      accessionNumber: `CIMMYT-${stamp}-1`,
      genus: 'Triticum',
      species: 'aestivum',
      countryOfOriginCode: 'MEX',
      biologicalStatusOfAccessionCode: '410',
      biologicalStatusOfAccessionDescription: "Breeder's line",
      synonyms: [
        { synonym: `BBX-${stamp}`, type: null },
        { synonym: `Babax/1-${stamp}`, type: null },
      ],
    });
    // No internal field leaks.
    expect(found.result.data[0]).not.toHaveProperty('synonymsLower');
    const raw = (await (await brapi(`germplasm/${female.id}`)).json()) as { result: Record<string, unknown> };
    expect(raw.result).not.toHaveProperty('synonymsLower');
    expect((await read(`germplasm?germplasmPUI=urn:seedbed:germplasm:${female.id}`, brapiListOf(brapiGermplasmSchema))).result.data).toHaveLength(1);
    expect((await read(`germplasm?commonCropName=wheat&germplasmName=${encodeURIComponent(female.germplasmName)}`, brapiListOf(brapiGermplasmSchema))).result.data).toHaveLength(1);
  });

  it('a study’s germplasm are its entries, and a germplasm’s studies the experiments it is an entry of', async () => {
    const { experiment, female, male } = await seed();
    await api.t.db.insert(experimentEntries).values({ experimentId: experiment.id, accessionId: female.id });
    const germplasm = await read(`germplasm?studyDbId=${experiment.id}`, brapiListOf(brapiGermplasmSchema));
    expect(germplasm.result.data.map((entry) => entry.germplasmDbId)).toEqual([String(female.id)]);
    const studies = await read(`studies?germplasmDbId=${female.id}`, brapiListOf(brapiStudySchema));
    expect(studies.result.data.map((study) => study.studyDbId)).toEqual([String(experiment.id)]);
    expect((await read(`studies?germplasmDbId=${male.id}`, brapiListOf(brapiStudySchema))).result.data).toEqual([]);
  });

  it('answers a browser-based BrAPI tool from an allowed origin (SEEDBED_CORS_ORIGINS)', async () => {
    const { createBrapi } = await import('./brapi.index');
    const open = createBrapi(api.t.api.deps, silentLogger, ['https://tools.example.org']);
    const preflight = await open.request('/brapi/v2/germplasm', {
      method: 'OPTIONS',
      headers: { Origin: 'https://tools.example.org', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://tools.example.org');
    const answer = await open.request('/brapi/v2/serverinfo', { headers: { Origin: 'https://elsewhere.example.org' } });
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('crossing projects list their parents; planned crosses name both parents and their roles', async () => {
    const { plan, project, cross, selfed, female, male } = await seed();
    const projectsFound = await read(`crossingprojects?programDbId=${project.id}`, brapiListOf(brapiCrossingProjectSchema));
    expect(projectsFound.result.data).toEqual([
      expect.objectContaining({
        crossingProjectDbId: String(plan.id),
        crossingProjectName: plan.name,
        programDbId: String(project.id),
        potentialParents: expect.arrayContaining([
          { germplasmDbId: String(female.id), germplasmName: female.germplasmName, parentType: 'FEMALE' },
          { germplasmDbId: String(male.id), germplasmName: male.germplasmName, parentType: 'MALE' },
          { germplasmDbId: String(male.id), germplasmName: male.germplasmName, parentType: 'FEMALE' },
        ]),
      }),
    ]);
    const crosses = await read(`plannedcrosses?crossingProjectDbId=${plan.id}`, brapiListOf(brapiPlannedCrossSchema));
    expect(crosses.result.data).toEqual([
      expect.objectContaining({
        plannedCrossDbId: String(cross.id),
        plannedCrossName: `${female.germplasmName} × ${male.germplasmName}`,
        crossType: 'BIPARENTAL',
        status: 'TODO',
        parent1: expect.objectContaining({ germplasmDbId: String(female.id), parentType: 'FEMALE' }),
        parent2: expect.objectContaining({ germplasmDbId: String(male.id), parentType: 'MALE' }),
        additionalInfo: { numberOfCrosses: '3', notes: 'early sowing' },
      }),
      expect.objectContaining({ plannedCrossDbId: String(selfed.id), crossType: 'SELF', status: 'DONE', parent1: expect.objectContaining({ parentType: 'SELF' }), parent2: null }),
    ]);
    expect((await read(`plannedcrosses?crossingProjectDbId=${plan.id}&status=DONE`, brapiListOf(brapiPlannedCrossSchema))).result.data).toHaveLength(1);
  });

  it('pages as BrAPI does (from 0), and says what is wrong in its own envelope', async () => {
    await seed();
    await seed();
    const first = await read('programs?pageSize=1&page=1', brapiListOf(brapiProgramSchema));
    expect(first.result.data).toHaveLength(1);
    expect(first.metadata.pagination).toMatchObject({ currentPage: 1, pageSize: 1 });
    expect(first.metadata.pagination!.totalPages).toBe(first.metadata.pagination!.totalCount);
    const bad = await brapi('germplasm?pageSize=0');
    expect(bad.status).toBe(400);
    expect(brapiErrorSchema.parse(await bad.json()).metadata.status[0]!.message).toContain('pageSize is a whole number from 1 to 1000');
    const missing = await brapi('studies/999999999');
    expect(missing.status).toBe(404);
    expect(brapiErrorSchema.parse(await missing.json()).metadata.status[0]!.message).toBe('No study has the id 999999999.');
    // A DbId that cannot be one of Seedbed's matches nothing, as a filter should.
    expect((await read('germplasm?germplasmDbId=abc', brapiListOf(brapiGermplasmSchema))).result.data).toEqual([]);
    expect((await brapi('observationunits')).status).toBe(404);
  });

  it('refuses a DbId past 40 characters on every call by id, and finds nothing for one that is not a Seedbed id', async () => {
    const calls = ['programs', 'trials', 'studies', 'locations', 'germplasm', 'crossingprojects', 'plannedcrosses'];
    for (const call of calls) {
      const long = await brapi(`${call}/${'9'.repeat(41)}`);
      expect(long.status, call).toBe(400);
      expect(brapiErrorSchema.parse(await long.json()).metadata.status[0]!.message, call).toMatch(/^Invalid request param\. \w+DbId: /);
      const foreign = await brapi(`${call}/not-a-seedbed-id`);
      expect(foreign.status, call).toBe(404);
      expect(brapiErrorSchema.parse(await foreign.json()).metadata.status[0]!.message, call).toContain('not-a-seedbed-id');
    }
  });

  it('refuses a planned cross status BrAPI does not have, naming the ones it does', async () => {
    const response = await brapi('plannedcrosses?status=SOMEDAY');
    expect(response.status).toBe(400);
    expect(brapiErrorSchema.parse(await response.json()).metadata.status[0]!.message).toBe('Invalid request query. status: status is one of TODO, DONE, SKIPPED.');
  });
});
