import { z } from 'zod';
import { BIOLOGICAL_STATUS_VALUES, CROSS_PLAN_STATUSES, DESIGN_TYPES, LOCATION_TYPES, PROJECT_STATUSES, STUDY_TYPES } from './breeding-codes';
import { int32, recordId } from './fields';
import type { FilterFieldOf, RecordListKey } from './record-lists';
import { RUN_GROUP_KINDS } from './run-codes';

const countryCode = z.string().length(3, 'A country is its ISO 3166-1 alpha-3 code, such as MEX').toUpperCase();

/**
 * The value each list filter takes in a list query (`?status=active`), for every filter that
 * record-lists.ts declares (the type checks that none is missing). Kept apart from record-lists.ts,
 * which the console's tables read without zod.
 */
export const RECORD_LIST_FILTERS = {
  projects: { status: z.enum(PROJECT_STATUSES) },
  experiments: { projectId: recordId, siteId: recordId, studyType: z.enum(STUDY_TYPES), designType: z.enum(DESIGN_TYPES), year: int32 },
  accessions: {
    // Written as botanists write them (Oryza sativa), so a typed "oryza" finds them through the index.
    genus: z
      .string()
      .trim()
      .max(100)
      .transform((value) => value.charAt(0).toUpperCase() + value.slice(1).toLowerCase()),
    species: z.string().trim().max(100).toLowerCase(),
    countryOfOriginCode: countryCode,
    instituteCode: z.string().max(10, 'An institute is its FAO WIEWS code, such as MEX002').toUpperCase(),
    biologicalStatusOfAccessionCode: z.enum(BIOLOGICAL_STATUS_VALUES),
  },
  sites: { locationType: z.enum(LOCATION_TYPES), countryCode },
  'file-types': {},
  'cross-plans': { projectId: recordId, status: z.enum(CROSS_PLAN_STATUSES) },
  'run-groups': { kind: z.enum(RUN_GROUP_KINDS) },
} as const satisfies { [K in RecordListKey]: Record<FilterFieldOf<K>, z.ZodType> };
