import { projectRecordSchema } from '../../../contract/records';
import { projectInputSchema } from '../../../contract/breeding';
import { crossPlans, experiments, projects } from '../../db/schema';
import { recordRouter } from './record-router';

/** Projects: BrAPI programs and trials. */
export const projectsRouter = recordRouter({
  list: 'projects',
  tag: 'Projects',
  noun: 'project',
  table: projects,
  idColumn: projects.id,
  nameColumn: projects.name,
  input: projectInputSchema,
  record: projectRecordSchema,
  sortable: { name: projects.name, status: projects.status, startDate: projects.startDate, endDate: projects.endDate, createdAt: projects.createdAt },
  filters: { status: projects.status },
  exportAs: { template: 'projects' },
  searchColumns: [projects.name, projects.description, projects.leadName],
  references: [
    { table: experiments, column: experiments.projectId, noun: 'experiment' },
    { table: crossPlans, column: crossPlans.projectId, noun: 'cross plan' },
  ],
});
