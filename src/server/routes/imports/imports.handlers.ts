import type { RouteHandler } from '@hono/zod-openapi';
import { count, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { ImportableResource } from '../../../contract/breeding-codes';
import { accessionInputSchema, fileTypeInputSchema, projectInputSchema, siteInputSchema } from '../../../contract/breeding';
import { experimentImportSchema, IMPORT_TEMPLATES, type ImportTemplate, type importQuerySchema } from '../../../contract/imports';
import { NAME_FIELDS } from '../../../contract/list-definitions';
import { bulkInsert } from '../../db/bulk-insert';
import type { Database } from '../../db/client';
import { FOREIGN_KEY_VIOLATION, sqlState, UNIQUE_VIOLATION } from '../../db/errors';
import { accessions, experiments, fileTypes, projects, sites } from '../../db/schema';
import { DomainError } from '../../domain-errors';
import type { AppEnv } from '../../http/context';
import { describeError, type Logger } from '../../log';
import { importCrossPlans } from './cross-plan-import';
import { importPedigrees } from './pedigree-import';
import { mergeExperimentRows, resolveExperimentReferences, sayObservationsAreLeftOut, writeExperiments } from './experiment-import';
import { headerKey, type Vocabulary } from '../../../contract/import-vocabularies';
import type { ImportRoute } from './imports.routes';
import { accessionsBySynonym, anyOf, chunks, existingByLowerName, synonymClashes, synonymClashMessage } from './lookups';
import { findNearDuplicates, nameKey, nameKeySql } from './near-duplicates';
import { checkTable, duplicateNamesInFile, truncate, type ImportReport, type ParsedRow } from './table-import';
import type { Table } from './table-reader';
import { readTable } from './table-workers';

/** Up to this many existing rows, near-duplicates include one-character differences. */
const FULL_NEAR_DUPLICATE_LIMIT = 200_000;

type Rows = Array<ParsedRow<Record<string, unknown>>>;

interface ImportTarget {
  /** The lists whose rows are records of their own table; cross plans and pedigrees have imports of their own. */
  resource: Exclude<ImportableResource, 'cross-plans' | 'pedigrees'>;
  noun: string;
  table: PgTable;
  /** The column of its name; the name's field is the list's (NAME_FIELDS). */
  nameColumn: AnyPgColumn;
  schema: z.ZodType<Record<string, unknown>>;
  /** Accessions: warn when a new name is an existing accession's synonym. */
  synonyms?: boolean;
  /** Optional codes checked against those already in use: a new one is a warning (a typo, or a real new code). */
  knownCodes?: { field: string; column: AnyPgColumn; label: string };
  /** Rows that describe one record together (experiments: a row per plot); without it, a name twice is an error. */
  merge?: (rows: Rows, derived: Map<number, Record<string, string>>, report: ImportReport) => Rows;
  /** Turns named references into ids; unknown names become errors. */
  resolve?: (db: Database, rows: Rows, report: ImportReport) => Promise<void>;
  /** Values for columns a vocabulary's files lack: Breedbase's trial type is optional, and its trials are phenotyping trials. */
  defaultsFor?: (vocabulary: Vocabulary, headers: string[]) => Record<string, string>;
  /** Says more of the columns the import leaves out (a trial's observations). */
  explainIgnored?: (table: Table, report: ImportReport) => void;
  /** Writes the rows in the transaction; the default inserts them into the table. */
  write?: (tx: Database, rows: Rows) => Promise<number>;
}

const TARGETS: ImportTarget[] = [
  {
    resource: 'accessions',
    noun: 'Accession',
    table: accessions,
    nameColumn: accessions.germplasmName,
    schema: accessionInputSchema,
    synonyms: true,
    knownCodes: { field: 'instituteCode', column: accessions.instituteCode, label: 'Institute code' },
  },
  { resource: 'sites', noun: 'Site', table: sites, nameColumn: sites.locationName, schema: siteInputSchema },
  { resource: 'projects', noun: 'Project', table: projects, nameColumn: projects.name, schema: projectInputSchema },
  { resource: 'file-types', noun: 'File type', table: fileTypes, nameColumn: fileTypes.name, schema: fileTypeInputSchema },
  {
    resource: 'experiments',
    noun: 'Experiment',
    table: experiments,
    nameColumn: experiments.name,
    schema: experimentImportSchema,
    merge: mergeExperimentRows,
    defaultsFor: (vocabulary, headers): Record<string, string> => (vocabulary === 'breedbase' && !headers.some((header) => headerKey(header) === 'trialtype') ? { studyType: 'phenotyping' } : {}),
    resolve: resolveExperimentReferences,
    explainIgnored: sayObservationsAreLeftOut,
    write: writeExperiments,
  },
];

export const IMPORT_TARGET_RESOURCES = TARGETS.map((target) => target.resource);

async function warnAboutSimilarNames(db: Database, target: ImportTarget, rows: Rows, report: ImportReport) {
  const nameField = NAME_FIELDS[target.resource];
  const names = rows.map((row) => String(row.values[nameField]));
  const [total] = await db.select({ value: count() }).from(target.table);
  let similar: Map<string, string>;
  if ((total?.value ?? 0) <= FULL_NEAR_DUPLICATE_LIMIT) {
    const existing = (await db.select({ name: target.nameColumn }).from(target.table)).map((row) => String(row.name));
    similar = findNearDuplicates(names, existing);
  } else {
    // A very large table: compare by key in the database (case, spacing, punctuation), not by one-character edits.
    similar = new Map();
    const keyOf = nameKeySql(target.nameColumn);
    const namesByKey = new Map<string, string[]>();
    for (const name of names) {
      const key = nameKey(name);
      const same = namesByKey.get(key);
      if (same) same.push(name);
      else namesByKey.set(key, [name]);
    }
    for (const part of chunks([...namesByKey.keys()])) {
      for (const row of await db.select({ name: target.nameColumn, key: keyOf }).from(target.table).where(anyOf(keyOf, part))) {
        for (const name of namesByKey.get(String(row.key)) ?? []) if (name !== row.name) similar.set(name, String(row.name));
      }
    }
  }
  for (const entry of rows) {
    const name = String(entry.values[nameField]);
    const match = similar.get(name);
    if (match && match.toLowerCase() !== name.toLowerCase()) {
      report.warnings.push({
        row: entry.row,
        column: nameField,
        code: 'near-duplicate',
        message: `'${name}' looks like the existing ${target.noun.toLowerCase()} '${match}' (differs only by case, spacing or one character); accept the warning if they are different.`,
      });
    }
  }
  if (target.synonyms) {
    const bySynonym = await accessionsBySynonym(db, names);
    for (const entry of rows) {
      const owner = bySynonym.get(String(entry.values[nameField]).toLowerCase())?.name;
      if (owner)
        report.warnings.push({
          row: entry.row,
          column: nameField,
          code: 'synonym',
          message: `'${String(entry.values[nameField])}' is a synonym of the existing accession '${owner}'; accept the warning if it is a different accession.`,
        });
    }
  }
}

/**
 * Accessions: a synonym must lead to one accession only, so one that another accession has (its
 * name or a synonym, in the database or on another row of the file) is an error on its row.
 */
async function refuseSynonymClashes(db: Database, rows: Rows, nameField: string, report: ImportReport) {
  const synonymsOf = (row: Rows[number]) => (row.values.synonyms as string[] | undefined) ?? [];
  const clashes = await synonymClashes(db, rows.flatMap(synonymsOf));
  // In the file: each name and synonym (lower-cased) → the row's accession that first has it.
  const inFile = new Map<string, { name: string; as: 'name' | 'synonym' }>();
  for (const row of rows) inFile.set(String(row.values[nameField]).toLowerCase(), { name: String(row.values[nameField]), as: 'name' });
  for (const row of rows) {
    const name = String(row.values[nameField]);
    for (const synonym of synonymsOf(row)) {
      const key = synonym.toLowerCase();
      const earlier = inFile.get(key);
      const owner = clashes.get(key) ?? (earlier && earlier.name.toLowerCase() !== name.toLowerCase() ? earlier : undefined);
      if (owner) report.errors.push({ row: row.row, column: 'synonyms', message: synonymClashMessage(synonym, owner) });
      else if (!earlier) inFile.set(key, { name, as: 'synonym' });
    }
  }
}

/** Codes nobody has used yet (once some are in use): worth a second look before they spread. */
async function warnAboutUnknownCodes(db: Database, table: PgTable, codes: NonNullable<ImportTarget['knownCodes']>, rows: Rows, report: ImportReport) {
  const [inUse] = await db.select({ value: count() }).from(table).where(sql`${codes.column} is not null`);
  if (!inUse?.value) return;
  const wanted = [...new Set(rows.flatMap((row) => (row.values[codes.field] ? [String(row.values[codes.field])] : [])))];
  const known = new Set<string>();
  for (const part of chunks(wanted)) {
    for (const row of await db.selectDistinct({ code: codes.column }).from(table).where(inArray(codes.column, part))) known.add(String(row.code));
  }
  for (const entry of rows) {
    const code = entry.values[codes.field];
    if (code && !known.has(String(code))) {
      report.warnings.push({ row: entry.row, column: codes.field, code: 'unknown-code', message: `${codes.label} '${String(code)}' is not used by any existing record; check that it is right.` });
    }
  }
}

/** Rolls back and says so when writing fails part-way, in the user's terms (the database's words name tables and constraints, not rows). */
export async function writeAllOrNothing(log: Logger, context: Record<string, unknown>, write: () => Promise<number>): Promise<number> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof DomainError) throw error;
    log.warn('An import was rolled back', { ...context, error: describeError(error) });
    const state = sqlState(error);
    if (state === UNIQUE_VIOLATION)
      throw new DomainError(
        'conflict',
        'The import was rolled back and no rows were written: a record with one of these names was added while the file was being imported. Validate the file again to see which.',
      );
    if (state === FOREIGN_KEY_VIOLATION)
      throw new DomainError(
        'conflict',
        'The import was rolled back and no rows were written: a record the file refers to was deleted while the file was being imported. Validate the file again to see which.',
      );
    throw new DomainError(
      'conflict',
      'The import was rolled back and no rows were written: the database refused one of the rows. Validate the file again; if it passes and this happens again, ask your administrator to look for this request in the server log.',
    );
  }
}

/** A commit with warnings not accepted is refused (unknown columns are said, and never stop one). */
function refuseUnacceptedWarnings(report: ImportReport, acceptWarnings: 'true' | 'false'): void {
  const blocking = report.warnings.filter((warning) => warning.code !== 'unknown-column');
  if (blocking.length > 0 && acceptWarnings !== 'true') {
    throw new DomainError('conflict', `The file has ${blocking.length} warning(s); accept them to import, or fix the rows. Nothing was imported.`);
  }
}

export function rejectWithReport(report: ImportReport): never {
  throw DomainError.withDetails('invalid', `The file has ${report.errors.length} error(s); nothing was imported. Fix them and import the file again.`, { report: truncate(report) });
}

const templateOf = (key: string): ImportTemplate => IMPORT_TEMPLATES.find((entry) => entry.key === key)!;

/** The import of one of the five lists whose rows are records of their own table. */
function importHandler(target: ImportTarget): RouteHandler<ImportRoute, AppEnv> {
  const template = templateOf(target.resource);
  const nameField = NAME_FIELDS[target.resource];
  return async (c) => {
    const { db, log } = c.get('deps');
    const query = c.req.valid('query');
    const phases: Record<string, number> = {};
    let phaseStart = performance.now();
    const lap = (phase: string) => {
      phases[phase] = Math.round(performance.now() - phaseStart);
      phaseStart = performance.now();
    };
    const table = await readTable(await c.req.arrayBuffer(), query.sheet);
    const checked = await checkTable(table, template, target.schema, (vocabulary) => target.defaultsFor?.(vocabulary, table.headers) ?? {});
    const { report } = checked;
    target.explainIgnored?.(table, report);
    lap('parse');
    if (report.rows === 0 && report.errors.length === 0) report.errors.push({ row: 1, column: '', message: 'The file has a header but no rows; add one row per record below the header.' });
    let rows: Rows = checked.rows;
    if (target.merge) {
      rows = target.merge(rows, checked.derived, report);
      report.records = rows.length;
    } else for (const problem of duplicateNamesInFile(checked.cells, (values) => values[nameField] ?? '', nameField, target.noun)) report.errors.push(problem);
    const existing = await existingByLowerName(
      db,
      target.table,
      target.nameColumn,
      target.nameColumn,
      rows.map((row) => String(row.values[nameField])),
    );
    for (const entry of rows) {
      const name = String(entry.values[nameField]);
      if (existing.has(name.toLowerCase()))
        report.errors.push({
          row: entry.row,
          column: nameField,
          message: `${target.noun} '${name}' already exists; remove this row, or rename it if it is a different ${target.noun.toLowerCase()}.`,
        });
    }
    if (target.synonyms) await refuseSynonymClashes(db, rows, nameField, report);
    lap('existing names');
    await target.resolve?.(db, rows, report);
    await warnAboutSimilarNames(db, target, rows, report);
    if (target.knownCodes) await warnAboutUnknownCodes(db, target.table, target.knownCodes, rows, report);
    lap('warnings');
    report.errors.sort((a, b) => a.row - b.row);
    report.warnings.sort((a, b) => a.row - b.row);

    if (query.commit !== 'true') {
      log.debug('Import checked', { resource: target.resource, rows: report.rows, phasesMs: phases });
      return c.json({ report: truncate(report) }, 200);
    }
    if (report.errors.length > 0) rejectWithReport(report);
    refuseUnacceptedWarnings(report, query.acceptWarnings);
    const created = await writeAllOrNothing(log, { requestId: c.get('requestId'), path: c.req.path }, () =>
      db.transaction(async (tx) => {
        if (target.write) return target.write(tx, rows);
        await bulkInsert(
          tx,
          target.table,
          rows.map((row) => row.values),
        );
        return rows.length;
      }),
    );
    lap('commit');
    log.info('Import committed', { resource: target.resource, rows: created, phasesMs: phases });
    return c.json({ report: truncate({ ...report, created }) }, 201);
  };
}

export const recordImports = TARGETS.map((target) => ({ resource: target.resource, handler: importHandler(target) }));

/**
 * An import that reads its file its own way (`importWith` checks, and with `commit` gives the
 * write): the report, or the rows written in one transaction; warnings other than unknown
 * columns must be accepted first, as for the lists' imports.
 */
function ownImport(
  importWith: (db: Database, table: Table, query: z.infer<typeof importQuerySchema>, commit: boolean) => Promise<{ report: ImportReport; write?: () => Promise<number> }>,
): RouteHandler<ImportRoute, AppEnv> {
  return async (c) => {
    const { db, log } = c.get('deps');
    const query = c.req.valid('query');
    const commit = query.commit === 'true';
    const table = await readTable(await c.req.arrayBuffer(), query.sheet);
    const { report, write } = await importWith(db, table, query, commit);
    if (!commit) return c.json({ report: truncate(report) }, 200);
    if (!write) rejectWithReport(report);
    refuseUnacceptedWarnings(report, query.acceptWarnings);
    const created = await writeAllOrNothing(log, { requestId: c.get('requestId'), path: c.req.path }, write);
    return c.json({ report: truncate({ ...report, created }) }, 201);
  };
}

/** Cross plans with their planned crosses: one row per cross, rows sharing a plan name form one plan. */
export const crossPlanImport = ownImport((db, table, query, commit) => {
  const defaults = { ...(query.crossPlan ? { crossPlan: query.crossPlan } : {}), ...(query.project ? { project: query.project } : {}) };
  return importCrossPlans(db, table, templateOf('cross-plans'), commit, defaults);
});

/** The parents of existing accessions, one row per accession (Breedbase's pedigree upload). */
export const pedigreeImport = ownImport((db, table, _query, commit) => importPedigrees(db, table, templateOf('pedigrees'), commit));
