import { z } from 'zod';
import {
  BIOLOGICAL_STATUS_VALUES,
  CROSS_PLAN_STATUSES,
  CROSS_TYPES,
  DESIGN_TYPES,
  LOCATION_TYPES,
  PLANNED_CROSS_STATUSES,
  PROJECT_STATUSES,
  SINGLE_PARENT_CROSS_TYPES,
  STUDY_TYPES,
} from './breeding-codes';
import { isAlpha3CountryCode } from './countries';
import { isoDate as calendarDate, optionalRecordId, requiredRecordId } from './fields';

export * from './breeding-codes';

/**
 * Breeding data, named after BrAPI v2 (Program/Trial, Study, Germplasm, Location,
 * CrossingProject + PlannedCross) and MCPD for accession codes. Each entity is defined here once:
 * the API validates with it, forms resolve with it, and the CSV templates are generated from it.
 */

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .optional()
    .nullable()
    .transform((value) => value || null);
const requiredName = (max = 200) => z.string({ error: 'Required' }).trim().min(1, 'Required').max(max, `At most ${max} characters`);
const isoDate = calendarDate
  .optional()
  .nullable()
  .transform((value) => value || null);
const id = requiredRecordId;

/**
 * Text that must match a pattern. The rule, in words with an example, is both the error message
 * and (as `rule` in the JSON Schema) what templates and docs show: never the regular expression.
 */
const patterned = (pattern: RegExp, rule: string, options: { upperCase?: boolean } = {}) =>
  (options.upperCase ? z.string().trim().toUpperCase() : z.string().trim()).regex(pattern, rule).meta({ rule });

/** Checks end ≥ start, reported on the end date. */
function endNotBeforeStart<T extends { startDate?: string | null; endDate?: string | null }>(value: T) {
  return !value.startDate || !value.endDate || value.endDate >= value.startDate;
}
const endBeforeStart = { message: 'The end date is before the start date', path: ['endDate'] };

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

export const experimentInputSchema = z
  .object({
    name: requiredName(),
    projectId: id.describe('The project (BrAPI trial) it belongs to'),
    siteId: optionalRecordId,
    studyType: z.enum(STUDY_TYPES, { error: `One of ${STUDY_TYPES.join(', ')}` }),
    season: optionalText(100).describe('e.g. 2026 wet season'),
    year: z.coerce
      .number()
      .int('Must be a whole number')
      .min(1900, 'From 1900')
      .max(2200, 'Up to 2200')
      .optional()
      .nullable()
      .transform((value) => value ?? null),
    designType: z
      .enum(DESIGN_TYPES, { error: `One of ${DESIGN_TYPES.join(', ')}` })
      .optional()
      .nullable()
      .transform((value) => value ?? null),
    startDate: isoDate,
    endDate: isoDate,
    description: optionalText(4000),
  })
  .refine(endNotBeforeStart, endBeforeStart);

const countryCode = z
  .string({ error: 'Required: an ISO 3166-1 alpha-3 country code such as MEX or IND' })
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
  countryOfOriginCode: countryCode
    .optional()
    .nullable()
    .or(z.literal('').transform(() => null))
    .transform((value) => value || null),
  instituteCode: patterned(/^[A-Z]{3}\d{3,4}$/, 'A FAO WIEWS institute code: three letters and 3 or 4 digits, such as MEX002', { upperCase: true })
    .optional()
    .nullable()
    .or(z.literal('').transform(() => null))
    .transform((value) => value || null),
  biologicalStatusOfAccessionCode: z
    .enum(BIOLOGICAL_STATUS_VALUES, { error: 'Use an MCPD SAMPSTAT code such as 300 (landrace) or 500 (improved cultivar)' })
    .optional()
    .nullable()
    .transform((value) => value ?? null),
  synonyms: z
    .array(
      z.union([
        z.string().trim().min(1, 'A synonym cannot be empty').max(200, 'A synonym is at most 200 characters'),
        // BrAPI's germplasm synonyms are objects: their text is kept, their type dropped.
        z.object({ synonym: z.string().trim().min(1, 'A synonym cannot be empty').max(200, 'A synonym is at most 200 characters'), type: z.string().nullish() }).transform((value) => value.synonym),
      ]),
    )
    .max(100, 'At most 100 synonyms')
    .default([])
    .describe('Other names: strings, or BrAPI’s {synonym, type} objects'),
});

const boundedNumber = (min: number, max: number, message: string) =>
  z.coerce
    .number({ error: 'Must be a number' })
    .min(min, message)
    .max(max, message)
    .optional()
    .nullable()
    .transform((value) => value ?? null);

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
  extensions: z.array(patterned(/^\.[A-Za-z0-9.]+$/, 'Extensions start with a dot, such as .vcf.gz')).min(1, 'At least one extension'),
  mimeType: patterned(/^[\w.+-]+\/[\w.+-]+$/, 'A MIME type: type/subtype, such as text/csv').default('application/octet-stream'),
  description: optionalText(2000),
  requiredColumns: z.array(z.string().trim().min(1).max(100)).max(200).default([]),
});

export const crossPlanInputSchema = z.object({
  name: requiredName(),
  projectId: id,
  description: optionalText(4000),
  status: z.enum(CROSS_PLAN_STATUSES, { error: `One of ${CROSS_PLAN_STATUSES.join(', ')}` }).default('planning'),
});

export const plannedCrossInputSchema = z
  .object({
    femaleParentId: id,
    maleParentId: optionalRecordId,
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
