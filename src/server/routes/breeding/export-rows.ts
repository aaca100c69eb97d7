import { asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { accessions, experimentEntries, plannedCrosses, projects, sites } from '../../db/schema';

/**
 * Records as the import reads them: other records by name, an experiment's entries as a list,
 * a cross plan as one row per planned cross (one row without parents when it has none).
 */

type Records = Array<Record<string, unknown>>;

async function namesOf(db: Database, table: typeof projects | typeof sites, nameColumn: typeof projects.name | typeof sites.locationName, ids: unknown[]) {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  if (wanted.length === 0) return new Map<number, string>();
  const rows = await db.select({ id: table.id, name: nameColumn }).from(table).where(inArray(table.id, wanted));
  return new Map(rows.map((row) => [row.id, row.name]));
}
const fieldOf = (records: Records, field: string) => records.map((record) => record[field]);
const projectNamesOf = (db: Database, records: Records) => namesOf(db, projects, projects.name, fieldOf(records, 'projectId'));
const siteNamesOf = (db: Database, records: Records) => namesOf(db, sites, sites.locationName, fieldOf(records, 'siteId'));

export async function experimentExportRows(db: Database, records: Records): Promise<Records> {
  const projectNames = await projectNamesOf(db, records);
  const siteNames = await siteNamesOf(db, records);
  const ids = records.map((record) => Number(record.id));
  const entries = new Map<number, string[]>();
  if (ids.length > 0) {
    const rows = await db
      .select({ experimentId: experimentEntries.experimentId, name: accessions.germplasmName })
      .from(experimentEntries)
      .innerJoin(accessions, eq(accessions.id, experimentEntries.accessionId))
      .where(inArray(experimentEntries.experimentId, ids))
      .orderBy(asc(accessions.germplasmName));
    for (const row of rows) {
      const names = entries.get(row.experimentId);
      if (names) names.push(row.name);
      else entries.set(row.experimentId, [row.name]);
    }
  }
  return records.map((record) => ({
    ...record,
    project: projectNames.get(Number(record.projectId)),
    site: record.siteId === null ? null : siteNames.get(Number(record.siteId)),
    entries: entries.get(Number(record.id)) ?? [],
  }));
}

const female = alias(accessions, 'female');
const male = alias(accessions, 'male');

export async function crossPlanExportRows(db: Database, records: Records): Promise<Records> {
  const projectNames = await projectNamesOf(db, records);
  const ids = records.map((record) => Number(record.id));
  const crosses =
    ids.length === 0
      ? []
      : await db
          .select({
            crossPlanId: plannedCrosses.crossPlanId,
            femaleParent: female.germplasmName,
            maleParent: male.germplasmName,
            crossType: plannedCrosses.crossType,
            numberOfCrosses: plannedCrosses.numberOfCrosses,
            status: plannedCrosses.status,
            notes: plannedCrosses.notes,
          })
          .from(plannedCrosses)
          .innerJoin(female, eq(female.id, plannedCrosses.femaleParentId))
          .leftJoin(male, eq(male.id, plannedCrosses.maleParentId))
          .where(inArray(plannedCrosses.crossPlanId, ids))
          .orderBy(asc(plannedCrosses.id));
  const byPlan = new Map<number, typeof crosses>();
  for (const cross of crosses) {
    const list = byPlan.get(cross.crossPlanId);
    if (list) list.push(cross);
    else byPlan.set(cross.crossPlanId, [cross]);
  }
  return records.flatMap((record) => {
    const plan = { crossPlan: record.name, project: projectNames.get(Number(record.projectId)), planStatus: record.status, planDescription: record.description };
    const mine = byPlan.get(Number(record.id)) ?? [];
    return mine.length === 0 ? [plan] : mine.map(({ crossPlanId: _plan, ...cross }) => ({ ...plan, ...cross }));
  });
}
