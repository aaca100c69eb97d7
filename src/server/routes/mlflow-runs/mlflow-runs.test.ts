import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MlflowHistories, MlflowRefreshAll, TrackedMlflowRun, TrackedMlflowRunDetail } from '../../../contract/mlflow';
import type { Page } from '../../../contract/paging';
import { runs } from '../../db/schema';
import { allowHosts } from '../../mlflow/address-policy';
import { hashSecret } from '../../runs/weblog';
import { startFakeMlflow, type FakeMlflow } from '../../testing/fake-mlflow';
import { createTestApi, setUpTestApi } from '../../testing/test-api';

// The fake tracking servers listen on loopback: allowed here as an administrator allows one inside the network.
const onLoopback = { allowedHosts: allowHosts('127.0.0.1') };
const api = setUpTestApi({ mlflowClient: onLoopback });
let mlflow: FakeMlflow;
beforeAll(async () => {
  mlflow = await startFakeMlflow({ pageLimit: 1000 });
});
afterAll(async () => {
  await mlflow.close();
});

async function track(body: Record<string, unknown>) {
  return api.t.call('/mlflow-runs', { method: 'POST', token: api.token, json: body });
}

/** A loss curve of `points` steps, with the noise of a real one. */
const lossCurve = (points: number, from = 0) => Array.from({ length: points }, (_, index) => 2 / Math.sqrt(1 + (from + index) / 50) + 0.01 * Math.sin(from + index));

describe('tracking an MLflow run', () => {
  it('keeps every point of every metric, in step order, through get-history’s pages', async () => {
    const id = mlflow.createRun({ name: 'gblup-durum', params: { model: 'GBLUP', folds: '5' }, tags: { trait: 'yield' } });
    mlflow.logMetric(id, 'train/loss', lossCurve(10_000));
    mlflow.logMetric(id, 'val_r', [0.1, Number.NaN, 0.4, 0.52]);

    const response = await track({ trackingUri: mlflow.uri, mlflowRunId: id });
    expect(response.status).toBe(201);
    const tracked = (await response.json()) as TrackedMlflowRunDetail;
    expect(tracked).toMatchObject({ name: 'gblup-durum', status: 'RUNNING', trackingUri: mlflow.uri, mlflowRunId: id, experimentId: '1', mlflowUser: 'breeder', refreshError: null });
    expect(tracked.params).toEqual([
      { key: 'model', value: 'GBLUP' },
      { key: 'folds', value: '5' },
    ]);
    expect(tracked.tags).toContainEqual({ key: 'trait', value: 'yield' });
    expect(tracked.histories).toEqual([
      { key: 'train/loss', points: 10_000 },
      { key: 'val_r', points: 4 },
    ]);
    expect(tracked.latestMetrics.find((metric) => metric.key === 'val_r')).toMatchObject({ value: 0.52, step: 3 });
    expect(tracked.uiUrl).toBe(`${mlflow.uri}/#/experiments/1/runs/${id}`);
    // 10,000 points at 1,000 a page: ten requests, every one followed.
    expect(mlflow.requests.filter((line) => line.includes('get-history') && line.includes('train%2Floss'))).toHaveLength(10);

    const histories = (await (await api.t.call(`/mlflow-runs/${tracked.id}/metric-histories`, { token: api.token })).json()) as MlflowHistories;
    const loss = histories.data.find((history) => history.key === 'train/loss')!;
    expect(loss.steps).toHaveLength(10_000);
    expect(loss.steps[9_999]).toBe(9_999);
    expect(loss.values).toEqual(lossCurve(10_000));
    expect(histories.data.find((history) => history.key === 'val_r')?.values).toEqual([0.1, null, 0.4, 0.52]);
  });

  it('reads the tracking URI and run id from a run URL pasted whole', async () => {
    const id = mlflow.createRun({ name: 'pasted', experimentId: '7' });
    const response = await track({ trackingUri: `${mlflow.uri}/#/experiments/7/runs/${id}/overview` });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ trackingUri: mlflow.uri, mlflowRunId: id, experimentId: '7' });
    // The same run again is a conflict that says where it is.
    const again = await track({ trackingUri: `${mlflow.uri}/`, mlflowRunId: id });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ message: expect.stringMatching(/already tracked \(tracked run \d+\)/), errors: { mlflowRunId: 'Already tracked' } });
  });

  it('says which run MLflow does not have', async () => {
    const response = await track({ trackingUri: mlflow.uri, mlflowRunId: 'ffffffffffffffffffffffffffffffff' });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; errors: Record<string, string> };
    expect(body.errors.mlflowRunId).toMatch(/has no run ffffffffffffffffffffffffffffffff \(RESOURCE_DOES_NOT_EXIST\)\. Check the run id/);
  });

  it('says the tracking server cannot be reached, naming it', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const uri = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const response = await track({ trackingUri: uri, mlflowRunId: 'abc123' });
    expect(response.status).toBe(502);
    const body = (await response.json()) as { message: string; errors: Record<string, string> };
    expect(body.message).toContain(`Could not reach the MLflow tracking server at ${uri}`);
    expect(body.errors.trackingUri).toBe(body.message);
  });

  it('says when the address is a web server but not MLflow', async () => {
    const web = createServer((_, response) => {
      response.writeHead(200, { 'Content-Type': 'text/html' });
      response.end('<!doctype html><title>Lab wiki</title>');
    });
    await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
    const uri = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
    try {
      const html = await track({ trackingUri: uri, mlflowRunId: 'abc123' });
      expect(html.status).toBe(502);
      expect(((await html.json()) as { message: string }).message).toMatch(/answered, but not as an MLflow tracking server does \(the answer was text\/html, not JSON\)\. Check the tracking URI/);
    } finally {
      await new Promise<void>((resolve) => web.close(() => resolve()));
    }
  });

  it('refuses a tracking URI with credentials in it, and never echoes them', async () => {
    const response = await track({ trackingUri: 'http://user:hunter2@mlflow.example.org', mlflowRunId: 'abc123' });
    expect(response.status).toBe(400);
    expect(await response.text()).not.toContain('hunter2');
  });
});

describe('refreshing', () => {
  it('reads only the metrics that moved, and follows the run to its end', async () => {
    const id = mlflow.createRun({ name: 'auto-train' });
    mlflow.logMetric(id, 'loss', lossCurve(300));
    mlflow.logMetric(id, 'lr', [0.01]);
    const tracked = (await (await track({ trackingUri: mlflow.uri, mlflowRunId: id })).json()) as TrackedMlflowRunDetail;

    mlflow.logMetric(id, 'loss', lossCurve(200, 300), 300);
    mlflow.end(id);
    const before = mlflow.requests.length;
    const response = await api.t.call(`/mlflow-runs/${tracked.id}/refresh`, { method: 'POST', token: api.token });
    expect(response.status).toBe(200);
    const refreshed = (await response.json()) as TrackedMlflowRunDetail;
    expect(refreshed).toMatchObject({ status: 'FINISHED', endTime: expect.any(String), refreshError: null });
    expect(refreshed.histories).toEqual([
      { key: 'loss', points: 500 },
      { key: 'lr', points: 1 },
    ]);
    const calls = mlflow.requests.slice(before);
    expect(calls.filter((line) => line.includes('metric_key=loss'))).toHaveLength(1);
    expect(calls.filter((line) => line.includes('metric_key=lr'))).toHaveLength(0);
  });

  it('refreshes RUNNING runs on the timer, one instance at a time, until they end', async () => {
    const id = mlflow.createRun({ name: 'still-running' });
    mlflow.logMetric(id, 'loss', [1, 0.5]);
    const tracked = (await (await track({ trackingUri: mlflow.uri, mlflowRunId: id })).json()) as TrackedMlflowRunDetail;
    const other = (await (await track({ trackingUri: mlflow.uri, mlflowRunId: mlflow.createRun({ name: 'not-followed' }), refreshWhileRunning: false })).json()) as TrackedMlflowRunDetail;

    // A second instance on the same database finds the run taken for this interval.
    const claimed = await api.t.mlflow.claimDue(3600);
    expect(claimed).toContain(tracked.id);
    expect(claimed).not.toContain(other.id);
    const second = await createTestApi({ database: { ...api.t.database, close: async () => {} } });
    expect(await second.mlflow.claimDue(3600)).not.toContain(tracked.id);
    await second.close();

    mlflow.logMetric(id, 'loss', [0.25], 2);
    mlflow.end(id);
    await api.t.mlflow.refreshDue(0);
    const after = (await (await api.t.call(`/mlflow-runs/${tracked.id}`, { token: api.token })).json()) as TrackedMlflowRunDetail;
    expect(after).toMatchObject({ status: 'FINISHED', histories: [{ key: 'loss', points: 3 }] });
    expect(await api.t.mlflow.claimDue(0)).not.toContain(tracked.id);
  });

  it('keeps the snapshot of a run deleted on the MLflow side, and marks it', async () => {
    const id = mlflow.createRun({ name: 'deleted-later', params: { alpha: '0.5' } });
    mlflow.logMetric(id, 'r', [0.3, 0.6]);
    const tracked = (await (await track({ trackingUri: mlflow.uri, mlflowRunId: id })).json()) as TrackedMlflowRunDetail;

    mlflow.softDelete(id);
    const soft = (await (await api.t.call(`/mlflow-runs/${tracked.id}/refresh`, { method: 'POST', token: api.token })).json()) as TrackedMlflowRunDetail;
    expect(soft).toMatchObject({
      deletedInMlflowAt: expect.any(String),
      refreshError: expect.stringMatching(/deleted on the MLflow side\. The last snapshot is kept/),
      params: [{ key: 'alpha', value: '0.5' }],
    });

    mlflow.purge(id);
    const gone = (await (await api.t.call(`/mlflow-runs/${tracked.id}/refresh`, { method: 'POST', token: api.token })).json()) as TrackedMlflowRunDetail;
    expect(gone).toMatchObject({ deletedInMlflowAt: soft.deletedInMlflowAt, refreshError: expect.stringMatching(/no longer has this run/), histories: [{ key: 'r', points: 2 }] });
    const histories = (await (await api.t.call(`/mlflow-runs/${tracked.id}/metric-histories`, { token: api.token })).json()) as MlflowHistories;
    expect(histories.data[0]?.values).toEqual([0.3, 0.6]);
  });

  it('refreshes all, reporting each failure without stopping', async () => {
    const away = await startFakeMlflow();
    const id = away.createRun({ name: 'server-goes-away' });
    const tracked = (await (await track({ trackingUri: away.uri, mlflowRunId: id })).json()) as TrackedMlflowRunDetail;
    const reachable = (await (await track({ trackingUri: mlflow.uri, mlflowRunId: mlflow.createRun({ name: 'server-stays' }) })).json()) as TrackedMlflowRunDetail;
    await away.close();
    const response = await api.t.call('/mlflow-runs/refresh', { method: 'POST', token: api.token });
    const result = (await response.json()) as MlflowRefreshAll;
    expect(result.refreshed).toBeGreaterThan(0);
    expect(result.failed.map((failure) => failure.id)).not.toContain(reachable.id);
    expect(result.failed).toContainEqual({ id: tracked.id, name: 'server-goes-away', message: expect.stringContaining(`Could not reach the MLflow tracking server at ${away.uri}`) });
    const detail = (await (await api.t.call(`/mlflow-runs/${tracked.id}`, { token: api.token })).json()) as TrackedMlflowRunDetail;
    expect(detail.refreshError).toContain('Could not reach');
  });
});

describe('the list and a Seedbed run’s MLflow runs', () => {
  it('ties runs to a Seedbed run, filters and searches', async () => {
    const [run] = await api.t.db
      .insert(runs)
      .values({ name: 'auto-train-durum', pipelineId: 'nf-auto-train', revision: '1', engine: 'local', status: 'SUCCEEDED', params: {}, weblogSecretHash: hashSecret('s'.repeat(32)) })
      .returning({ id: runs.id });
    const id = mlflow.createRun({ name: 'ridge-tied' });
    mlflow.logMetric(id, 'pearson_r', [0.61]);
    const tracked = (await (await track({ trackingUri: mlflow.uri, mlflowRunId: id, runId: run!.id })).json()) as TrackedMlflowRunDetail;
    expect(tracked).toMatchObject({ runId: run!.id, runName: 'auto-train-durum' });

    const page = (await (await api.t.call(`/mlflow-runs?runId=${run!.id}`, { token: api.token })).json()) as Page<TrackedMlflowRun>;
    expect(page.data.map((row) => row.id)).toEqual([tracked.id]);
    expect(page.data[0]?.latestMetrics).toEqual([{ key: 'pearson_r', value: 0.61, step: 0, timestamp: expect.any(Number) }]);
    const searched = (await (await api.t.call('/mlflow-runs?q=ridge-ti', { token: api.token })).json()) as Page<TrackedMlflowRun>;
    expect(searched.data.map((row) => row.id)).toEqual([tracked.id]);
    const bySeedbedName = (await (await api.t.call('/mlflow-runs?q=auto-train-durum', { token: api.token })).json()) as Page<TrackedMlflowRun>;
    expect(bySeedbedName.data.map((row) => row.id)).toEqual([tracked.id]);

    const unknown = await api.t.call(`/mlflow-runs/${tracked.id}`, { method: 'PATCH', token: api.token, json: { runId: 2_000_000_000 } });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ errors: { runId: 'No run has id 2000000000' } });
    const untied = await api.t.call(`/mlflow-runs/${tracked.id}`, { method: 'PATCH', token: api.token, json: { runId: null, refreshWhileRunning: false } });
    expect(await untied.json()).toMatchObject({ runId: null, runName: null, refreshWhileRunning: false });

    expect((await api.t.call(`/mlflow-runs/${tracked.id}`, { method: 'DELETE', token: api.token })).status).toBe(204);
    expect((await api.t.call(`/mlflow-runs/${tracked.id}`, { token: api.token })).status).toBe(404);
  });
});

describe('tracking servers that need credentials', () => {
  const basic = `Basic ${Buffer.from('seedbed:s3cret-pass').toString('base64')}`;
  let locked: FakeMlflow;
  let tokenLocked: FakeMlflow;
  beforeAll(async () => {
    locked = await startFakeMlflow({ authorization: basic, prefix: '/mlflow' });
    tokenLocked = await startFakeMlflow({ authorization: 'Bearer tok-9f8e7d' });
  });
  afterAll(async () => {
    await locked.close();
    await tokenLocked.close();
  });

  it('sends each server its own credentials from the environment and never returns them', async () => {
    const t = await createTestApi({
      mlflowClient: onLoopback,
      mlflowCredentials: [
        { uri: `${locked.uri}/`, username: 'seedbed', password: 's3cret-pass' },
        { uri: tokenLocked.uri, token: 'tok-9f8e7d' },
      ],
    });
    try {
      const token = await t.signInNewUser();
      for (const server of [locked, tokenLocked]) {
        const id = server.createRun({ name: 'locked' });
        server.logMetric(id, 'r', [0.5]);
        const response = await t.call('/mlflow-runs', { method: 'POST', token, json: { trackingUri: server.uri, mlflowRunId: id } });
        expect(response.status).toBe(201);
        const text = await response.text();
        expect(text).not.toMatch(/s3cret-pass|tok-9f8e7d|c2VlZGJlZDpzM2NyZXQtcGFzcw/);
      }
      const list = await (await t.call('/mlflow-runs', { token })).text();
      expect(list).not.toMatch(/s3cret-pass|tok-9f8e7d/);
    } finally {
      await t.close();
    }
  });

  it('says the server needs credentials, or refused them', async () => {
    const id = locked.createRun();
    const none = await track({ trackingUri: locked.uri, mlflowRunId: id });
    expect(none.status).toBe(502);
    expect(((await none.json()) as { message: string }).message).toBe(
      `The MLflow tracking server at ${locked.uri} needs credentials (HTTP 401). Ask your administrator to add this server to SEEDBED_MLFLOW_CREDENTIALS.`,
    );
    const t = await createTestApi({ mlflowClient: onLoopback, mlflowCredentials: [{ uri: locked.uri, username: 'seedbed', password: 'wrong' }] });
    try {
      const wrong = await t.call('/mlflow-runs', { method: 'POST', token: await t.signInNewUser(), json: { trackingUri: locked.uri, mlflowRunId: id } });
      expect(wrong.status).toBe(502);
      expect(((await wrong.json()) as { message: string }).message).toMatch(
        /refused Seedbed’s credentials \(HTTP 401\)\. Ask your administrator to check this server’s entry in SEEDBED_MLFLOW_CREDENTIALS/,
      );
    } finally {
      await t.close();
    }
  });
});
