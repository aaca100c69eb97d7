import { crossPlanRecordSchema } from '../../../contract/records';
import { z } from '@hono/zod-openapi';
import { CROSS_PLAN_STATUSES, crossPlanInputSchema } from '../../../contract/breeding';
import { recordId } from '../../../contract/fields';
import { crossPlans, projects } from '../../db/schema';
import { resourceRouter } from './resource-router';

/** Cross plans: BrAPI crossing projects. Their planned crosses are in crosses.ts. */
export const crossPlansRouter = resourceRouter({
  path: 'cross-plans',
  tag: 'Cross plans',
  noun: 'cross plan',
  table: crossPlans,
  idColumn: crossPlans.id,
  nameColumn: crossPlans.name,
  nameField: 'name',
  input: crossPlanInputSchema,
  record: crossPlanRecordSchema,
  sortable: { name: crossPlans.name, status: crossPlans.status, createdAt: crossPlans.createdAt },
  defaultSort: 'name',
  filters: {
    projectId: { column: crossPlans.projectId, schema: recordId },
    status: { column: crossPlans.status, schema: z.enum(CROSS_PLAN_STATUSES) },
  },
  searchColumns: [crossPlans.name, crossPlans.description],
  foreignKeys: [{ field: 'projectId', table: projects, idColumn: projects.id, noun: 'project' }],
});
