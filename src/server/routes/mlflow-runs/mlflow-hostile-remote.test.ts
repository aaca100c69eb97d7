import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowHosts } from '../../mlflow/address-policy';
import { startFakeMlflow, type FakeMlflow } from '../../testing/fake-mlflow';
import { setUpTestApi } from '../../testing/test-api';

/**
 * A tracking URI is whatever a signed-in user types, so the server at the other end may be
 * hostile. Each case below is a real HTTP server on loopback (allowed here by the client's
 * allowed-hosts list, as an administrator would for a tracking server inside the network)
 * answering as no MLflow does; Seedbed answers each with a 502 that says what happened, and
 * keeps serving.
 */

const MB = 1024 * 1024;
const api = setUpTestApi({ mlflowClient: { allowedHosts: allowHosts('127.0.0.1'), timeoutMs: 1500, maxBytes: 8 * MB, maxInflatedBytes: 16 * MB } });
let mlflow: FakeMlflow;
beforeAll(async () => {
  mlflow = await startFakeMlflow();
});
afterAll(async () => {
  await mlflow.close();
});

/** A server that answers every request with `answer`; its URI and how many bytes it managed to write. */
async function startHostile(answer: (request: IncomingMessage, response: ServerResponse, sent: { bytes: number }) => void) {
  const sent = { bytes: 0 };
  const server = createServer((request, response) => answer(request, response, sent));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const uri = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    uri,
    sent,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function trackFrom(uri: string) {
  const response = await api.t.call('/mlflow-runs', { method: 'POST', token: api.token, json: { trackingUri: uri, mlflowRunId: 'abc123' } });
  return { status: response.status, body: (await response.json()) as { message: string; errors?: Record<string, string> } };
}

/** The process is alive and still tracks a well-behaved server's run. */
async function expectStillServing() {
  const id = mlflow.createRun({ name: 'after-the-hostile-one' });
  mlflow.logMetric(id, 'r', [0.4, 0.5]);
  const response = await api.t.call('/mlflow-runs', { method: 'POST', token: api.token, json: { trackingUri: mlflow.uri, mlflowRunId: id } });
  expect(response.status).toBe(201);
}

/** Writes `chunk` until the reader goes away or `total` bytes are out, respecting back-pressure. */
function stream(response: ServerResponse, chunk: Buffer, total: number, sent: { bytes: number }) {
  const write = () => {
    while (sent.bytes < total && !response.destroyed) {
      sent.bytes += chunk.length;
      if (!response.write(chunk)) return void response.once('drain', write);
    }
    response.end();
  };
  response.on('close', () => response.removeAllListeners('drain'));
  write();
}

describe('a tracking server whose answer is too big', () => {
  it('stops inflating a gzip bomb (400 KB inflating to 400 MB) at the cap, and answers 502', async () => {
    // 400 gzip members of 1 MB of spaces each: a valid gzip stream of about 400 KB.
    const member = gzipSync(Buffer.alloc(MB, ' '));
    const bomb = Buffer.concat([gzipSync('{"run": {"info": {"status": "RUNNING"'), ...Array.from({ length: 400 }, () => member)]);
    expect(bomb.length).toBeLessThan(500 * 1024);
    const hostile = await startHostile((_, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip', 'Content-Length': String(bomb.length) });
      response.end(bomb);
    });
    try {
      const { status, body } = await trackFrom(hostile.uri);
      expect(status).toBe(502);
      expect(body.message).toBe(
        `The server at ${hostile.uri} sent an answer larger than Seedbed reads from a tracking server (more than 16 MB once decompressed). Check the tracking URI; an MLflow server’s answers are a few megabytes at most.`,
      );
      await expectStillServing();
    } finally {
      await hostile.close();
    }
  });

  it('stops reading a plain 200 MB body at the cap instead of holding it', async () => {
    const hostile = await startHostile((_, response, sent) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      stream(response, Buffer.alloc(64 * 1024, ' '), 200 * MB, sent);
    });
    try {
      const { status, body } = await trackFrom(hostile.uri);
      expect(status).toBe(502);
      expect(body.message).toMatch(/sent an answer larger than Seedbed reads from a tracking server \(more than 8 MB\)\. Check the tracking URI/);
      // Seedbed hung up near the cap: the server could not push the rest.
      expect(hostile.sent.bytes).toBeLessThan(64 * MB);
      await expectStillServing();
    } finally {
      await hostile.close();
    }
  });

  it('refuses an answer whose Content-Length is over the cap before reading it', async () => {
    const hostile = await startHostile((_, response, sent) => {
      response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(200 * MB) });
      stream(response, Buffer.alloc(64 * 1024, ' '), 200 * MB, sent);
    });
    try {
      const { status, body } = await trackFrom(hostile.uri);
      expect(status).toBe(502);
      expect(body.message).toMatch(/larger than Seedbed reads from a tracking server \(more than 8 MB\)/);
      expect(hostile.sent.bytes).toBeLessThan(64 * MB);
      await expectStillServing();
    } finally {
      await hostile.close();
    }
  });
});

describe('a tracking server that misbehaves on the wire', () => {
  it('gives up on an answer dripping in slower than the time cap', async () => {
    const hostile = await startHostile((_, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.write('{"run": ');
      const drip = setInterval(() => response.write(' '), 100);
      response.on('close', () => clearInterval(drip));
    });
    try {
      const { status, body } = await trackFrom(hostile.uri);
      expect(status).toBe(502);
      expect(body.message).toBe(`The server at ${hostile.uri} did not finish its answer within 2 s. Check that it is an MLflow tracking server and that it is not overloaded, then try again.`);
      await expectStillServing();
    } finally {
      await hostile.close();
    }
  });

  it('says the answer broke off when the body is cut short', async () => {
    const hostile = await startHostile((_, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '1000' });
      response.write('{"run": {"info": {"status": "RUN');
      setImmediate(() => response.socket?.destroy());
    });
    try {
      const { status, body } = await trackFrom(hostile.uri);
      expect(status).toBe(502);
      expect(body.message).toBe(`The server at ${hostile.uri} broke off its answer before the end. Try again; if it keeps happening, ask the tracking server’s administrator.`);
      await expectStillServing();
    } finally {
      await hostile.close();
    }
  });

  it('says the answer is not valid JSON', async () => {
    const hostile = await startHostile((_, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end('{"run": {"info": {"status": "RUNNING", ');
    });
    try {
      const { status, body } = await trackFrom(hostile.uri);
      expect(status).toBe(502);
      expect(body.message).toMatch(/answered, but not as an MLflow tracking server does \(its answer is not valid JSON\)\. Check the tracking URI/);
      expect(body.errors?.trackingUri).toBe(body.message);
      await expectStillServing();
    } finally {
      await hostile.close();
    }
  });

  it('says the server cannot be reached when it resets the connection', async () => {
    const hostile = await startHostile((request) => request.socket.destroy());
    try {
      const { status, body } = await trackFrom(hostile.uri);
      expect(status).toBe(502);
      expect(body.message).toMatch(new RegExp(`^Could not reach the MLflow tracking server at ${hostile.uri}\\. Check the address`));
      await expectStillServing();
    } finally {
      await hostile.close();
    }
  });
});
