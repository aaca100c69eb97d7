import { Hono, type MiddlewareHandler } from 'hono';
import { describe, expect, it } from 'vitest';
import { asStep, inOneLayer } from './one-layer';

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
});
