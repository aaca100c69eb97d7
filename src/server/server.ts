import { getPath } from 'hono/utils/url';
import { createApi } from './api';
import { BRAPI_BASE_PATH } from './routes/brapi/brapi.index';
import { ensureAdministrator } from './bootstrap';
import { openDatabase } from './db/client';
import type { Env } from './env';
import type { Logger } from './log';
import { createSmtpMailer } from './mail';
import { hasNoBreedingData, seedDemo } from './demo/seed-demo';
import { hasSampleFiles, seedSampleFiles } from './demo/sample-files';
import { seedFileTypes } from './services/file-types';
import { consoleAddress, listensEverywhere } from './services/invitations';
import { readCatalogue } from './pipelines/catalogue';
import { createSite } from './site';
import { createLocalEngine } from './runs/engines/local';
import { createNextflowEngine } from './runs/engines/nextflow';
import { createRunService } from './runs/run-service';
import { createMlflowClient } from './mlflow/client';
import { startMlflowRefresher } from './mlflow/refresher';
import { rollUpEndedRuns } from './runs/resource-rollups';
import { createMlflowTracking } from './mlflow/tracking';
import { createFileStore } from './storage/file-store';
import { storagesFor } from './storage/storage';
import packageJson from '../../package.json' with { type: 'json' };

export const API_BASE_PATH = '/api';
/** How often ended runs are rolled up (a batch of 2,000 each time: a busy day's runs within the hour). */
const ROLL_UP_EVERY_MS = 60_000;
/** How often files stored by another instance are looked for, to read the individuals they name (this instance's are read as they are stored). */
const INDIVIDUALS_SWEEP_EVERY_MS = 5 * 60_000;

/** Everything one process serves: the API under /api/ and the built site everywhere else. */
export async function createSeedbed(env: Env, log: Logger, options: { demo?: boolean; localKey?: string } = {}) {
  // A missing catalogue stops the start; a broken pipeline in it is listed as unavailable, with why.
  const catalogue = readCatalogue(env.SEEDBED_PIPELINES_DIR);
  for (const pipeline of catalogue) {
    if (pipeline.problem) log.error('A pipeline of the catalogue cannot be used; it is listed as unavailable', { pipeline: pipeline.id, problem: pipeline.problem });
    for (const warning of pipeline.warnings) log.warn('A pipeline of the catalogue has a problem that leaves it launchable (its schema, or its report.json)', { pipeline: pipeline.id, warning });
  }
  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: env.DATABASE_URL ? undefined : `${env.SEEDBED_DATA_DIR}/pglite`,
    warn: (message) => log.warn(message),
  });
  // Instances started together take turns: one creates the first rows, the others find them.
  await database.withStartupLock(async () => {
    await ensureAdministrator(database.db, log, { email: env.SEEDBED_ADMIN_EMAIL, password: env.SEEDBED_ADMIN_PASSWORD });
    await seedFileTypes(database.db);
    if (options.demo && (await hasNoBreedingData(database.db))) {
      await seedDemo(database.db);
      log.info('Loaded the demo breeding data');
    }
    if (options.demo && !(await hasSampleFiles(database.db))) {
      const added = await seedSampleFiles(database.db, env.SEEDBED_DATA_DIR);
      log.info('Stored the sample pipeline inputs', { files: added });
    }
  });

  const files = createFileStore({
    db: database.db,
    dataDir: env.SEEDBED_DATA_DIR,
    storages: storagesFor(
      env.SEEDBED_DATA_DIR,
      env.SEEDBED_STORAGE === 's3'
        ? {
            bucket: env.SEEDBED_S3_BUCKET!,
            prefix: env.SEEDBED_S3_PREFIX,
            endpoint: env.SEEDBED_S3_ENDPOINT,
            region: env.SEEDBED_S3_REGION,
            forcePathStyle: env.SEEDBED_S3_FORCE_PATH_STYLE,
            credentials: env.SEEDBED_S3_ACCESS_KEY_ID ? { accessKeyId: env.SEEDBED_S3_ACCESS_KEY_ID, secretAccessKey: env.SEEDBED_S3_SECRET_ACCESS_KEY! } : undefined,
          }
        : undefined,
    ),
    maxUploadBytes: env.SEEDBED_MAX_UPLOAD_MB * 1024 ** 2,
  });
  log.info('Uploads are stored in', { storage: files.storages.uploads.description });
  if (listensEverywhere({ publicUrl: env.SEEDBED_PUBLIC_URL, host: env.HOST })) {
    log.warn(
      `Invitation links point to http://localhost:${env.PORT}, which opens only on this machine: set SEEDBED_PUBLIC_URL to the address colleagues open Seedbed at (e.g. https://seedbed.example.org) before inviting them.`,
    );
  }

  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
  const runService = createRunService({
    db: database.db,
    log,
    catalogue,
    engines: { local: createLocalEngine(), nextflow: createNextflowEngine({ config: env.SEEDBED_NEXTFLOW_CONFIG, workDir: env.SEEDBED_NEXTFLOW_WORK_DIR }) },
    defaultEngine: env.SEEDBED_ENGINE,
    dataDir: env.SEEDBED_DATA_DIR,
    apiUrl: env.SEEDBED_API_URL ?? `http://${host.includes(':') ? `[${host}]` : host}:${env.PORT}${API_BASE_PATH}`,
    localConcurrency: env.SEEDBED_LOCAL_CONCURRENCY,
    nextflowWorkDir: env.SEEDBED_NEXTFLOW_WORK_DIR,
    prepareInputs: files.materialiseInputs,
    inputDirs: env.SEEDBED_INPUT_DIRS,
  });
  // Runs left running by the last process: re-attached, re-queued or failed with the reason.
  await runService.recover();
  // Runs gone silent, looked for a few times per silence window.
  const silentMs = env.SEEDBED_SILENT_RUN_MINUTES * 60_000;
  const silentSweep = setInterval(() => void runService.markSilent(silentMs).catch((error) => log.error('Looking for silent runs failed', { error: String(error) })), Math.min(60_000, silentMs / 4));
  silentSweep.unref();
  // Ended runs past the weblog's late-report window are rolled up in the background, a batch at a
  // time, so that the first look at recommendations or trends after a busy day does not wait for it.
  const rollUpSweep = setInterval(() => void rollUpEndedRuns(database.db).catch((error) => log.error('Rolling up ended runs’ resource use failed', { error: String(error) })), ROLL_UP_EVERY_MS);
  rollUpSweep.unref();

  const mlflow = createMlflowTracking({ db: database.db, client: createMlflowClient({ credentials: env.SEEDBED_MLFLOW_CREDENTIALS, allowedHosts: env.SEEDBED_MLFLOW_ALLOWED_HOSTS }), log });
  const mlflowRefresher = startMlflowRefresher(mlflow, env.SEEDBED_MLFLOW_REFRESH_SECONDS, log);

  const api = createApi({
    database,
    log,
    trustProxy: env.SEEDBED_TRUST_PROXY,
    version: packageJson.version,
    corsOrigins: env.SEEDBED_CORS_ORIGINS,
    basePath: API_BASE_PATH,
    catalogue,
    mailer: env.SEEDBED_SMTP_URL ? createSmtpMailer(env.SEEDBED_SMTP_URL, env.SEEDBED_SMTP_FROM) : null,
    // Invitation links: the configured address, never the request's Host header.
    publicUrl: consoleAddress({ publicUrl: env.SEEDBED_PUBLIC_URL, host: env.HOST, port: env.PORT }),
    runService,
    dataDir: env.SEEDBED_DATA_DIR,
    mlflow,
    files,
    uploadExpiryMs: env.SEEDBED_UPLOAD_EXPIRY_HOURS * 3600_000,
    downloadLinkSeconds: env.SEEDBED_DOWNLOAD_LINK_SECONDS,
    secretKey: env.SEEDBED_SECRET_KEY,
    localKey: options.localKey,
  });
  // The signing key is in place (and an older database's copy deleted) before the first request.
  await api.deps.downloadLinks.ready();
  api.deps.uploads.startSweeping();
  // The individuals of files stored before this start (or by another instance) are read in the background.
  api.deps.individuals.start(INDIVIDUALS_SWEEP_EVERY_MS);
  const site = createSite({ staticDir: env.SEEDBED_STATIC_DIR });
  // Dispatch on the path prefix rather than mounting, which would copy every API request.
  const fetch = (request: Request, ...rest: unknown[]) => {
    const path = getPath(request);
    const isApi = path === API_BASE_PATH || path.startsWith(`${API_BASE_PATH}/`);
    if (isApi) return api.fetch(request, ...rest);
    return path.startsWith(`${BRAPI_BASE_PATH}/`) ? api.brapi.fetch(request, ...rest) : site.fetch(request, ...rest);
  };
  return {
    app: { fetch },
    database,
    runService,
    stop: () => {
      clearInterval(silentSweep);
      clearInterval(rollUpSweep);
      mlflowRefresher.stop();
      api.deps.uploads.stop();
      void api.deps.individuals.stop();
    },
    /** Stores the weblog events taken (what the database does not take in `timeoutMs` stays journaled for the next start). */
    closeWeblog: (timeoutMs?: number) => api.deps.weblog.writer.close(timeoutMs),
  };
}
