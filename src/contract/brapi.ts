import { z } from 'zod';
import { CROSS_TYPES, PLANNED_CROSS_STATUSES } from './breeding-codes';
import { MAX_INT32 } from './fields';

/**
 * The read-only BrAPI v2.1 endpoints under `/brapi/v2/` (Core: serverinfo, programs, trials,
 * studies, locations; Germplasm: germplasm, crossingprojects, plannedcrosses), with the field
 * names and envelope of the specification. Seedbed's records map onto them as: project →
 * program and trial (one trial per project), experiment → study, site → location, accession →
 * germplasm, cross plan → crossing project, planned cross → planned cross. Fields Seedbed does not
 * keep are sent as null (or an empty list), as BrAPI allows.
 */

export const BRAPI_VERSION = '2.1';
export const BRAPI_DEFAULT_PAGE_SIZE = 1000;

/** BrAPI's paging: pages count from 0. */
export const brapiPagingQuery = {
  page: z.coerce.number({ error: 'page is a whole number from 0' }).int('page is a whole number from 0').min(0, 'page is a whole number from 0').max(MAX_INT32).default(0),
  pageSize: z.coerce
    .number({ error: 'pageSize is a whole number from 1 to 1000' })
    .int('pageSize is a whole number from 1 to 1000')
    .min(1, 'pageSize is a whole number from 1 to 1000')
    .max(1000, 'pageSize is a whole number from 1 to 1000')
    .default(BRAPI_DEFAULT_PAGE_SIZE),
};

const dbId = z.string().describe('A Seedbed record id, as BrAPI ids are strings');
const optionalText = z.string().trim().min(1).max(200).optional();
/** A DbId filter: Seedbed's ids are whole numbers, so anything else matches nothing (not an error). */
const dbIdFilter = z.string().trim().max(40).optional();
const booleanFilter = z.enum(['true', 'false'], { error: 'true or false' }).optional();

const statusMessage = z.object({ message: z.string(), messageType: z.enum(['DEBUG', 'ERROR', 'WARNING', 'INFO']) });
export const brapiMetadataSchema = z.object({
  datafiles: z.array(
    z.object({
      fileURL: z.string(),
      fileName: z.string().nullable(),
      fileSize: z.number().nullable(),
      fileDescription: z.string().nullable(),
      fileType: z.string().nullable(),
      fileMD5Hash: z.string().nullable(),
    }),
  ),
  pagination: z.object({ currentPage: z.number().int(), pageSize: z.number().int(), totalCount: z.number().int(), totalPages: z.number().int() }).nullable(),
  status: z.array(statusMessage),
});
export type BrapiMetadata = z.infer<typeof brapiMetadataSchema>;

/** A page of records: `result.data` with `metadata.pagination`. */
export const brapiListOf = <T extends z.ZodType>(item: T) => z.object({ '@context': z.array(z.string()).optional(), metadata: brapiMetadataSchema, result: z.object({ data: z.array(item) }) });
/** One record as `result`. */
export const brapiOneOf = <T extends z.ZodType>(item: T) => z.object({ '@context': z.array(z.string()).optional(), metadata: brapiMetadataSchema, result: item });
/** The path of one record, `/germplasm/{germplasmDbId}`: its DbId is text in BrAPI. */
export const brapiDbIdParams = <IdName extends string>(idName: IdName) => z.object({ [idName]: z.string().max(40) } as Record<IdName, z.ZodString>);
/** A failure, in BrAPI's envelope: the message in `metadata.status`, no result. */
export const brapiErrorSchema = z.object({ metadata: brapiMetadataSchema, result: z.null() });

const additionalInfo = z.record(z.string(), z.string()).describe('Seedbed fields BrAPI has no place for');
const externalReferences = z.array(z.object({ referenceId: z.string(), referenceSource: z.string() }));

export const brapiServiceSchema = z.object({
  service: z.string(),
  contentTypes: z.array(z.literal('application/json')),
  dataTypes: z.array(z.literal('application/json')),
  methods: z.array(z.enum(['GET', 'POST', 'PUT', 'DELETE'])),
  versions: z.array(z.enum(['2.0', '2.1'])),
});
export const brapiServerInfoSchema = z.object({
  calls: z.array(brapiServiceSchema),
  contactEmail: z.string().nullable(),
  documentationURL: z.string().nullable(),
  location: z.string().nullable(),
  organizationName: z.string().nullable(),
  organizationURL: z.string().nullable(),
  serverDescription: z.string().nullable(),
  serverName: z.string().nullable(),
});

export const brapiProgramSchema = z.object({
  programDbId: dbId,
  programName: z.string(),
  abbreviation: z.string().nullable(),
  additionalInfo,
  commonCropName: z.string().nullable(),
  documentationURL: z.string().nullable(),
  externalReferences,
  fundingInformation: z.string().nullable(),
  leadPersonDbId: z.string().nullable(),
  leadPersonName: z.string().nullable(),
  objective: z.string().nullable(),
  programType: z.enum(['STANDARD', 'PROJECT']).nullable(),
});

export const brapiTrialSchema = z.object({
  trialDbId: dbId,
  trialName: z.string(),
  trialDescription: z.string().nullable(),
  trialPUI: z.string().nullable(),
  active: z.boolean().nullable(),
  additionalInfo,
  commonCropName: z.string().nullable(),
  contacts: z.array(z.object({ contactDbId: z.string(), name: z.string().nullable(), email: z.string().nullable(), type: z.string().nullable() })),
  datasetAuthorships: z.array(z.object({ datasetPUI: z.string().nullable(), license: z.string().nullable(), publicReleaseDate: z.string().nullable(), submissionDate: z.string().nullable() })),
  documentationURL: z.string().nullable(),
  startDate: z.string().nullable().describe('YYYY-MM-DD'),
  endDate: z.string().nullable().describe('YYYY-MM-DD'),
  externalReferences,
  programDbId: dbId,
  programName: z.string(),
  publications: z.array(z.object({ publicationPUI: z.string().nullable(), publicationReference: z.string().nullable() })),
});

export const brapiStudySchema = z.object({
  studyDbId: dbId,
  studyName: z.string(),
  studyCode: z.string().nullable(),
  studyDescription: z.string().nullable(),
  studyPUI: z.string().nullable(),
  studyType: z.string().nullable(),
  active: z.boolean().nullable(),
  additionalInfo,
  commonCropName: z.string().nullable(),
  contacts: z.array(z.object({ contactDbId: z.string() })),
  culturalPractices: z.string().nullable(),
  dataLinks: z.array(z.object({ url: z.string() })),
  documentationURL: z.string().nullable(),
  startDate: z.string().nullable().describe('ISO 8601 date-time'),
  endDate: z.string().nullable().describe('ISO 8601 date-time'),
  environmentParameters: z.array(z.object({ parameterName: z.string() })),
  experimentalDesign: z.object({ PUI: z.string().nullable(), description: z.string().nullable() }).nullable(),
  externalReferences,
  growthFacility: z.object({ PUI: z.string().nullable(), description: z.string().nullable() }).nullable(),
  lastUpdate: z.object({ timestamp: z.string().nullable(), version: z.string().nullable() }).nullable(),
  license: z.string().nullable(),
  locationDbId: z.string().nullable(),
  locationName: z.string().nullable(),
  observationLevels: z.array(z.object({ levelName: z.string(), levelOrder: z.number().int() })),
  observationUnitsDescription: z.string().nullable(),
  observationVariableDbIds: z.array(z.string()),
  seasons: z.array(z.string()),
  trialDbId: dbId,
  trialName: z.string(),
});

const geoJsonPoint = z.object({
  type: z.literal('Feature'),
  geometry: z.object({ type: z.literal('Point'), coordinates: z.array(z.number()).min(2).max(3).describe('[longitude, latitude] or [longitude, latitude, altitude]') }),
});

export const brapiLocationSchema = z.object({
  locationDbId: dbId,
  locationName: z.string(),
  abbreviation: z.string().nullable(),
  additionalInfo,
  coordinateDescription: z.string().nullable(),
  coordinateUncertainty: z.string().nullable(),
  coordinates: geoJsonPoint.nullable(),
  countryCode: z.string().nullable().describe('ISO 3166-1 alpha-3'),
  countryName: z.string().nullable(),
  documentationURL: z.string().nullable(),
  environmentType: z.string().nullable(),
  exposure: z.string().nullable(),
  externalReferences,
  instituteAddress: z.string().nullable(),
  instituteName: z.string().nullable(),
  locationType: z.string().nullable(),
  parentLocationDbId: z.string().nullable(),
  parentLocationName: z.string().nullable(),
  siteStatus: z.string().nullable(),
  slope: z.string().nullable(),
  topography: z.string().nullable(),
});

export const brapiGermplasmSchema = z.object({
  germplasmDbId: dbId,
  germplasmName: z.string(),
  germplasmPUI: z.string(),
  commonCropName: z.string(),
  accessionNumber: z.string().nullable(),
  acquisitionDate: z.string().nullable(),
  additionalInfo,
  biologicalStatusOfAccessionCode: z.string().nullable(),
  biologicalStatusOfAccessionDescription: z.string().nullable(),
  breedingMethodDbId: z.string().nullable(),
  breedingMethodName: z.string().nullable(),
  collection: z.string().nullable(),
  countryOfOriginCode: z.string().nullable(),
  defaultDisplayName: z.string().nullable(),
  documentationURL: z.string().nullable(),
  donors: z.array(z.object({ donorAccessionNumber: z.string().nullable(), donorInstituteCode: z.string().nullable() })),
  externalReferences,
  genus: z.string().nullable(),
  germplasmOrigin: z.array(z.object({ coordinateUncertainty: z.string().nullable() })),
  germplasmPreprocessing: z.string().nullable(),
  instituteCode: z.string().nullable(),
  instituteName: z.string().nullable(),
  pedigree: z.string().nullable(),
  seedSource: z.string().nullable(),
  seedSourceDescription: z.string().nullable(),
  species: z.string().nullable(),
  speciesAuthority: z.string().nullable(),
  storageTypes: z.array(z.object({ code: z.string().nullable(), description: z.string().nullable() })),
  subtaxa: z.string().nullable(),
  subtaxaAuthority: z.string().nullable(),
  synonyms: z.array(z.object({ synonym: z.string(), type: z.string().nullable() })),
  taxonIds: z.array(z.object({ sourceName: z.string(), taxonId: z.string() })),
});

export const brapiCrossingProjectSchema = z.object({
  crossingProjectDbId: dbId,
  crossingProjectName: z.string(),
  crossingProjectDescription: z.string().nullable(),
  additionalInfo,
  commonCropName: z.string().nullable(),
  externalReferences,
  potentialParents: z.array(z.object({ germplasmDbId: z.string(), germplasmName: z.string(), parentType: z.enum(['MALE', 'FEMALE', 'SELF', 'POPULATION', 'CLONAL']) })),
  programDbId: dbId,
  programName: z.string(),
});

const crossParent = z.object({
  germplasmDbId: z.string(),
  germplasmName: z.string(),
  observationUnitDbId: z.string().nullable(),
  observationUnitName: z.string().nullable(),
  parentType: z.enum(['MALE', 'FEMALE', 'SELF', 'POPULATION', 'CLONAL']),
});

export const brapiPlannedCrossSchema = z.object({
  plannedCrossDbId: dbId,
  plannedCrossName: z.string(),
  additionalInfo,
  crossType: z.enum(CROSS_TYPES),
  crossingProjectDbId: dbId,
  crossingProjectName: z.string(),
  externalReferences,
  parent1: crossParent,
  parent2: crossParent.nullable(),
  status: z.enum(PLANNED_CROSS_STATUSES),
});

export const brapiProgramQuery = z.object({ ...brapiPagingQuery, programDbId: dbIdFilter, programName: optionalText, commonCropName: optionalText });
export const brapiTrialQuery = z.object({ ...brapiPagingQuery, trialDbId: dbIdFilter, trialName: optionalText, programDbId: dbIdFilter, active: booleanFilter, commonCropName: optionalText });
export const brapiStudyQuery = z.object({
  ...brapiPagingQuery,
  studyDbId: dbIdFilter,
  studyName: optionalText,
  studyType: optionalText,
  trialDbId: dbIdFilter,
  programDbId: dbIdFilter,
  locationDbId: dbIdFilter,
  seasonDbId: optionalText,
  germplasmDbId: dbIdFilter.describe('Studies that test this germplasm (it is one of their entries)'),
  active: booleanFilter,
  commonCropName: optionalText,
});
export const brapiLocationQuery = z.object({ ...brapiPagingQuery, locationDbId: dbIdFilter, locationName: optionalText, locationType: optionalText, countryCode: optionalText });
export const brapiGermplasmQuery = z.object({
  ...brapiPagingQuery,
  germplasmDbId: dbIdFilter,
  germplasmName: optionalText,
  germplasmPUI: optionalText,
  accessionNumber: optionalText,
  genus: optionalText,
  species: optionalText,
  synonym: optionalText,
  studyDbId: dbIdFilter.describe('The germplasm a study tests (its entries)'),
  commonCropName: optionalText,
});
export const brapiCrossingProjectQuery = z.object({ ...brapiPagingQuery, crossingProjectDbId: dbIdFilter, crossingProjectName: optionalText, programDbId: dbIdFilter, commonCropName: optionalText });
export const brapiPlannedCrossQuery = z.object({
  ...brapiPagingQuery,
  plannedCrossDbId: dbIdFilter,
  crossingProjectDbId: dbIdFilter,
  status: z.enum(PLANNED_CROSS_STATUSES, { error: `status is one of ${PLANNED_CROSS_STATUSES.join(', ')}` }).optional(),
});
