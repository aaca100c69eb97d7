/** The SQLSTATE of a database error, from PGlite, postgres.js, or drizzle's wrapper around them. */
export function sqlState(error: unknown): string | undefined {
  for (let current = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; current && depth < 5; current = current.cause as typeof current, depth += 1) {
    if (typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) return current.code;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';

/** SQLSTATE class 22, data exception: a value out of range, a bad date, a NUL byte in text. */
export const isDataException = (error: unknown) => sqlState(error)?.startsWith('22') ?? false;
