import { experimentRecordSchema } from '../../../contract/records';
import { z } from '@hono/zod-openapi';
import { DESIGN_TYPES, experimentInputSchema, STUDY_TYPES } from '../../../contract/breeding';
import { int32, recordId } from '../../../contract/fields';
import { experiments, projects, sites } from '../../db/schema';
import { resourceRouter } from './resource-router';

const id = recordId;

/** Experiments: BrAPI studies. */
export const experimentsRouter = resourceRouter({
  path: 'experiments',
  tag: 'Experiments',
  noun: 'experiment',
  table: experiments,
  idColumn: experiments.id,
  nameColumn: experiments.name,
  nameField: 'name',
  input: experimentInputSchema,
  record: experimentRecordSchema,
  sortable: { name: experiments.name, studyType: experiments.studyType, year: experiments.year, startDate: experiments.startDate, createdAt: experiments.createdAt },
  defaultSort: 'name',
  filters: {
    projectId: { column: experiments.projectId, schema: id },
    siteId: { column: experiments.siteId, schema: id },
    studyType: { column: experiments.studyType, schema: z.enum(STUDY_TYPES) },
    designType: { column: experiments.designType, schema: z.enum(DESIGN_TYPES) },
    year: { column: experiments.year, schema: int32 },
  },
  searchColumns: [experiments.name, experiments.season, experiments.description],
  foreignKeys: [
    { field: 'projectId', table: projects, idColumn: projects.id, noun: 'project' },
    { field: 'siteId', table: sites, idColumn: sites.id, noun: 'site' },
  ],
});
