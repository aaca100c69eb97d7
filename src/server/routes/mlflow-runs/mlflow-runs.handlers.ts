import type { RouteConfig, RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/context';
import type * as routes from './mlflow-runs.routes';

type Handler<R extends RouteConfig> = RouteHandler<R, AppEnv>;

export const list: Handler<typeof routes.list> = async (c) => c.json(await c.get('deps').mlflow.list(c.req.valid('query')), 200);

export const track: Handler<typeof routes.track> = async (c) => c.json(await c.get('deps').mlflow.track(c.req.valid('json'), c.get('user').id), 201);

export const refreshAll: Handler<typeof routes.refreshAll> = async (c) => c.json(await c.get('deps').mlflow.refreshAll(), 200);

export const get: Handler<typeof routes.get> = async (c) => c.json(await c.get('deps').mlflow.detail(c.req.valid('param').id), 200);

export const update: Handler<typeof routes.update> = async (c) => c.json(await c.get('deps').mlflow.update(c.req.valid('param').id, c.req.valid('json')), 200);

export const remove: Handler<typeof routes.remove> = async (c) => {
  await c.get('deps').mlflow.remove(c.req.valid('param').id);
  return c.body(null, 204);
};

export const refresh: Handler<typeof routes.refresh> = async (c) => c.json(await c.get('deps').mlflow.refresh(c.req.valid('param').id), 200);

export const histories: Handler<typeof routes.histories> = async (c) => c.json(await c.get('deps').mlflow.histories(c.req.valid('param').id), 200);
