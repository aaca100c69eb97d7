import { createRoute, z } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import { createRouter } from '../../http/context';
import { jsonContent } from '../../http/openapi';

const healthSchema = z.object({
  status: z.enum(['ok']),
  database: z.enum(['pglite', 'postgres']),
  version: z.string(),
});

const health = createRoute({
  method: 'get',
  path: '/health',
  tags: ['Health'],
  security: [],
  summary: 'Liveness and database reachability (public)',
  responses: { 200: jsonContent(healthSchema, 'The API and its database answer') },
});

export function healthRouter(databaseKind: 'pglite' | 'postgres', version: string) {
  return createRouter().openapi(health, async (c) => {
    await c.get('deps').db.execute(sql`select 1`);
    return c.json({ status: 'ok' as const, database: databaseKind, version }, 200);
  });
}
