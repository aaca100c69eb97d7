import { inArray, sql } from 'drizzle-orm';
import { type ImportTemplate, PEDIGREE_TYPES_WITHOUT_MALE, pedigreeImportSchema } from '../../../contract/imports';
import type { Database } from '../../db/client';
import { accessions } from '../../db/schema';
import { DomainError } from '../../domain-errors';
import { accessionIdsByNameOrSynonym } from './experiment-import';
import { chunks } from './lookups';
import { checkTable, type ImportReport } from './table-import';
import type { Table } from './table-reader';

type Row = ReturnType<typeof pedigreeImportSchema.parse>;

/** A row's pedigree in Purdy notation, the one an accession's page reads its parents from: female/male, NA for a parent not known. */
const pedigreeOf = (female: string, male: string | null, type: string) => `${female}/${male ?? (type === 'self' ? female : 'NA')}`;

/** A name Purdy notation would read as more than a name: a cross (/), a backcross (*), or NA, a parent not known. */
const PURDY_SYNTAX = /[/*]|^na$/i;

/**
 * The parents of existing accessions, one row per accession, as Breedbase's pedigree upload gives
 * them: each row sets the accession's pedigree to female/male, written with the accessions'
 * names (a row may name any of them by a synonym). Every accession named must exist; an
 * accession whose pedigree says something else is a warning to accept, not a silent overwrite,
 * and one that already has the pedigree is left as it is. Checks everything, and with `commit`
 * writes the changed pedigrees together.
 */
export async function importPedigrees(db: Database, table: Table, template: ImportTemplate, commit: boolean): Promise<{ report: ImportReport; write?: () => Promise<number> }> {
  const { rows, report } = await checkTable<Row>(table, template, pedigreeImportSchema);
  if (report.rows === 0 && report.errors.length === 0) report.errors.push({ row: 1, column: '', message: 'The file has a header but no rows; add one row per accession below the header.' });

  const ids = await accessionIdsByNameOrSynonym(
    db,
    rows.flatMap(({ values }) => [values.progeny, values.femaleParent, values.maleParent].filter((name): name is string => Boolean(name))),
  );
  const known = new Map<number, { name: string; pedigree: string | null }>();
  for (const part of chunks([...new Set(ids.values())])) {
    for (const row of await db.select({ id: accessions.id, name: accessions.germplasmName, pedigree: accessions.pedigree }).from(accessions).where(inArray(accessions.id, part))) {
      known.set(row.id, { name: row.name, pedigree: row.pedigree });
    }
  }
  const accessionOf = (name: string) => {
    const id = ids.get(name.toLowerCase());
    return id === undefined ? null : { id, ...known.get(id)! };
  };

  const changes: Array<{ id: number; pedigree: string; was: string | null }> = [];
  const firstRowOf = new Map<number, number>();
  let unchanged = 0;
  for (const { row, values } of rows) {
    const found = { progeny: accessionOf(values.progeny), femaleParent: accessionOf(values.femaleParent), maleParent: values.maleParent ? accessionOf(values.maleParent) : null };
    const errorsBefore = report.errors.length;
    for (const column of ['progeny', 'femaleParent', 'maleParent'] as const) {
      const name = values[column];
      if (name && !found[column]) report.errors.push({ row, column, message: `No accession is named '${name}'; import the accession first, or correct the name.` });
    }
    if (!values.maleParent && !PEDIGREE_TYPES_WITHOUT_MALE.has(values.type)) {
      report.errors.push({ row, column: 'maleParent', message: `maleParent is empty, but a ${values.type} cross has a male parent; write it, or set type to self, open or polycross.` });
    }
    const { progeny, femaleParent, maleParent } = found;
    if (values.type === 'self' && maleParent && femaleParent && maleParent.id !== femaleParent.id) {
      report.errors.push({
        row,
        column: 'maleParent',
        message: `A self has one parent, but maleParent '${values.maleParent}' is not femaleParent '${values.femaleParent}'; leave maleParent empty, or set type to biparental.`,
      });
    }
    if (progeny && (progeny.id === femaleParent?.id || progeny.id === maleParent?.id)) {
      report.errors.push({ row, column: progeny.id === femaleParent?.id ? 'femaleParent' : 'maleParent', message: `'${progeny.name}' cannot be its own parent; correct the row.` });
    }
    if (progeny) {
      const earlier = firstRowOf.get(progeny.id);
      if (earlier !== undefined) report.errors.push({ row, column: 'progeny', message: `Accession '${progeny.name}' has its parents on row ${earlier} already; keep one row per accession.` });
      else firstRowOf.set(progeny.id, row);
    }
    for (const [column, parent] of [
      ['femaleParent', femaleParent],
      ['maleParent', maleParent],
    ] as const) {
      if (parent && PURDY_SYNTAX.test(parent.name))
        report.errors.push({
          row,
          column,
          message: `'${parent.name}' cannot be written as a parent in a pedigree: Purdy notation reads a / or * in a name as a cross, and NA as a parent not known. Write this accession's pedigree on its page by hand.`,
        });
    }
    if (report.errors.length > errorsBefore || !progeny || !femaleParent) continue;
    const pedigree = pedigreeOf(femaleParent.name, maleParent?.name ?? null, values.type);
    if (progeny.pedigree === pedigree) {
      unchanged += 1;
      continue;
    }
    if (progeny.pedigree) {
      report.warnings.push({
        row,
        column: 'progeny',
        code: 'replaces',
        message: `The pedigree of '${progeny.name}' is '${progeny.pedigree}'; importing replaces it with '${pedigree}'. Accept the warning to replace it, or remove the row to keep it.`,
      });
    }
    changes.push({ id: progeny.id, pedigree, was: progeny.pedigree });
  }
  if (unchanged > 0) report.notes = [...(report.notes ?? []), `${unchanged} of the accessions already have the pedigree their row gives; they are left as they are.`];
  report.errors.sort((a, b) => a.row - b.row);
  // What the commit counts: the accessions whose pedigree it writes.
  report.records = changes.length;
  if (!commit || report.errors.length > 0) return { report };
  return {
    report,
    write: () =>
      db.transaction(async (tx) => {
        // Each part is locked and written only if what was checked still holds: no accession gone and no pedigree changed since (it would be overwritten unseen).
        for (const part of chunks(changes)) {
          const now = await tx
            .select({ id: accessions.id, pedigree: accessions.pedigree })
            .from(accessions)
            .where(
              inArray(
                accessions.id,
                part.map((change) => change.id),
              ),
            )
            .for('update');
          const current = new Map(now.map((row) => [row.id, row.pedigree]));
          if (part.some((change) => !current.has(change.id) || current.get(change.id) !== change.was)) {
            throw new DomainError('conflict', 'Accessions of the file were changed or deleted while it was being imported; nothing was written. Validate the file again to see what changed.');
          }
          // A later part's refusal rolls this part's update back with the transaction.
          await tx.execute(
            sql`update ${accessions} set pedigree = change.pedigree, updated_at = now() from unnest(${sql.param(part.map((change) => change.id))}::int[], ${sql.param(part.map((change) => change.pedigree))}::text[]) as change(id, pedigree) where ${accessions.id} = change.id`,
          );
        }
        return changes.length;
      }),
  };
}
