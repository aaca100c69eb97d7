import { Hono } from 'hono';
import { mount } from 'hono/mount';
import { createApi } from './api';
import { ensureAdministrator } from './bootstrap';
import { openDatabase } from './db/client';
import type { Env } from './env';
import type { Logger } from './log';
import { createSite } from './site';
import packageJson from '../../package.json' with { type: 'json' };

/** Everything one process serves: the API under /api/ and the built site everywhere else. */
export async function createSeedbed(env: Env, log: Logger) {
  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: env.DATABASE_URL ? undefined : `${env.SEEDBED_DATA_DIR}/pglite`,
  });
  await ensureAdministrator(database.db, log, { email: env.SEEDBED_ADMIN_EMAIL, password: env.SEEDBED_ADMIN_PASSWORD });

  const api = createApi({
    db: database.db,
    log,
    trustProxy: env.SEEDBED_TRUST_PROXY,
    databaseKind: database.kind,
    version: packageJson.version,
    corsOrigins: env.SEEDBED_CORS_ORIGINS,
  });
  const app = new Hono();
  app.all('/api/*', mount(api.fetch));
  app.route('/', createSite({ staticDir: env.SEEDBED_STATIC_DIR, connectOrigins: [] }));
  return { app, database };
}
