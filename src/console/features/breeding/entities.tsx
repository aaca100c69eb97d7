import { ROUTES } from '../../app/routes';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { BIOLOGICAL_STATUS_CODES, CROSS_PLAN_STATUSES, DESIGN_TYPES, LOCATION_TYPES, PROJECT_STATUSES, STUDY_TYPES } from '../../../contract/breeding-codes';
import { countryNameOf } from '../../../contract/countries';
import { type FilterFieldOf, RECORD_LISTS } from '../../../contract/record-lists';
import type { TableFilter } from '../../ui/data-table/DataTable';

export type Row = Record<string, unknown> & { id: number };

/** How a form field is drawn; the rules come from the shared schema. */
export interface FieldSpec {
  name: string;
  label: string;
  kind: 'text' | 'textarea' | 'number' | 'date' | 'select' | 'list' | 'reference';
  required?: boolean;
  hint?: string;
  options?: ReadonlyArray<{ value: string; label: string }>;
  /** For references: the API list to choose from and the field that names its rows. */
  reference?: { path: string; nameField: string };
}

export interface EntitySpec<K extends EntityKey = EntityKey> {
  key: K;
  path: string;
  /** Plural and singular, lower case. */
  what: string;
  noun: string;
  title: string;
  listRoute: string;
  viewRoute: string;
  nameField: string;
  sortable: readonly string[];
  defaultSort: string;
  searchPlaceholder: string;
  /** The contract's filters of this list (record-lists.ts), each with its label and input. */
  filters: Array<TableFilter & { name: FilterFieldOf<K> }>;
  fields: FieldSpec[];
  columns: Array<ColumnDef<Row, unknown>>;
  emptyHint: string;
}

export type EntityKey = 'projects' | 'experiments' | 'accessions' | 'sites' | 'file-types' | 'cross-plans';

const options = (values: readonly string[], label: (value: string) => string = humanize) => values.map((value) => ({ value, label: label(value) }));
export function humanize(value: string): string {
  return value.replace(/_/g, ' ').replace(/^./, (first) => first.toUpperCase());
}
const column = createColumnHelper<Row>();
const text = (value: unknown): ReactNode => (value === null || value === undefined || value === '' ? <span className="text-stone-400">—</span> : String(value));
const nameLink = (field: string, viewRoute: string) =>
  column.accessor((row) => row[field], {
    id: field,
    header: 'Name',
    cell: (info) => (
      <a href={`${viewRoute}?id=${info.row.original.id}`} className="font-medium text-emerald-800 hover:underline">
        {String(info.getValue())}
      </a>
    ),
  });
const plain = (id: string, header: string, format: (value: unknown) => ReactNode = text) => column.accessor((row) => row[id], { id, header, cell: (info) => format(info.getValue()) });
const badge = (value: unknown) => (value ? <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-700">{humanize(String(value))}</span> : text(value));
/** Long text cut to `length` characters, the whole of it in the tooltip. */
const clipped = (length: number) => (value: unknown) => {
  if (value === null || value === undefined || value === '') return text(value);
  const whole = String(value);
  return whole.length <= length ? whole : <span title={whole}>{`${whole.slice(0, length - 1)}…`}</span>;
};
const list = (value: unknown) => (Array.isArray(value) && value.length > 0 ? value.join(', ') : text(null));

const biologicalStatusOptions = Object.entries(BIOLOGICAL_STATUS_CODES).map(([value, label]) => ({ value, label: `${value} — ${label}` }));

export const ENTITIES: { [K in EntityKey]: EntitySpec<K> } = {
  projects: {
    key: 'projects',
    ...RECORD_LISTS.projects,
    what: 'projects',
    noun: 'project',
    title: 'Projects',
    listRoute: ROUTES.projects,
    viewRoute: ROUTES.projectView,
    searchPlaceholder: 'Search name, lead or description',
    filters: [{ name: 'status', label: 'Status', options: options(PROJECT_STATUSES) }],
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: true },
      { name: 'status', label: 'Status', kind: 'select', options: options(PROJECT_STATUSES), required: true },
      { name: 'leadName', label: 'Lead', kind: 'text' },
      { name: 'startDate', label: 'Start date', kind: 'date' },
      { name: 'endDate', label: 'End date', kind: 'date' },
      { name: 'description', label: 'Description', kind: 'textarea' },
    ],
    columns: [nameLink('name', ROUTES.projectView), plain('status', 'Status', badge), plain('leadName', 'Lead'), plain('startDate', 'Start'), plain('endDate', 'End')],
    emptyHint: 'No projects yet. Create the first one with “New project”: a breeding programme or a trial.',
  },
  experiments: {
    key: 'experiments',
    ...RECORD_LISTS.experiments,
    what: 'experiments',
    noun: 'experiment',
    title: 'Experiments',
    listRoute: ROUTES.experiments,
    viewRoute: ROUTES.experimentView,
    searchPlaceholder: 'Search name, season or description',
    filters: [
      { name: 'studyType', label: 'Type', options: options(STUDY_TYPES) },
      { name: 'designType', label: 'Design', options: options(DESIGN_TYPES, (value) => value.replace(/_/g, ' ')) },
    ],
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: true },
      { name: 'projectId', label: 'Project', kind: 'reference', required: true, reference: { path: 'projects', nameField: 'name' } },
      { name: 'siteId', label: 'Site', kind: 'reference', reference: { path: 'sites', nameField: 'locationName' } },
      { name: 'studyType', label: 'Type', kind: 'select', options: options(STUDY_TYPES), required: true },
      { name: 'designType', label: 'Design', kind: 'select', options: options(DESIGN_TYPES, (value) => value.replace(/_/g, ' ')) },
      { name: 'season', label: 'Season', kind: 'text', hint: 'e.g. 2025-26 winter' },
      { name: 'year', label: 'Year', kind: 'number' },
      { name: 'startDate', label: 'Start date', kind: 'date' },
      { name: 'endDate', label: 'End date', kind: 'date' },
      { name: 'description', label: 'Description', kind: 'textarea' },
    ],
    columns: [nameLink('name', ROUTES.experimentView), plain('studyType', 'Type', badge), plain('year', 'Year'), plain('season', 'Season'), plain('designType', 'Design')],
    emptyHint: 'No experiments yet. Create a project first, then add its trials, nurseries and greenhouse experiments here.',
  },
  accessions: {
    key: 'accessions',
    ...RECORD_LISTS.accessions,
    what: 'accessions',
    noun: 'accession',
    title: 'Accessions',
    listRoute: ROUTES.accessions,
    viewRoute: ROUTES.accessionView,
    searchPlaceholder: 'Search name, accession number or pedigree',
    filters: [
      { name: 'genus', label: 'Genus', type: 'text', placeholder: 'Triticum' },
      { name: 'species', label: 'Species', type: 'text', placeholder: 'aestivum' },
      { name: 'countryOfOriginCode', label: 'Country', type: 'text', placeholder: 'MEX' },
      { name: 'instituteCode', label: 'Institute', type: 'text', placeholder: 'MEX002' },
      { name: 'biologicalStatusOfAccessionCode', label: 'Biological status', options: biologicalStatusOptions },
    ],
    fields: [
      { name: 'germplasmName', label: 'Germplasm name', kind: 'text', required: true },
      { name: 'accessionNumber', label: 'Accession number', kind: 'text' },
      { name: 'genus', label: 'Genus', kind: 'text', required: true },
      { name: 'species', label: 'Species', kind: 'text' },
      { name: 'subtaxa', label: 'Subtaxa', kind: 'text' },
      { name: 'pedigree', label: 'Pedigree', kind: 'text', hint: 'Purdy notation, e.g. BABAX/LR42//BABAX' },
      { name: 'countryOfOriginCode', label: 'Country of origin', kind: 'text', hint: 'ISO 3166-1 alpha-3, e.g. MEX' },
      { name: 'instituteCode', label: 'Institute code', kind: 'text', hint: 'FAO WIEWS code, e.g. MEX002' },
      { name: 'biologicalStatusOfAccessionCode', label: 'Biological status', kind: 'select', options: biologicalStatusOptions },
      { name: 'synonyms', label: 'Synonyms', kind: 'list', hint: 'Separate with semicolons' },
    ],
    columns: [
      nameLink('germplasmName', ROUTES.accessionView),
      plain('accessionNumber', 'Accession no.'),
      column.accessor((row) => row.genus, {
        id: 'genus',
        header: 'Taxon',
        cell: (info) => (
          <span className="italic">
            {String(info.row.original.genus)} {info.row.original.species ? String(info.row.original.species) : ''}
          </span>
        ),
      }),
      plain('pedigree', 'Pedigree', clipped(28)),
      plain('countryOfOriginCode', 'Origin', (value) => (value ? <abbr title={countryNameOf(String(value))}>{String(value)}</abbr> : text(value))),
      plain('biologicalStatusOfAccessionCode', 'Status', (value) =>
        value ? (
          <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-700" title={BIOLOGICAL_STATUS_CODES[value as keyof typeof BIOLOGICAL_STATUS_CODES] ?? ''}>
            {String(value)}
          </span>
        ) : (
          text(value)
        ),
      ),
      plain('synonyms', 'Synonyms', (value) => clipped(24)(Array.isArray(value) ? value.join(', ') : value)),
    ],
    emptyHint: 'No accessions yet. Add one with “New accession”, or import your germplasm list from CSV.',
  },
  sites: {
    key: 'sites',
    ...RECORD_LISTS.sites,
    what: 'sites',
    noun: 'site',
    title: 'Sites',
    listRoute: ROUTES.sites,
    viewRoute: ROUTES.siteView,
    searchPlaceholder: 'Search name, abbreviation or institute',
    filters: [{ name: 'locationType', label: 'Type', options: options(LOCATION_TYPES) }],
    fields: [
      { name: 'locationName', label: 'Name', kind: 'text', required: true },
      { name: 'abbreviation', label: 'Abbreviation', kind: 'text' },
      { name: 'locationType', label: 'Type', kind: 'select', options: options(LOCATION_TYPES), required: true },
      { name: 'countryCode', label: 'Country', kind: 'text', required: true, hint: 'ISO 3166-1 alpha-3, e.g. MEX' },
      { name: 'latitude', label: 'Latitude', kind: 'number', hint: 'Decimal degrees, −90 to 90' },
      { name: 'longitude', label: 'Longitude', kind: 'number', hint: 'Decimal degrees, −180 to 180' },
      { name: 'elevation', label: 'Elevation (m)', kind: 'number' },
      { name: 'instituteName', label: 'Institute', kind: 'text' },
    ],
    columns: [
      nameLink('locationName', ROUTES.siteView),
      plain('abbreviation', 'Abbr.'),
      plain('locationType', 'Type', badge),
      plain('countryCode', 'Country'),
      plain('latitude', 'Latitude'),
      plain('longitude', 'Longitude'),
      plain('elevation', 'Elevation (m)'),
    ],
    emptyHint: 'No sites yet. Add your field stations, greenhouses and labs with “New site”.',
  },
  'file-types': {
    key: 'file-types',
    ...RECORD_LISTS['file-types'],
    what: 'file types',
    noun: 'file type',
    title: 'File types',
    listRoute: ROUTES.fileTypes,
    viewRoute: ROUTES.fileTypeView,
    searchPlaceholder: 'Search name, MIME type or description',
    filters: [],
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: true },
      { name: 'extensions', label: 'Extensions', kind: 'list', required: true, hint: 'Separate with semicolons, e.g. .vcf; .vcf.gz' },
      { name: 'mimeType', label: 'MIME type', kind: 'text', hint: 'e.g. text/csv' },
      { name: 'requiredColumns', label: 'Required columns', kind: 'list', hint: 'For tables: header columns every upload must have' },
      { name: 'description', label: 'Description', kind: 'textarea' },
    ],
    columns: [nameLink('name', ROUTES.fileTypeView), plain('extensions', 'Extensions', list), plain('mimeType', 'MIME type'), plain('requiredColumns', 'Required columns', list)],
    emptyHint: 'No file types. Seedbed creates the usual ones on first start; add others with “New file type”.',
  },
  'cross-plans': {
    key: 'cross-plans',
    ...RECORD_LISTS['cross-plans'],
    what: 'cross plans',
    noun: 'cross plan',
    title: 'Cross plans',
    listRoute: ROUTES.crossPlans,
    viewRoute: ROUTES.crossPlanView,
    searchPlaceholder: 'Search name or description',
    filters: [{ name: 'status', label: 'Status', options: options(CROSS_PLAN_STATUSES) }],
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: true },
      { name: 'projectId', label: 'Project', kind: 'reference', required: true, reference: { path: 'projects', nameField: 'name' } },
      { name: 'status', label: 'Status', kind: 'select', options: options(CROSS_PLAN_STATUSES), required: true },
      { name: 'description', label: 'Description', kind: 'textarea' },
    ],
    columns: [nameLink('name', ROUTES.crossPlanView), plain('status', 'Status', badge), plain('description', 'Description')],
    emptyHint: 'No cross plans yet. Create one for a project, then plan its crosses in the grid.',
  },
};
