import type { Ajv2020 } from 'ajv/dist/2020.js';
import addErrors from 'ajv-errors';
import addFormats from 'ajv-formats';

/** A CommonJS module's default export, which arrives wrapped under `default` when imported from ESM. */
const defaultOf = <T>(imported: T): T => (imported as T & { default?: T }).default ?? imported;

/** JSON Schema's formats (date-time, uri, email…) on `ajv`, as ajv-formats defines them. */
export const addJsonSchemaFormats = (ajv: Ajv2020): void => void defaultOf(addFormats)(ajv);

/** ajv-errors' `errorMessage` keyword on `ajv` (nf-core schemas give their own messages with it). */
export const addErrorMessages = (ajv: Ajv2020): void => void defaultOf(addErrors)(ajv);
