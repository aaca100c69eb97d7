import { z } from 'zod';
import { MAX_INT32 } from './fields';

/**
 * How a person and the API name a stored file where a pipeline expects a path: `seedbed://files/<id>`,
 * in a parameter or a samplesheet cell. Where the file's bytes are on the server is the server's
 * business: it puts the path in the reference's place only when the engine is given the run's
 * parameters, so no answer of the API tells a client how the server's folders are laid out, and
 * a run's stored parameters keep saying which stored file it read.
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

export const fileReferenceSchema = z
  .string()
  .refine(isFileReference, `A stored file's reference: ${FILE_REFERENCE_PREFIX} followed by its id, e.g. ${FILE_REFERENCE_PREFIX}12`)
  .describe(`A stored file as a run's parameter or a samplesheet cell names it: ${FILE_REFERENCE_PREFIX}<id>`);
