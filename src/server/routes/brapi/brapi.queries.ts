import { cropOf, genusOfCrop } from '../../../contract/crops';
import { and, asc, count, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import countries from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import { BIOLOGICAL_STATUS_CODES } from '../../../contract/breeding-codes';
import type { z } from 'zod';
import type {
  brapiCrossingProjectQuery,
  brapiCrossingProjectSchema,
  brapiGermplasmQuery,
  brapiGermplasmSchema,
  brapiLocationQuery,
  brapiLocationSchema,
  brapiPlannedCrossQuery,
  brapiPlannedCrossSchema,
  brapiProgramQuery,
  brapiProgramSchema,
  brapiStudyQuery,
  brapiStudySchema,
  brapiTrialQuery,
  brapiTrialSchema,
} from '../../../contract/brapi';
import type { Database } from '../../db/client';
import { escapeLike } from '../../db/like';
import { accessions, crossPlans, experimentEntries, experiments, plannedCrosses, projects, sites } from '../../db/schema';

/**
 * Seedbed's breeding records as BrAPI v2.1 objects, a page at a time. Filters compare names
 * case-insensitively and whole (BrAPI's filters are exact); a DbId that is not one of Seedbed's
 * whole-number ids matches nothing.
 */

countries.registerLocale(english);

export interface BrapiPage<T> {
  data: T[];
  totalCount: number;
}

type Query = { page: number; pageSize: number };

/** A DbId filter as a Seedbed id: undefined when absent, null when it cannot be one (no match). */
function idOf(value: string | undefined): number | null | undefined {
  if (value === undefined) return undefined;
  return /^\d{1,9}$/.test(value) ? Number(value) : null;
}
const NOTHING = sql`false`;
const idFilter = (column: Parameters<typeof eq>[0], value: string | undefined): SQL | undefined => {
  const id = idOf(value);
  return id === undefined ? undefined : id === null ? NOTHING : eq(column, id);
};
/** Rows linked through an experiment's entries to the given id (a study's germplasm, a germplasm's studies). */
const entryOf = (column: AnyPgColumn, linkColumn: AnyPgColumn, otherColumn: AnyPgColumn, value: string | undefined): SQL | undefined => {
  const id = idOf(value);
  return id === undefined ? undefined : id === null ? NOTHING : inArray(column, sql`(select ${linkColumn} from ${experimentEntries} where ${otherColumn} = ${id})`);
};
const nameFilter = (column: Parameters<typeof ilike>[0], value: string | undefined) => (value === undefined ? undefined : ilike(column, escapeLike(value)));

/** One page of `select` (given the limit and offset) and the total `counted`, read together. */
async function paged<Row>(query: Query, select: (limit: number, offset: number) => Promise<Row[]>, counted: Promise<Array<{ value: number }>>) {
  const [rows, [total]] = await Promise.all([select(query.pageSize, query.page * query.pageSize), counted]);
  return { rows, totalCount: total?.value ?? 0 };
}

type Program = z.infer<typeof brapiProgramSchema>;
type Trial = z.infer<typeof brapiTrialSchema>;
type Study = z.infer<typeof brapiStudySchema>;
type Location = z.infer<typeof brapiLocationSchema>;
type Germplasm = z.infer<typeof brapiGermplasmSchema>;
type CrossingProject = z.infer<typeof brapiCrossingProjectSchema>;
type PlannedCross = z.infer<typeof brapiPlannedCrossSchema>;

const none = { additionalInfo: {}, externalReferences: [] };
const info = (entries: Record<string, string | number | null | undefined>) =>
  Object.fromEntries(
    Object.entries(entries)
      .filter((entry): entry is [string, string | number] => entry[1] !== null && entry[1] !== undefined)
      .map(([key, value]) => [key, String(value)]),
  );

type ProjectRow = typeof projects.$inferSelect;
const isActive = (project: ProjectRow) => project.status === 'active' || project.status === 'planned';

function programOf(project: ProjectRow): Program {
  return {
    programDbId: String(project.id),
    programName: project.name,
    abbreviation: null,
    ...none,
    additionalInfo: info({ status: project.status, startDate: project.startDate, endDate: project.endDate }),
    commonCropName: null,
    documentationURL: null,
    fundingInformation: null,
    leadPersonDbId: null,
    leadPersonName: project.leadName,
    objective: project.description,
    programType: 'PROJECT',
  };
}

function trialOf(project: ProjectRow): Trial {
  return {
    trialDbId: String(project.id),
    trialName: project.name,
    trialDescription: project.description,
    trialPUI: null,
    active: isActive(project),
    ...none,
    additionalInfo: info({ status: project.status }),
    commonCropName: null,
    contacts: [],
    datasetAuthorships: [],
    documentationURL: null,
    startDate: project.startDate,
    endDate: project.endDate,
    programDbId: String(project.id),
    programName: project.name,
    publications: [],
  };
}

export async function listPrograms(db: Database, query: z.output<typeof brapiProgramQuery>): Promise<BrapiPage<Program>> {
  // Seedbed keeps no crop on a project: a crop filter matches none.
  const where = and(idFilter(projects.id, query.programDbId), nameFilter(projects.name, query.programName), query.commonCropName ? NOTHING : undefined);
  const { rows, totalCount } = await paged(
    query,
    (limit, offset) => db.select().from(projects).where(where).orderBy(asc(projects.id)).limit(limit).offset(offset),
    db.select({ value: count() }).from(projects).where(where),
  );
  return { data: rows.map(programOf), totalCount };
}

export async function listTrials(db: Database, query: z.output<typeof brapiTrialQuery>): Promise<BrapiPage<Trial>> {
  const active = query.active === undefined ? undefined : query.active === 'true' ? inArray(projects.status, ['active', 'planned']) : inArray(projects.status, ['completed', 'archived']);
  const where = and(idFilter(projects.id, query.trialDbId), idFilter(projects.id, query.programDbId), nameFilter(projects.name, query.trialName), active, query.commonCropName ? NOTHING : undefined);
  const { rows, totalCount } = await paged(
    query,
    (limit, offset) => db.select().from(projects).where(where).orderBy(asc(projects.id)).limit(limit).offset(offset),
    db.select({ value: count() }).from(projects).where(where),
  );
  return { data: rows.map(trialOf), totalCount };
}

/** A date as BrAPI's date-time (midnight UTC), or null. */
const dateTime = (date: string | null) => (date ? `${date}T00:00:00Z` : null);
const today = () => new Date().toISOString().slice(0, 10);

export async function listStudies(db: Database, query: z.output<typeof brapiStudyQuery>): Promise<BrapiPage<Study>> {
  const active =
    query.active === undefined
      ? undefined
      : query.active === 'true'
        ? sql`(${experiments.endDate} IS NULL OR ${experiments.endDate} >= ${today()})`
        : sql`(${experiments.endDate} IS NOT NULL AND ${experiments.endDate} < ${today()})`;
  const season =
    query.seasonDbId === undefined ? undefined : sql`lower(coalesce(${experiments.season}, '') || coalesce(${experiments.year}::text, '')) = lower(${query.seasonDbId.replace(/[\s_-]+/g, '')})`;
  const where = and(
    idFilter(experiments.id, query.studyDbId),
    nameFilter(experiments.name, query.studyName),
    query.studyType === undefined ? undefined : ilike(experiments.studyType, escapeLike(query.studyType.replace(/\s+/g, '_'))),
    idFilter(experiments.projectId, query.trialDbId),
    idFilter(experiments.projectId, query.programDbId),
    idFilter(experiments.siteId, query.locationDbId),
    entryOf(experiments.id, experimentEntries.experimentId, experimentEntries.accessionId, query.germplasmDbId),
    season,
    active,
    query.commonCropName ? NOTHING : undefined,
  );
  const select = (limit: number, offset: number) =>
    db
      .select({ experiment: experiments, projectName: projects.name, siteName: sites.locationName })
      .from(experiments)
      .innerJoin(projects, eq(projects.id, experiments.projectId))
      .leftJoin(sites, eq(sites.id, experiments.siteId))
      .where(where)
      .orderBy(asc(experiments.id))
      .limit(limit)
      .offset(offset);
  const { rows, totalCount } = await paged(query, select, db.select({ value: count() }).from(experiments).where(where));
  return {
    totalCount,
    data: rows.map(({ experiment, projectName, siteName }) => ({
      studyDbId: String(experiment.id),
      studyName: experiment.name,
      studyCode: null,
      studyDescription: experiment.description,
      studyPUI: null,
      studyType: experiment.studyType,
      active: experiment.endDate === null || experiment.endDate >= today(),
      ...none,
      commonCropName: null,
      contacts: [],
      culturalPractices: null,
      dataLinks: [],
      documentationURL: null,
      startDate: dateTime(experiment.startDate),
      endDate: dateTime(experiment.endDate),
      environmentParameters: [],
      experimentalDesign: experiment.designType ? { PUI: null, description: experiment.designType } : null,
      growthFacility: null,
      lastUpdate: { timestamp: experiment.updatedAt.toISOString(), version: null },
      license: null,
      locationDbId: experiment.siteId === null ? null : String(experiment.siteId),
      locationName: siteName,
      observationLevels: [],
      observationUnitsDescription: null,
      observationVariableDbIds: [],
      seasons: experiment.season || experiment.year ? [[experiment.season, experiment.year].filter(Boolean).join(' ')] : [],
      trialDbId: String(experiment.projectId),
      trialName: projectName,
    })),
  };
}

type SiteRow = typeof sites.$inferSelect;
function locationOf(site: SiteRow): Location {
  const point = site.latitude !== null && site.longitude !== null ? [site.longitude, site.latitude, ...(site.elevation === null ? [] : [site.elevation])] : null;
  return {
    locationDbId: String(site.id),
    locationName: site.locationName,
    abbreviation: site.abbreviation,
    ...none,
    coordinateDescription: null,
    coordinateUncertainty: null,
    coordinates: point ? { type: 'Feature', geometry: { type: 'Point', coordinates: point } } : null,
    countryCode: site.countryCode,
    countryName: countries.getName(site.countryCode, 'en') ?? null,
    documentationURL: null,
    environmentType: null,
    exposure: null,
    instituteAddress: null,
    instituteName: site.instituteName,
    locationType: site.locationType,
    parentLocationDbId: null,
    parentLocationName: null,
    siteStatus: null,
    slope: null,
    topography: null,
  };
}

export async function listLocations(db: Database, query: z.output<typeof brapiLocationQuery>): Promise<BrapiPage<Location>> {
  const where = and(
    idFilter(sites.id, query.locationDbId),
    nameFilter(sites.locationName, query.locationName),
    query.locationType === undefined ? undefined : ilike(sites.locationType, escapeLike(query.locationType)),
    query.countryCode === undefined ? undefined : ilike(sites.countryCode, escapeLike(query.countryCode)),
  );
  const { rows, totalCount } = await paged(
    query,
    (limit, offset) => db.select().from(sites).where(where).orderBy(asc(sites.id)).limit(limit).offset(offset),
    db.select({ value: count() }).from(sites).where(where),
  );
  return { data: rows.map(locationOf), totalCount };
}

/** A germplasm's permanent identifier: Seedbed's own URN (accessions have no DOI of their own). */
export const germplasmPuiOf = (id: number) => `urn:seedbed:germplasm:${id}`;

export async function listGermplasm(db: Database, query: z.output<typeof brapiGermplasmQuery>): Promise<BrapiPage<Germplasm>> {
  const pui = query.germplasmPUI === undefined ? undefined : /^urn:seedbed:germplasm:(\d{1,9})$/.exec(query.germplasmPUI);
  const where = and(
    idFilter(accessions.id, query.germplasmDbId),
    nameFilter(accessions.germplasmName, query.germplasmName),
    query.germplasmPUI === undefined ? undefined : pui ? eq(accessions.id, Number(pui[1])) : NOTHING,
    nameFilter(accessions.accessionNumber, query.accessionNumber),
    nameFilter(accessions.genus, query.genus),
    nameFilter(accessions.species, query.species),
    query.synonym === undefined ? undefined : sql`${query.synonym.toLowerCase()} = ANY(${accessions.synonymsLower})`,
    entryOf(accessions.id, experimentEntries.accessionId, experimentEntries.experimentId, query.studyDbId),
    query.commonCropName === undefined ? undefined : ilike(accessions.genus, escapeLike(genusOfCrop(query.commonCropName))),
  );
  const { rows, totalCount } = await paged(
    query,
    (limit, offset) => db.select().from(accessions).where(where).orderBy(asc(accessions.id)).limit(limit).offset(offset),
    db.select({ value: count() }).from(accessions).where(where),
  );
  return {
    totalCount,
    data: rows.map((accession) => ({
      germplasmDbId: String(accession.id),
      germplasmName: accession.germplasmName,
      germplasmPUI: germplasmPuiOf(accession.id),
      commonCropName: cropOf(accession.genus),
      accessionNumber: accession.accessionNumber,
      acquisitionDate: null,
      ...none,
      biologicalStatusOfAccessionCode: accession.biologicalStatusOfAccessionCode,
      biologicalStatusOfAccessionDescription: accession.biologicalStatusOfAccessionCode
        ? (BIOLOGICAL_STATUS_CODES[accession.biologicalStatusOfAccessionCode as keyof typeof BIOLOGICAL_STATUS_CODES] ?? null)
        : null,
      breedingMethodDbId: null,
      breedingMethodName: null,
      collection: null,
      countryOfOriginCode: accession.countryOfOriginCode,
      defaultDisplayName: accession.germplasmName,
      documentationURL: null,
      donors: [],
      genus: accession.genus,
      germplasmOrigin: [],
      germplasmPreprocessing: null,
      instituteCode: accession.instituteCode,
      instituteName: null,
      pedigree: accession.pedigree,
      seedSource: null,
      seedSourceDescription: null,
      species: accession.species,
      speciesAuthority: null,
      storageTypes: [],
      subtaxa: accession.subtaxa,
      subtaxaAuthority: null,
      synonyms: accession.synonyms.map((synonym) => ({ synonym, type: null })),
      taxonIds: [],
    })),
  };
}

export async function listCrossingProjects(db: Database, query: z.output<typeof brapiCrossingProjectQuery>): Promise<BrapiPage<CrossingProject>> {
  const where = and(
    idFilter(crossPlans.id, query.crossingProjectDbId),
    nameFilter(crossPlans.name, query.crossingProjectName),
    idFilter(crossPlans.projectId, query.programDbId),
    query.commonCropName ? NOTHING : undefined,
  );
  const select = (limit: number, offset: number) =>
    db
      .select({ plan: crossPlans, projectName: projects.name })
      .from(crossPlans)
      .innerJoin(projects, eq(projects.id, crossPlans.projectId))
      .where(where)
      .orderBy(asc(crossPlans.id))
      .limit(limit)
      .offset(offset);
  const { rows, totalCount } = await paged(query, select, db.select({ value: count() }).from(crossPlans).where(where));
  // The parents the plans' crosses use, each once per role.
  const parents =
    rows.length === 0
      ? []
      : await parentsOf(
          db,
          rows.map((row) => row.plan.id),
        );
  return {
    totalCount,
    data: rows.map(({ plan, projectName }) => ({
      crossingProjectDbId: String(plan.id),
      crossingProjectName: plan.name,
      crossingProjectDescription: plan.description,
      ...none,
      additionalInfo: info({ status: plan.status }),
      commonCropName: null,
      potentialParents: parents.filter((parent) => parent.planId === plan.id).map(({ planId: _plan, ...parent }) => parent),
      programDbId: String(plan.projectId),
      programName: projectName,
    })),
  };
}

const female = alias(accessions, 'female');
const male = alias(accessions, 'male');

async function parentsOf(db: Database, planIds: number[]) {
  const rows = await db
    .selectDistinct({ planId: plannedCrosses.crossPlanId, femaleId: female.id, femaleName: female.germplasmName, maleId: male.id, maleName: male.germplasmName })
    .from(plannedCrosses)
    .innerJoin(female, eq(female.id, plannedCrosses.femaleParentId))
    .leftJoin(male, eq(male.id, plannedCrosses.maleParentId))
    .where(inArray(plannedCrosses.crossPlanId, planIds));
  const seen = new Set<string>();
  const parents: Array<{ planId: number; germplasmDbId: string; germplasmName: string; parentType: 'FEMALE' | 'MALE' }> = [];
  for (const row of rows) {
    for (const [id, name, parentType] of [
      [row.femaleId, row.femaleName, 'FEMALE'],
      [row.maleId, row.maleName, 'MALE'],
    ] as const) {
      if (id === null || name === null || seen.has(`${row.planId}/${id}/${parentType}`)) continue;
      seen.add(`${row.planId}/${id}/${parentType}`);
      parents.push({ planId: row.planId, germplasmDbId: String(id), germplasmName: name, parentType });
    }
  }
  return parents;
}

export async function listPlannedCrosses(db: Database, query: z.output<typeof brapiPlannedCrossQuery>): Promise<BrapiPage<PlannedCross>> {
  const where = and(
    idFilter(plannedCrosses.id, query.plannedCrossDbId),
    idFilter(plannedCrosses.crossPlanId, query.crossingProjectDbId),
    query.status ? eq(plannedCrosses.status, query.status) : undefined,
  );
  const select = (limit: number, offset: number) =>
    db
      .select({ cross: plannedCrosses, planName: crossPlans.name, femaleName: female.germplasmName, maleName: male.germplasmName })
      .from(plannedCrosses)
      .innerJoin(crossPlans, eq(crossPlans.id, plannedCrosses.crossPlanId))
      .innerJoin(female, eq(female.id, plannedCrosses.femaleParentId))
      .leftJoin(male, eq(male.id, plannedCrosses.maleParentId))
      .where(where)
      .orderBy(asc(plannedCrosses.id))
      .limit(limit)
      .offset(offset);
  const { rows, totalCount } = await paged(query, select, db.select({ value: count() }).from(plannedCrosses).where(where));
  return {
    totalCount,
    data: rows.map(({ cross, planName, femaleName, maleName }) => {
      const parent = (id: number, name: string, parentType: 'FEMALE' | 'MALE' | 'SELF') => ({
        germplasmDbId: String(id),
        germplasmName: name,
        observationUnitDbId: null,
        observationUnitName: null,
        parentType,
      });
      return {
        plannedCrossDbId: String(cross.id),
        plannedCrossName: maleName ? `${femaleName} × ${maleName}` : cross.crossType === 'SELF' ? `${femaleName} ⊗` : femaleName,
        ...none,
        additionalInfo: info({ numberOfCrosses: cross.numberOfCrosses, notes: cross.notes }),
        crossType: cross.crossType as PlannedCross['crossType'],
        crossingProjectDbId: String(cross.crossPlanId),
        crossingProjectName: planName,
        parent1: parent(cross.femaleParentId, femaleName, cross.crossType === 'SELF' ? 'SELF' : 'FEMALE'),
        parent2: cross.maleParentId !== null && maleName !== null ? parent(cross.maleParentId, maleName, 'MALE') : null,
        status: cross.status as PlannedCross['status'],
      };
    }),
  };
}
