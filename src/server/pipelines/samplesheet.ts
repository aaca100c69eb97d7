import fs from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import type { ErrorObject } from 'ajv/dist/2020.js';
import { isRemoteLocation } from '../runs/outputs';
import { compileParamsSchema } from './params-validation';

/**
 * What nf-schema checks on the pipeline side, checked here before launch where Seedbed can see
 * the data: a samplesheet parameter with a `schema` (nf-core's assets/schema_input.json) is read
 * and validated row by row — values typed as nf-schema types them, `exists: true` file columns
 * looked for — so a bad row is named on the form instead of failing the run minutes later.
 */

interface ItemSchema {
  properties?: Record<string, { type?: string | string[]; format?: string; exists?: boolean; errorMessage?: string; meta?: unknown }>;
  required?: string[];
}

const MAX_REPORTED_ROWS = 5;

/** A CSV or TSV cell as nf-schema reads it: empty → absent, then the property's type. */
function typed(value: string, type: string | string[] | undefined): unknown {
  const types = Array.isArray(type) ? type : type ? [type] : ['string'];
  const text = value.trim();
  if (types.includes('integer') && /^[-+]?\d+$/.test(text)) return Number(text);
  if (types.includes('number') && text !== '' && Number.isFinite(Number(text))) return Number(text);
  if (types.includes('boolean') && /^(true|false)$/i.test(text)) return text.toLowerCase() === 'true';
  return text;
}

function describe(error: ErrorObject): string {
  if (error.keyword === 'errorMessage' || error.keyword === 'required') {
    const missing = error.keyword === 'required' ? (error.params as { missingProperty: string }).missingProperty : null;
    return missing ? `${missing} is required` : `${error.instancePath.replace(/^\//, '')}: ${error.message}`;
  }
  const column = error.instancePath.replace(/^\//, '');
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'pattern') return `${column} must match ${String(params.pattern)}`;
  if (error.keyword === 'type') return `${column} must be ${params.type === 'integer' ? 'a whole number' : `a ${String(params.type)}`}`;
  if (error.keyword === 'enum') return `${column} must be one of ${(params.allowedValues as unknown[]).map(String).join(', ')}`;
  return `${column} ${error.message ?? 'is invalid'}`;
}

/**
 * The problems of a samplesheet against its schema, in words for the form, or null when it is
 * fine. `baseDir` resolves relative paths in file columns (the run's folder).
 */
export function samplesheetProblems(file: string, schemaFile: string, baseDir: string): string | null {
  let schema: { items?: ItemSchema };
  try {
    schema = JSON.parse(fs.readFileSync(schemaFile, 'utf8'));
  } catch (error) {
    return `Its schema ${path.basename(schemaFile)} cannot be read (${error instanceof Error ? error.message : String(error)}); ask your administrator to fix the pipeline.`;
  }
  const items = schema.items ?? {};
  const { $schema: _schema, ...itemSchema } = items as ItemSchema & { $schema?: string };
  const validate = compileParamsSchema({ ...itemSchema, type: 'object' }).validate;
  const text = fs.readFileSync(file, 'utf8');
  const delimiter = /\.tsv$/i.test(file) ? '\t' : ',';
  const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true, delimiter, transformHeader: (header) => header.trim() });
  if (parsed.data.length === 0) return `${path.basename(file)} has no rows under its header.`;
  const properties = itemSchema.properties ?? {};
  const unknown = (parsed.meta.fields ?? []).filter((field) => !(field in properties));
  const problems: string[] = [];
  let bad = 0;
  for (const [index, row] of parsed.data.entries()) {
    const values: Record<string, unknown> = {};
    for (const [column, value] of Object.entries(row)) {
      if (value === undefined || value.trim() === '') continue;
      values[column] = typed(value, properties[column]?.type);
    }
    const rowProblems: string[] = [];
    if (!validate(values)) rowProblems.push(...[...new Set((validate.errors ?? []).map(describe))]);
    for (const [column, property] of Object.entries(properties)) {
      const value = values[column];
      if (!property.exists || typeof value !== 'string' || isRemoteLocation(value)) continue;
      if (!fs.existsSync(path.resolve(baseDir, value))) rowProblems.push(`${column}: no file at ${value} on this server`);
    }
    if (rowProblems.length > 0) {
      bad += 1;
      if (problems.length < MAX_REPORTED_ROWS) problems.push(`row ${index + 2}: ${rowProblems.join('; ')}`);
    }
  }
  if (bad === 0) return null;
  const more = bad > MAX_REPORTED_ROWS ? `; and ${bad - MAX_REPORTED_ROWS} more rows` : '';
  const columns = unknown.length > 0 ? ` (columns the schema does not know: ${unknown.join(', ')})` : '';
  return `${bad} of ${parsed.data.length} rows of ${path.basename(file)} do not fit the pipeline's samplesheet schema${columns}: ${problems.join(' · ')}${more}.`;
}

/**
 * Whether a value names a location this server does not read for the run (s3://, https://):
 * Nextflow fetches those itself. `file://` is a path on this server like any other.
 */
export const isRemoteInput = (value: string) => isRemoteLocation(value) && !/^file:/i.test(value);

/** A cell of a samplesheet that names a file: its row (as a spreadsheet numbers it), column and value. */
export interface SamplesheetPath {
  row: number;
  column: string;
  value: string;
}

const PATH_FORMATS = new Set(['file-path', 'directory-path', 'path', 'file-path-pattern']);

/** Whether a cell of a sheet without a schema reads as a path: absolute, with a folder, or naming a file beside the sheet. */
function looksLikePath(value: string, baseDir: string): boolean {
  if (path.isAbsolute(value) || value.includes('/') || value.includes('\\')) return true;
  return fs.lstatSync(path.resolve(baseDir, value), { throwIfNoEntry: false }) !== undefined;
}

/**
 * Every cell of a samplesheet that a pipeline would open as a file. With the pipeline's schema
 * (nf-core's schema_input.json), the columns it types as paths; without one, any cell that reads
 * as a path, since the pipeline's own code decides which columns it opens. Remote locations
 * (s3://, https://) are left out: this server does not read them.
 */
export function samplesheetPaths(file: string, schemaFile: string | null, baseDir: string): SamplesheetPath[] {
  let pathColumns: Set<string> | null = null;
  if (schemaFile) {
    try {
      const schema = JSON.parse(fs.readFileSync(schemaFile, 'utf8')) as { items?: ItemSchema };
      const properties = Object.entries(schema.items?.properties ?? {});
      pathColumns = new Set(properties.filter(([, property]) => property.exists || PATH_FORMATS.has(property.format ?? '')).map(([column]) => column));
    } catch {
      // An unreadable schema is reported by samplesheetProblems; every cell is looked at meanwhile.
      pathColumns = null;
    }
  }
  const delimiter = /\.tsv$/i.test(file) ? '\t' : ',';
  const parsed = Papa.parse<Record<string, string>>(fs.readFileSync(file, 'utf8'), { header: true, skipEmptyLines: true, delimiter, transformHeader: (header) => header.trim() });
  const paths: SamplesheetPath[] = [];
  for (const [index, row] of parsed.data.entries()) {
    for (const [column, cells] of Object.entries(row)) {
      // Cells past the header's last column arrive as one list (Papa's __parsed_extra).
      for (const cell of Array.isArray(cells) ? (cells as unknown[]) : [cells]) {
        const value = typeof cell === 'string' ? cell.trim() : '';
        if (!value || isRemoteInput(value)) continue;
        if (pathColumns ? pathColumns.has(column) : looksLikePath(value, baseDir)) paths.push({ row: index + 2, column, value });
      }
    }
  }
  return paths;
}
