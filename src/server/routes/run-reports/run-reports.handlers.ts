import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/context';
import { accessionPredictions as predictionsOf, runReport, runSummaries } from '../../reports/run-reports';
import type * as routes from './run-reports.routes';

export const report: RouteHandler<typeof routes.report, AppEnv> = async (c) => c.json(await runReport(c.get('deps'), c.req.valid('param').id), 200);

export const summaries: RouteHandler<typeof routes.summaries, AppEnv> = async (c) => c.json(await runSummaries(c.get('deps'), c.req.valid('query').ids), 200);

export const accessionPredictions: RouteHandler<typeof routes.accessionPredictions, AppEnv> = async (c) => c.json(await predictionsOf(c.get('deps'), c.req.valid('param').id), 200);
