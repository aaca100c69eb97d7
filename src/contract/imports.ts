import { z } from 'zod';
import { isoDate } from './fields';
import {
  accessionInputSchema,
  CROSS_PLAN_STATUSES,
  isImportable,
  CROSS_TYPES,
  DESIGN_TYPES,
  fileTypeInputSchema,
  PLANNED_CROSS_STATUSES,
  projectInputSchema,
  siteInputSchema,
  STUDY_TYPES,
} from './breeding';

/**
 * CSV imports: the row schema of each import and the template generated from it. Lists are
 * written in one cell separated by ";", and records of other kinds are named, not numbered.
 */
const name = (what: string) => z.string({ error: 'Required' }).trim().min(1, 'Required').describe(`Name of an existing ${what}`);
const optionalName = (what: string) =>
  z
    .string()
    .trim()
    .optional()
    .nullable()
    .transform((value) => value || null)
    .describe(`Name of an existing ${what}`);

export const experimentImportSchema = z.object({
  name: z.string({ error: 'Required' }).trim().min(1, 'Required').max(200),
  project: name('project'),
  site: optionalName('site'),
  studyType: z.enum(STUDY_TYPES, { error: `One of ${STUDY_TYPES.join(', ')}` }),
  season: z.string().trim().max(100).optional().nullable(),
  year: z.coerce.number().int().min(1900).max(2200).optional().nullable(),
  designType: z
    .enum(DESIGN_TYPES, { error: `One of ${DESIGN_TYPES.join(', ')}` })
    .optional()
    .nullable(),
  startDate: isoDate.optional().nullable(),
  endDate: isoDate.optional().nullable(),
  description: z.string().trim().max(4000).optional().nullable(),
  entries: z.array(z.string().trim().min(1).max(200)).max(100_000, 'At most 100,000 entries in one experiment').default([]).describe('Names of the accessions it tests (its entries)'),
});

export const crossPlanImportSchema = z.object({
  crossPlan: z.string({ error: 'Required' }).trim().min(1, 'Required').max(200).describe('Cross plan name; rows with the same name form one plan'),
  project: name('project'),
  planStatus: z.enum(CROSS_PLAN_STATUSES, { error: `One of ${CROSS_PLAN_STATUSES.join(', ')}` }).default('planning'),
  planDescription: z.string().trim().max(4000).optional().nullable().describe('Description of the cross plan (the same on each of its rows)'),
  femaleParent: optionalName('accession').describe('Name of an existing accession; empty on the one row of a plan with no crosses yet'),
  maleParent: optionalName('accession'),
  crossType: z.enum(CROSS_TYPES, { error: `One of ${CROSS_TYPES.join(', ')}` }).default('BIPARENTAL'),
  numberOfCrosses: z.coerce.number().int().min(1).max(100000).default(1),
  status: z.enum(PLANNED_CROSS_STATUSES, { error: `One of ${PLANNED_CROSS_STATUSES.join(', ')}` }).default('TODO'),
  notes: z.string().trim().max(2000).optional().nullable(),
});

/** How a line was made, as Breedbase's pedigree upload writes it. */
export const PEDIGREE_TYPES = ['biparental', 'self', 'open', 'sib', 'polycross', 'backcross', 'reselected', 'doubled_haploid'] as const;
/** The types whose male parent may be left empty: a self's is its female parent, the others' is not known. */
export const PEDIGREE_TYPES_WITHOUT_MALE: ReadonlySet<string> = new Set(['self', 'open', 'polycross', 'reselected', 'doubled_haploid']);

export const pedigreeImportSchema = z.object({
  progeny: name('accession').describe('The accession whose parents the row gives: its name or a synonym'),
  femaleParent: name('accession').describe('Its female (or only) parent: the name or a synonym of an existing accession'),
  maleParent: optionalName('accession').describe('Its male parent; empty for a self (the female parent again) or where it is not known (open, polycross)'),
  type: z.enum(PEDIGREE_TYPES, { error: `One of ${PEDIGREE_TYPES.join(', ')}` }).default('biparental'),
});

export const knownQtlImportSchema = z.object({
  marker: z.string({ error: 'Required' }).trim().min(1, 'Required').max(200),
  chromosome: z.string({ error: 'Required' }).trim().min(1, 'Required').max(50),
  position: z.coerce.number({ error: 'Must be a whole number of base pairs' }).int().min(0).describe('Base pairs from the chromosome start'),
  trait: z.string({ error: 'Required' }).trim().min(1, 'Required').max(200),
  effect: z.coerce.number({ error: 'Must be a number' }).describe('Additive effect, in trait units'),
});

export const predictionDataImportSchema = z.object({
  id: z.string({ error: 'Required' }).trim().min(1, 'Required').max(200).describe('Individual (accession or line) name'),
  trait: z.string({ error: 'Required' }).trim().min(1, 'Required').max(200),
  observed: z.coerce.number({ error: 'Must be a number' }).describe('Observed value, in trait units'),
  environment: z.string().trim().max(200).optional().nullable(),
});

export interface ImportTemplate {
  key: string;
  title: string;
  description: string;
  schema: z.ZodType;
  example: Record<string, string>;
  /** Imported through the console today (the others are read by benchmarking): IMPORTABLE_RESOURCES. */
  importable: boolean;
}

const TEMPLATES: Array<Omit<ImportTemplate, 'importable'>> = [
  {
    key: 'accessions',
    title: 'Accessions',
    description: 'Germplasm, one row per accession (BrAPI germplasm fields, MCPD codes).',
    schema: accessionInputSchema,
    example: {
      germplasmName: 'BAJ #1',
      accessionNumber: 'CWI 010259',
      genus: 'Triticum',
      species: 'aestivum',
      subtaxa: 'subsp. aestivum',
      pedigree: 'WAXWING*2/KIRITATI',
      countryOfOriginCode: 'MEX',
      instituteCode: 'MEX002',
      biologicalStatusOfAccessionCode: '500',
      synonyms: 'BAJ#1',
    },
  },
  {
    key: 'sites',
    title: 'Sites',
    description: 'Field stations, greenhouses and labs (BrAPI locations).',
    schema: siteInputSchema,
    example: {
      locationName: 'CIMMYT Campo Experimental Norman E. Borlaug',
      abbreviation: 'CENEB',
      locationType: 'field',
      countryCode: 'MEX',
      latitude: '27.39',
      longitude: '-109.92',
      elevation: '38',
      instituteName: 'CIMMYT',
    },
  },
  {
    key: 'projects',
    title: 'Projects',
    description: 'Breeding programmes and trials.',
    schema: projectInputSchema,
    example: { name: 'Durum yield 2026', description: 'Advanced yield trials, durum wheat', leadName: 'Ana Ruiz', startDate: '2026-01-15', endDate: '2026-06-30', status: 'active' },
  },
  {
    key: 'experiments',
    title: 'Experiments',
    description: 'Studies of existing projects, at existing sites (named, not numbered).',
    schema: experimentImportSchema,
    example: {
      name: 'AYT-2026-OBR',
      project: 'Durum yield 2026',
      site: 'CIMMYT Campo Experimental Norman E. Borlaug',
      studyType: 'yield_trial',
      season: '2025-26 winter',
      year: '2026',
      designType: 'alpha_lattice',
      startDate: '2025-11-20',
      endDate: '2026-05-10',
      description: '',
      entries: 'Svevo; Kronos',
    },
  },
  {
    key: 'file-types',
    title: 'File types',
    description: 'Kinds of files uploads are checked against.',
    schema: fileTypeInputSchema,
    example: { name: 'BED intervals', extensions: '.bed; .bed.gz', mimeType: 'text/plain', description: 'Genomic intervals', requiredColumns: '' },
  },
  {
    key: 'cross-plans',
    title: 'Cross plans with crosses',
    description: 'One row per planned cross; rows sharing a cross plan name form one plan.',
    schema: crossPlanImportSchema,
    example: {
      crossPlan: 'Durum crossing block 2026',
      project: 'Durum yield 2026',
      planStatus: 'planning',
      planDescription: 'Durum crosses for the 2026 season',
      femaleParent: 'Svevo',
      maleParent: 'Kronos',
      crossType: 'BIPARENTAL',
      numberOfCrosses: '4',
      status: 'TODO',
      notes: '',
    },
  },
  {
    key: 'pedigrees',
    title: 'Pedigrees',
    description: 'The parents of existing accessions, one row per accession (as Breedbase’s pedigree upload): each row sets its pedigree to female/male.',
    schema: pedigreeImportSchema,
    example: { progeny: 'DW-2026-0142', femaleParent: 'Svevo', maleParent: 'Kronos', type: 'biparental' },
  },
  {
    key: 'known-qtl',
    title: 'Known QTL',
    description: 'The true QTL of a benchmark dataset, for discovery benchmarks.',
    schema: knownQtlImportSchema,
    example: { marker: 'AX-94412345', chromosome: '6B', position: '123456789', trait: 'grain_yield', effect: '0.35' },
  },
  {
    key: 'prediction-data',
    title: 'Prediction data',
    description: 'Observed trait values of a validation set, for prediction benchmarks.',
    schema: predictionDataImportSchema,
    example: { id: 'DW-2026-0142', trait: 'grain_yield', observed: '6.82', environment: 'OBR-2026' },
  },
];

export const IMPORT_TEMPLATES: ImportTemplate[] = TEMPLATES.map((template) => ({ ...template, importable: isImportable(template.key) }));

export interface TemplateColumn {
  name: string;
  required: boolean;
  type: string;
  allowed: string[];
  notes: string;
  example: string;
}

interface JsonSchemaNode {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchemaNode[];
  items?: JsonSchemaNode;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  pattern?: string;
  /** A pattern's rule in words (set with `patterned` in breeding.ts). */
  rule?: string;
  format?: string;
  description?: string;
  default?: unknown;
  const?: unknown;
}

/** Flattens anyOf/null wrappers into the one meaningful node. */
function mainNode(node: JsonSchemaNode): JsonSchemaNode {
  const variants = (node.anyOf ?? []).map(mainNode).filter((variant) => variant.type !== 'null' && variant.const !== '');
  if (variants.length > 0) return { ...variants[0], description: node.description ?? variants[0]!.description };
  if (Array.isArray(node.type)) return { ...node, type: node.type.find((type) => type !== 'null') };
  return node;
}

/** The columns of a template, from the import's schema: the same rules the import applies. */
export function templateColumns(template: ImportTemplate): TemplateColumn[] {
  const json = z.toJSONSchema(template.schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, JsonSchemaNode>; required?: string[] };
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(([column, raw]) => {
    const node = mainNode(raw);
    const isList = node.type === 'array';
    const type = isList ? 'list (separate with ;)' : node.format === 'date' ? 'date (YYYY-MM-DD)' : node.enum ? 'one of the allowed values' : String(node.type ?? 'text').replace('string', 'text');
    const notes = [
      raw.description ?? node.description,
      node.minimum !== undefined && node.maximum !== undefined ? (node.maximum >= Number.MAX_SAFE_INTEGER ? `at least ${node.minimum}` : `${node.minimum} to ${node.maximum}`) : undefined,
      node.rule ?? node.items?.rule,
      node.maxLength ? `at most ${node.maxLength} characters` : undefined,
      raw.default !== undefined && !isList ? `default ${String(raw.default)}` : undefined,
    ].filter(Boolean);
    return {
      name: column,
      required: required.has(column) && raw.default === undefined,
      type,
      allowed: (node.enum ?? []).map(String),
      notes: notes.join('; '),
      example: template.example[column] ?? '',
    };
  });
}

/** The template file itself: the header and one example row. */
export function templateCsv(template: ImportTemplate): string {
  const columns = templateColumns(template);
  const cell = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  return `${columns.map((column) => column.name).join(',')}\r\n${columns.map((column) => cell(column.example)).join(',')}\r\n`;
}

/* The import report: what a CSV import found, row by row; defined once for the server and the dialog. */

export const importProblemSchema = z.object({
  row: z.number().int().describe('Spreadsheet row number: the header is row 1'),
  column: z.string(),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

export const IMPORT_WARNING_CODES = ['synonym', 'near-duplicate', 'unknown-column', 'unknown-code', 'replaces'] as const;
export const importWarningSchema = importProblemSchema.extend({ code: z.enum(IMPORT_WARNING_CODES) });
export type ImportWarning = z.infer<typeof importWarningSchema>;

export const importReportSchema = z
  .object({
    rows: z.number().int(),
    errors: z.array(importProblemSchema),
    warnings: z.array(importWarningSchema),
    records: z.number().int().optional().describe('Where several rows make one record (a trial file has a row per plot, a crosses file a row per cross): how many records the valid rows make'),
    created: z.number().int().optional().describe('Set when the rows were written'),
    notes: z.array(z.string()).optional().describe('How the file was read, e.g. which separator its lists use'),
    vocabulary: z.enum(['seedbed', 'brapi', 'breedbase']).optional().describe('Whose column names the file uses, judged by most of its headers'),
    columns: z
      .array(z.object({ header: z.string(), column: z.string().describe('The template column, or a derived input starting with ~'), vocabulary: z.enum(['seedbed', 'brapi', 'breedbase']) }))
      .optional()
      .describe('How each recognised header was read'),
    ignored: z.array(z.string()).optional().describe('Headers no vocabulary knows: their cells are not imported'),
    sheets: z.array(z.string()).optional().describe('The sheets of an .xlsx file'),
    sheet: z.string().optional().describe('The sheet that was read'),
    truncated: z.object({ errors: z.number().int(), warnings: z.number().int() }).optional().describe('How many more problems there were than are listed'),
  })
  .describe('An import report');
export type ImportReport = z.infer<typeof importReportSchema>;

export const importResultSchema = z.object({ report: importReportSchema });
export type ImportResult = z.infer<typeof importResultSchema>;

const queryName = z.string().trim().min(1).max(200, 'At most 200 characters').optional();
/** How an import is asked for: check only (the default) or commit, and for a workbook or a crosses file what the file does not say. */
export const importQuerySchema = z.object({
  commit: z.enum(['true', 'false']).default('false'),
  acceptWarnings: z.enum(['true', 'false']).default('false'),
  sheet: queryName.describe('The sheet of an .xlsx file to read; the first when not given'),
  crossPlan: queryName.describe('Cross plans: the plan of rows that name none (a Breedbase crosses file names no crossing experiment)'),
  project: queryName.describe('Cross plans: the project of rows that name none'),
});
