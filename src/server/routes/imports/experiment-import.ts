import type { experimentImportSchema } from '../../../contract/imports';
import type { Database } from '../../db/client';
import { accessions, experimentEntries, experiments, projects, sites } from '../../db/schema';
import type { ImportReport, ParsedRow } from './table-import';
import type { Table } from './table-reader';
import { columnServing } from '../../../contract/file-detection';
import { isTrialDesignColumn } from '../../../contract/import-vocabularies';
import { isNumericColumn } from '../../../../pipelines/_shared/trait-table.ts';
import { accessionsBySynonym, chunks, existingByLowerName, quotedNames } from './lookups';

type ExperimentRow = ReturnType<typeof experimentImportSchema.parse>;
type Values = Record<string, unknown>;

/** The experiment fields rows of one experiment must agree on. */
const SHARED_FIELDS = ['project', 'site', 'studyType', 'season', 'year', 'designType', 'startDate', 'endDate', 'description'] as const;

/**
 * Rows that name the same experiment are one experiment: a Breedbase trial file has a row per
 * plot, a BrAPI study file a row per observation unit. Their entries (the `entries` lists and the
 * accession of each row) are merged; the experiment's own fields must agree across its rows.
 */
export function mergeExperimentRows(rows: Array<ParsedRow<Values>>, derived: Map<number, Record<string, string>>, report: ImportReport): Array<ParsedRow<Values>> {
  const merged = new Map<string, { first: ParsedRow<Values>; entries: string[] }>();
  for (const entry of rows) {
    const values = entry.values as ExperimentRow;
    const single = derived.get(entry.row)?.['~entry'];
    const names = [...values.entries, ...(single ? [single] : [])];
    const key = values.name.toLowerCase();
    const found = merged.get(key);
    if (!found) {
      merged.set(key, { first: entry, entries: names });
      continue;
    }
    found.entries.push(...names);
    const first = found.first.values as ExperimentRow;
    for (const field of SHARED_FIELDS) {
      const mine = values[field];
      const theirs = first[field];
      if (mine !== null && mine !== undefined && theirs !== null && theirs !== undefined && String(mine).toLowerCase() !== String(theirs).toLowerCase()) {
        report.errors.push({
          row: entry.row,
          column: field,
          message: `Experiment '${values.name}' has ${field} '${String(mine)}' here but '${String(theirs)}' on row ${found.first.row}; the rows of one experiment must agree, so correct one of them.`,
        });
      } else if ((theirs === null || theirs === undefined) && mine !== null && mine !== undefined) {
        (first as Values)[field] = mine;
      }
    }
  }
  return [...merged.values()].map(({ first, entries }) => {
    const unique = [...new Map(entries.map((name) => [name.toLowerCase(), name])).values()];
    return { row: first.row, values: { ...first.values, entries: unique } };
  });
}

/** Breedbase names a trait's column after the trait and its ontology term: `fresh root weight|CO_334:0000012`. */
const ONTOLOGY_TERM = /\|\s*[A-Za-z][\w.-]*:\d+\s*$/;

/**
 * The columns of a trial file that hold observations (a trait's ontology term in the header, or a
 * number in every filled cell, and not a plot's design column) among those the import leaves out.
 * An experiment keeps its plots' accessions, not what was measured on them: the import says so on
 * each such column rather than advise a rename, for which there is no column (a new user's trial
 * went in without its traits, told only that).
 */
export function sayObservationsAreLeftOut(table: Table, report: ImportReport): void {
  const ignored = new Set(report.ignored ?? []);
  // A BrAPI study or Breedbase trial file names its accession and trial as a field trial CSV may (file-detection.ts).
  const accession = columnServing(table.headers, 'accession');
  const environment = columnServing(table.headers, 'environment');
  const inPipelines =
    accession && environment
      ? `To use them in pipelines, upload this file under Files, where it is a field trial CSV as it is; Phenomix reads it with accession_column set to ${accession} and environment_column to ${environment}.`
      : 'To use them in pipelines, store them under Files as a field trial CSV: a column accession, one environment (the trial), then a column per trait.';
  for (const warning of report.warnings) {
    if (warning.code !== 'unknown-column' || !ignored.has(warning.column)) continue;
    const header = warning.column;
    if (isTrialDesignColumn(header)) continue;
    // Numbers on the plots, with the missing values trait tables use (NA, ., empty).
    const numeric = isNumericColumn(
      table.records.map((record) => record.cells),
      header,
    );
    if (!ONTOLOGY_TERM.test(header) && !numeric) continue;
    warning.message = `Column '${header}' looks like observations (${ONTOLOGY_TERM.test(header) ? 'a trait with its ontology term' : 'numbers measured on the plots'}); an experiment keeps its plots' accessions, not observations, so its cells are not imported. ${inPipelines}`;
  }
}

/** Experiments name their project, site and entries; all must exist. Entries are found by name or synonym. */
export async function resolveExperimentReferences(db: Database, rows: Array<ParsedRow<Values>>, report: ImportReport) {
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
  const entryIds = await accessionIdsByNameOrSynonym(
    db,
    rows.flatMap((row) => row.values.entries as string[]),
  );
  for (const entry of rows) {
    const { project, site, entries, ...rest } = entry.values;
    const projectId = projectIds.get(String(project).toLowerCase());
    const siteId = site ? siteIds.get(String(site).toLowerCase()) : null;
    if (!projectId) report.errors.push({ row: entry.row, column: 'project', message: `No project is named '${String(project)}'; create the project first, or correct the name.` });
    if (site && !siteId) report.errors.push({ row: entry.row, column: 'site', message: `No site is named '${String(site)}'; create the site first, or correct the name.` });
    const names = entries as string[];
    const unknown = names.filter((name) => !entryIds.has(name.toLowerCase()));
    if (unknown.length > 0) {
      report.errors.push({
        row: entry.row,
        column: 'entries',
        message: `No accession is named ${quotedNames(unknown)}; import those accessions first, or correct the names.`,
      });
    }
    entry.values = { ...rest, projectId, siteId, entryIds: [...new Set(names.flatMap((name) => entryIds.get(name.toLowerCase()) ?? []))] };
  }
}

/** lower(name or synonym) → accession id, names first. */
export async function accessionIdsByNameOrSynonym(db: Database, names: string[]): Promise<Map<string, number>> {
  const found = await existingByLowerName(db, accessions, accessions.germplasmName, accessions.id, names);
  const bySynonym = await accessionsBySynonym(
    db,
    names.filter((name) => !found.has(name.toLowerCase())),
  );
  for (const [name, owner] of bySynonym) found.set(name, owner.id);
  return found;
}

/** Writes the experiments, then their entries, in the caller's transaction. */
export async function writeExperiments(tx: Database, rows: Array<ParsedRow<Values>>): Promise<number> {
  let written = 0;
  for (const part of chunks(rows, 1000)) {
    const created = await tx
      .insert(experiments)
      .values(
        part.map(({ values }) => {
          const { entryIds: _entries, ...experiment } = values;
          return experiment as typeof experiments.$inferInsert;
        }),
      )
      .returning({ id: experiments.id });
    const links = created.flatMap((experiment, index) => (part[index]!.values.entryIds as number[]).map((accessionId) => ({ experimentId: experiment.id, accessionId })));
    for (const linkPart of chunks(links, 5000)) await tx.insert(experimentEntries).values(linkPart);
    written += created.length;
  }
  return written;
}
