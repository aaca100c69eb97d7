import { describe, expect, it } from 'vitest';
import { API_SECURITY_HEADERS, createApi, PUBLIC_ROUTES } from './api';
import { createLogger } from './log';
import { overHttp } from './testing/over-http';
import { setUpTestApi } from './testing/test-api';

const logged: string[] = [];
const testApi = setUpTestApi();

/** Every route the API registered, as `METHOD /path` with sample values in its parameters. */
function registeredRoutes(): Array<{ method: string; path: string; pattern: string }> {
  const seen = new Set<string>();
  return testApi.t.api.routes
    .filter((route) => route.method !== 'ALL')
    .map((route) => ({ method: route.method, pattern: route.path, path: route.path.replace(/:(\w+)(\{[^}]*\})?/g, '1') }))
    .filter((route) => {
      const key = `${route.method} ${route.path}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

describe('the route table', () => {
  it('registers the authentication routes and the public ones', () => {
    const keys = registeredRoutes().map((route) => `${route.method} ${route.pattern}`);
    for (const expected of ['GET /authentication/check', 'POST /authentication/logout', ...PUBLIC_ROUTES]) {
      expect(keys).toContain(expected);
    }
  });

  it('answers 401 without a token on every route but the public ones', async () => {
    const routes = registeredRoutes();
    const protectedRoutes = routes.filter((route) => !PUBLIC_ROUTES.has(`${route.method} ${route.pattern}`));
    expect(protectedRoutes.length).toBeGreaterThan(0);
    for (const route of routes) {
      const response = await testApi.t.call(route.path, { method: route.method });
      const isPublic = PUBLIC_ROUTES.has(`${route.method} ${route.pattern}`);
      expect(response.status === 401, `${route.method} ${route.path} → ${response.status}`).toBe(!isPublic);
    }
  });

  it('answers 401 without a token, and 404 with one, for a path no route serves', async () => {
    expect((await testApi.t.call('/no-such-thing')).status).toBe(401);
    const user = await testApi.t.createTestUser();
    const response = await testApi.t.call('/no-such-thing', { token: await testApi.t.signIn(user.email) });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'No API route for GET /no-such-thing.' });
    for (const [name, value] of API_SECURITY_HEADERS) expect(response.headers.get(name)).toBe(value);
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers the session check of a token checked within the minute at once, without a promise (issue #36)', async () => {
    const user = await testApi.t.createTestUser();
    const token = await testApi.t.signIn(user.email);
    expect((await testApi.t.call('/authentication/check', { token })).status).toBe(200);
    const answer = testApi.t.api.fetch(new Request('http://localhost/authentication/check', { headers: { Authorization: `token ${token}` } }));
    expect(answer).toBeInstanceOf(Response);
    const response = answer as Response;
    expect([response.status, ((await response.json()) as { user: { email: string } }).user.email]).toEqual([200, user.email]);
  });
});

describe('the OpenAPI document', () => {
  it('describes every 2xx JSON body with a real schema: no empty objects, no catch-all records', async () => {
    const document = (await (await testApi.t.call('/openapi.json')).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }> }>>;
      components: { schemas: Record<string, Record<string, unknown>> };
    };
    const resolve = (schema: Record<string, unknown>): Record<string, unknown> => (typeof schema.$ref === 'string' ? resolve(document.components.schemas[schema.$ref.split('/').pop()!]!) : schema);
    const loose: string[] = [];
    const walk = (schema: Record<string, unknown>, where: string) => {
      const resolved = resolve(schema);
      const properties = resolved.properties as Record<string, Record<string, unknown>> | undefined;
      if (resolved.type === 'object' && properties && resolved.additionalProperties !== undefined && resolved.additionalProperties !== false) loose.push(`${where}: catch-all`);
      for (const [name, property] of Object.entries(properties ?? {})) walk(property, `${where}.${name}`);
      if (resolved.items) walk(resolved.items as Record<string, unknown>, `${where}[]`);
    };
    let bodies = 0;
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        for (const [status, response] of Object.entries(operation.responses)) {
          const schema = response.content?.['application/json']?.schema;
          if (!status.startsWith('2') || !schema) continue;
          bodies += 1;
          // A union (a file preview's formats) is as real as each of its members.
          const resolved = resolve(schema);
          const members = ((resolved.oneOf ?? resolved.anyOf) as Array<Record<string, unknown>> | undefined) ?? [schema];
          for (const member of members) {
            const real = resolve(member);
            if (!real.properties && !real.items) loose.push(`${method.toUpperCase()} ${path} ${status}: no properties`);
            walk(member, `${method.toUpperCase()} ${path} ${status}`);
          }
        }
      }
    }
    expect(bodies).toBeGreaterThan(50);
    expect(loose).toEqual([]);
  });
});

describe('request bodies', () => {
  it('refuses a sign-in body over 16 KB with 413 before reading it, stated or streamed without a length', async () => {
    const big = JSON.stringify({ email: 'a@example.org', password: 'x'.repeat(64 * 1024) });
    const stated = await testApi.t.call('/authentication/login', { method: 'POST', body: big, headers: { 'Content-Type': 'application/json' } });
    expect(stated.status).toBe(413);
    expect(((await stated.json()) as { message: string }).message).toMatch(/larger than this route accepts \(16 KB\)/);
    // A body streamed in chunks, with no Content-Length to trust.
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let index = 0; index < 64; index += 1) controller.enqueue(new TextEncoder().encode('x'.repeat(1024)));
        controller.close();
      },
    });
    const streamed = await testApi.t.api.request('/authentication/login', { method: 'POST', body: chunks, headers: { 'Content-Type': 'application/json' }, duplex: 'half' } as RequestInit);
    expect(streamed.status).toBe(413);
  });

  it('applies each route’s own limit where the API is served under /api, as in production', async () => {
    const mounted = createApi({ database: testApi.t.database, log: createLogger('error', () => {}), trustProxy: true, version: 'test', corsOrigins: [], basePath: '/api' });
    const user = await testApi.t.createTestUser();
    const token = await testApi.t.signIn(user.email);
    const csv = `germplasmName,genus\n${Array.from({ length: 60_000 }, (_, index) => `Limit-${index},Oryza`).join('\n')}\n`;
    expect(csv.length).toBeGreaterThan(1024 * 1024);
    const imported = await mounted.request('/api/accessions/import', { method: 'POST', body: csv, headers: { Authorization: `token ${token}`, 'Content-Type': 'text/csv' } });
    expect(imported.status).toBe(200);
    const login = await mounted.request('/api/authentication/login', {
      method: 'POST',
      body: JSON.stringify({ email: 'a@example.org', password: 'x'.repeat(20_000) }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(login.status).toBe(413);
  });

  it('refuses JSON over 1 MB on other routes, signed in or not', async () => {
    const user = await testApi.t.createTestUser();
    const token = await testApi.t.signIn(user.email);
    const response = await testApi.t.call('/projects', { method: 'POST', token, json: { name: 'x', description: 'y'.repeat(1024 * 1024 + 10) } });
    expect(response.status).toBe(413);
  });
});

describe('public routes', () => {
  it('health reports the database', async () => {
    const response = await testApi.t.call('/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', database: expect.stringMatching(/pglite|postgres/) });
  });

  it('publishes an OpenAPI 3.1 document listing the authentication routes and the token scheme', async () => {
    const response = await testApi.t.call('/openapi.json');
    const document = (await response.json()) as { openapi: string; paths: Record<string, unknown>; components: { securitySchemes: Record<string, unknown> } };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/authentication/check', '/authentication/login', '/authentication/logout']));
    // Bearer, as the guides, API tokens and BrAPI say; the console's `token` is named as accepted too.
    expect(document.components.securitySchemes.token).toMatchObject({ type: 'http', scheme: 'bearer', description: expect.stringContaining('The word `token` in place of `Bearer` is accepted too') });
  });
});

describe('responses', () => {
  it('carry security headers and a request id', async () => {
    const response = await testApi.t.call('/health');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('strict-transport-security')).toMatch(/max-age=/);
    expect(response.headers.get('x-request-id')).toMatch(/\S+/);
  });

  it('carry the same headers when Node serves them, on answers that fail too, with the id the client sent', async () => {
    const http = await overHttp(testApi.t);
    try {
      for (const response of [await http.fetch('/health', { headers: { 'X-Request-Id': 'trace-42' } }), await http.fetch('/authentication/check')]) {
        for (const [name, value] of API_SECURITY_HEADERS) expect(response.headers.get(name)).toBe(value);
        expect(response.headers.get('content-type')).toMatch(/^application\/json/);
        await response.body?.cancel();
      }
      const health = await http.fetch('/health', { headers: { 'X-Request-Id': 'trace-42' } });
      expect(health.headers.get('x-request-id')).toBe('trace-42');
      const refused = await http.fetch('/authentication/check');
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toBe('token, Bearer');
      expect(refused.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await http.close();
    }
  });

  it('turn an unexpected error into a 500 that says "Something went wrong", with the request id that is in the log and no stack', async () => {
    // A database that fails the way a dropped connection does.
    const failingDb = new Proxy(testApi.t.db, {
      get: (target, property, receiver) => (property === 'execute' ? () => Promise.reject(new Error('connection to postgres://seedbed:hunter2@db failed')) : Reflect.get(target, property, receiver)),
    });
    const failing = createApi({
      database: { ...testApi.t.database, db: failingDb },
      log: createLogger('info', (_, line) => logged.push(line)),
      trustProxy: false,
      version: 'test',
      corsOrigins: [],
    });
    const response = await failing.request('/health');
    expect(response.status).toBe(500);
    const body = (await response.json()) as { message: string; requestId: string };
    expect(body.message).toBe('Something went wrong');
    expect(body.requestId).toBe(response.headers.get('x-request-id'));
    expect(JSON.stringify(body)).not.toMatch(/hunter2|at .*\.ts/);
    const entry = logged.map((line) => JSON.parse(line) as Record<string, string>).find((line) => line.requestId === body.requestId);
    expect(entry?.error).toContain('hunter2');
  });
});
