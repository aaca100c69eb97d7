import { MAX_INT32 } from './int32';

/**
 * How a person and the API name a stored file where a pipeline expects a path: `seedbed://files/<id>`,
 * in a parameter or a samplesheet cell. Where the file's bytes are on the server is the server's
 * business: it puts the path in the reference's place only when the engine is given the run's
 * parameters, so no answer of the API tells a client how the server's folders are laid out, and
 * a run's stored parameters keep saying which stored file it read. No zod here: the console's
 * launch form loads this on first paint (files.ts holds the reference's schema).
 */

export const FILE_REFERENCE_PREFIX = 'seedbed://files/';

const REFERENCE = /^seedbed:\/\/files\/([1-9]\d{0,9})$/;

/** The reference to stored file `id`. */
export const fileReference = (id: number): string => `${FILE_REFERENCE_PREFIX}${id}`;

/** The id a value refers to, or null when it is not a stored file's reference (a path, a number, anything else). */
export function fileIdOf(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const match = REFERENCE.exec(value.trim());
  const id = match ? Number(match[1]) : 0;
  return id > 0 && id <= MAX_INT32 ? id : null;
}

export const isFileReference = (value: unknown): value is string => fileIdOf(value) !== null;
