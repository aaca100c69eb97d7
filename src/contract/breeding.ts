import { z } from 'zod';
import { isAlpha3CountryCode } from './countries';

/**
 * Breeding data, named after BrAPI v2 (Program/Trial, Study, Germplasm, Location,
 * CrossingProject + PlannedCross) and MCPD for accession codes. Each entity is defined here once:
 * the API validates with it, forms resolve with it, and the CSV templates are generated from it.
 */

const optionalText = (max: number) => z.string().trim().max(max, `At most ${max} characters`).optional().nullable().transform((value) => value || null);
const requiredName = (max = 200) => z.string({ error: 'Required' }).trim().min(1, 'Required').max(max, `At most ${max} characters`);
const isoDate = z.iso.date('Use a date like 2026-03-31').optional().nullable().transform((value) => value || null);
const id = z.coerce.number({ error: 'Required' }).int('Must be a whole number').positive('Required');

/** Checks end ≥ start, reported on the end date. */
function endNotBeforeStart<T extends { startDate?: string | null; endDate?: string | null }>(value: T) {
  return !value.startDate || !value.endDate || value.endDate >= value.startDate;
}
const endBeforeStart = { message: 'The end date is before the start date', path: ['endDate'] };

export const PROJECT_STATUSES = ['planned', 'active', 'completed', 'archived'] as const;
export const projectInputSchema = z
  .object({
    name: requiredName(),
    description: optionalText(4000),
    leadName: optionalText(200).describe('Who leads the programme or trial'),
    startDate: isoDate,
    endDate: isoDate,
    status: z.enum(PROJECT_STATUSES, { error: `One of ${PROJECT_STATUSES.join(', ')}` }).default('active'),
  })
  .refine(endNotBeforeStart, endBeforeStart);

export const STUDY_TYPES = ['yield_trial', 'nursery', 'greenhouse', 'phenotyping', 'genotyping', 'crossing_block', 'other'] as const;
export const DESIGN_TYPES = ['RCBD', 'alpha_lattice', 'augmented', 'CRD', 'split_plot', 'row_column', 'unreplicated', 'other'] as const;
export const experimentInputSchema = z
  .object({
    name: requiredName(),
    projectId: id.describe('The project (BrAPI trial) it belongs to'),
    siteId: z.coerce.number().int().positive().optional().nullable().transform((value) => value || null),
    studyType: z.enum(STUDY_TYPES, { error: `One of ${STUDY_TYPES.join(', ')}` }),
    season: optionalText(100).describe('e.g. 2026 wet season'),
    year: z.coerce.number().int('Must be a whole number').min(1900, 'From 1900').max(2200, 'Up to 2200').optional().nullable().transform((value) => value ?? null),
    designType: z.enum(DESIGN_TYPES, { error: `One of ${DESIGN_TYPES.join(', ')}` }).optional().nullable().transform((value) => value ?? null),
    startDate: isoDate,
    endDate: isoDate,
    description: optionalText(4000),
  })
  .refine(endNotBeforeStart, endBeforeStart);

/** MCPD SAMPSTAT: biological status of the accession. */
export const BIOLOGICAL_STATUS_CODES = {
  '100': 'Wild',
  '110': 'Natural',
  '120': 'Semi-natural/wild',
  '130': 'Semi-natural/sown',
  '200': 'Weedy',
  '300': 'Traditional cultivar/landrace',
  '400': 'Breeding/research material',
  '410': "Breeder's line",
  '411': 'Synthetic population',
  '412': 'Hybrid',
  '413': 'Founder stock/base population',
  '414': 'Inbred line',
  '415': 'Segregating population',
  '416': 'Clonal selection',
  '420': 'Genetic stock',
  '421': 'Mutant',
  '422': 'Cytogenetic stocks',
  '423': 'Other genetic stocks',
  '500': 'Advanced or improved cultivar',
  '600': 'GMO',
  '999': 'Other',
} as const;
export const BIOLOGICAL_STATUS_VALUES = Object.keys(BIOLOGICAL_STATUS_CODES) as [keyof typeof BIOLOGICAL_STATUS_CODES, ...Array<keyof typeof BIOLOGICAL_STATUS_CODES>];

const countryCode = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isAlpha3CountryCode, 'Use an ISO 3166-1 alpha-3 code such as MEX or IND');

export const accessionInputSchema = z.object({
  germplasmName: requiredName(),
  accessionNumber: optionalText(100),
  genus: requiredName(100),
  species: optionalText(100),
  subtaxa: optionalText(200),
  pedigree: optionalText(2000).describe('Purdy notation, e.g. IR8/PETA//TN1'),
  countryOfOriginCode: countryCode.optional().nullable().or(z.literal('').transform(() => null)).transform((value) => value || null),
  instituteCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}\d{3,4}$/, 'Use a FAO WIEWS institute code such as MEX002')
    .optional()
    .nullable()
    .or(z.literal('').transform(() => null))
    .transform((value) => value || null),
  biologicalStatusOfAccessionCode: z
    .enum(BIOLOGICAL_STATUS_VALUES, { error: 'Use an MCPD SAMPSTAT code such as 300 (landrace) or 500 (improved cultivar)' })
    .optional()
    .nullable()
    .transform((value) => value ?? null),
  synonyms: z.array(z.string().trim().min(1).max(200)).max(100, 'At most 100 synonyms').default([]),
});

export const LOCATION_TYPES = ['field', 'farm', 'greenhouse', 'screenhouse', 'lab', 'storage', 'other'] as const;
const boundedNumber = (min: number, max: number, message: string) =>
  z.coerce.number({ error: 'Must be a number' }).min(min, message).max(max, message).optional().nullable().transform((value) => value ?? null);

export const siteInputSchema = z.object({
  locationName: requiredName(),
  abbreviation: optionalText(20),
  locationType: z.enum(LOCATION_TYPES, { error: `One of ${LOCATION_TYPES.join(', ')}` }),
  countryCode: countryCode,
  latitude: boundedNumber(-90, 90, 'Latitude is between -90 and 90'),
  longitude: boundedNumber(-180, 180, 'Longitude is between -180 and 180'),
  elevation: boundedNumber(-418, 8848, 'Elevation is between -418 and 8848 m'),
  instituteName: optionalText(200),
});

export const fileTypeInputSchema = z.object({
  name: requiredName(100),
  extensions: z.array(z.string().trim().regex(/^\.[A-Za-z0-9.]+$/, 'Extensions start with a dot, e.g. .vcf.gz')).min(1, 'At least one extension'),
  mimeType: z.string().trim().regex(/^[\w.+-]+\/[\w.+-]+$/, 'Use a MIME type such as text/csv').default('application/octet-stream'),
  description: optionalText(2000),
  requiredColumns: z.array(z.string().trim().min(1).max(100)).max(200).default([]),
});

export const CROSS_PLAN_STATUSES = ['planning', 'active', 'completed'] as const;
export const crossPlanInputSchema = z.object({
  name: requiredName(),
  projectId: id,
  description: optionalText(4000),
  status: z.enum(CROSS_PLAN_STATUSES, { error: `One of ${CROSS_PLAN_STATUSES.join(', ')}` }).default('planning'),
});

export const CROSS_TYPES = ['BIPARENTAL', 'SELF', 'OPEN_POLLINATED', 'BULK', 'BULK_SELFED', 'BULK_OPEN_POLLINATED', 'DOUBLE_HAPLOID'] as const;
export const PLANNED_CROSS_STATUSES = ['TODO', 'DONE', 'SKIPPED'] as const;
/** Cross types that need no male parent. */
export const SINGLE_PARENT_CROSS_TYPES: ReadonlySet<string> = new Set(['SELF', 'OPEN_POLLINATED', 'BULK_SELFED', 'BULK_OPEN_POLLINATED', 'DOUBLE_HAPLOID']);

export const plannedCrossInputSchema = z
  .object({
    femaleParentId: id,
    maleParentId: z.coerce.number().int().positive().optional().nullable().transform((value) => value || null),
    crossType: z.enum(CROSS_TYPES, { error: `One of ${CROSS_TYPES.join(', ')}` }).default('BIPARENTAL'),
    numberOfCrosses: z.coerce.number().int('Must be a whole number').min(1, 'At least 1').max(100000, 'At most 100000').default(1),
    status: z.enum(PLANNED_CROSS_STATUSES, { error: `One of ${PLANNED_CROSS_STATUSES.join(', ')}` }).default('TODO'),
    notes: optionalText(2000),
  })
  .refine((value) => SINGLE_PARENT_CROSS_TYPES.has(value.crossType) || value.maleParentId !== null, {
    message: 'A biparental or bulk cross needs a male parent',
    path: ['maleParentId'],
  });

/** The whole planned-cross grid of a cross plan, saved at once. */
export const plannedCrossesReplaceSchema = z.object({
  crosses: z.array(plannedCrossInputSchema).max(5000, 'At most 5000 crosses in one plan'),
});
export type PlannedCrossInput = z.input<typeof plannedCrossInputSchema>;
