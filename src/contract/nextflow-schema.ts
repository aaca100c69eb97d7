/**
 * The nf-core `nextflow_schema.json` format (JSON Schema draft 2020-12 with nf-core's keywords),
 * as the catalogue checks it, the launch form draws it and the reference documents it.
 */

export interface SchemaProperty {
  type?: string | string[];
  description?: string;
  help_text?: string;
  default?: unknown;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  pattern?: string;
  errorMessage?: string;
  format?: string;
  mimetype?: string;
  hidden?: boolean;
  fa_icon?: string;
}

export interface SchemaGroup {
  title: string;
  description?: string;
  help_text?: string;
  fa_icon?: string;
  required?: string[];
  properties: Record<string, SchemaProperty>;
}

/** Groups under `$defs`, joined by `allOf` (a type, so that it is a plain JSON object to the API's response types). */
export type NextflowSchema = {
  $schema: string;
  title: string;
  description?: string;
  $defs: Record<string, SchemaGroup>;
  allOf: Array<{ $ref: string }>;
};

/** A schema as the API serves it; older nf-core schemas use `definitions` and top-level properties. */
export interface PipelineSchema {
  title?: string;
  description?: string;
  $defs?: Record<string, SchemaGroup>;
  definitions?: Record<string, SchemaGroup>;
  allOf?: Array<{ $ref: string }>;
  properties?: Record<string, SchemaProperty>;
  required?: string[];
}
