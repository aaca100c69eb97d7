import { experimentRecordSchema } from '../../../contract/records';
import { experimentInputSchema } from '../../../contract/breeding';
import { experimentEntries, experiments, projects, sites } from '../../db/schema';
import { experimentExportRows } from './export-rows';
import { recordRouter } from './record-router';

/** Experiments: BrAPI studies. */
export const experimentsRouter = recordRouter({
  list: 'experiments',
  tag: 'Experiments',
  noun: 'experiment',
  table: experiments,
  idColumn: experiments.id,
  nameColumn: experiments.name,
  input: experimentInputSchema,
  record: experimentRecordSchema,
  sortable: { name: experiments.name, studyType: experiments.studyType, year: experiments.year, startDate: experiments.startDate, createdAt: experiments.createdAt },
  filters: {
    projectId: experiments.projectId,
    siteId: experiments.siteId,
    studyType: experiments.studyType,
    designType: experiments.designType,
    year: experiments.year,
  },
  exportAs: { template: 'experiments', rows: experimentExportRows },
  searchColumns: [experiments.name, experiments.season, experiments.description],
  dependents: [{ table: experimentEntries, column: experimentEntries.experimentId, noun: 'entry' }],
  foreignKeys: [
    { field: 'projectId', table: projects, idColumn: projects.id, noun: 'project' },
    { field: 'siteId', table: sites, idColumn: sites.id, noun: 'site' },
  ],
});
