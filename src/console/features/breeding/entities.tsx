import { ROUTES } from '../../app/routes';
import type { ColumnDef } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { BIOLOGICAL_STATUS_CODES } from '../../../contract/breeding-codes';
import { countryNameOf } from '../../../contract/countries';
import { humanize, type ListDefinition, LISTS, NAME_FIELDS } from '../../../contract/list-definitions';
import { listColumns } from '../../ui/data-table/list-columns';
import { ViewLink } from '../../ui/ViewLink';

export { humanize };

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
  /** The list's definition: path, sort fields, filters and column labels. */
  list: (typeof LISTS)[EntityKey];
  path: string;
  /** Plural and singular, lower case. */
  what: string;
  noun: string;
  title: string;
  listRoute: string;
  viewRoute: string;
  nameField: string;
  searchPlaceholder: string;
  fields: FieldSpec[];
  columns: Array<ColumnDef<Row, unknown>>;
  emptyHint: string;
}

export type EntityKey = 'projects' | 'experiments' | 'accessions' | 'sites' | 'file-types' | 'cross-plans';

/** What an import is of: a list's own records, or what it changes in another's (pedigrees change accessions). */
export type ImportSpec = Pick<EntitySpec, 'path' | 'what' | 'noun' | 'title'> & { key: string };

/** The pedigrees of existing accessions (Breedbase's pedigree upload), imported from the accessions list. */
export const PEDIGREE_IMPORT: ImportSpec = { key: 'pedigrees', path: '/pedigrees', what: 'pedigrees', noun: 'pedigree', title: 'Pedigrees' };

const text = (value: unknown): ReactNode => (value === null || value === undefined || value === '' ? <span className="text-stone-400">—</span> : String(value));
/** The columns of a list, each with a format for its value; the first names the row and links to its page. */
function columnsOf<K extends EntityKey>(key: K, viewRoute: string, formats: Partial<Record<ColumnIdOf<K>, (value: unknown, row: Row) => ReactNode>>): Array<ColumnDef<Row, unknown>> {
  const definition: ListDefinition = LISTS[key];
  const column = listColumns<Row, ListDefinition>(definition);
  const formatOf: Partial<Record<string, (value: unknown, row: Row) => ReactNode>> = formats;
  return Object.keys(definition.columns).map((id, index) =>
    column(id, {
      cell: (info) =>
        index === 0 ? (
          <ViewLink route={viewRoute} id={info.row.original.id} className="font-medium">
            {String(info.getValue())}
          </ViewLink>
        ) : (
          (formatOf[id] ?? text)(info.getValue(), info.row.original)
        ),
    }),
  );
}
type ColumnIdOf<K extends EntityKey> = keyof (typeof LISTS)[K]['columns'] & string;
const badge = (value: unknown) => (value ? <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-700">{humanize(String(value))}</span> : text(value));
/** Long text cut to `length` characters, the whole of it in the tooltip. */
const clipped = (length: number) => (value: unknown) => {
  if (value === null || value === undefined || value === '') return text(value);
  const whole = String(value);
  return whole.length <= length ? whole : <span title={whole}>{`${whole.slice(0, length - 1)}…`}</span>;
};
const list = (value: unknown) => (Array.isArray(value) && value.length > 0 ? value.join(', ') : text(null));

/** Form fields whose label, and a select's options, are those of the list's filter or column of the same name unless they say otherwise. */
function fieldsOf(list: ListDefinition, fields: Array<Omit<FieldSpec, 'label'> & { label?: string }>): FieldSpec[] {
  return fields.map((field) => {
    const filter = list.filters[field.name];
    const label = field.label ?? filter?.label ?? list.columns[field.name]?.label ?? humanize(field.name);
    const options = field.options ?? (field.kind === 'select' ? filter?.options : undefined);
    return { ...field, label, ...(options ? { options } : {}) };
  });
}

export const ENTITIES: { [K in EntityKey]: EntitySpec<K> } = {
  projects: {
    key: 'projects',
    list: LISTS.projects,
    path: LISTS.projects.path,
    nameField: NAME_FIELDS.projects,
    what: 'projects',
    noun: 'project',
    title: 'Projects',
    listRoute: ROUTES.projects,
    viewRoute: ROUTES.projectView,
    searchPlaceholder: 'Search name, lead or description',
    fields: fieldsOf(LISTS.projects, [
      { name: 'name', kind: 'text', required: true },
      { name: 'status', kind: 'select', required: true },
      { name: 'leadName', kind: 'text' },
      { name: 'startDate', label: 'Start date', kind: 'date' },
      { name: 'endDate', label: 'End date', kind: 'date' },
      { name: 'description', label: 'Description', kind: 'textarea' },
    ]),
    columns: columnsOf('projects', ROUTES.projectView, { status: badge }),
    emptyHint: 'No projects yet. Create the first one with “New project”: a breeding programme or a trial.',
  },
  experiments: {
    key: 'experiments',
    list: LISTS.experiments,
    path: LISTS.experiments.path,
    nameField: NAME_FIELDS.experiments,
    what: 'experiments',
    noun: 'experiment',
    title: 'Experiments',
    listRoute: ROUTES.experiments,
    viewRoute: ROUTES.experimentView,
    searchPlaceholder: 'Search name, season or description',
    fields: fieldsOf(LISTS.experiments, [
      { name: 'name', kind: 'text', required: true },
      { name: 'projectId', kind: 'reference', required: true, reference: { path: LISTS.projects.path, nameField: NAME_FIELDS.projects } },
      { name: 'siteId', kind: 'reference', reference: { path: LISTS.sites.path, nameField: NAME_FIELDS.sites } },
      { name: 'studyType', kind: 'select', required: true },
      { name: 'designType', kind: 'select' },
      { name: 'season', kind: 'text', hint: 'e.g. 2025-26 winter' },
      { name: 'year', kind: 'number' },
      { name: 'startDate', label: 'Start date', kind: 'date' },
      { name: 'endDate', label: 'End date', kind: 'date' },
      { name: 'description', label: 'Description', kind: 'textarea' },
    ]),
    columns: columnsOf('experiments', ROUTES.experimentView, { studyType: badge }),
    emptyHint: 'No experiments yet. Create a project first, then add its trials, nurseries and greenhouse experiments here.',
  },
  accessions: {
    key: 'accessions',
    list: LISTS.accessions,
    path: LISTS.accessions.path,
    nameField: NAME_FIELDS.accessions,
    what: 'accessions',
    noun: 'accession',
    title: 'Accessions',
    listRoute: ROUTES.accessions,
    viewRoute: ROUTES.accessionView,
    searchPlaceholder: 'Search name, accession number or pedigree',
    fields: fieldsOf(LISTS.accessions, [
      { name: 'germplasmName', label: 'Germplasm name', kind: 'text', required: true },
      { name: 'accessionNumber', label: 'Accession number', kind: 'text' },
      { name: 'genus', kind: 'text', required: true },
      { name: 'species', kind: 'text' },
      { name: 'subtaxa', label: 'Subtaxa', kind: 'text' },
      { name: 'pedigree', kind: 'text', hint: 'Purdy notation, e.g. BABAX/LR42//BABAX' },
      { name: 'countryOfOriginCode', label: 'Country of origin', kind: 'text', hint: 'ISO 3166-1 alpha-3, e.g. MEX' },
      { name: 'instituteCode', label: 'Institute code', kind: 'text', hint: 'FAO WIEWS code, e.g. MEX002' },
      { name: 'biologicalStatusOfAccessionCode', kind: 'select' },
      { name: 'synonyms', kind: 'list', hint: 'Separate with semicolons' },
    ]),
    columns: columnsOf('accessions', ROUTES.accessionView, {
      genus: (_, row) => (
        <span className="italic">
          {String(row.genus)} {row.species ? String(row.species) : ''}
        </span>
      ),
      pedigree: clipped(28),
      countryOfOriginCode: (value) => (value ? <abbr title={countryNameOf(String(value))}>{String(value)}</abbr> : text(value)),
      biologicalStatusOfAccessionCode: (value) =>
        value ? (
          <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-700" title={BIOLOGICAL_STATUS_CODES[value as keyof typeof BIOLOGICAL_STATUS_CODES] ?? ''}>
            {String(value)}
          </span>
        ) : (
          text(value)
        ),
      synonyms: (value) => clipped(24)(Array.isArray(value) ? value.join(', ') : value),
    }),
    emptyHint: 'No accessions yet. Add one with “New accession”, or import your germplasm list from CSV.',
  },
  sites: {
    key: 'sites',
    list: LISTS.sites,
    path: LISTS.sites.path,
    nameField: NAME_FIELDS.sites,
    what: 'sites',
    noun: 'site',
    title: 'Sites',
    listRoute: ROUTES.sites,
    viewRoute: ROUTES.siteView,
    searchPlaceholder: 'Search name, abbreviation or institute',
    fields: fieldsOf(LISTS.sites, [
      { name: 'locationName', kind: 'text', required: true },
      { name: 'abbreviation', label: 'Abbreviation', kind: 'text' },
      { name: 'locationType', kind: 'select', required: true },
      { name: 'countryCode', kind: 'text', required: true, hint: 'ISO 3166-1 alpha-3, e.g. MEX' },
      { name: 'latitude', kind: 'number', hint: 'Decimal degrees, −90 to 90' },
      { name: 'longitude', kind: 'number', hint: 'Decimal degrees, −180 to 180' },
      { name: 'elevation', kind: 'number' },
      { name: 'instituteName', label: 'Institute', kind: 'text' },
    ]),
    columns: columnsOf('sites', ROUTES.siteView, { locationType: badge }),
    emptyHint: 'No sites yet. Add your field stations, greenhouses and labs with “New site”.',
  },
  'file-types': {
    key: 'file-types',
    list: LISTS['file-types'],
    path: LISTS['file-types'].path,
    nameField: NAME_FIELDS['file-types'],
    what: 'file types',
    noun: 'file type',
    title: 'File types',
    listRoute: ROUTES.fileTypes,
    viewRoute: ROUTES.fileTypeView,
    searchPlaceholder: 'Search name, MIME type or description',
    fields: fieldsOf(LISTS['file-types'], [
      { name: 'name', kind: 'text', required: true },
      { name: 'extensions', kind: 'list', required: true, hint: 'Separate with semicolons, e.g. .vcf; .vcf.gz' },
      { name: 'mimeType', kind: 'text', hint: 'e.g. text/csv' },
      { name: 'requiredColumns', kind: 'list', hint: 'For tables: header columns every upload must have' },
      { name: 'description', label: 'Description', kind: 'textarea' },
    ]),
    columns: columnsOf('file-types', ROUTES.fileTypeView, { extensions: list, requiredColumns: list }),
    emptyHint: 'No file types. Seedbed creates the usual ones on first start; add others with “New file type”.',
  },
  'cross-plans': {
    key: 'cross-plans',
    list: LISTS['cross-plans'],
    path: LISTS['cross-plans'].path,
    nameField: NAME_FIELDS['cross-plans'],
    what: 'cross plans',
    noun: 'cross plan',
    title: 'Cross plans',
    listRoute: ROUTES.crossPlans,
    viewRoute: ROUTES.crossPlanView,
    searchPlaceholder: 'Search name or description',
    fields: fieldsOf(LISTS['cross-plans'], [
      { name: 'name', kind: 'text', required: true },
      { name: 'projectId', kind: 'reference', required: true, reference: { path: LISTS.projects.path, nameField: NAME_FIELDS.projects } },
      { name: 'status', kind: 'select', required: true },
      { name: 'description', kind: 'textarea' },
    ]),
    columns: columnsOf('cross-plans', ROUTES.crossPlanView, { status: badge }),
    emptyHint: 'No cross plans yet. Create one for a project, then plan its crosses in the grid.',
  },
};
