import { z } from 'zod';
import { MLFLOW_RUN_STATUSES } from '../../contract/mlflow-url';
import type { MlflowKeyValue, MlflowMetric } from '../../contract/mlflow';
import type { MlflowCredential } from '../env';
import { type AllowedHosts, normaliseHost } from './address-policy';
import { createRemoteReader, RemoteError, type RemoteAnswer, type Resolver } from './remote';

/**
 * Reads runs from an MLflow tracking server through its REST API 2.0: `runs/get` and
 * `metrics/get-history` with its paging. The server is whatever a user typed, so it is read as
 * a possibly hostile one (remote.ts): only at addresses the policy allows, within caps on size
 * and time, and its own words (error bodies) are never passed on. Each failure is an
 * MlflowError whose message names the server and what to do.
 */

export type MlflowProblem = 'refused' | 'unreachable' | 'not-mlflow' | 'not-found' | 'credentials' | 'server-error' | 'too-large';

export class MlflowError extends Error {
  override name = 'MlflowError';
  constructor(
    readonly problem: MlflowProblem,
    message: string,
  ) {
    super(message);
  }
}

// MLflow writes int64 fields as JSON numbers; protobuf's own JSON (Databricks) as strings.
const int64 = z.union([z.number(), z.string().regex(/^-?\d+$/)]).transform(Number);
// Python's json writes NaN and Infinity bare (not JSON: refused by the parser) and protobuf as strings.
const double = z.union([z.number(), z.enum(['NaN', 'Infinity', '-Infinity'])]).transform((value) => (typeof value === 'number' ? value : null));
const keyValue = z.object({ key: z.string(), value: z.string().nullish().default('') }).transform(({ key, value }) => ({ key, value: value ?? '' }));
const metric = z.object({ key: z.string(), value: double.nullish().default(null), timestamp: int64.nullish().default(0), step: int64.nullish().default(0) }).transform((point) => ({
  key: point.key,
  value: point.value ?? null,
  timestamp: point.timestamp ?? 0,
  step: point.step ?? 0,
}));

const runSchema = z.object({
  run: z.object({
    info: z.object({
      run_id: z.string().optional(),
      run_uuid: z.string().optional(),
      run_name: z.string().nullish(),
      experiment_id: z.string().nullish(),
      user_id: z.string().nullish(),
      status: z.enum(MLFLOW_RUN_STATUSES),
      start_time: int64.nullish(),
      end_time: int64.nullish(),
      artifact_uri: z.string().nullish(),
      lifecycle_stage: z.string().nullish(),
    }),
    data: z
      .object({
        metrics: z.array(metric).nullish(),
        params: z.array(keyValue).nullish(),
        tags: z.array(keyValue).nullish(),
      })
      .nullish(),
  }),
});

const historyPageSchema = z.object({ metrics: z.array(metric).nullish(), next_page_token: z.string().nullish() });

// MLflow's error codes are protobuf enum names; anything else in the field is not repeated.
const errorBodySchema = z.object({ error_code: z.string().regex(/^[A-Z][A-Z0-9_]{0,63}$/) });

export interface MlflowRunSnapshot {
  runId: string;
  name: string | null;
  experimentId: string | null;
  user: string | null;
  status: (typeof MLFLOW_RUN_STATUSES)[number];
  startTime: number | null;
  endTime: number | null;
  artifactUri: string | null;
  deleted: boolean;
  params: MlflowKeyValue[];
  tags: MlflowKeyValue[];
  metrics: MlflowMetric[];
}

export interface MlflowClientOptions {
  credentials: readonly MlflowCredential[];
  /** SEEDBED_MLFLOW_ALLOWED_HOSTS: where else than global addresses tracking servers may be. */
  allowedHosts?: AllowedHosts;
  /** Resolves host names (the system's resolver by default). */
  resolve?: Resolver;
  /** How long one answer may take, to its last byte. */
  timeoutMs?: number;
  /** The most bytes one answer may hold on the wire, and once decompressed. */
  maxBytes?: number;
  maxInflatedBytes?: number;
  /** The most points kept of one metric's history, and the most metrics of one run. */
  maxHistoryPoints?: number;
  maxMetrics?: number;
}

/** The most points MLflow hands out per page of a metric's history. */
export const HISTORY_PAGE_SIZE = 25_000;

const MB = 1024 * 1024;

export function createMlflowClient({
  credentials,
  allowedHosts,
  resolve,
  timeoutMs = 20_000,
  // A page of 25,000 points is about 2.5 MB of JSON; a run's tags may hold a notebook.
  maxBytes = 32 * MB,
  maxInflatedBytes = 64 * MB,
  maxHistoryPoints = 1_000_000,
  maxMetrics = 2_000,
}: MlflowClientOptions) {
  const remote = createRemoteReader({ ...(allowedHosts ? { allowedHosts } : {}), ...(resolve ? { resolve } : {}), timeoutMs, maxBytes, maxInflatedBytes });

  /** The configured credentials whose URI is the longest prefix of the tracking URI. */
  function authorization(trackingUri: string): string | undefined {
    const match = credentials
      .filter((entry) => {
        const prefix = entry.uri.replace(/\/+$/, '');
        return trackingUri === prefix || trackingUri.startsWith(`${prefix}/`);
      })
      .sort((a, b) => b.uri.length - a.uri.length)[0];
    if (!match) return undefined;
    if ('token' in match) return `Bearer ${match.token}`;
    return `Basic ${Buffer.from(`${match.username}:${match.password}`).toString('base64')}`;
  }

  async function call(trackingUri: string, endpoint: string, query: Record<string, string>, what: string): Promise<unknown> {
    const url = new URL(`${trackingUri}/api/2.0/mlflow/${endpoint}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    const headers: Record<string, string> = { Accept: 'application/json' };
    const auth = authorization(trackingUri);
    if (auth) headers.Authorization = auth;
    let response: RemoteAnswer;
    try {
      response = await remote.get(url, headers);
    } catch (error) {
      if (!(error instanceof RemoteError)) throw error;
      throw remoteFailure(trackingUri, normaliseHost(url.hostname), error, timeoutMs);
    }
    let body: unknown;
    try {
      body = response.body.length > 0 ? JSON.parse(response.body.toString('utf8')) : null;
    } catch {
      body = undefined;
    }
    const ok = response.status >= 200 && response.status < 300;
    if (response.status === 401 || response.status === 403) {
      const configured = auth !== undefined;
      throw new MlflowError(
        'credentials',
        configured
          ? `The MLflow tracking server at ${trackingUri} refused Seedbed’s credentials (HTTP ${response.status}). Ask your administrator to check this server’s entry in SEEDBED_MLFLOW_CREDENTIALS.`
          : `The MLflow tracking server at ${trackingUri} needs credentials (HTTP ${response.status}). Ask your administrator to add this server to SEEDBED_MLFLOW_CREDENTIALS.`,
      );
    }
    const error = errorBodySchema.safeParse(body);
    if (!ok && error.success) {
      if (error.data.error_code === 'RESOURCE_DOES_NOT_EXIST') {
        throw new MlflowError('not-found', `MLflow at ${trackingUri} has no ${what} (RESOURCE_DOES_NOT_EXIST). Check the run id, or copy the run’s URL from MLflow’s UI.`);
      }
      if (error.data.error_code === 'PERMISSION_DENIED' || error.data.error_code === 'UNAUTHENTICATED') {
        throw new MlflowError(
          'credentials',
          `The MLflow tracking server at ${trackingUri} refused access to ${what} (${error.data.error_code}). Ask your administrator to check SEEDBED_MLFLOW_CREDENTIALS for this server.`,
        );
      }
      // Its message is not repeated: a user could read another service's answers through it.
      throw new MlflowError('server-error', `The MLflow tracking server at ${trackingUri} answered ${error.data.error_code} (HTTP ${response.status}). Try again later, or ask its administrator.`);
    }
    if (!ok) {
      if (response.status >= 500) throw new MlflowError('server-error', `The MLflow tracking server at ${trackingUri} failed (HTTP ${response.status}). Try again later, or ask its administrator.`);
      throw new MlflowError('not-mlflow', notMlflow(trackingUri, `HTTP ${response.status}${response.status >= 300 && response.status < 400 ? ', a redirect Seedbed does not follow' : ''}`));
    }
    if (body === undefined) {
      const type = response.headers['content-type']?.split(';')[0]?.trim();
      throw new MlflowError('not-mlflow', notMlflow(trackingUri, type && !/json/i.test(type) ? `the answer was ${type}, not JSON` : 'its answer is not valid JSON'));
    }
    return body;
  }

  return {
    /** `runs/get`: the run's info, params, tags and latest metrics. */
    async getRun(trackingUri: string, runId: string): Promise<MlflowRunSnapshot> {
      const body = await call(trackingUri, 'runs/get', { run_id: runId }, `run ${runId}`);
      const parsed = runSchema.safeParse(body);
      if (!parsed.success) throw new MlflowError('not-mlflow', notMlflow(trackingUri, 'its answer to runs/get has no run info and status'));
      const { info, data } = parsed.data.run;
      if ((data?.metrics?.length ?? 0) > maxMetrics) {
        throw new MlflowError('too-large', `MLflow run ${runId} at ${trackingUri} has ${data?.metrics?.length} metrics; Seedbed tracks runs with at most ${maxMetrics}.`);
      }
      return {
        runId: info.run_id ?? info.run_uuid ?? runId,
        name: info.run_name || null,
        experimentId: info.experiment_id ?? null,
        user: info.user_id || null,
        status: info.status,
        startTime: info.start_time || null,
        endTime: info.end_time || null,
        artifactUri: info.artifact_uri ?? null,
        deleted: info.lifecycle_stage === 'deleted',
        params: data?.params ?? [],
        tags: data?.tags ?? [],
        metrics: data?.metrics ?? [],
      };
    },

    /** `metrics/get-history`, every page: each point of one metric, sorted by step then time. */
    async getHistory(trackingUri: string, runId: string, key: string): Promise<MlflowMetric[]> {
      const points: MlflowMetric[] = [];
      let pageToken: string | undefined;
      const seen = new Set<string>();
      do {
        const query: Record<string, string> = { run_id: runId, metric_key: key, max_results: String(HISTORY_PAGE_SIZE) };
        if (pageToken) query.page_token = pageToken;
        const parsed = historyPageSchema.safeParse(await call(trackingUri, 'metrics/get-history', query, `metric ${key} of run ${runId}`));
        if (!parsed.success) throw new MlflowError('not-mlflow', notMlflow(trackingUri, 'its answer to metrics/get-history has no metrics list'));
        const page = parsed.data.metrics ?? [];
        if (points.length + page.length > maxHistoryPoints) {
          throw new MlflowError(
            'too-large',
            `Metric ${key} of MLflow run ${runId} at ${trackingUri} has more than ${maxHistoryPoints.toLocaleString('en')} points; Seedbed keeps at most that many of one metric.`,
          );
        }
        for (const point of page) points.push(point);
        pageToken = parsed.data.next_page_token || undefined;
        // A server that hands back a token it gave before would page forever.
        if (pageToken && seen.has(pageToken)) throw new MlflowError('server-error', `The MLflow tracking server at ${trackingUri} repeated a page of metric ${key}. Try again later.`);
        if (pageToken) seen.add(pageToken);
      } while (pageToken);
      return points.sort((a, b) => a.step - b.step || a.timestamp - b.timestamp);
    },
  };
}

export type MlflowClient = ReturnType<typeof createMlflowClient>;

/** A RemoteError in words for the person who typed the address. */
function remoteFailure(trackingUri: string, host: string, error: RemoteError, timeoutMs: number): MlflowError {
  switch (error.failure) {
    case 'refused':
      return new MlflowError(
        'refused',
        `Seedbed does not connect to ${host}: it ${error.detail}. If your MLflow tracking server is inside your network, ask your administrator to add its host name or address to SEEDBED_MLFLOW_ALLOWED_HOSTS.`,
      );
    case 'unreachable':
      // One message whatever went wrong (refused, reset, no answer): it must not tell a closed port from a silent one.
      return new MlflowError(
        'unreachable',
        `Could not reach the MLflow tracking server at ${trackingUri}. Check the address, and that the server is running and reachable from Seedbed’s server, then try again.`,
      );
    case 'timeout':
      return new MlflowError(
        'server-error',
        `The server at ${trackingUri} did not finish its answer within ${Math.round(timeoutMs / 1000)} s. Check that it is an MLflow tracking server and that it is not overloaded, then try again.`,
      );
    case 'too-large':
      return new MlflowError(
        'too-large',
        `The server at ${trackingUri} sent an answer larger than Seedbed reads from a tracking server (more than ${error.detail}). Check the tracking URI; an MLflow server’s answers are a few megabytes at most.`,
      );
    case 'broken':
      return new MlflowError('server-error', `The server at ${trackingUri} broke off its answer before the end. Try again; if it keeps happening, ask the tracking server’s administrator.`);
    case 'undecodable':
      return new MlflowError('not-mlflow', notMlflow(trackingUri, `its answer is in ${error.detail ?? 'an encoding Seedbed does not read'}`));
  }
}

function notMlflow(trackingUri: string, what: string): string {
  return `The server at ${trackingUri} answered, but not as an MLflow tracking server does (${what}). Check the tracking URI: it is the address MLflow’s UI opens at, such as http://mlflow.example.org:5000.`;
}
