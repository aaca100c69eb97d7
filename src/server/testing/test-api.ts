import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll } from 'vitest';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createApi } from '../api';
import { type MlflowCredential, readEnv } from '../env';
import { createMlflowClient, type MlflowClientOptions } from '../mlflow/client';
import { createMlflowTracking } from '../mlflow/tracking';
import { createLocalEngine } from '../runs/engines/local';
import { createNextflowEngine, type NextflowEngineOptions } from '../runs/engines/nextflow';
import { createRunService, type RunService, type RunServiceOptions } from '../runs/run-service';
import { readCatalogue } from '../pipelines/catalogue';
import { silentLogger } from '../log';
import { createFileStore } from '../storage/file-store';
import { type S3StorageOptions, storagesFor } from '../storage/storage';
import { createUser } from '../services/users';
import { createResponseChecker } from './response-check';
import { openTestDatabase } from './test-database';

export const TEST_PASSWORD = 'correct horse battery staple';

export interface TestRunOptions extends Partial<Pick<RunServiceOptions, 'defaultEngine' | 'localConcurrency'>> {
  nextflow?: NextflowEngineOptions;
  /** A data folder to reuse (a restart); a fresh one by default. */
  dataDir?: string;
  /** A port to listen on (a restart keeps its address); a free one by default. */
  port?: number;
  /** Another pipeline catalogue. */
  catalogueDir?: string;
  /** Folders runs may read inputs from; SEEDBED_INPUT_DIRS of the test environment (the repository's fixtures) by default. */
  inputDirs?: string[];
}

/**
 * The API on a database of its own, with helpers to make users and sign them in. With `runs`,
 * it also serves over HTTP on a free port, so that engine processes can post their weblog.
 */
export interface TestFileOptions {
  /** Keep uploads in this S3-compatible bucket instead of the data folder. */
  s3?: Omit<S3StorageOptions, 'cacheDir'>;
  maxUploadBytes?: number;
  uploadExpiryMs?: number;
  downloadLinkSeconds?: number;
}

export async function createTestApi(
  options: {
    runs?: TestRunOptions;
    database?: Awaited<ReturnType<typeof openTestDatabase>>;
    mlflowCredentials?: MlflowCredential[];
    /** The MLflow client's allowed hosts, resolver and caps (by default it connects to global addresses only, as in production). */
    mlflowClient?: Omit<MlflowClientOptions, 'credentials'>;
    files?: TestFileOptions;
  } = {},
) {
  const database = options.database ?? (await openTestDatabase());
  const catalogue = readCatalogue(options.runs?.catalogueDir ?? 'pipelines');
  const dataDir = options.runs?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-runs-'));
  const files = createFileStore({ db: database.db, dataDir, storages: storagesFor(dataDir, options.files?.s3), maxUploadBytes: options.files?.maxUploadBytes ?? 100 * 1024 ** 3 });
  let server: ServerType | undefined;
  let runService: RunService | undefined;
  let apiUrl = '';
  if (options.runs) {
    // The port is known once listening; the service reads apiUrl only when a run starts.
    const serviceOptions: RunServiceOptions = {
      db: database.db,
      log: silentLogger,
      catalogue,
      engines: { local: createLocalEngine({ graceMs: 1000 }), nextflow: createNextflowEngine({ graceMs: 1000, ...options.runs.nextflow }) },
      defaultEngine: options.runs.defaultEngine ?? 'local',
      dataDir,
      get apiUrl() {
        return apiUrl;
      },
      localConcurrency: options.runs.localConcurrency ?? 2,
      prepareInputs: files.materialiseInputs,
      inputDirs: options.runs.inputDirs ?? readEnv().SEEDBED_INPUT_DIRS,
    };
    runService = createRunService(serviceOptions);
  }
  const mlflow = createMlflowTracking({ db: database.db, client: createMlflowClient({ credentials: options.mlflowCredentials ?? [], timeoutMs: 3000, ...options.mlflowClient }), log: silentLogger });
  const api = createApi({
    database,
    mlflow,
    log: silentLogger,
    trustProxy: true,
    version: 'test',
    corsOrigins: [],
    catalogue,
    ...(runService ? { runService } : {}),
    dataDir,
    files,
    ...(options.files?.uploadExpiryMs ? { uploadExpiryMs: options.files.uploadExpiryMs } : {}),
    ...(options.files?.downloadLinkSeconds ? { downloadLinkSeconds: options.files.downloadLinkSeconds } : {}),
  });
  if (options.runs) {
    server = await new Promise<ServerType>((resolve) => {
      const listening = serve({ fetch: api.fetch, port: options.runs?.port ?? 0, hostname: '127.0.0.1' }, () => resolve(listening));
    });
    apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  let userCount = 0;
  async function createTestUser(overrides: { email?: string; name?: string; password?: string } = {}) {
    userCount += 1;
    return createUser(database.db, {
      // Unique across API instances on one database (a restart test opens two).
      email: overrides.email ?? `breeder${userCount}-${randomBytes(3).toString('hex')}@example.org`,
      name: overrides.name ?? `Breeder ${userCount}`,
      password: overrides.password ?? TEST_PASSWORD,
    });
  }

  let checkResponse: ReturnType<typeof createResponseChecker> | undefined;
  /** Calls the API; every JSON answer is checked against the OpenAPI document's response schema. */
  async function call(path: string, init: RequestInit & { token?: string; json?: unknown } = {}) {
    const headers = new Headers(init.headers);
    if (init.token) headers.set('Authorization', `token ${init.token}`);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(init.json);
    }
    const response = await api.request(path, { ...init, headers, body });
    if (response.headers.get('content-type')?.includes('application/json') && path !== '/openapi.json') {
      checkResponse ??= createResponseChecker(await (await api.request('/openapi.json')).json());
      const problem = checkResponse((init.method ?? 'GET').toUpperCase(), new URL(path, 'http://api').pathname, response.status, await response.clone().json());
      if (problem) throw new Error(problem);
    }
    return response;
  }

  async function signIn(email: string, password = TEST_PASSWORD): Promise<string> {
    const response = await call('/authentication/login', { method: 'POST', json: { email, password } });
    if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { token: string }).token;
  }

  /** A token of a fresh user, for tests about something other than accounts. */
  async function signInNewUser(): Promise<string> {
    return signIn((await createTestUser()).email);
  }

  async function close(options: { keepDatabase?: boolean } = {}) {
    // A restart test keeps the database and the run processes; anything else ends them.
    runService?.stop({ killProcesses: !options.keepDatabase });
    (server as { closeAllConnections?: () => void } | undefined)?.closeAllConnections?.();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await api.deps.individuals.stop();
    await api.deps.weblog.writer.close();
    if (!options.keepDatabase) await database.close();
  }

  return { api, database, db: database.db, mlflow, call, createTestUser, signIn, signInNewUser, runService, dataDir, apiUrl: () => apiUrl, close };
}

export type TestApi = Awaited<ReturnType<typeof createTestApi>>;

/**
 * The usual set-up of an API test file: one API on its own database and a signed-in user for
 * the whole file, closed after it. Read `.t` and `.token` inside tests.
 */
export function setUpTestApi(options: Parameters<typeof createTestApi>[0] = {}) {
  const context = {} as { t: TestApi; token: string };
  beforeAll(async () => {
    context.t = await createTestApi(options);
    context.token = await context.t.signInNewUser();
  });
  afterAll(async () => {
    await context.t?.close();
  });
  return context;
}
