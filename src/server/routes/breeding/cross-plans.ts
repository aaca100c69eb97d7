import { crossPlanRecordSchema } from '../../../contract/records';
import { crossPlanInputSchema } from '../../../contract/breeding';
import { crossPlans, plannedCrosses, projects } from '../../db/schema';
import { crossPlanExportRows } from './export-rows';
import { recordRouter } from './record-router';

/** Cross plans: BrAPI crossing projects. Their planned crosses are in crosses.ts. */
export const crossPlansRouter = recordRouter({
  list: 'cross-plans',
  tag: 'Cross plans',
  noun: 'cross plan',
  table: crossPlans,
  idColumn: crossPlans.id,
  nameColumn: crossPlans.name,
  input: crossPlanInputSchema,
  record: crossPlanRecordSchema,
  sortable: { name: crossPlans.name, status: crossPlans.status, createdAt: crossPlans.createdAt },
  filters: {
    projectId: crossPlans.projectId,
    status: crossPlans.status,
  },
  exportAs: { template: 'cross-plans', rows: crossPlanExportRows },
  searchColumns: [crossPlans.name, crossPlans.description],
  dependents: [{ table: plannedCrosses, column: plannedCrosses.crossPlanId, noun: 'planned cross' }],
  foreignKeys: [{ field: 'projectId', table: projects, idColumn: projects.id, noun: 'project' }],
});
