import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/context';
import { createLineageService } from '../../lineage/lineage-service';
import type * as routes from './lineage.routes';

export const graph: RouteHandler<typeof routes.graph, AppEnv> = async (c) => c.json(await createLineageService(c.get('deps').db).graph(c.req.valid('query')), 200);
