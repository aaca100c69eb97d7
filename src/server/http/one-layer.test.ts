import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { Hono, type MiddlewareHandler } from 'hono';
import { describe, expect, it } from 'vitest';
import { type AppEnv, behindSteps, createRouter } from './context';
import { asStep, inOneLayer, type Step } from './one-layer';

describe('steps in one layer', () => {
  it('runs the steps in order, and a step that answers stops the request there', async () => {
    const seen: string[] = [];
    const app = new Hono();
    app.use(
      inOneLayer(
        (c, next) => {
          seen.push('first');
          c.header('X-First', 'yes');
          return next();
        },
        async (c, next) => {
          seen.push('second');
          if (c.req.path === '/refused') return c.json({ message: 'no' }, 401);
          return next();
        },
      ),
    );
    app.get('/open', (c) => {
      seen.push('route');
      return c.text('open');
    });
    app.get('/refused', (c) => c.text('never'));

    const open = await app.request('/open');
    expect([open.status, await open.text(), open.headers.get('X-First')]).toEqual([200, 'open', 'yes']);
    expect(seen).toEqual(['first', 'second', 'route']);
    const refused = await app.request('/refused');
    expect([refused.status, await refused.json()]).toEqual([401, { message: 'no' }]);
  });

  it('keeps an answer of the steps after a compose-style middleware, which awaits next() and answers nothing', async () => {
    const composeStyle: MiddlewareHandler = async (c, next) => {
      await next();
      c.header('X-After', 'seen');
    };
    const app = new Hono();
    app.use(inOneLayer(asStep(composeStyle), (c) => c.json({ message: 'refused' }, 403)));
    app.get('/x', (c) => c.text('never'));
    const response = await app.request('/x');
    expect([response.status, response.headers.get('X-After')]).toEqual([403, 'seen']);
  });

  it('hands an error a step throws to the error handler', async () => {
    const app = new Hono();
    app.use(
      inOneLayer(() => {
        throw new Error('broken');
      }),
    );
    app.get('/x', (c) => c.text('never'));
    app.onError((error, c) => c.json({ message: error.message }, 500));
    const response = await app.request('/x');
    expect([response.status, await response.json()]).toEqual([500, { message: 'broken' }]);
  });

  it('answers at once, without a promise, when no step waits; a step that waits makes the answer wait', async () => {
    const app = new Hono();
    app.get(
      '/now',
      inOneLayer(
        (_c, next) => next(),
        (c) => c.text('now'),
      ),
    );
    app.get(
      '/later',
      inOneLayer(
        async (_c, next) => next(),
        (c) => c.text('later'),
      ),
    );
    const now = app.fetch(new Request('http://x/now'));
    expect(now).toBeInstanceOf(Response);
    expect(await (now as Response).text()).toBe('now');
    const later = app.fetch(new Request('http://x/later'));
    expect(later).toBeInstanceOf(Promise);
    expect(await (await later).text()).toBe('later');
  });
});

describe('routers behind the steps', () => {
  const item = createRoute({
    method: 'get',
    path: '/items/{id}',
    request: { params: z.object({ id: z.coerce.number().int().positive() }) },
    responses: { 200: { description: 'An item' } },
  });
  const named = createRoute({ method: 'post', path: '/items/{id}/name', responses: { 204: { description: 'Named' } } });

  it('runs the steps once before each route, then the route’s own middleware, its validation and its handler, in one handler', async () => {
    const seen: string[] = [];
    const router = createRouter();
    router.openapi(item, (c) => {
      seen.push('route');
      return c.json({ id: c.req.valid('param').id }, 200);
    });
    const own: MiddlewareHandler<AppEnv> = async (_c, next) => {
      seen.push('own');
      await next();
    };
    router.openapi({ ...named, middleware: own }, (c) => {
      seen.push('named');
      return c.body(null, 204);
    });
    const steps: Step<AppEnv>[] = [
      (c, next) => {
        seen.push('step');
        c.header('X-Step', 'yes');
        return next();
      },
    ];
    const api = new OpenAPIHono<AppEnv>();
    api.route('/', behindSteps(router, steps));
    expect(api.routes.map((route) => `${route.method} ${route.path}`)).toEqual(['GET /items/:id', 'POST /items/:id/name']);

    const found = api.fetch(new Request('http://x/items/4'));
    expect(found).toBeInstanceOf(Response);
    expect([(found as Response).status, await (found as Response).json(), (found as Response).headers.get('X-Step')]).toEqual([200, { id: 4 }, 'yes']);
    const refused = await api.fetch(new Request('http://x/items/0'));
    expect(refused.status).toBe(400);
    const renamed = await api.fetch(new Request('http://x/items/4/name', { method: 'POST' }));
    expect(renamed.status).toBe(204);
    expect(seen).toEqual(['step', 'route', 'step', 'step', 'own', 'named']);
    // The routes' documentation comes along.
    expect(Object.keys(api.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 't', version: '1' } }).paths ?? {})).toEqual(['/items/{id}', '/items/{id}/name']);
  });

  it('refuses, when mounted, a router that gives a route a second handler (router.use), which would run the steps twice', () => {
    const router = createRouter();
    router.use('/items/:id', async (_c, next) => next());
    router.openapi(item, (c) => c.json({ id: c.req.valid('param').id }, 200));
    expect(() => behindSteps(router, [])).toThrow(/GET \/items\/:id: a second handler for this route/);
  });
});
