import { z } from 'zod';
import { BIOLOGICAL_STATUS_VALUES, CROSS_PLAN_STATUSES, DESIGN_TYPES, LOCATION_TYPES, PROJECT_STATUSES, STUDY_TYPES } from './breeding-codes';
import { int32, recordId } from './fields';
import { listQuerySchema } from './list';
import { type ListDefinition, LISTS } from './list-definitions';
import { RUN_GROUP_KINDS } from './run-codes';

const countryCode = z.string().length(3, 'A country is its ISO 3166-1 alpha-3 code, such as MEX').toUpperCase();

/** A list's query, and its export's: the same search, sort and filters, without paging. */
function recordListQueries<const Sort extends string, Filter extends string, Filters extends { [Name in Filter]: z.ZodType }>(
  definition: ListDefinition<Sort, Filter>,
  filters: Filters & Record<Exclude<keyof Filters, Filter>, never>,
) {
  const list = listQuerySchema(definition, filters);
  return { list, export: list.omit({ page: true, pageSize: true }) };
}

/**
 * The list and export queries of each list of records (the six breeding lists, run groups): the definition's
 * paging, sort and search, and the value each of its filters takes (`?status=active`). Kept apart
 * from list-definitions.ts, which the console's tables read without zod.
 */
export const RECORD_LIST_QUERIES = {
  projects: recordListQueries(LISTS.projects, { status: z.enum(PROJECT_STATUSES).optional() }),
  experiments: recordListQueries(LISTS.experiments, {
    projectId: recordId.optional(),
    siteId: recordId.optional(),
    studyType: z.enum(STUDY_TYPES).optional(),
    designType: z.enum(DESIGN_TYPES).optional(),
    year: int32.optional(),
  }),
  accessions: recordListQueries(LISTS.accessions, {
    // Written as botanists write them (Oryza sativa), so a typed "oryza" finds them through the index.
    genus: z
      .string()
      .trim()
      .max(100)
      .transform((value) => value.charAt(0).toUpperCase() + value.slice(1).toLowerCase())
      .optional(),
    species: z.string().trim().max(100).toLowerCase().optional(),
    countryOfOriginCode: countryCode.optional(),
    instituteCode: z.string().max(10, 'An institute is its FAO WIEWS code, such as MEX002').toUpperCase().optional(),
    biologicalStatusOfAccessionCode: z.enum(BIOLOGICAL_STATUS_VALUES).optional(),
  }),
  sites: recordListQueries(LISTS.sites, { locationType: z.enum(LOCATION_TYPES).optional(), countryCode: countryCode.optional() }),
  'file-types': recordListQueries(LISTS['file-types'], {}),
  'cross-plans': recordListQueries(LISTS['cross-plans'], { projectId: recordId.optional(), status: z.enum(CROSS_PLAN_STATUSES).optional() }),
  'run-groups': recordListQueries(LISTS['run-groups'], { kind: z.enum(RUN_GROUP_KINDS).optional() }),
};

export type RecordListKey = keyof typeof RECORD_LIST_QUERIES;
