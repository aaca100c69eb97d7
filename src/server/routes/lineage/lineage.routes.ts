import { createRoute } from '@hono/zod-openapi';
import { lineageGraphSchema, lineageQuerySchema } from '../../../contract/lineage';
import { errorResponses, jsonContent } from '../../http/openapi';

const tags = ['Lineage'];

export const graph = createRoute({
  method: 'get',
  path: '/lineage',
  tags,
  summary: 'Where a file, run or fileset came from and what was built on it, as recorded when it happened: nodes and edges, a level at a time',
  request: { query: lineageQuerySchema },
  responses: { 200: jsonContent(lineageGraphSchema, 'The lineage around the node'), ...errorResponses(400, 401, 404) },
});
