/**
 * PostgreSQL's `integer` bounds (identity columns are integers), without zod: modules the console
 * loads on first paint (a stored file's reference) use them without pulling in the validator.
 */

/** The largest value of PostgreSQL's `integer`. */
export const MAX_INT32 = 2_147_483_647;
/** The smallest value of PostgreSQL's `integer`. */
export const MIN_INT32 = -2_147_483_648;
