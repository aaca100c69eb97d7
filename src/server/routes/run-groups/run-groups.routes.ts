import { runGroupRecordSchema } from '../../../contract/records';
import { runGroupInputSchema } from '../../../contract/runs';
import { runGroups } from '../../db/schema';
import { recordRouter } from '../breeding/record-router';

/** Run groups: a breeding cycle, a benchmark campaign. Deleting one keeps its runs. */
export const runGroupsRouter = recordRouter({
  list: 'run-groups',
  tag: 'Run groups',
  noun: 'run group',
  table: runGroups,
  idColumn: runGroups.id,
  nameColumn: runGroups.name,
  input: runGroupInputSchema,
  record: runGroupRecordSchema,
  sortable: { name: runGroups.name, createdAt: runGroups.createdAt },
  filters: { kind: runGroups.kind },
  searchColumns: [runGroups.name, runGroups.description],
});
