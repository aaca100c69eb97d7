import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { describe, expect, it } from 'vitest';
import { handleError, validationHook } from './errors';
import { queryOf, validatedInOneStep } from './validated-routes';

const item = z.object({ name: z.string().min(1), size: z.number().int().optional() });
const routes = [
  createRoute({
    method: 'post',
    path: '/items/{id}',
    request: {
      params: z.object({ id: z.coerce.number().int().positive() }),
      query: z.object({ tag: z.union([z.string(), z.array(z.string())]).optional(), secret: z.string().optional() }),
      body: { content: { 'application/json': { schema: item } }, required: true },
    },
    responses: { 200: { description: 'The item' } },
  }),
  createRoute({
    method: 'patch',
    path: '/items/{id}/note',
    request: { params: z.object({ id: z.coerce.number().int() }), body: { content: { 'application/json': { schema: z.object({ note: z.string().optional() }) } } } },
    responses: { 200: { description: 'The note' } },
  }),
  createRoute({
    method: 'get',
    path: '/items',
    request: { query: z.object({ page: z.coerce.number().int().min(1).default(1) }) },
    responses: { 200: { description: 'A page' } },
  }),
];

/** The same routes served by @hono/zod-openapi's own validators, or by the one-step validator. */
function appOf(oneStep: boolean) {
  const app = new OpenAPIHono({ defaultHook: validationHook });
  if (oneStep) validatedInOneStep(app);
  for (const route of routes) {
    // The handler answers what the route read, as its handlers do through c.req.valid.
    app.openapi(route, (c) => c.json({ param: c.req.valid('param' as never), query: c.req.valid('query' as never), json: c.req.valid('json' as never) }, 200) as never);
  }
  app.onError(handleError);
  return app;
}

const requests: Array<[string, RequestInit?]> = [
  ['/items/4?tag=a', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"name":"x","size":2}' }],
  ['/items/4?tag=a&tag=b&secret=a+b%20c', { method: 'POST', headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: '{"name":"x"}' }],
  // Encoded names and values, an empty value, a name without one, a malformed escape.
  ['/items/4?t%61g=%41%2B&tag=&secret&x=%E0%A4%A', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"name":"x"}' }],
  ['/items/4?secret=s%3D1&tag=a&&tag=b+c', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"name":"x"}' }],
  // Nothing to decode: a value holding `=`, an empty pair, a name alone, an empty name, a trailing `&`.
  ['/items/4?tag=a=b&&tag&=x&secret=s=1&', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"name":"x"}' }],
  ['/items/4', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"name":' }],
  ['/items/4', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"name":""}' }],
  ['/items/4', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"name":"a\\u0000b"}' }],
  ['/items/4', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: '{"name":"x"}' }],
  ['/items/4', { method: 'POST', body: new Uint8Array([123, 125]) }],
  ['/items/4', { method: 'POST' }],
  ['/items/0', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"name":"x"}' }],
  ['/items/nope?tag=a', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' }],
  ['/items/4/note', { method: 'PATCH' }],
  ['/items/4/note', { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: '{"note":"n"}' }],
  ['/items/4/note', { method: 'PATCH', headers: { 'Content-Type': 'text/csv' }, body: 'a,b' }],
  ['/items', undefined],
  ['/items?page=3', undefined],
  ['/items?page=0', undefined],
  ['/items?page=1&page=2', undefined],
  ['/items?=x&page=2', undefined],
];

describe('routes validated in one step', () => {
  it.each(requests)('answer %s as @hono/zod-openapi’s validators do', async (url, init) => {
    const [theirs, ours] = await Promise.all([appOf(false).request(url, init), appOf(true).request(url, init)]);
    // A 415 names the media types the route reads, where theirs says 'Unsupported Media Type'.
    if (theirs.status === 415) {
      expect(ours.status).toBe(415);
      expect(((await ours.json()) as { message: string }).message).toMatch(/^This route reads application\/json as its request body, not /);
      return;
    }
    expect({ status: ours.status, body: await ours.text() }).toEqual({ status: theirs.status, body: await theirs.text() });
  });

  it('reads what the route declares: the valid values reach the handler', async () => {
    const response = await appOf(true).request('/items/4?tag=a&tag=b', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"name":"x"}' });
    expect(await response.json()).toEqual({ param: { id: 4 }, query: { tag: ['a', 'b'] }, json: { name: 'x' } });
    // One handler, its validation inside, where @hono/zod-openapi puts four middleware (query, param, media type, body) before it.
    const layers = (app: OpenAPIHono) => app.routes.filter((route) => route.path === '/items/:id').length;
    expect([layers(appOf(true)), layers(appOf(false))]).toEqual([1, 5]);
  });

  it('reads any query as URLSearchParams does, whether it has something to decode or not', () => {
    const alphabet = ['a', 'b', '=', '&', '%', '2', 'B', '+', 'é', ' '];
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let round = 0; round < 2000; round += 1) {
      const search = Array.from({ length: Math.floor(random() * 16) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
      const expected: Record<string, string | string[]> = {};
      for (const [name, value] of new URLSearchParams(search)) {
        if (name === '') continue;
        const earlier = expected[name];
        expected[name] = earlier === undefined ? value : Array.isArray(earlier) ? [...earlier, value] : [earlier, value];
      }
      expect(queryOf({ req: { url: `http://localhost/items?${search}#x` } } as unknown as Context), search).toEqual(expected);
    }
  });

  it('refuses, where asked, a query parameter the route does not name, with the one meant', async () => {
    const app = new OpenAPIHono({ defaultHook: validationHook });
    validatedInOneStep(app, { refuseUnknownQuery: true });
    for (const route of routes) app.openapi(route, (c) => c.json({ query: c.req.valid('query' as never) }, 200) as never);
    app.onError(handleError);
    const answer = async (url: string) => {
      const response = await app.request(url);
      return { status: response.status, body: await response.json() };
    };
    expect(await answer('/items?page=2')).toEqual({ status: 200, body: { query: { page: 2 } } });
    expect(await answer('/items?Limit=10&pag=2&colour=red')).toEqual({
      status: 400,
      body: {
        message:
          'Invalid request query. Limit: This route has no query parameter Limit (it reads page); pag: This route has no query parameter pag: did you mean page?; colour: This route has no query parameter colour (it reads page).',
        errors: {
          Limit: 'This route has no query parameter Limit (it reads page)',
          pag: 'This route has no query parameter pag: did you mean page?',
          colour: 'This route has no query parameter colour (it reads page)',
        },
      },
    });
  });

  it('tells a form sent to a route that takes a file to send the bytes themselves', async () => {
    const app = new OpenAPIHono({ defaultHook: validationHook });
    validatedInOneStep(app);
    const csv = { content: { 'text/csv': { schema: z.string() } }, required: true };
    app.openapi(createRoute({ method: 'post', path: '/import', request: { body: csv }, responses: { 200: { description: 'Read' } } }), (c) => c.json({}, 200) as never);
    app.onError(handleError);
    const form = () => {
      const body = new FormData();
      body.set('file', new Blob(['a,b\n1,2\n']), 'trial.csv');
      return body;
    };
    const messageOf = async (response: Response) => [response.status, ((await response.json()) as { message: string }).message];
    expect(await messageOf(await app.request('/import', { method: 'POST', body: form() }))).toEqual([
      415,
      'This route reads text/csv as its request body, not multipart/form-data: send the file’s bytes themselves as the body (curl --data-binary @file -H "Content-Type: text/csv"), not a form (curl -F).',
    ]);
    // What curl --data-binary @file sends without -H: the bytes, under a URL-encoded type. Read as before.
    expect((await app.request('/import', { method: 'POST', body: 'a,b\n1,2\n', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } })).status).toBe(200);
    // A JSON route is told what it reads, and nothing of files.
    expect(await messageOf(await appOf(true).request('/items/4', { method: 'POST', body: form() }))).toEqual([415, 'This route reads application/json as its request body, not multipart/form-data.']);
  });

  it('puts each route in the OpenAPI document, as before', () => {
    const paths = (app: OpenAPIHono) => app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 't', version: '1' } }).paths;
    expect(paths(appOf(true))).toEqual(paths(appOf(false)));
  });

  it('refuses, when the routes are made, a route that declares headers, cookies or a form body, which it would not read', () => {
    const app = validatedInOneStep(new OpenAPIHono());
    const withHeaders = createRoute({ method: 'get', path: '/h', request: { headers: z.object({ 'x-a': z.string() }) }, responses: { 200: { description: 'ok' } } });
    expect(() => app.openapi(withHeaders, (c) => c.text('ok') as never)).toThrow(/reads no headers or cookies/);
    const withForm = createRoute({
      method: 'post',
      path: '/f',
      request: { body: { content: { 'multipart/form-data': { schema: z.object({ a: z.string() }) } } } },
      responses: { 200: { description: 'ok' } },
    });
    expect(() => app.openapi(withForm, (c) => c.text('ok') as never)).toThrow(/reads no form bodies/);
  });
});
