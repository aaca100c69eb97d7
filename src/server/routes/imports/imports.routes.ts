import { createRoute, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { count, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { IMPORT_TEMPLATES, experimentImportSchema, importResultSchema } from '../../../contract/imports';
import { accessionInputSchema, fileTypeInputSchema, projectInputSchema, siteInputSchema } from '../../../contract/breeding';
import { bulkInsert } from '../../db/bulk-insert';
import { resultRows, type Database } from '../../db/client';
import { accessions, experiments, fileTypes, projects, sites } from '../../db/schema';
import type { Context } from 'hono';
import { createRouter, type AppEnv } from '../../http/context';
import { describeError } from '../../log';
import { ApiError } from '../../http/errors';
import { FOREIGN_KEY_VIOLATION, sqlState, UNIQUE_VIOLATION } from '../../db/errors';
import { errorResponses, jsonContent } from '../../http/openapi';
import { duplicateNamesInFile, parseCsv, truncate, type ImportReport, type ParsedRow } from './csv-import';
import { importCrossPlans } from './cross-plan-import';
import { chunks, existingByLowerName } from './lookups';
import { findNearDuplicates, nameKey } from './near-duplicates';

export const MAX_IMPORT_BYTES = 64 * 1024 * 1024;
/** Up to this many existing rows, near-duplicates include one-character differences. */
const FULL_NEAR_DUPLICATE_LIMIT = 200_000;

interface ImportTarget {
  path: string;
  template: string;
  noun: string;
  table: PgTable;
  nameColumn: AnyPgColumn;
  nameField: string;
  schema: z.ZodType<Record<string, unknown>>;
  /** Accessions: warn when a new name is an existing synonym (the synonyms and their indexed lower-case copy). */
  synonyms?: { column: AnyPgColumn; lowerCase: AnyPgColumn };
  /** Optional codes checked against those already in use: a new one is a warning (a typo, or a real new code). */
  knownCodes?: { field: string; column: AnyPgColumn; label: string };
  /** Turns named references into ids; unknown names become errors. */
  resolve?: (db: Database, rows: Array<ParsedRow<Record<string, unknown>>>, report: ImportReport) => Promise<void>;
}

/** Experiments name their project and site; both must exist. */
async function resolveExperimentReferences(db: Database, rows: Array<ParsedRow<Record<string, unknown>>>, report: ImportReport) {
  const projectIds = await existingByLowerName(
    db,
    projects,
    projects.name,
    projects.id,
    rows.map((row) => String(row.values.project)),
  );
  const siteIds = await existingByLowerName(
    db,
    sites,
    sites.locationName,
    sites.id,
    rows.flatMap((row) => (row.values.site ? [String(row.values.site)] : [])),
  );
  for (const entry of rows) {
    const { project, site, ...rest } = entry.values;
    const projectId = projectIds.get(String(project).toLowerCase());
    const siteId = site ? siteIds.get(String(site).toLowerCase()) : null;
    if (!projectId) report.errors.push({ row: entry.row, column: 'project', message: `No project is named '${String(project)}'; create it first or fix the name.` });
    if (site && !siteId) report.errors.push({ row: entry.row, column: 'site', message: `No site is named '${String(site)}'; create it first or fix the name.` });
    entry.values = { ...rest, projectId, siteId };
  }
}

const TARGETS: ImportTarget[] = [
  {
    path: 'accessions',
    template: 'accessions',
    noun: 'Accession',
    table: accessions,
    nameColumn: accessions.germplasmName,
    nameField: 'germplasmName',
    schema: accessionInputSchema,
    synonyms: { column: accessions.synonyms, lowerCase: accessions.synonymsLower },
    knownCodes: { field: 'instituteCode', column: accessions.instituteCode, label: 'Institute code' },
  },
  { path: 'sites', template: 'sites', noun: 'Site', table: sites, nameColumn: sites.locationName, nameField: 'locationName', schema: siteInputSchema },
  { path: 'projects', template: 'projects', noun: 'Project', table: projects, nameColumn: projects.name, nameField: 'name', schema: projectInputSchema },
  { path: 'file-types', template: 'file-types', noun: 'File type', table: fileTypes, nameColumn: fileTypes.name, nameField: 'name', schema: fileTypeInputSchema },
  {
    path: 'experiments',
    template: 'experiments',
    noun: 'Experiment',
    table: experiments,
    nameColumn: experiments.name,
    nameField: 'name',
    schema: experimentImportSchema,
    resolve: resolveExperimentReferences,
  },
];

async function warnAboutSimilarNames(db: Database, target: ImportTarget, rows: Array<ParsedRow<Record<string, unknown>>>, report: ImportReport) {
  const names = rows.map((row) => String(row.values[target.nameField]));
  const [total] = await db.select({ value: count() }).from(target.table);
  let similar: Map<string, string>;
  if ((total?.value ?? 0) <= FULL_NEAR_DUPLICATE_LIMIT) {
    const existing = (await db.select({ name: target.nameColumn }).from(target.table)).map((row) => String(row.name));
    similar = findNearDuplicates(names, existing);
  } else {
    // A very large table: compare by key in the database (case, spacing, punctuation), not by one-character edits.
    similar = new Map();
    const keyOf: SQL = sql`regexp_replace(lower(${target.nameColumn}), '[^[:alnum:]]+', '', 'g')`;
    for (const part of chunks([...new Set(names.map(nameKey))])) {
      for (const row of await db.select({ name: target.nameColumn, key: keyOf }).from(target.table).where(inArray(keyOf, part))) {
        for (const name of names) if (nameKey(name) === row.key && name !== row.name) similar.set(name, String(row.name));
      }
    }
  }
  for (const entry of rows) {
    const name = String(entry.values[target.nameField]);
    const match = similar.get(name);
    if (match && match.toLowerCase() !== name.toLowerCase()) {
      report.warnings.push({
        row: entry.row,
        column: target.nameField,
        code: 'near-duplicate',
        message: `'${name}' looks like the existing ${target.noun.toLowerCase()} '${match}' (differs only by case, spacing or one character).`,
      });
    }
  }
  if (target.synonyms) {
    const { column: synonyms, lowerCase } = target.synonyms;
    const bySynonym = new Map<string, string>();
    for (const part of chunks([...new Set(names.map((name) => name.toLowerCase()))])) {
      const candidates = sql`ARRAY[${sql.join(
        part.map((name) => sql`${name}`),
        sql`, `,
      )}]::text[]`;
      // One GIN index probe per candidate name (an && against the whole list would scan the table).
      const result: unknown = await db.execute(
        sql`select ${target.nameColumn} as name, ${synonyms} as synonyms from unnest(${candidates}) as candidate(value) join ${target.table} on ${lowerCase} @> array[candidate.value]`,
      );
      const owners = resultRows<{ name: string; synonyms: string[] }>(result);
      for (const owner of owners) for (const synonym of owner.synonyms) bySynonym.set(synonym.toLowerCase(), owner.name);
    }
    for (const entry of rows) {
      const owner = bySynonym.get(String(entry.values[target.nameField]).toLowerCase());
      if (owner)
        report.warnings.push({ row: entry.row, column: target.nameField, code: 'synonym', message: `'${String(entry.values[target.nameField])}' is a synonym of the existing accession '${owner}'.` });
    }
  }
}

/** Codes nobody has used yet (once some are in use): worth a second look before they spread. */
async function warnAboutUnknownCodes(db: Database, table: PgTable, codes: NonNullable<ImportTarget['knownCodes']>, rows: Array<ParsedRow<Record<string, unknown>>>, report: ImportReport) {
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

function importRoute(target: ImportTarget) {
  return createRoute({
    method: 'post',
    path: `/${target.path}/import`,
    tags: ['Imports'],
    summary: `Validate, and optionally commit, a CSV of ${target.path}`,
    description:
      'The body is the CSV file (text/csv), with the header of the template. Without `commit=true` nothing is written and the report lists every problem by row and column. With it, all rows are written in one transaction, or none; warnings must be accepted with `acceptWarnings=true`.',
    request: {
      query: z.object({ commit: z.enum(['true', 'false']).default('false'), acceptWarnings: z.enum(['true', 'false']).default('false') }),
      body: { content: { 'text/csv': { schema: z.string() } }, required: true },
    },
    responses: {
      200: jsonContent(importResultSchema, 'The validation report'),
      201: jsonContent(importResultSchema, 'Committed; `report.created` rows written'),
      ...errorResponses(400, 401, 409, 413),
    },
  });
}

const importLimit = bodyLimit({ maxSize: MAX_IMPORT_BYTES, onError: (c) => c.json({ message: `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB; split it into smaller files.` }, 413) });

/** Rolls back and says so when writing fails part-way. */
async function writeAllOrNothing(c: Context<AppEnv>, write: () => Promise<number>): Promise<number> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    c.get('deps').log.warn('An import was rolled back', { requestId: c.get('requestId'), path: c.req.path, error: describeError(error) });
    // Said in the user's terms: the database's own words name tables and constraints, not rows.
    const state = sqlState(error);
    if (state === UNIQUE_VIOLATION)
      throw new ApiError(
        409,
        'The import was rolled back and no rows were written: a record with one of these names was added while the file was being imported. Validate the file again to see which.',
      );
    if (state === FOREIGN_KEY_VIOLATION)
      throw new ApiError(409, 'The import was rolled back and no rows were written: a record the file refers to was deleted while the file was being imported. Validate the file again to see which.');
    throw new ApiError(
      409,
      'The import was rolled back and no rows were written: the database refused one of the rows. Validate the file again; if it passes and this happens again, ask your administrator to look for this request in the server log.',
    );
  }
}

const crossPlanImport = createRoute({
  method: 'post',
  path: '/cross-plans/import',
  tags: ['Imports'],
  summary: 'Validate, and optionally commit, a CSV of cross plans with their planned crosses',
  description:
    'One row per planned cross; rows sharing a cross plan name form one new plan. Projects and parents are named. With `commit=true` the plans and their crosses are written together, or nothing is.',
  request: { query: z.object({ commit: z.enum(['true', 'false']).default('false') }), body: { content: { 'text/csv': { schema: z.string() } }, required: true } },
  responses: {
    200: jsonContent(importResultSchema, 'The validation report'),
    201: jsonContent(importResultSchema, 'Committed'),
    ...errorResponses(400, 401, 409, 413),
  },
});

const crossPlanRouter = createRouter();
crossPlanRouter.use('/cross-plans/import', importLimit);
crossPlanRouter.openapi(crossPlanImport, async (c) => {
  const commit = c.req.valid('query').commit === 'true';
  const { report, write } = await importCrossPlans(c.get('deps').db, await c.req.text(), commit);
  if (!commit) return c.json({ report: truncate(report) }, 200);
  if (!write) throw new ApiError(400, `The file has ${report.errors.length} error(s); nothing was imported. Fix them and try again.`, undefined, { report: truncate(report) });
  return c.json({ report: truncate({ ...report, created: await writeAllOrNothing(c, write) }) }, 201);
});

export const importRouter = TARGETS.reduce(
  (router, target) => {
    const template = IMPORT_TEMPLATES.find((entry) => entry.key === target.template)!;
    router.use(`/${target.path}/import`, importLimit);
    return router.openapi(importRoute(target), async (c) => {
      const { db, log } = c.get('deps');
      const query = c.req.valid('query');
      const phases: Record<string, number> = {};
      let phaseStart = performance.now();
      const lap = (phase: string) => {
        phases[phase] = Math.round(performance.now() - phaseStart);
        phaseStart = performance.now();
      };
      const { rows, cells, report } = parseCsv(await c.req.text(), template, target.schema);
      lap('parse');
      if (report.rows === 0 && report.errors.length === 0) report.errors.push({ row: 1, column: '', message: 'The file has a header but no rows.' });
      report.errors.push(...duplicateNamesInFile(cells, (values) => values[target.nameField] ?? '', target.nameField, target.noun));
      const existing = await existingByLowerName(
        db,
        target.table,
        target.nameColumn,
        target.nameColumn,
        rows.map((row) => String(row.values[target.nameField])),
      );
      for (const entry of rows) {
        const name = String(entry.values[target.nameField]);
        if (existing.has(name.toLowerCase())) report.errors.push({ row: entry.row, column: target.nameField, message: `${target.noun} '${name}' already exists.` });
      }
      lap('existing names');
      await target.resolve?.(db, rows, report);
      await warnAboutSimilarNames(db, target, rows, report);
      if (target.knownCodes) await warnAboutUnknownCodes(db, target.table, target.knownCodes, rows, report);
      lap('warnings');
      report.errors.sort((a, b) => a.row - b.row);
      report.warnings.sort((a, b) => a.row - b.row);

      if (query.commit !== 'true') {
        log.debug('CSV import checked', { path: target.path, rows: report.rows, phasesMs: phases });
        return c.json({ report: truncate(report) }, 200);
      }
      if (report.errors.length > 0) throw new ApiError(400, `The file has ${report.errors.length} error(s); nothing was imported. Fix them and try again.`, undefined, { report: truncate(report) });
      const blocking = report.warnings.filter((warning) => warning.code !== 'unknown-column');
      if (blocking.length > 0 && query.acceptWarnings !== 'true') {
        throw new ApiError(409, `The file has ${blocking.length} warning(s); accept them to import, or fix the rows. Nothing was imported.`);
      }
      await writeAllOrNothing(c, () =>
        db.transaction(async (tx) => {
          await bulkInsert(
            tx,
            target.table,
            rows.map((row) => row.values),
          );
          return rows.length;
        }),
      );
      lap('commit');
      log.info('CSV import committed', { path: target.path, rows: rows.length, phasesMs: phases });
      return c.json({ report: truncate({ ...report, created: rows.length }) }, 201);
    });
  },
  createRouter().route('/', crossPlanRouter),
);
