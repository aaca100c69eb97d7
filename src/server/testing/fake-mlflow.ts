import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An HTTP server that answers as MLflow's REST API 2.0 documents it, for tests: `runs/get`
 * (info, data.params/tags/metrics with the latest value of each metric), `metrics/get-history`
 * with `max_results` and `page_token` paging, MLflow's error bodies `{error_code, message}`,
 * and the basic-auth app's 401. Runs are created, logged to, ended and deleted by the test.
 */

export interface FakeMetricPoint {
  key: string;
  value: number;
  timestamp: number;
  step: number;
}

interface FakeRun {
  info: {
    run_id: string;
    run_uuid: string;
    run_name: string;
    experiment_id: string;
    user_id: string;
    status: string;
    start_time: number;
    end_time?: number;
    artifact_uri: string;
    lifecycle_stage: 'active' | 'deleted';
  };
  params: Array<{ key: string; value: string }>;
  tags: Array<{ key: string; value: string }>;
  history: Map<string, FakeMetricPoint[]>;
}

export interface FakeMlflowOptions {
  /** The most points one page of get-history holds, whatever max_results asks (MLflow's own cap is 25,000). */
  pageLimit?: number;
  /** Require `Authorization` to be exactly this. */
  authorization?: string;
  /** Serve under a path prefix, as behind a proxy. */
  prefix?: string;
  /** The loopback address to listen on (127.0.0.1 by default); another one plays a second host. */
  host?: string;
  /** The port (a free one by default). */
  port?: number;
}

const START = Date.UTC(2026, 10, 1, 9, 0, 0);

export async function startFakeMlflow(options: FakeMlflowOptions = {}) {
  const runs = new Map<string, FakeRun>();
  const requests: string[] = [];
  const pageLimit = options.pageLimit ?? 1000;
  const prefix = options.prefix ?? '';
  let counter = 0;

  const latest = (run: FakeRun) =>
    [...run.history.values()].flatMap((points) => {
      // MLflow's latest metric: the largest step, then the latest timestamp, then the largest value.
      const best = points.reduce<FakeMetricPoint | undefined>(
        (top, point) => (!top || point.step > top.step || (point.step === top.step && point.timestamp >= top.timestamp) ? point : top),
        undefined,
      );
      return best ? [best] : [];
    });

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    requests.push(`${request.method} ${url.pathname}${url.search}`);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'Content-Type': 'application/json', ...headers });
      response.end(JSON.stringify(body));
    };
    if (options.authorization && request.headers.authorization !== options.authorization) {
      response.writeHead(401, { 'Content-Type': 'text/plain', 'WWW-Authenticate': 'Basic realm="mlflow"' });
      response.end('You are not authenticated. Please see https://www.mlflow.org/docs/latest/auth/index.html#authenticating-to-mlflow on how to authenticate.');
      return;
    }
    const path = url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : url.pathname;
    const runId = url.searchParams.get('run_id') ?? url.searchParams.get('run_uuid') ?? '';
    if (path === '/api/2.0/mlflow/runs/get' || path === '/api/2.0/mlflow/metrics/get-history') {
      if (!runId) return send(400, { error_code: 'INVALID_PARAMETER_VALUE', message: "Missing value for required parameter 'run_id'." });
      const run = runs.get(runId);
      if (!run) return send(404, { error_code: 'RESOURCE_DOES_NOT_EXIST', message: `Run '${runId}' not found` });
      if (path === '/api/2.0/mlflow/runs/get') {
        return send(200, { run: { info: run.info, data: { metrics: latest(run), params: run.params, tags: run.tags }, inputs: {} } });
      }
      const key = url.searchParams.get('metric_key') ?? '';
      const all = run.history.get(key) ?? [];
      const asked = url.searchParams.get('max_results');
      const size = Math.min(asked ? Number(asked) : all.length, pageLimit);
      const offset = Number(Buffer.from(url.searchParams.get('page_token') ?? '', 'base64').toString() || 0);
      const page = all.slice(offset, offset + size);
      const next = offset + size < all.length ? Buffer.from(String(offset + size)).toString('base64') : undefined;
      return send(200, { metrics: page, ...(next ? { next_page_token: next } : {}) });
    }
    send(404, { error_code: 'ENDPOINT_NOT_FOUND', message: `No API endpoint at ${url.pathname}` });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  const uri = `http://${host}:${port}${prefix}`;

  return {
    uri,
    port,
    requests,
    /** Creates a RUNNING run and returns its id (32 hex digits, as MLflow makes them). */
    createRun(fields: { name?: string; experimentId?: string; params?: Record<string, string>; tags?: Record<string, string> } = {}): string {
      counter += 1;
      const id = `${counter.toString(16).padStart(8, '0')}${'a1b2c3d4e5f60718293a4b5c'}`;
      runs.set(id, {
        info: {
          run_id: id,
          run_uuid: id,
          run_name: fields.name ?? `run-${counter}`,
          experiment_id: fields.experimentId ?? '1',
          user_id: 'breeder',
          status: 'RUNNING',
          start_time: START,
          artifact_uri: `mlflow-artifacts:/1/${id}/artifacts`,
          lifecycle_stage: 'active',
        },
        params: Object.entries(fields.params ?? {}).map(([key, value]) => ({ key, value })),
        tags: Object.entries({ 'mlflow.user': 'breeder', ...fields.tags }).map(([key, value]) => ({ key, value })),
        history: new Map(),
      });
      return id;
    },
    /** Logs points of a metric: values[i] at step firstStep + i, a second apart. */
    logMetric(runId: string, key: string, values: number[], firstStep = 0) {
      const run = runs.get(runId);
      if (!run) throw new Error(`no run ${runId}`);
      const points = run.history.get(key) ?? [];
      for (const [index, value] of values.entries()) points.push({ key, value, step: firstStep + index, timestamp: START + (firstStep + index) * 1000 });
      run.history.set(key, points);
    },
    end(runId: string, status: 'FINISHED' | 'FAILED' | 'KILLED' = 'FINISHED') {
      const run = runs.get(runId);
      if (!run) throw new Error(`no run ${runId}`);
      run.info.status = status;
      run.info.end_time = START + 3_600_000;
    },
    /** `mlflow runs delete`: kept, marked deleted. */
    softDelete(runId: string) {
      const run = runs.get(runId);
      if (run) run.info.lifecycle_stage = 'deleted';
    },
    /** `mlflow gc`: gone for good. */
    purge(runId: string) {
      runs.delete(runId);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeMlflow = Awaited<ReturnType<typeof startFakeMlflow>>;
