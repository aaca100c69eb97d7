import Papa from 'papaparse';
import type { z } from 'zod';
import { fieldErrorsFromIssues } from '../../../contract/errors';
import { restoreFormula } from '../../../contract/csv-cells';
import { NUL_MESSAGE } from '../../../contract/fields';
import { templateColumns, type ImportProblem, type ImportReport, type ImportTemplate, type ImportWarning } from '../../../contract/imports';

export type { ImportProblem, ImportReport, ImportWarning };

export interface ParsedRow<T> {
  row: number;
  values: T;
}

/** At most this many problems are listed; the report says how many more there were. */
export const MAX_LISTED_PROBLEMS = 1000;

/**
 * Reads a CSV against a template: header checks, then every row through the template's schema.
 * Returns the rows that passed, and every problem by row and column.
 */
export function parseCsv<T>(text: string, template: ImportTemplate, schema: z.ZodType<T>): { rows: Array<ParsedRow<T>>; cells: Array<ParsedRow<Record<string, string>>>; report: ImportReport } {
  const report: ImportReport = { rows: 0, errors: [], warnings: [] };
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: 'greedy', transformHeader: (header) => header.trim() });
  for (const error of parsed.errors.slice(0, 20)) {
    report.errors.push({ row: (error.row ?? 0) + 2, column: '', message: `The CSV cannot be read here: ${error.message}.` });
  }
  const columns = templateColumns(template);
  const known = new Set(columns.map((column) => column.name));
  const headers = parsed.meta.fields ?? [];
  // A missing required column is said once, for the file, not again on every row.
  const missing = new Set<string>();
  for (const column of columns) {
    if (column.required && !headers.includes(column.name)) {
      missing.add(column.name);
      report.errors.push({ row: 1, column: column.name, message: `The required column '${column.name}' is missing; download the template for the expected header.` });
    }
  }
  for (const header of headers) {
    if (!known.has(header)) report.warnings.push({ row: 1, column: header, code: 'unknown-column', message: `Column '${header}' is not part of the template and will be ignored.` });
  }
  const lists = new Set(columns.filter((column) => column.type.startsWith('list')).map((column) => column.name));
  const separator = listSeparatorOf(parsed.data, [...lists]);
  if (separator) {
    const names = [...lists].filter((column) => headers.includes(column)).join(', ');
    report.notes = [`The lists in ${names} are separated by “${separator}” in this file${separator === ';' ? '' : ' (Seedbed’s own files use “;”)'}.`];
  }

  const rows: Array<ParsedRow<T>> = [];
  const cells = parsed.data.map((record, index) => ({ row: index + 2, values: record }));
  parsed.data.forEach((record, index) => {
    const row = index + 2;
    report.rows += 1;
    const input: Record<string, unknown> = {};
    let storable = true;
    for (const column of columns) {
      // An exported cell that would be a formula carries a leading quote; it is taken off here.
      const cell = restoreFormula(record[column.name]?.trim() ?? '');
      if (cell === '') continue;
      if (cell.includes('\0')) {
        report.errors.push({ row, column: column.name, message: NUL_MESSAGE });
        storable = false;
      }
      input[column.name] = lists.has(column.name)
        ? cell
            .split(separator ?? ';')
            .map((part) => part.trim())
            .filter(Boolean)
        : cell;
    }
    if (!storable) return;
    const result = schema.safeParse(input);
    if (result.success) {
      rows.push({ row, values: result.data });
    } else {
      for (const [column, message] of Object.entries(fieldErrorsFromIssues(result.error.issues))) {
        if (missing.has(column.split('.')[0]!)) continue;
        report.errors.push({ row, column: column.split('.')[0]!, message: `${message}${record[column.split('.')[0]!] ? ` (got "${record[column.split('.')[0]!]}")` : ''}` });
      }
    }
  });
  return { rows, cells, report };
}

/**
 * The separator a file's list cells use: “;” (Seedbed's), “|”, or “,” (Breedbase's), the first
 * of those any list cell holds; null when no cell holds a list. A file with “;” anywhere is read
 * with “;” only, so a comma inside a name stays in it.
 */
export function listSeparatorOf(records: Array<Record<string, string>>, listColumns: string[]): ';' | '|' | ',' | null {
  const cells = records.flatMap((record) => listColumns.map((column) => record[column] ?? ''));
  for (const separator of [';', '|', ','] as const) if (cells.some((cell) => cell.includes(separator))) return separator;
  return null;
}

/** Errors for names that appear more than once in the file (valid rows or not), naming every row. */
export function duplicateNamesInFile<T>(rows: Array<ParsedRow<T>>, nameOf: (values: T) => string, column: string, noun: string): ImportProblem[] {
  const byName = new Map<string, number[]>();
  for (const { row, values } of rows) {
    const key = nameOf(values).trim().toLowerCase();
    if (!key) continue;
    byName.set(key, [...(byName.get(key) ?? []), row]);
  }
  return [...byName.entries()]
    .filter(([, found]) => found.length > 1)
    .map(([, found]) => {
      const name = nameOf(rows.find((entry) => entry.row === found[0])!.values).trim();
      return { row: found[0]!, column, message: `${noun} '${name}' appears ${found.length} times in the file (rows ${found.join(', ')}); names must be unique.` };
    });
}

export function truncate(report: ImportReport): ImportReport {
  const hiddenErrors = Math.max(0, report.errors.length - MAX_LISTED_PROBLEMS);
  const hiddenWarnings = Math.max(0, report.warnings.length - MAX_LISTED_PROBLEMS);
  return {
    ...report,
    errors: report.errors.slice(0, MAX_LISTED_PROBLEMS),
    warnings: report.warnings.slice(0, MAX_LISTED_PROBLEMS),
    ...(hiddenErrors || hiddenWarnings ? { truncated: { errors: hiddenErrors, warnings: hiddenWarnings } } : {}),
  };
}
