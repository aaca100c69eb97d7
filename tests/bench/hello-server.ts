// The baselines: bare Hono routes on the same Node server adapter.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono();
app.get('/hello', (c) => c.json({ hello: 'world' }));
// What the weblog's figure is compared with: the same JSON bodies read and parsed, and 204.
app.post('/weblog', async (c) => {
  await c.req.json();
  return c.body(null, 204);
});
serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => process.stdout.write(`PORT ${info.port}\n`));
// An exit of its own on a signal, so that `--cpu-prof` (BENCH_NODE_ARGS) writes its profile.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(0));
