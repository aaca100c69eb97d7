import { z } from 'zod';
import { MAX_INT32, MIN_INT32 } from './int32';

/**
 * Values from outside, defined once with the bounds of the columns they end up in, so that every
 * route answers a value that cannot be stored with a 400 naming the field, never with a 500 from
 * the database. PostgreSQL's `integer` is 32-bit; `bigint` columns hold what JavaScript can count
 * exactly; `text` cannot hold the NUL character; dates are kept to the years 1–9999.
 */

export { MAX_INT32, MIN_INT32 };

/** A record id in a path, a query or a body: a positive whole number an `integer` column can hold. */
export const recordId = z.coerce.number({ error: 'Must be a whole number' }).int('Must be a whole number').positive('Must be a positive id').max(MAX_INT32, `Ids go up to ${MAX_INT32}`);

/** Record ids in one query parameter, separated by commas (`ids=3,17,42`): each a record id, at most `max` of them. */
export const recordIdList = (max: number) =>
  z
    .string()
    .trim()
    .transform((value, context) => {
      const ids: number[] = [];
      for (const part of value.split(',').map((text) => text.trim())) {
        const parsed = recordId.safeParse(part);
        if (!parsed.success) {
          context.addIssue({ code: 'custom', message: `“${part}”: ${parsed.error.issues[0]?.message ?? 'not an id'}. Give ids separated by commas, e.g. 3,17,42` });
          return z.NEVER;
        }
        ids.push(parsed.data);
      }
      if (ids.length > max) {
        context.addIssue({ code: 'custom', message: `At most ${max} ids at once; ask for the rest in another request` });
        return z.NEVER;
      }
      return ids;
    });

/** A record id a body must name: missing, empty or 0 is 'Required'. */
export const requiredRecordId = z.coerce.number({ error: 'Required' }).int('Must be a whole number').positive('Required').max(MAX_INT32, `Ids go up to ${MAX_INT32}`);

/** An optional id in a body: empty, 0 and null all mean none. */
export const optionalRecordId = z.coerce
  .number({ error: 'Must be a whole number' })
  .int('Must be a whole number')
  .min(0, 'Must be a positive id')
  .max(MAX_INT32, `Ids go up to ${MAX_INT32}`)
  .optional()
  .nullable()
  .transform((value) => value || null);

/** A whole number an `integer` column holds. */
export const int32 = z.coerce.number({ error: 'Must be a whole number' }).int('Must be a whole number').min(MIN_INT32, `At least ${MIN_INT32}`).max(MAX_INT32, `At most ${MAX_INT32}`);

/** A whole number a `bigint` column holds and JavaScript counts exactly (milliseconds, bytes). */
export const safeInteger = z.coerce.number({ error: 'Must be a whole number' }).int('Must be a whole number');

/** A number a `double precision` column holds (zod refuses NaN and ±Infinity). */
export const finiteNumber = z.coerce.number({ error: 'Must be a number' });

const DATE_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_RULE = 'Use a date like 2026-03-31';

/** A calendar date `YYYY-MM-DD` in the years 0001–9999. */
export const isoDate = z.iso.date(DATE_RULE).refine((value) => Number(DATE_SHAPE.exec(value)?.[1]) >= 1, 'Dates start at 0001-01-01');

/** 0001-01-01T00:00:00Z and 10000-01-01T00:00:00Z, in epoch milliseconds: the years 0001–9999 lie between. */
const FIRST_STORABLE_MS = -62_135_596_800_000;
const PAST_STORABLE_MS = 253_402_300_800_000;

/** Whether a date or date-time text names a moment in the years 0001–9999 (UTC). */
export function isStorableMoment(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}/.test(value)) return false;
  // NaN (no date at all) is neither.
  const time = Date.parse(value);
  return time >= FIRST_STORABLE_MS && time < PAST_STORABLE_MS;
}

/** A date (`2026-01-31`) or a date-time (`2026-01-31T08:00:00Z`) in a filter. */
export const momentParam = z.string().refine(isStorableMoment, 'Use a date like 2026-01-31 (years 0001–9999)');

/** The NUL character: PostgreSQL's `text` cannot hold it, and no name or note needs it. */
export const NUL_MESSAGE = 'Contains the NUL character (\\0), which Seedbed cannot store; remove it';

/**
 * The path (`name`, `params.samples.0`) of the first string in a parsed request that holds the
 * NUL character, or null. The API's validation layer asks this of every validated request part,
 * so no route can pass such a string on to the database.
 */
export function nulFieldOf(value: unknown): string | null {
  // Almost every request holds no NUL: answered without building a path for every field.
  return holdsNul(value) ? nulPathOf(value, []) : null;
}

function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value && typeof value === 'object') {
    // for…in: no array of keys made per object (a parsed request's objects are plain, with no inherited keys).
    for (const key in value) if (key.includes('\0') || holdsNul((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}

function nulPathOf(value: unknown, path: string[]): string | null {
  if (typeof value === 'string') return value.includes('\0') ? path.join('.') || '_value' : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = nulPathOf(item, [...path, String(index)]);
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\0')) return [...path, key.replace(/\0/g, '\\0')].join('.');
      const found = nulPathOf(item, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}
