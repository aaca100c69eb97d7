import { projectRecordSchema } from '../../../contract/records';
import { z } from '@hono/zod-openapi';
import { PROJECT_STATUSES, projectInputSchema } from '../../../contract/breeding';
import { crossPlans, experiments, projects } from '../../db/schema';
import { resourceRouter } from './resource-router';

/** Projects: BrAPI programs and trials. */
export const projectsRouter = resourceRouter({
  path: 'projects',
  tag: 'Projects',
  noun: 'project',
  table: projects,
  idColumn: projects.id,
  nameColumn: projects.name,
  nameField: 'name',
  input: projectInputSchema,
  record: projectRecordSchema,
  sortable: { name: projects.name, status: projects.status, startDate: projects.startDate, endDate: projects.endDate, createdAt: projects.createdAt },
  defaultSort: 'name',
  filters: { status: { column: projects.status, schema: z.enum(PROJECT_STATUSES) } },
  searchColumns: [projects.name, projects.description, projects.leadName],
  references: [
    { table: experiments, column: experiments.projectId, noun: 'experiment' },
    { table: crossPlans, column: crossPlans.projectId, noun: 'cross plan' },
  ],
});
