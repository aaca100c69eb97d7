import { describe, expect, it } from 'vitest';
import { invitationStatusSchema } from './account';
import { fileListQuerySchema, filesetListQuerySchema } from './files';
import { listQuerySchema } from './list';
import { LISTS } from './list-definitions';
import { mlflowListQuerySchema } from './mlflow';
import { RECORD_LIST_QUERIES } from './record-list-queries';
import { runListQuerySchema, runTasksQuerySchema } from './runs';

const queries = {
  ...Object.fromEntries(Object.entries(RECORD_LIST_QUERIES).map(([key, { list }]) => [key, list])),
  runs: runListQuerySchema,
  tasks: runTasksQuerySchema,
  files: fileListQuerySchema,
  filesets: filesetListQuerySchema,
  'mlflow-runs': mlflowListQuerySchema,
  invitations: listQuerySchema(LISTS.invitations, { status: invitationStatusSchema.optional() }),
};

describe('every list query', () => {
  it('has a query schema for each definition', () => {
    expect(Object.keys(queries).sort()).toEqual(Object.keys(LISTS).sort());
  });

  for (const [key, definition] of Object.entries(LISTS)) {
    const query = queries[key as keyof typeof queries];
    it(`${key}: sorts by its definition's default, in its default order, when the query says nothing`, () => {
      expect(query.parse({})).toMatchObject({ page: 0, pageSize: 50, sort: definition.defaultSort, order: definition.defaultOrder });
    });
    it(`${key}: takes each sort field its definition declares, and refuses any other`, () => {
      for (const sort of definition.sortable) expect(query.parse({ sort })).toMatchObject({ sort });
      expect(query.safeParse({ sort: 'notAField' }).success).toBe(false);
    });
  }

  it('keeps the orders the API had: runs, files and filesets newest first, the rest ascending', () => {
    expect(
      Object.entries(LISTS)
        .filter(([, definition]) => definition.defaultOrder === 'desc')
        .map(([key]) => key),
    ).toEqual(['runs', 'files', 'filesets']);
  });
});
