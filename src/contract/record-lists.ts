/**
 * What each list of records (the six breeding lists, run groups) can be sorted and filtered by, and which field names its rows: declared
 * once for the server's list routes (which give each a column and a filter schema, checked against
 * this by the type system) and the console's tables (which give each a label). Zod-free, so a
 * table's first load stays small.
 */
export interface RecordList {
  /** The API path, plural kebab-case. */
  path: string;
  /** The unique, case-insensitive name of a row. */
  nameField: string;
  sortable: readonly [string, ...string[]];
  defaultSort: string;
  /** Per-field equality filters of the list query. */
  filters: readonly string[];
}

export const RECORD_LISTS = {
  projects: { path: 'projects', nameField: 'name', sortable: ['name', 'status', 'startDate', 'endDate', 'createdAt'], defaultSort: 'name', filters: ['status'] },
  experiments: {
    path: 'experiments',
    nameField: 'name',
    sortable: ['name', 'studyType', 'year', 'startDate', 'createdAt'],
    defaultSort: 'name',
    filters: ['projectId', 'siteId', 'studyType', 'designType', 'year'],
  },
  accessions: {
    path: 'accessions',
    nameField: 'germplasmName',
    sortable: ['germplasmName', 'accessionNumber', 'genus', 'species', 'countryOfOriginCode', 'biologicalStatusOfAccessionCode', 'createdAt'],
    defaultSort: 'germplasmName',
    filters: ['genus', 'species', 'countryOfOriginCode', 'instituteCode', 'biologicalStatusOfAccessionCode'],
  },
  sites: {
    path: 'sites',
    nameField: 'locationName',
    sortable: ['locationName', 'abbreviation', 'locationType', 'countryCode', 'latitude', 'longitude', 'elevation', 'createdAt'],
    defaultSort: 'locationName',
    filters: ['locationType', 'countryCode'],
  },
  'file-types': { path: 'file-types', nameField: 'name', sortable: ['name', 'mimeType', 'createdAt'], defaultSort: 'name', filters: [] },
  'cross-plans': { path: 'cross-plans', nameField: 'name', sortable: ['name', 'status', 'createdAt'], defaultSort: 'name', filters: ['projectId', 'status'] },
  'run-groups': { path: 'run-groups', nameField: 'name', sortable: ['name', 'createdAt'], defaultSort: 'name', filters: ['kind'] },
} as const satisfies Record<string, RecordList>;

export type RecordListKey = keyof typeof RECORD_LISTS;
export type SortFieldOf<K extends RecordListKey> = (typeof RECORD_LISTS)[K]['sortable'][number];
export type FilterFieldOf<K extends RecordListKey> = (typeof RECORD_LISTS)[K]['filters'][number];
