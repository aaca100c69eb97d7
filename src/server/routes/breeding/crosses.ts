import type { RouteHandler } from '@hono/zod-openapi';
import { asc, eq, inArray, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { plannedCrossesReplaceSchema } from '../../../contract/breeding';
import { accessionCrossListSchema, plannedCrossListSchema } from '../../../contract/records';
import type { Database } from '../../db/client';
import { accessions, crossPlans, plannedCrosses } from '../../db/schema';
import type { AppEnv } from '../../http/context';
import { DomainError } from '../../domain-errors';
import { jsonBody, jsonContent } from '../../http/openapi';
import { routerOf, routesTagged } from '../../http/openapi-routes';

const crossPlanRoutes = routesTagged('Cross plans');
const accessionRoutes = routesTagged('Accessions');
const female = alias(accessions, 'female');
const male = alias(accessions, 'male');

const listCrosses = crossPlanRoutes.byId.get('/cross-plans/{id}/crosses', 'The planned crosses of a cross plan, with parent names', {
  responses: { 200: jsonContent(plannedCrossListSchema, 'The planned crosses') },
});

const replaceCrosses = crossPlanRoutes.byId.put('/cross-plans/{id}/crosses', 'Save the whole planned-cross grid (all rows or none)', {
  request: { body: jsonBody(plannedCrossesReplaceSchema) },
  responses: { 200: jsonContent(plannedCrossListSchema, 'The saved crosses') },
});

async function requirePlan(db: Database, id: number) {
  const [plan] = await db.select({ id: crossPlans.id }).from(crossPlans).where(eq(crossPlans.id, id));
  if (!plan) throw new DomainError('not-found', `No cross plan has id ${id}.`);
}

/** A planned cross with its parents' names, as both lists return it. */
const plannedCrossColumns = {
  id: plannedCrosses.id,
  femaleParentId: plannedCrosses.femaleParentId,
  femaleParentName: female.germplasmName,
  maleParentId: plannedCrosses.maleParentId,
  maleParentName: male.germplasmName,
  crossType: plannedCrosses.crossType,
  numberOfCrosses: plannedCrosses.numberOfCrosses,
  status: plannedCrosses.status,
  notes: plannedCrosses.notes,
};

async function crossesOf(db: Database, planId: number) {
  return db
    .select(plannedCrossColumns)
    .from(plannedCrosses)
    .innerJoin(female, eq(female.id, plannedCrosses.femaleParentId))
    .leftJoin(male, eq(male.id, plannedCrosses.maleParentId))
    .where(eq(plannedCrosses.crossPlanId, planId))
    .orderBy(asc(plannedCrosses.id));
}

/** Planned crosses with their parents' and cross plan's names, by plan name. */
export async function plannedCrossesWithPlan(db: Database, where: SQL | undefined) {
  return db
    .select({ ...plannedCrossColumns, crossPlanId: crossPlans.id, crossPlanName: crossPlans.name })
    .from(plannedCrosses)
    .innerJoin(crossPlans, eq(crossPlans.id, plannedCrosses.crossPlanId))
    .innerJoin(female, eq(female.id, plannedCrosses.femaleParentId))
    .leftJoin(male, eq(male.id, plannedCrosses.maleParentId))
    .where(where)
    .orderBy(asc(crossPlans.name), asc(plannedCrosses.id));
}

const accessionCrosses = accessionRoutes.byId.get('/accessions/{id}/crosses', 'The planned crosses an accession is a parent in, with their cross plans', {
  responses: { 200: jsonContent(accessionCrossListSchema, 'Its crosses') },
});

const routes = { accessionCrosses, listCrosses, replaceCrosses };

const handlers: { [Name in keyof typeof routes]: RouteHandler<(typeof routes)[Name], AppEnv> } = {
  accessionCrosses: async (c) => {
    const { db } = c.get('deps');
    const { id } = c.req.valid('param');
    const [accession] = await db.select({ id: accessions.id }).from(accessions).where(eq(accessions.id, id));
    if (!accession) throw new DomainError('not-found', `No accession has id ${id}.`);
    const rows = await plannedCrossesWithPlan(db, or(eq(plannedCrosses.femaleParentId, id), eq(plannedCrosses.maleParentId, id)));
    return c.json({ data: rows.map((row) => ({ ...row, role: row.femaleParentId === id ? ('female' as const) : ('male' as const) })) }, 200);
  },
  listCrosses: async (c) => {
    const { db } = c.get('deps');
    const { id } = c.req.valid('param');
    await requirePlan(db, id);
    return c.json({ data: await crossesOf(db, id) }, 200);
  },
  replaceCrosses: async (c) => {
    const { db } = c.get('deps');
    const { id } = c.req.valid('param');
    const { crosses } = c.req.valid('json');
    await requirePlan(db, id);
    const parentIds = [...new Set(crosses.flatMap((cross) => [cross.femaleParentId, cross.maleParentId].filter((value): value is number => value !== null)))];
    const known = new Set(parentIds.length === 0 ? [] : (await db.select({ id: accessions.id }).from(accessions).where(inArray(accessions.id, parentIds))).map((row) => row.id));
    const errors: Record<string, string> = {};
    crosses.forEach((cross, index) => {
      if (!known.has(cross.femaleParentId)) errors[`crosses.${index}.femaleParentId`] = `No accession has id ${cross.femaleParentId}`;
      if (cross.maleParentId !== null && !known.has(cross.maleParentId)) errors[`crosses.${index}.maleParentId`] = `No accession has id ${cross.maleParentId}`;
    });
    if (Object.keys(errors).length > 0) throw new DomainError('invalid', `Some parents do not exist (${Object.keys(errors).length} problem(s)).`, errors);
    await db.transaction(async (tx) => {
      await tx.delete(plannedCrosses).where(eq(plannedCrosses.crossPlanId, id));
      if (crosses.length > 0) await tx.insert(plannedCrosses).values(crosses.map((cross) => ({ ...cross, crossPlanId: id })));
    });
    return c.json({ data: await crossesOf(db, id) }, 200);
  },
};

export const crossesRouter = routerOf(routes, handlers, ['accessionCrosses', 'listCrosses', 'replaceCrosses']);
