/**
 * A table of measured traits (`id` and one column per trait): the reference values a prediction
 * model is trained on. Numeric columns are traits; missing values are empty, NA, NaN, . or null.
 */
import fs from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';

const MISSING_VALUES = new Set(['', 'NA', 'NaN', 'na', 'nan', '.', 'null']);

/** Whether a table cell holds no value (empty, NA, NaN, . or null, spaces aside). */
export const isMissing = (text: string | undefined) => MISSING_VALUES.has((text ?? '').trim());

/** Whether a column holds numbers: at least one value, and every value a number or missing. */
export const isNumericColumn = (rows: Array<Record<string, string>>, column: string) =>
  rows.some((row) => !isMissing(row[column])) && rows.every((row) => isMissing(row[column]) || Number.isFinite(Number(row[column])));

export interface TraitTable {
  rows: Array<Record<string, string>>;
  traits: string[];
  /** Columns left out because they hold text. */
  ignored: string[];
}

export function readTraitTable(file: string, designColumns: string[] = ['id']): TraitTable {
  const parsed = Papa.parse<Record<string, string>>(fs.readFileSync(file, 'utf8'), { header: true, skipEmptyLines: true, transformHeader: (header) => header.trim() });
  const fields = parsed.meta.fields ?? [];
  if (!fields.includes('id')) throw new Error(`${path.basename(file)} needs an id column naming each individual or sample as the other input does (found: ${fields.join(', ')}).`);
  const candidates = fields.filter((field) => !designColumns.includes(field));
  const traits = candidates.filter((field) => isNumericColumn(parsed.data, field));
  if (traits.length === 0) throw new Error(`${path.basename(file)} has no numeric trait column besides id; give one column per trait.`);
  return { rows: parsed.data, traits, ignored: candidates.filter((field) => !traits.includes(field)) };
}

/** The rows with a value of the trait whose id is known, with the ids and values. */
export function traitValues(table: TraitTable, trait: string, known: (id: string) => boolean) {
  const rows = table.rows.filter((row) => !isMissing(row[trait]) && known((row.id ?? '').trim()));
  return { ids: rows.map((row) => row.id!.trim()), y: Float64Array.from(rows, (row) => Number(row[trait])) };
}
