import { setImmediate as nextTurn } from 'node:timers/promises';
import type { z } from 'zod';
import { NUL_MESSAGE } from '../../../contract/fields';
import { templateColumns, type ImportProblem, type ImportReport, type ImportTemplate, type ImportWarning, type TemplateColumn } from '../../../contract/imports';
import type { Table } from './table-reader';
import { VOCABULARY_LABELS, type Vocabulary } from '../../../contract/import-vocabularies';
import { headerReadings, mapHeaders, normaliseRow, Translations, vocabularyNotes } from './vocabulary';

export type { ImportProblem, ImportReport, ImportWarning };

export interface ParsedRow<T> {
  row: number;
  values: T;
}

/** At most this many problems are listed; the report says how many more there were. */
export const MAX_LISTED_PROBLEMS = 1000;

/** Rows checked between turns of the event loop, so that other requests are answered while a large file is checked. */
const ROWS_PER_TURN = 250;

/** A message names at most this many rows of one duplicated name. */
const LISTED_ROWS = 20;

/** A template column's problem on one row, as a sentence that names the column and what to write instead. */
function problemSentence(column: TemplateColumn | undefined, name: string, issue: z.core.$ZodIssue, raw: string | undefined): string {
  if (raw === undefined || raw === '') {
    // The schema's own words for an empty value say what to write ("Required: an ISO 3166-1 alpha-3 country code such as MEX").
    const wanted = /^Required: (.+)$/.exec(issue.message)?.[1];
    if (wanted) return `${name} is empty; write ${wanted.replace(/\.$/, '')}.`;
    return `${name} is empty; it is required, so fill it in on this row${column?.example ? ` (for example ${column.example})` : ''}.`;
  }
  if (column && column.allowed.length > 0 && issue.code === 'invalid_value') {
    return `${name} '${raw}' is not an allowed value; write one of ${column.allowed.join(', ')}.`;
  }
  const rule = issue.message.replace(/\.$/, '');
  return `${name} '${raw}' is not accepted: ${rule.charAt(0).toLowerCase()}${rule.slice(1)}.`;
}

/**
 * Checks a table against a template: which vocabulary its headers speak (Seedbed's, BrAPI's or
 * Breedbase's), whether the required columns are there, then every row through the template's
 * schema after mapping its values to Seedbed's terms. Returns the rows that passed, every row's
 * cells in template terms (for checks across rows), and every problem by row and column.
 */
export async function checkTable<T>(
  table: Table,
  template: ImportTemplate,
  schema: z.ZodType<T>,
  /** Values for columns the file lacks or leaves empty (chosen in the import dialog, or the vocabulary's own default). */
  defaultsFor: (vocabulary: Vocabulary) => Record<string, string> = () => ({}),
): Promise<{ rows: Array<ParsedRow<T>>; cells: Array<ParsedRow<Record<string, string>>>; derived: Map<number, Record<string, string>>; report: ImportReport }> {
  const report: ImportReport = { rows: 0, errors: [...table.errors], warnings: [] };
  if (table.sheets) {
    report.sheets = table.sheets;
    report.sheet = table.sheet;
  }
  const columns = templateColumns(template);
  const mapping = mapHeaders(template.key, columns, table.headers);
  report.vocabulary = mapping.vocabulary;
  report.columns = mapping.columns;
  report.ignored = mapping.ignored;
  const defaults = defaultsFor(mapping.vocabulary);
  const provided = new Set([...mapping.targets.values(), ...Object.keys(defaults)]);
  const derivable: Record<string, string[]> = { genus: ['~crop', '~binomial'], countryCode: ['~countryName'], countryOfOriginCode: ['~countryName'], femaleParent: ['~parent1', '~parent2'] };
  // A missing required column is said once, for the file, not again on every row.
  const missing = new Set<string>();
  for (const column of columns) {
    if (!column.required || provided.has(column.name) || (derivable[column.name] ?? []).some((input) => provided.has(input))) continue;
    missing.add(column.name);
    report.errors.push({
      row: 1,
      column: column.name,
      message: `The required column '${column.name}' is missing; add it (see the template for its header and values)${mapping.vocabulary === 'seedbed' ? '' : `. This ${mapping.vocabulary === 'brapi' ? 'BrAPI' : 'Breedbase'} file has no column Seedbed reads as ${column.name}`}.`,
    });
  }
  for (const header of mapping.ignored) {
    const knownTo = mapping.unstored.get(header);
    report.warnings.push({
      row: 1,
      column: header,
      code: 'unknown-column',
      message: knownTo
        ? `Column '${header}' is a ${VOCABULARY_LABELS[knownTo]} field that Seedbed does not keep for ${template.key.replace('-', ' ')}; its cells will be ignored.`
        : `Column '${header}' is not one Seedbed, BrAPI or Breedbase names for this import; its cells will be ignored. If it should be imported, rename it as the template names it.`,
    });
  }

  const lists = new Set(columns.filter((column) => column.type.startsWith('list')).map((column) => column.name));
  const listHeaders = [...mapping.targets].flatMap(([header, target]) => (lists.has(target) ? [header] : []));
  const separator = listSeparatorOf(
    table.records.map((record) => record.cells),
    listHeaders,
  );
  report.notes = vocabularyNotes(mapping);
  for (const [column, value] of Object.entries(defaults)) report.notes.push(`Rows without ${column} get '${value}'.`);
  if (separator) {
    report.notes.push(`The lists in ${listHeaders.join(', ')} are separated by “${separator}” in this file${separator === ';' ? '' : ' (Seedbed’s own files use “;”)'}.`);
  }

  const byName = new Map(columns.map((column) => [column.name, column]));
  const readings = headerReadings(mapping, byName);
  const translations = new Translations();
  const rows: Array<ParsedRow<T>> = [];
  const cells: Array<ParsedRow<Record<string, string>>> = [];
  /** The derived inputs of the rows that have any (a BrAPI study's germplasm, a Breedbase plot's accession). */
  const derived = new Map<number, Record<string, string>>();
  for (const record of table.records) {
    const { row } = record;
    report.rows += 1;
    if (report.rows % ROWS_PER_TURN === 0) await nextTurn();
    const normalised = normaliseRow(row, record.cells, readings, byName, translations);
    for (const [column, value] of Object.entries(defaults)) normalised.values[column] ??= value;
    for (const problem of normalised.problems) report.errors.push(problem);
    if (normalised.derived !== null) derived.set(row, normalised.derived);
    // Every value is still text here (lists are split below), as the checks across rows read them.
    cells.push({ row, values: normalised.values });
    const input: Record<string, unknown> = {};
    let storable = true;
    for (const [column, cell] of Object.entries(normalised.values)) {
      if (cell.includes('\0')) {
        report.errors.push({ row, column, message: `${column}: ${NUL_MESSAGE}.` });
        storable = false;
      }
      input[column] = lists.has(column)
        ? cell
            .split(separator ?? ';')
            .map((part) => part.trim())
            .filter(Boolean)
        : cell;
    }
    if (!storable) continue;
    const result = schema.safeParse(input);
    if (result.success) {
      rows.push({ row, values: result.data });
      continue;
    }
    // A column whose value could not be translated (a country name Seedbed does not know) is said once, by that problem.
    const said = new Set<string>(normalised.problems.map((problem) => problem.column));
    for (const issue of result.error.issues) {
      const column = String(issue.path[0] ?? '');
      if (missing.has(column) || said.has(column)) continue;
      said.add(column);
      report.errors.push({ row, column, message: problemSentence(byName.get(column), column, issue, normalised.values[column]) });
    }
  }
  report.notes.push(...translations.notes());
  return { rows, cells, derived, report };
}

/**
 * The separator a file's list cells use: “;” (Seedbed's), “|”, or “,” (Breedbase's), the first
 * of those any list cell holds; null when no cell holds a list. A file with “;” anywhere is read
 * with “;” only, so a comma inside a name stays in it.
 */
export function listSeparatorOf(records: Array<Record<string, string>>, listColumns: string[]): ';' | '|' | ',' | null {
  const found = new Set<string>();
  for (const record of records) {
    for (const column of listColumns) {
      const cell = record[column];
      if (!cell) continue;
      if (cell.includes(';')) return ';';
      if (cell.includes('|')) found.add('|');
      else if (cell.includes(',')) found.add(',');
    }
  }
  return found.has('|') ? '|' : found.has(',') ? ',' : null;
}

/** Errors for names that appear more than once in the file (valid rows or not), naming every row. */
export function duplicateNamesInFile<T>(rows: Array<ParsedRow<T>>, nameOf: (values: T) => string, column: string, noun: string): ImportProblem[] {
  // Each name's rows in one list that grows in place: linear however often a name repeats.
  const byName = new Map<string, { name: string; rows: number[] }>();
  for (const { row, values } of rows) {
    const name = nameOf(values).trim();
    const key = name.toLowerCase();
    if (!key) continue;
    const found = byName.get(key);
    if (found) found.rows.push(row);
    else byName.set(key, { name, rows: [row] });
  }
  const problems: ImportProblem[] = [];
  for (const { name, rows: found } of byName.values()) {
    if (found.length < 2) continue;
    const listed = found.length > LISTED_ROWS ? `${found.slice(0, LISTED_ROWS).join(', ')} and ${(found.length - LISTED_ROWS).toLocaleString('en')} more` : found.join(', ');
    problems.push({
      row: found[0]!,
      column,
      message: `${noun} '${name}' appears ${found.length.toLocaleString('en')} times in the file (rows ${listed}); names must be unique, so keep one row and delete the others.`,
    });
  }
  return problems;
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
