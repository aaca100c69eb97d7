import { OpenAPIHono } from '@hono/zod-openapi';
import type { IndividualsIndex } from '../lineage/individuals-index';
import type { Context } from 'hono';
import { getPath } from 'hono/utils/url';
import type { RunEvents } from '../runs/run-events';
import type { TokenOwner, TokenService } from '../auth/tokens';
import type { Database } from '../db/client';
import type { Logger } from '../log';
import type { Mailer } from '../mail';
import type { MlflowTracking } from '../mlflow/tracking';
import type { CataloguePipeline } from '../pipelines/catalogue';
import type { RunService } from '../runs/run-service';
import type { WeblogSecret } from '../runs/weblog';
import type { WeblogWriter } from '../runs/weblog-writer';
import type { DownloadLinks } from '../storage/download-links';
import type { FileStore } from '../storage/file-store';
import type { ResumableUploads } from '../storage/resumable-uploads';
import { validationHook } from './errors';
import { inOneLayer, type Step } from './one-layer';
import { validatedInOneStep } from './validated-routes';

export interface ApiDependencies {
  db: Database;
  tokens: TokenService;
  log: Logger;
  /** Take the client address from X-Forwarded-For (only behind a trusted proxy). */
  trustProxy: boolean;
  /** Sends invitation emails; null when no mail server is configured. */
  mailer: Mailer | null;
  /** Address of the console for invitation links (services/invitations.ts consoleAddress); unset: no link can be built. */
  publicUrl: string | undefined;
  /** Launches, cancels and recovers runs; null where runs are not served (some tests). */
  runs: RunService | null;
  /** SEEDBED_DATA_DIR: stored files and run folders live under it. */
  dataDir: string;
  /** Which database answers, and this build's version (for /health). */
  databaseKind: 'pglite' | 'postgres';
  version: string;
  /** The pipeline catalogue by id, read at start. */
  catalogue: Map<string, CataloguePipeline>;
  /** Weblog ingestion: the group-committing writer, and the runs' secrets (their hashes) once looked up. */
  weblog: { writer: WeblogWriter; secrets: Map<number, WeblogSecret> };
  /** Tracked MLflow runs and the client that reads them. */
  mlflow: MlflowTracking;
  /** Stored files (uploads, checks, storage), resumable uploads, and signed download links. */
  files: FileStore;
  uploads: ResumableUploads;
  downloadLinks: DownloadLinks;
  /** The individuals each stored file names, read once in the background: an accession's page finds its files there. */
  individuals: IndividualsIndex;
  /** The key `npm run seed:demo` loads the demo data through this server with; null: it may not. */
  localKey: string | null;
  /** Run changes from every instance, read once for all this instance's event streams. */
  runEvents: RunEvents;
}

export interface AppEnv {
  Variables: {
    deps: ApiDependencies;
    requestId: string;
    /** Set by the authenticate middleware on every non-public route. */
    user: TokenOwner;
  };
}

/**
 * A router for API routes. With `basePath` ('/api'), it serves requests whose path starts with
 * it and sees paths without it, so routes, docs and the public-route list stay base-relative.
 */
export function createRouter(basePath = ''): OpenAPIHono<AppEnv> {
  const basePathless = basePath ? { getPath: (request: Request) => getPath(request).slice(basePath.length) || '/' } : {};
  // A query parameter a route's query schema (a plain object) does not name is refused; not BrAPI's (brapi.index.ts), whose clients are other tools: that is a decision of its own.
  return validatedInOneStep(new OpenAPIHono<AppEnv>({ defaultHook: validationHook, ...basePathless }), { refuseUnknownQuery: true });
}

/**
 * `router`'s routes, each with `steps` before it in the one handler Hono finds (inOneLayer), to
 * mount with `api.route('/', …)`; its routes' documentation comes along. The steps run once a
 * request, so a router declares one handler per route: a middleware of its own goes in the
 * route's config (`middleware`), never in `router.use`, which would be a second handler.
 */
export function behindSteps(router: OpenAPIHono<AppEnv>, steps: readonly Step<AppEnv>[]): OpenAPIHono<AppEnv> {
  const mounted = new OpenAPIHono<AppEnv>();
  mounted.openAPIRegistry = router.openAPIRegistry;
  const seen = new Set<string>();
  for (const { method, path, handler } of router.routes) {
    const taken = seen.has(`${method} ${path}`) || (method === 'ALL' ? [...seen].some((key) => key.endsWith(` ${path}`)) : seen.has(`ALL ${path}`));
    if (taken) throw new Error(`${method} ${path}: a second handler for this route. Give the route its middleware in its config (middleware: …) instead of router.use.`);
    seen.add(`${method} ${path}`);
    mounted.on(method, path, inOneLayer(...steps, handler as Step<AppEnv>));
  }
  return mounted;
}

/**
 * Serves `routers` on `app`, each route behind `steps` (behindSteps), and so are `app`'s OpenAPI
 * document at /openapi.json and `notFound`, the answer to a path no route serves. The API and
 * BrAPI are served this way.
 */
export function serveBehindSteps(
  app: OpenAPIHono<AppEnv>,
  routers: readonly OpenAPIHono<AppEnv>[],
  steps: readonly Step<AppEnv>[],
  options: { document: Parameters<OpenAPIHono<AppEnv>['getOpenAPI31Document']>[0]; notFound: (c: Context<AppEnv>) => Response },
): void {
  const documentRouter = createRouter();
  documentRouter.get('/openapi.json', (c) => c.json(app.getOpenAPI31Document(options.document)));
  for (const router of [...routers, documentRouter]) app.route('/', behindSteps(router, steps));
  const notFound = inOneLayer(...steps, options.notFound);
  app.notFound((c) => notFound(c, async () => {}) as Promise<Response>);
}
