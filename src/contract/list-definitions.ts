import { BIOLOGICAL_STATUS_CODES, CROSS_PLAN_STATUSES, DESIGN_TYPES, LOCATION_TYPES, PROJECT_STATUSES, STUDY_TYPES } from './breeding-codes';
import { MLFLOW_RUN_STATUSES } from './mlflow-url';
import { RUN_STATUSES, TASK_SORT_FIELDS, TASK_STATUSES } from './run-codes';

/**
 * Every paged list of the API, each declared once: what it sorts by, what it filters by, what its
 * search looks in, and the label of each column and filter. The server's list query schemas and
 * its list service read the sort fields and filters from here; the console's tables read the same
 * definition for their headers, toolbar filters and URL state (as tablecn's `ColumnMeta` carries a
 * column's label, variant and options). Zod-free, so a table's first load stays small.
 */

export interface ListOption {
  value: string;
  label: string;
}

/** How the console's toolbar offers a filter: a choice, typed text (exact), or a date picked on a calendar. */
export type FilterVariant = 'select' | 'text' | 'date';

export interface ListFilter {
  label: string;
  /** Without one, the filter is the API's and the console's fixed filters' only (a project's experiments), not in the toolbar. */
  variant?: FilterVariant;
  /** For a select; a list whose options are other records (pipelines, run groups) gets them where it is drawn. */
  options?: readonly ListOption[];
  /** For text: what to type, e.g. "MEX". */
  placeholder?: string;
}

export interface ListColumn {
  /** The column's header. */
  label: string;
}

export interface ListDefinition<Sort extends string = string, Filter extends string = string, Column extends string = string> {
  /** The API path, plural kebab-case. */
  path: string;
  sortable: readonly [Sort, ...Sort[]];
  defaultSort: NoInfer<Sort>;
  defaultOrder: 'asc' | 'desc';
  /** Per-field equality filters of the list query, each with its label and toolbar input. */
  filters: Readonly<Record<Filter, ListFilter>>;
  /** The fields `q` looks in (part of the text, any case), in the order the search box names them. */
  search: readonly string[];
  /** The columns the console shows, by column id. */
  columns: Readonly<Record<Column, ListColumn>>;
}

export type SortFieldOf<Definition extends ListDefinition> = Definition['sortable'][number];
export type FilterNameOf<Definition extends ListDefinition> = keyof Definition['filters'] & string;
export type ColumnIdOf<Definition extends ListDefinition> = keyof Definition['columns'] & string;

/** Checks a definition against the shape while keeping its literal field names. */
function defineList<const Sort extends string, const Filter extends string, const Column extends string>(definition: ListDefinition<Sort, Filter, Column>) {
  return definition;
}

/** "crossing_block" → "Crossing block". */
export function humanize(value: string): string {
  return value.replace(/_/g, ' ').replace(/^./, (first) => first.toUpperCase());
}

/** A select's options from a code list. */
export const optionsOf = (values: readonly string[], label: (value: string) => string = humanize): ListOption[] => values.map((value) => ({ value, label: label(value) }));

const BIOLOGICAL_STATUS_OPTIONS = Object.entries(BIOLOGICAL_STATUS_CODES).map(([value, label]) => ({ value, label: `${value} — ${label}` }));
const designLabel = (value: string) => value.replace(/_/g, ' ');
const capitalized = (value: string) => value.charAt(0) + value.slice(1).toLowerCase();

export const LISTS = {
  projects: defineList({
    path: 'projects',
    sortable: ['name', 'status', 'startDate', 'endDate', 'createdAt'],
    defaultSort: 'name',
    defaultOrder: 'asc',
    filters: { status: { label: 'Status', variant: 'select', options: optionsOf(PROJECT_STATUSES) } },
    search: ['name', 'leadName', 'description'],
    columns: { name: { label: 'Name' }, status: { label: 'Status' }, leadName: { label: 'Lead' }, startDate: { label: 'Start' }, endDate: { label: 'End' } },
  }),
  experiments: defineList({
    path: 'experiments',
    sortable: ['name', 'studyType', 'year', 'startDate', 'createdAt'],
    defaultSort: 'name',
    defaultOrder: 'asc',
    filters: {
      projectId: { label: 'Project' },
      siteId: { label: 'Site' },
      studyType: { label: 'Type', variant: 'select', options: optionsOf(STUDY_TYPES) },
      designType: { label: 'Design', variant: 'select', options: optionsOf(DESIGN_TYPES, designLabel) },
      year: { label: 'Year' },
    },
    search: ['name', 'season', 'description'],
    columns: { name: { label: 'Name' }, studyType: { label: 'Type' }, year: { label: 'Year' }, season: { label: 'Season' }, designType: { label: 'Design' } },
  }),
  accessions: defineList({
    path: 'accessions',
    sortable: ['germplasmName', 'accessionNumber', 'genus', 'species', 'countryOfOriginCode', 'biologicalStatusOfAccessionCode', 'createdAt'],
    defaultSort: 'germplasmName',
    defaultOrder: 'asc',
    filters: {
      genus: { label: 'Genus', variant: 'text', placeholder: 'Triticum' },
      species: { label: 'Species', variant: 'text', placeholder: 'aestivum' },
      countryOfOriginCode: { label: 'Country', variant: 'text', placeholder: 'MEX' },
      instituteCode: { label: 'Institute', variant: 'text', placeholder: 'MEX002' },
      biologicalStatusOfAccessionCode: { label: 'Biological status', variant: 'select', options: BIOLOGICAL_STATUS_OPTIONS },
    },
    search: ['germplasmName', 'accessionNumber', 'pedigree'],
    columns: {
      germplasmName: { label: 'Name' },
      accessionNumber: { label: 'Accession no.' },
      genus: { label: 'Taxon' },
      pedigree: { label: 'Pedigree' },
      countryOfOriginCode: { label: 'Origin' },
      biologicalStatusOfAccessionCode: { label: 'Status' },
      synonyms: { label: 'Synonyms' },
    },
  }),
  sites: defineList({
    path: 'sites',
    sortable: ['locationName', 'abbreviation', 'locationType', 'countryCode', 'latitude', 'longitude', 'elevation', 'createdAt'],
    defaultSort: 'locationName',
    defaultOrder: 'asc',
    filters: { locationType: { label: 'Type', variant: 'select', options: optionsOf(LOCATION_TYPES) }, countryCode: { label: 'Country' } },
    search: ['locationName', 'abbreviation', 'instituteName'],
    columns: {
      locationName: { label: 'Name' },
      abbreviation: { label: 'Abbr.' },
      locationType: { label: 'Type' },
      countryCode: { label: 'Country' },
      latitude: { label: 'Latitude' },
      longitude: { label: 'Longitude' },
      elevation: { label: 'Elevation (m)' },
    },
  }),
  'file-types': defineList({
    path: 'file-types',
    sortable: ['name', 'mimeType', 'createdAt'],
    defaultSort: 'name',
    defaultOrder: 'asc',
    filters: {},
    search: ['name', 'mimeType', 'description'],
    columns: { name: { label: 'Name' }, extensions: { label: 'Extensions' }, mimeType: { label: 'MIME type' }, requiredColumns: { label: 'Required columns' } },
  }),
  'cross-plans': defineList({
    path: 'cross-plans',
    sortable: ['name', 'status', 'createdAt'],
    defaultSort: 'name',
    defaultOrder: 'asc',
    filters: { projectId: { label: 'Project' }, status: { label: 'Status', variant: 'select', options: optionsOf(CROSS_PLAN_STATUSES) } },
    search: ['name', 'description'],
    columns: { name: { label: 'Name' }, status: { label: 'Status' }, description: { label: 'Description' } },
  }),
  'run-groups': defineList({
    path: 'run-groups',
    sortable: ['name', 'createdAt'],
    defaultSort: 'name',
    defaultOrder: 'asc',
    filters: { kind: { label: 'Kind' } },
    search: ['name', 'description'],
    columns: { name: { label: 'Name' }, description: { label: 'Description' }, createdAt: { label: 'Created' } },
  }),
  runs: defineList({
    path: 'runs',
    sortable: ['submittedAt', 'name', 'status', 'pipelineId'],
    defaultSort: 'submittedAt',
    // Newest first.
    defaultOrder: 'desc',
    filters: {
      status: { label: 'Status', variant: 'select', options: optionsOf(RUN_STATUSES, capitalized) },
      pipelineId: { label: 'Pipeline', variant: 'select' },
      groupId: { label: 'Run group', variant: 'select' },
      mine: { label: 'Launched by', variant: 'select', options: [{ value: 'true', label: 'Me' }] },
      after: { label: 'Submitted from', variant: 'date' },
      before: { label: 'Before', variant: 'date' },
      projectId: { label: 'Project' },
      experimentId: { label: 'Experiment' },
      label: { label: 'Label' },
    },
    search: ['name', 'pipelineId', 'labels'],
    columns: {
      name: { label: 'Name' },
      pipelineId: { label: 'Pipeline' },
      status: { label: 'Status' },
      progress: { label: 'Progress' },
      group: { label: 'Run group' },
      launchedBy: { label: 'Launched by' },
      submittedAt: { label: 'Submitted' },
      duration: { label: 'Duration' },
    },
  }),
  tasks: defineList({
    path: 'runs/{id}/tasks',
    sortable: TASK_SORT_FIELDS,
    defaultSort: 'taskId',
    defaultOrder: 'asc',
    filters: { status: { label: 'Status', variant: 'select', options: optionsOf(TASK_STATUSES, capitalized) }, process: { label: 'Process', variant: 'select' } },
    search: ['name', 'process'],
    columns: {
      taskId: { label: '#' },
      process: { label: 'Process' },
      name: { label: 'Task' },
      status: { label: 'Status' },
      exit: { label: 'Exit' },
      duration: { label: 'Duration' },
      realtime: { label: 'Realtime' },
      cpuPercent: { label: '% CPU' },
      peakRss: { label: 'Peak memory' },
    },
  }),
  files: defineList({
    path: 'files',
    sortable: ['createdAt'],
    defaultSort: 'createdAt',
    // Newest first.
    defaultOrder: 'desc',
    filters: {
      ids: { label: 'Files' },
      fileTypeId: { label: 'File type' },
      fileType: { label: 'File types' },
      mimeType: { label: 'MIME type' },
      projectId: { label: 'Project' },
      experimentId: { label: 'Experiment' },
      accessionId: { label: 'Accession' },
      runId: { label: 'Run' },
      filesetId: { label: 'Fileset' },
      sha256: { label: 'SHA-256' },
      uploaded: { label: 'Uploaded' },
    },
    search: ['name'],
    columns: { name: { label: 'File' }, type: { label: 'Type' }, size: { label: 'Size' }, run: { label: 'From run' }, createdAt: { label: 'Stored' } },
  }),
  filesets: defineList({
    path: 'filesets',
    sortable: ['name', 'createdAt', 'updatedAt'],
    defaultSort: 'updatedAt',
    // Most recently changed first.
    defaultOrder: 'desc',
    filters: { projectId: { label: 'Project' }, experimentId: { label: 'Experiment' }, kind: { label: 'Kind' }, fileTypes: { label: 'File types' } },
    search: ['name'],
    columns: { name: { label: 'Name' }, project: { label: 'Project' }, experiment: { label: 'Experiment' }, files: { label: 'Files' }, updatedAt: { label: 'Updated' } },
  }),
  'mlflow-runs': defineList({
    path: 'mlflow-runs',
    sortable: ['trackedAt', 'name', 'status', 'startTime', 'refreshedAt'],
    defaultSort: 'trackedAt',
    defaultOrder: 'asc',
    filters: { runId: { label: 'Seedbed run' }, status: { label: 'Status', variant: 'select', options: optionsOf(MLFLOW_RUN_STATUSES, (status) => status) } },
    search: ['name', 'mlflowRunId', 'trackingUri', 'runName'],
    columns: {
      name: { label: 'Name' },
      status: { label: 'Status' },
      metrics: { label: 'Latest metrics' },
      run: { label: 'Seedbed run' },
      startTime: { label: 'Started' },
      refreshedAt: { label: 'Refreshed' },
    },
  }),
  invitations: defineList({
    path: 'invitations',
    sortable: ['createdAt', 'expiresAt', 'email'],
    defaultSort: 'createdAt',
    defaultOrder: 'asc',
    filters: { status: { label: 'Status' } },
    search: ['email', 'note'],
    columns: {},
  }),
};

export type ListKey = keyof typeof LISTS;

/** The field that names a row of each list of records: unique, whatever its case. */
export const NAME_FIELDS = {
  projects: 'name',
  experiments: 'name',
  accessions: 'germplasmName',
  sites: 'locationName',
  'file-types': 'name',
  'cross-plans': 'name',
  'run-groups': 'name',
} as const satisfies Partial<Record<ListKey, string>>;
