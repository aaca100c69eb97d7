import { OpenAPIHono } from '@hono/zod-openapi';
import type { TokenOwner } from '../auth/tokens';
import type { Database } from '../db/client';
import type { Logger } from '../log';
import { validationHook } from './errors';

export interface ApiDependencies {
  db: Database;
  log: Logger;
  /** Take the client address from X-Forwarded-For (only behind a trusted proxy). */
  trustProxy: boolean;
}

export interface AppEnv {
  Variables: {
    deps: ApiDependencies;
    requestId: string;
    /** Set by the authenticate middleware on every non-public route. */
    user: TokenOwner;
  };
}

export function createRouter(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
}
