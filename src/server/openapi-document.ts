import { createApi } from './api';
import type { Database } from './db/client';
import { silentLogger } from './log';
import packageJson from '../../package.json' with { type: 'json' };

/** The API's OpenAPI document, built without a database (for the docs build). */
export function openApiDocument() {
  const api = createApi({
    database: { db: {} as Database, kind: 'postgres', listen: async () => {} },
    log: silentLogger,
    trustProxy: false,
    version: packageJson.version,
    corsOrigins: [],
  });
  return api.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'Seedbed admin API', version: packageJson.version } });
}
