import { z } from 'zod';
import { runGroupRecordSchema } from '../../../contract/records';
import { runGroupInputSchema } from '../../../contract/runs';
import { runGroups } from '../../db/schema';
import { resourceRouter } from '../breeding/resource-router';

/** Run groups: a breeding cycle, a benchmark campaign. Deleting one keeps its runs. */
export const runGroupsRouter = resourceRouter({
  path: 'run-groups',
  tag: 'Run groups',
  noun: 'run group',
  table: runGroups,
  idColumn: runGroups.id,
  nameColumn: runGroups.name,
  nameField: 'name',
  input: runGroupInputSchema,
  record: runGroupRecordSchema,
  sortable: { name: runGroups.name, createdAt: runGroups.createdAt },
  defaultSort: 'name',
  filters: { kind: { column: runGroups.kind, schema: z.enum(['group', 'discovery-benchmark', 'prediction-benchmark']) } },
  searchColumns: [runGroups.name, runGroups.description],
});
