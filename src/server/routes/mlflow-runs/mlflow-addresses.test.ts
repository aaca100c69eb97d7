import { createServer } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrackedMlflowRunDetail } from '../../../contract/mlflow';
import { allowHosts } from '../../mlflow/address-policy';
import type { Resolver } from '../../mlflow/remote';
import { startFakeMlflow, type FakeMlflow } from '../../testing/fake-mlflow';
import { createTestApi, setUpTestApi, type TestApi } from '../../testing/test-api';

/**
 * A tracking URI is typed by any signed-in user and fetched by Seedbed's server, so it must not
 * become a way to reach what only the server can reach. Host names resolve through a resolver the
 * test controls (the addresses behind them are what matters, and some of them are not on this
 * machine); every address that is a real server here is on loopback.
 */

const NAMES: Record<string, string[]> = {
  localhost: ['127.0.0.1', '::1'],
  'mlflow.example.org': ['127.0.0.1'],
  'two-faced.example.org': ['8.8.8.8', '10.0.0.5'],
  'mlflow.lab.internal': ['127.0.0.1'],
};
const resolveFrom =
  (names: Record<string, string[]>): Resolver =>
  async (hostname) => {
    const addresses = names[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: net.isIP(address) }));
  };

// As in production: nothing allowed beyond public addresses.
const api = setUpTestApi({ mlflowClient: { resolve: resolveFrom(NAMES) } });
let mlflow: FakeMlflow;
beforeAll(async () => {
  mlflow = await startFakeMlflow();
});
afterAll(async () => {
  await mlflow.close();
});

async function trackWith(t: TestApi, token: string, trackingUri: string, mlflowRunId = 'abc123') {
  const response = await t.call('/mlflow-runs', { method: 'POST', token, json: { trackingUri, mlflowRunId } });
  return { status: response.status, body: (await response.json()) as { message: string; errors?: Record<string, string> } };
}
const track = (trackingUri: string, mlflowRunId?: string) => trackWith(api.t, api.token, trackingUri, mlflowRunId);

const refusal = (host: string, what: string) =>
  `Seedbed does not connect to ${host}: it ${what}. If your MLflow tracking server is inside your network, ask your administrator to add its host name or address to SEEDBED_MLFLOW_ALLOWED_HOSTS.`;

describe('addresses Seedbed does not connect to', () => {
  it('refuses every spelling of this machine, and the server there hears nothing', async () => {
    const id = mlflow.createRun({ name: 'on-loopback' });
    const port = mlflow.port;
    const heardBefore = mlflow.requests.length;
    const spellings: Array<[string, string, string]> = [
      [`http://127.0.0.1:${port}`, '127.0.0.1', 'is a loopback address (this machine)'],
      [`http://[::1]:${port}`, '::1', 'is a loopback address (this machine)'],
      [`http://2130706433:${port}`, '127.0.0.1', 'is a loopback address (this machine)'],
      [`http://0x7f000001:${port}`, '127.0.0.1', 'is a loopback address (this machine)'],
      [`http://127.1:${port}`, '127.0.0.1', 'is a loopback address (this machine)'],
      [`http://[::ffff:127.0.0.1]:${port}`, '[::ffff:7f00:1]', 'is a loopback address (this machine)'],
      [`http://0:${port}`, '0.0.0.0', 'is the unspecified address (this machine)'],
      [`http://[::]:${port}`, '::', 'is the unspecified address (this machine)'],
      [`http://localhost:${port}`, 'localhost', 'resolves to a loopback address (this machine)'],
      [`http://mlflow.example.org:${port}`, 'mlflow.example.org', 'resolves to a loopback address (this machine)'],
      // Seedbed's own API, as a user would aim at it.
      [`http://127.0.0.1:${port}/api`, '127.0.0.1', 'is a loopback address (this machine)'],
    ];
    for (const [uri, host, what] of spellings) {
      const { status, body } = await track(uri, id);
      expect({ uri, status, field: body.errors?.trackingUri }).toEqual({ uri, status: 400, field: refusal(host.replace(/^\[(.*)\]$/, '$1'), what) });
    }
    expect(mlflow.requests.slice(heardBefore)).toEqual([]);
  });

  it('refuses private, link-local, shared and metadata addresses before connecting', async () => {
    const cases: Array<[string, string]> = [
      ['10.0.0.5', 'is a private network address'],
      ['172.16.3.4', 'is a private network address'],
      ['192.168.1.10', 'is a private network address'],
      ['[fd00::1]', 'is a private network address'],
      ['[::ffff:10.0.0.5]', 'is a private network address'],
      ['169.254.169.254', 'is a link-local address (where cloud metadata services answer)'],
      ['[fe80::1]', 'is a link-local address (where cloud metadata services answer)'],
      ['[::ffff:169.254.169.254]', 'is a link-local address (where cloud metadata services answer)'],
      ['100.64.0.1', 'is a shared carrier-grade NAT address'],
      ['metadata.google.internal', 'is a cloud metadata service'],
      ['METADATA.GOOGLE.INTERNAL.', 'is a cloud metadata service'],
      ['two-faced.example.org', 'resolves to a private network address'],
    ];
    for (const [host, what] of cases) {
      const { status, body } = await track(`http://${host}:5000`);
      const shown = new URL(`http://${host}`).hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
      expect({ host, status, field: body.errors?.trackingUri }).toEqual({ host, status: 400, field: refusal(shown, what) });
    }
  });

  it('answers an open and a closed port alike', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const open = await track(`http://127.0.0.1:${mlflow.port}`);
    const shut = await track(`http://127.0.0.1:${closedPort}`);
    expect(shut).toEqual(open);
  });
});

describe('tracking servers an administrator allows', () => {
  let inside: TestApi;
  let token: string;
  beforeAll(async () => {
    inside = await createTestApi({ mlflowClient: { allowedHosts: allowHosts('mlflow.lab.internal', '127.0.0.0/30'), resolve: resolveFrom(NAMES), timeoutMs: 1500 } });
    token = await inside.signInNewUser();
  });
  afterAll(async () => {
    await inside?.close();
  });

  it('tracks a run from an allowed name and an allowed range', async () => {
    for (const uri of [`http://mlflow.lab.internal:${mlflow.port}`, `http://127.0.0.1:${mlflow.port}`]) {
      const id = mlflow.createRun({ name: 'inside-the-network' });
      mlflow.logMetric(id, 'r', [0.5, 0.6]);
      const { status } = await trackWith(inside, token, uri, id);
      expect({ uri, status }).toEqual({ uri, status: 201 });
    }
    // Outside the list, the rule stands; metadata services too, unless named.
    expect((await trackWith(inside, token, `http://127.0.0.9:${mlflow.port}`)).body.errors?.trackingUri).toBe(refusal('127.0.0.9', 'is a loopback address (this machine)'));
    expect((await trackWith(inside, token, 'http://metadata.google.internal')).body.errors?.trackingUri).toBe(refusal('metadata.google.internal', 'is a cloud metadata service'));
  });

  it('refuses to refresh from a server the list no longer allows, and keeps the snapshot', async () => {
    const id = mlflow.createRun({ name: 'allowance-removed' });
    const tracked = (await (await inside.call('/mlflow-runs', { method: 'POST', token, json: { trackingUri: mlflow.uri, mlflowRunId: id } })).json()) as TrackedMlflowRunDetail;
    // The same database, restarted without the allowance.
    const restarted = await createTestApi({ database: { ...inside.database, close: async () => {} } });
    try {
      const other = await restarted.signInNewUser();
      const response = await restarted.call(`/mlflow-runs/${tracked.id}/refresh`, { method: 'POST', token: other });
      expect(response.status).toBe(400);
      const loopback = refusal('127.0.0.1', 'is a loopback address (this machine)');
      expect(((await response.json()) as { message: string }).message).toBe(loopback);
      expect(await (await restarted.call(`/mlflow-runs/${tracked.id}`, { token: other })).json()).toMatchObject({ name: 'allowance-removed', refreshError: loopback });
    } finally {
      await restarted.close();
    }
  });

  it('never repeats what the server wrote in its error answers', async () => {
    const answers: Array<[number, string, string]> = [
      [500, 'application/json', JSON.stringify({ error_code: 'INTERNAL_ERROR', message: 'db password hunter2 at pg.internal:5432' })],
      [400, 'application/json', JSON.stringify({ error_code: 'INVALID_PARAMETER_VALUE', message: 'hunter2' })],
      [404, 'application/json', JSON.stringify({ error_code: 'RESOURCE_DOES_NOT_EXIST', message: 'hunter2' })],
      [409, 'application/json', JSON.stringify({ error_code: 'hunter2 <b>', message: 'hunter2' })],
      [404, 'text/html', '<h1>hunter2 admin panel</h1>'],
      [302, 'text/plain', 'hunter2'],
    ];
    let next = 0;
    const server = createServer((_, response) => {
      const [status, type, body] = answers[next % answers.length]!;
      response.writeHead(status, { 'Content-Type': type, ...(status === 302 ? { Location: 'http://hunter2.internal/' } : {}) });
      response.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const uri = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      for (next = 0; next < answers.length; next += 1) {
        const { status, body } = await trackWith(inside, token, uri);
        expect([400, 502]).toContain(status);
        expect(body.message).toMatch(/\. (Check|Try|Ask)/);
        expect(JSON.stringify(body)).not.toContain('hunter2');
      }
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('says the same whatever stopped the connection: closed, reset or silent', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const resetting = net.createServer((socket) => socket.destroy());
    const held: net.Socket[] = [];
    const silent = net.createServer((socket) => held.push(socket));
    for (const server of [resetting, silent]) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const ports = [closedPort, (resetting.address() as AddressInfo).port, (silent.address() as AddressInfo).port];
    try {
      const messages = [];
      for (const port of ports) {
        const { status, body } = await trackWith(inside, token, `http://127.0.0.1:${port}`);
        expect(status).toBe(502);
        messages.push(body.message.replace(String(port), 'PORT'));
      }
      expect(new Set(messages)).toEqual(
        new Set(['Could not reach the MLflow tracking server at http://127.0.0.1:PORT. Check the address, and that the server is running and reachable from Seedbed’s server, then try again.']),
      );
    } finally {
      for (const socket of held) socket.destroy();
      for (const server of [resetting, silent]) await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('a name that changes its address between requests (DNS rebinding)', () => {
  it('checks the address of every connection: the second answer, on loopback, is refused and never reached', async () => {
    // 127.0.0.2 plays a public tracking server (allowed below); 127.0.0.1, on the same port, an internal service.
    const outside = await startFakeMlflow({ host: '127.0.0.2' });
    const internal: string[] = [];
    const service = createServer((request, response) => {
      internal.push(request.url ?? '');
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end('{}');
    });
    await new Promise<void>((resolve) => service.listen(outside.port, '127.0.0.1', resolve));
    let lookups = 0;
    const rebinding: Resolver = async (hostname) => {
      lookups += 1;
      if (hostname !== 'rebind.example.org') throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
      return [{ address: lookups === 1 ? '127.0.0.2' : '127.0.0.1', family: 4 }];
    };
    const t = await createTestApi({ mlflowClient: { allowedHosts: allowHosts('127.0.0.2'), resolve: rebinding } });
    try {
      const id = outside.createRun({ name: 'rebinding' });
      outside.logMetric(id, 'loss', [1, 0.5]);
      const { status, body } = await trackWith(t, await t.signInNewUser(), `http://rebind.example.org:${outside.port}`, id);
      expect(status).toBe(400);
      expect(body.errors?.trackingUri).toBe(refusal('rebind.example.org', 'resolves to a loopback address (this machine)'));
      // runs/get reached the first address; get-history, looked up again, went nowhere.
      expect(outside.requests).toEqual([`GET /api/2.0/mlflow/runs/get?run_id=${id}`]);
      expect(internal).toEqual([]);
      expect(lookups).toBe(2);
    } finally {
      await t.close();
      await outside.close();
      await new Promise<void>((resolve) => service.close(() => resolve()));
    }
  });
});
