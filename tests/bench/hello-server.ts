// The baseline: a bare Hono route on the same Node server adapter.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono();
app.get('/hello', (c) => c.json({ hello: 'world' }));
serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => process.stdout.write(`PORT ${info.port}\n`));
