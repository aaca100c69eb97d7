import type { RouteHandler } from '@hono/zod-openapi';
import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { purdyParents } from '../../../contract/pedigree';
import { pagination } from '../../../contract/list';
import type { ProgenyPage } from '../../../contract/records';
import type { Database } from '../../db/client';
import { accessions, experimentEntries, experiments, plannedCrosses, projects } from '../../db/schema';
import { DomainError } from '../../domain-errors';
import type { AppEnv } from '../../http/context';
import { accessionIdsByNameOrSynonym } from '../imports/experiment-import';
import { existingByLowerName, quotedNames } from '../imports/lookups';
import { nearestAccessions } from '../imports/nearest-names';
import { filesNamingAccession } from '../../lineage/accession-files';
import { plannedCrossesWithPlan } from './crosses';
import type * as routes from './relations.routes';

/** Regular-expression text matching `text` literally. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function mustExist(db: Database, table: typeof experiments | typeof accessions, id: number, noun: string) {
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id));
  if (!row) throw new DomainError('not-found', `There is no ${noun} with id ${id}.`);
}

async function entriesOf(db: Database, experimentId: number) {
  const rows = await db
    .select({ accessionId: accessions.id, germplasmName: accessions.germplasmName, genus: accessions.genus, species: accessions.species, addedAt: experimentEntries.addedAt })
    .from(experimentEntries)
    .innerJoin(accessions, eq(accessions.id, experimentEntries.accessionId))
    .where(eq(experimentEntries.experimentId, experimentId))
    .orderBy(asc(accessions.germplasmName));
  return rows.map((row) => ({ ...row, addedAt: row.addedAt.toISOString() }));
}

export const listEntries: RouteHandler<typeof routes.listEntries, AppEnv> = async (c) => {
  const { db } = c.get('deps');
  const { id } = c.req.valid('param');
  await mustExist(db, experiments, id, 'experiment');
  return c.json({ data: await entriesOf(db, id) }, 200);
};

export const addEntries: RouteHandler<typeof routes.addEntries, AppEnv> = async (c) => {
  const { db } = c.get('deps');
  const { id } = c.req.valid('param');
  const { names } = c.req.valid('json');
  await mustExist(db, experiments, id, 'experiment');
  const ids = await accessionIdsByNameOrSynonym(db, names);
  const unknown = [...new Set(names.filter((name) => !ids.has(name.toLowerCase())))];
  if (unknown.length > 0) {
    throw new DomainError('invalid', `No accession is named ${quotedNames(unknown)}; correct the names or import those accessions first. Nothing was added.`, {
      names: `${unknown.length} unknown name${unknown.length === 1 ? '' : 's'}: ${quotedNames(unknown.slice(0, 10))}`,
    });
  }
  const accessionIds = [...new Set(names.map((name) => ids.get(name.toLowerCase())!))];
  await db
    .insert(experimentEntries)
    .values(accessionIds.map((accessionId) => ({ experimentId: id, accessionId })))
    .onConflictDoNothing();
  return c.json({ data: await entriesOf(db, id) }, 200);
};

export const removeEntry: RouteHandler<typeof routes.removeEntry, AppEnv> = async (c) => {
  const { db } = c.get('deps');
  const { id, accessionId } = c.req.valid('param');
  const removed = await db
    .delete(experimentEntries)
    .where(and(eq(experimentEntries.experimentId, id), eq(experimentEntries.accessionId, accessionId)))
    .returning({ accessionId: experimentEntries.accessionId });
  if (removed.length === 0) throw new DomainError('not-found', `Accession ${accessionId} is not an entry of experiment ${id}.`);
  return c.body(null, 204);
};

export const accessionExperiments: RouteHandler<typeof routes.accessionExperiments, AppEnv> = async (c) => {
  const { db } = c.get('deps');
  const { id } = c.req.valid('param');
  await mustExist(db, accessions, id, 'accession');
  const rows = await db
    .select({ id: experiments.id, name: experiments.name, studyType: experiments.studyType, year: experiments.year, projectId: projects.id, projectName: projects.name })
    .from(experimentEntries)
    .innerJoin(experiments, eq(experiments.id, experimentEntries.experimentId))
    .innerJoin(projects, eq(projects.id, experiments.projectId))
    .where(eq(experimentEntries.accessionId, id))
    .orderBy(sql`${experiments.year} desc nulls last`, asc(experiments.name));
  return c.json({ data: rows }, 200);
};

export const accessionLineage: RouteHandler<typeof routes.accessionLineage, AppEnv> = async (c) => {
  const { db } = c.get('deps');
  const { id } = c.req.valid('param');
  const [accession] = await db.select({ name: accessions.germplasmName, pedigree: accessions.pedigree }).from(accessions).where(eq(accessions.id, id));
  if (!accession) throw new DomainError('not-found', `There is no accession with id ${id}.`);
  const split = purdyParents(accession.pedigree);
  let parents = null;
  if (split) {
    const known = await existingByLowerName(
      db,
      accessions,
      accessions.germplasmName,
      accessions.id,
      [split.female, split.male].filter((name): name is string => name !== null),
    );
    const parent = (name: string | null) => (name === null ? null : { name, accessionId: known.get(name.toLowerCase()) ?? null });
    parents = { female: parent(split.female), male: parent(split.male) };
  }
  const plannedIn = await plannedCrossesOfPair(db, parents?.female?.accessionId ?? null, parents?.male?.accessionId ?? null);
  return c.json({ parents, plannedIn }, 200);
};

export const accessionProgeny: RouteHandler<typeof routes.accessionProgeny, AppEnv> = async (c) => {
  const { db } = c.get('deps');
  const { id } = c.req.valid('param');
  const { page, pageSize } = c.req.valid('query');
  const [accession] = await db.select({ name: accessions.germplasmName }).from(accessions).where(eq(accessions.id, id));
  if (!accession) throw new DomainError('not-found', `There is no accession with id ${id}.`);
  // Only pedigrees that start or end with the name (a backcross dose aside) can name it as a parent:
  // the database narrows to those, and the Purdy reading below keeps the ones whose top cross does.
  const name = literal(accession.name);
  const candidates = await db
    .select({ id: accessions.id, germplasmName: accessions.germplasmName, pedigree: accessions.pedigree })
    .from(accessions)
    .where(
      and(
        // An accession whose own pedigree names it (BABAX/LR42//BABAX) is no child of itself.
        ne(accessions.id, id),
        or(sql`${accessions.pedigree} ~* ${`^\\s*(\\d+\\*)?${name}(\\*\\d+)?\\s*/`}`, sql`${accessions.pedigree} ~* ${`/\\s*(\\d+\\*)?${name}(\\*\\d+)?\\s*$`}`),
      ),
    )
    .orderBy(asc(accessions.germplasmName));
  const lower = accession.name.toLowerCase();
  const progeny: ProgenyPage['data'] = candidates.flatMap((candidate) => {
    const of = purdyParents(candidate.pedigree);
    const role = of?.female?.toLowerCase() === lower ? 'female' : of?.male?.toLowerCase() === lower ? 'male' : null;
    return role ? [{ id: candidate.id, germplasmName: candidate.germplasmName, pedigree: candidate.pedigree ?? '', role }] : [];
  });
  return c.json({ data: progeny.slice(page * pageSize, (page + 1) * pageSize), pagination: pagination(page, pageSize, progeny.length) }, 200);
};

export const accessionFiles: RouteHandler<typeof routes.accessionFiles, AppEnv> = async (c) => c.json(await filesNamingAccession(c.get('deps'), c.req.valid('param').id), 200);

/** The planned crosses of two parents, either way round (a reciprocal cross has the same parents); none unless both are accessions. */
async function plannedCrossesOfPair(db: Database, a: number | null, b: number | null) {
  if (a === null || b === null) return [];
  return plannedCrossesWithPlan(db, or(and(eq(plannedCrosses.femaleParentId, a), eq(plannedCrosses.maleParentId, b)), and(eq(plannedCrosses.femaleParentId, b), eq(plannedCrosses.maleParentId, a))));
}

export const resolveAccessions: RouteHandler<typeof routes.resolveAccessions, AppEnv> = async (c) => {
  const { db } = c.get('deps');
  const firstSpelling = new Map<string, string>();
  for (const name of c.req.valid('json').names) if (!firstSpelling.has(name.toLowerCase())) firstSpelling.set(name.toLowerCase(), name);
  const names = [...firstSpelling.values()];
  const ids = await accessionIdsByNameOrSynonym(db, names);
  const found =
    ids.size === 0
      ? []
      : await db
          .select({ id: accessions.id, germplasmName: accessions.germplasmName })
          .from(accessions)
          .where(inArray(accessions.id, [...new Set(ids.values())]));
  const byId = new Map(found.map((row) => [row.id, row]));
  const accessionOf = (name: string) => {
    const id = ids.get(name.toLowerCase());
    return id === undefined ? null : (byId.get(id) ?? null);
  };
  // One query and bounded scoring for all the names nothing matches (a query per name, each scored in full, took minutes for 5,000).
  const nearest = await nearestAccessions(
    db,
    names.filter((name) => !accessionOf(name)),
  );
  const data = names.map((name) => {
    const accession = accessionOf(name);
    return { name, accession, suggestions: accession ? [] : (nearest.get(name) ?? []) };
  });
  return c.json({ data }, 200);
};
