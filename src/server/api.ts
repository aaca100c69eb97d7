import { cors } from 'hono/cors';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTokenService } from './auth/tokens';
import type { DatabaseHandle } from './db/client';
import { API_AUTHORIZATION, authenticate } from './http/authenticate';
import { createRouter, serveBehindSteps, type ApiDependencies, type AppEnv } from './http/context';
import { asStep, type Step } from './http/one-layer';
import { admitReads, createAdmission } from './http/admission';
import { limitBodies } from './http/body-limits';
import { handleError } from './http/errors';
import { API_SECURITY_HEADERS, setApiHeaders } from './http/security-headers';
import { authenticationRouter } from './routes/authentication/authentication.index';
import { breedingRouters } from './routes/breeding';
import { healthRouter } from './routes/health/health.index';
import { pipelinesRouter } from './routes/pipelines/pipelines.index';
import type { CataloguePipeline } from './pipelines/catalogue';
import { invitationsRouter } from './routes/invitations/invitations.index';
import { profileRouter } from './routes/profile/profile.index';
import { filesRouter } from './routes/files/files.index';
import { previewsRouter } from './routes/previews/previews.index';
import { filesetsRouter } from './routes/filesets/filesets.index';
import { lineageRouter } from './routes/lineage/lineage.index';
import { benchmarkDatasetsRouter } from './routes/benchmark-datasets/benchmark-datasets.index';
import { benchmarksRouter } from './routes/benchmarks/benchmarks.index';
import { runGroupsRouter } from './routes/run-groups/run-groups.routes';
import { runsRouter } from './routes/runs/runs.index';
import { runReportsRouter } from './routes/run-reports/run-reports.index';
import { resourcesRouter } from './routes/resources/resources.index';
import { eventsRouter } from './routes/events/events.index';
import { createBrapi } from './routes/brapi/brapi.index';
import { mlflowRunsRouter } from './routes/mlflow-runs/mlflow-runs.index';
import { demoRouter } from './routes/demo/demo.index';
import { createMlflowClient } from './mlflow/client';
import { createMlflowTracking, type MlflowTracking } from './mlflow/tracking';
import { createRunEvents } from './runs/run-events';
import { weblogWriterFor } from './runs/weblog-writer';
import type { RunService } from './runs/run-service';
import { createDownloadLinks } from './storage/download-links';
import { createIndividualsIndex } from './lineage/individuals-index';
import { createFileStore, type FileStore } from './storage/file-store';
import { createResumableUploads } from './storage/resumable-uploads';
import { storagesFor } from './storage/storage';

export interface ApiOptions extends Pick<ApiDependencies, 'log' | 'trustProxy'>, Partial<Pick<ApiDependencies, 'mailer' | 'publicUrl'>> {
  database: Pick<DatabaseHandle, 'db' | 'kind' | 'listen' | 'runStatement'>;
  version: string;
  corsOrigins: string[];
  /** Where the API is served, e.g. '/api'; '' serves it at the root (tests). */
  basePath?: string;
  /** The pipeline catalogue, read at start. */
  catalogue?: CataloguePipeline[];
  /** Launches and follows runs (absent: run launches answer 503). */
  runService?: RunService;
  /** SEEDBED_DATA_DIR. */
  dataDir?: string;
  /** Tracked MLflow runs (default: a client without credentials). */
  mlflow?: MlflowTracking;
  /** Stored files (default: in the data directory's folder, at most 100 GB each). */
  files?: FileStore;
  /** SEEDBED_UPLOAD_EXPIRY_HOURS and SEEDBED_DOWNLOAD_LINK_SECONDS, in ms and seconds. */
  uploadExpiryMs?: number;
  downloadLinkSeconds?: number;
  /** SEEDBED_SECRET_KEY: download links are signed with a key derived from it (unset: a key file in the data folder). */
  secretKey?: string | undefined;
  /** The key `npm run seed:demo` finds in the data folder's lock file, to load the demo data through this server. */
  localKey?: string | undefined;
}

export { API_SECURITY_HEADERS };

/** Routes callable without a token: `METHOD path`, paths relative to the API base. */
export const PUBLIC_ROUTES = new Set([
  'GET /health',
  'GET /openapi.json',
  'POST /authentication/login',
  'GET /invitations/lookup',
  'POST /invitations/accept',
  // Nextflow cannot send a token: the weblog carries the run's own secret instead.
  'POST /runs/:id/weblog',
  // A signed link carries its own proof (a signature and an expiry) instead of a token.
  'GET /files/:id/content',
  'GET /files/:id/view',
  // `npm run seed:demo` on the server's machine sends the data folder lock's key instead.
  'POST /demo-data',
]);

// Exact routes by set look-up; only routes with parameters need a pattern (this runs on every call).
const PUBLIC_PATTERNS = [...PUBLIC_ROUTES].filter((route) => route.includes(':')).map((route) => new RegExp(`^${route.replace(/:\w+/g, '[^/]+')}$`));
const isPublic = (method: string, path: string) => {
  if (method === 'OPTIONS') return true;
  const key = `${method} ${path}`;
  return PUBLIC_ROUTES.has(key) || PUBLIC_PATTERNS.some((pattern) => pattern.test(key));
};

/** The admin API, with paths relative to its base (mounted at /api/ by the server). */
export function createApi(options: ApiOptions) {
  // Without a data folder (tests, the OpenAPI document), a scratch one: never the working directory.
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-api-'));
  const files = options.files ?? createFileStore({ db: options.database.db, dataDir, storages: storagesFor(dataDir), maxUploadBytes: 100 * 1024 ** 3 });
  const deps: ApiDependencies = {
    db: options.database.db,
    tokens: createTokenService(options.database),
    log: options.log,
    trustProxy: options.trustProxy,
    mailer: options.mailer ?? null,
    publicUrl: options.publicUrl,
    runs: options.runService ?? null,
    dataDir,
    databaseKind: options.database.kind,
    version: options.version,
    catalogue: new Map((options.catalogue ?? []).map((pipeline) => [pipeline.id, pipeline])),
    weblog: { writer: weblogWriterFor(options.database, path.join(dataDir, 'weblog-journal'), (message) => options.log.warn(message)), secrets: new Map() },
    mlflow: options.mlflow ?? createMlflowTracking({ db: options.database.db, client: createMlflowClient({ credentials: [] }), log: options.log }),
    files,
    uploads: createResumableUploads({ files, path: `${options.basePath ?? ''}/uploads`, expiryMs: options.uploadExpiryMs ?? 48 * 3600_000, log: options.log }),
    individuals: createIndividualsIndex({ db: options.database.db, store: files, log: options.log }),
    downloadLinks: createDownloadLinks(options.database.db, options.downloadLinkSeconds ?? 900, { dataDir, secretKey: options.secretKey }),
    localKey: options.localKey ?? null,
    runEvents: createRunEvents(options.database, { log: options.log }),
  };
  const api = createRouter(options.basePath);

  // What every request meets before its route, in this order (one-layer.ts).
  const steps: Step<AppEnv>[] = [
    (c, next) => {
      // One request id per call: in the X-Request-Id header, in 500 bodies and in the log.
      const id = c.req.header('x-request-id')?.slice(0, 64) || randomUUID();
      c.set('requestId', id);
      c.set('deps', deps);
      setApiHeaders(c, id);
      return next();
    },
  ];
  // The embedded database serves reads eight at a time in arrival order, and answers 503 past 1.2 s
  // in the queue instead of letting a poller hang (admission.ts); health stays outside to measure it,
  // and the session check, answered from the token cache (a query a minute per session), never waits
  // behind database reads nor tells a signed-in console it is busy.
  // 200 pollers wait about 0.2 s at the 99th percentile on this bench machine (npm run bench), well inside the bound.
  if (options.database.kind === 'pglite') steps.push(admitReads(createAdmission({ slots: 8, maxWaitMs: 1200 }), (path) => path.endsWith('/health') || path.endsWith('/authentication/check')));
  // Before anything reads a body: a 200 MB JSON body is refused at its first megabyte.
  steps.push(limitBodies);
  if (options.corsOrigins.length > 0) {
    steps.push(
      asStep(
        cors({
          origin: options.corsOrigins,
          // The tus protocol's headers, for resumable uploads from a console served elsewhere.
          allowHeaders: ['Authorization', 'Content-Type', 'Tus-Resumable', 'Upload-Length', 'Upload-Metadata', 'Upload-Offset', 'Upload-Defer-Length', 'Upload-Concat'],
          allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
          exposeHeaders: ['Location', 'Upload-Offset', 'Upload-Length', 'Tus-Resumable', 'Upload-Expires', 'X-Request-Id', 'Content-Range', 'Seedbed-File-Id'],
          maxAge: 600,
        }),
      ),
    );
  }
  steps.push(authenticate(isPublic));
  // A weblog event is answered once journaled, before its batch is stored: any other request first
  // waits for the events taken before it (none, as a rule), so what was acknowledged is what is read.
  steps.push((c, next) => {
    const earlier = c.req.path.endsWith('/weblog') ? null : deps.weblog.writer.beforeRead();
    return earlier ? earlier.then(next, next) : next();
  });
  // Each route is one handler with the steps before it, and so are the document and the answer to a path no route serves.
  const routers = [
    healthRouter,
    authenticationRouter,
    profileRouter,
    invitationsRouter,
    pipelinesRouter,
    ...breedingRouters,
    runsRouter,
    runReportsRouter,
    resourcesRouter,
    eventsRouter,
    runGroupsRouter,
    filesRouter,
    previewsRouter,
    filesetsRouter,
    lineageRouter,
    benchmarkDatasetsRouter,
    benchmarksRouter,
    mlflowRunsRouter,
    demoRouter,
  ];
  serveBehindSteps(api, routers, steps, {
    document: { openapi: '3.1.0', info: { title: 'Seedbed admin API', version: options.version }, security: [{ token: [] }] },
    notFound: (c) => c.json({ message: `No API route for ${c.req.method} ${c.req.path}.` }, 404),
  });

  // Bearer, as API tokens and BrAPI clients send it; the console's `token` scheme is said here only.
  api.openAPIRegistry.registerComponent('securitySchemes', 'token', {
    type: 'http',
    scheme: 'bearer',
    description: API_AUTHORIZATION,
  });

  api.onError(handleError);
  // BrAPI v2.1 (read only), served beside the API at /brapi/v2 with the same tokens.
  return Object.assign(api, { deps, brapi: createBrapi(deps, options.log, options.corsOrigins) });
}

export type Api = ReturnType<typeof createApi>;
