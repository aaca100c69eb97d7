import type { RouteHandler } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import type { AppEnv } from '../../http/context';
import type * as routes from './health.routes';

export const health: RouteHandler<typeof routes.health, AppEnv> = async (c) => {
  const { db, databaseKind, version } = c.get('deps');
  await db.execute(sql`select 1`);
  return c.json({ status: 'ok' as const, database: databaseKind, version }, 200);
};
