import { timingSafeEqual } from 'node:crypto';

/**
 * Whether two secrets (password hashes, signatures, keys) are equal, in a time that does not say
 * where they first differ. timingSafeEqual throws on lengths that differ; a length is no secret.
 */
export const sameBytes = (given: Uint8Array, expected: Uint8Array): boolean => given.length === expected.length && timingSafeEqual(given, expected);
