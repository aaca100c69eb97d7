import { createRoute } from '@hono/zod-openapi';
import { healthSchema } from '../../../contract/health';
import { jsonContent } from '../../http/openapi';

export const health = createRoute({
  method: 'get',
  path: '/health',
  tags: ['Health'],
  security: [],
  summary: 'Liveness and database reachability (public)',
  responses: { 200: jsonContent(healthSchema, 'The API and its database answer') },
});
