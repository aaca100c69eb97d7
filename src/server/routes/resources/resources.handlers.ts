import type { RouteHandler } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import type { RecommendationQuery } from '../../../contract/resources';
import type { ApiDependencies, AppEnv } from '../../http/context';
import { DomainError } from '../../domain-errors';
import type { Database } from '../../db/client';
import { runs } from '../../db/schema';
import { resourceConfig } from '../../runs/resource-config';
import { recommendResources } from '../../runs/resource-recommendations';
import { resourceTrends } from '../../runs/resource-trends';
import { runResourcesOf } from '../../runs/run-resources';
import type * as routes from './resources.routes';

async function hasRuns(db: Database, pipelineId: string): Promise<boolean> {
  const [found] = await db.select({ id: runs.id }).from(runs).where(eq(runs.pipelineId, pipelineId)).limit(1);
  return found !== undefined;
}

/** A pipeline neither in the catalogue nor in the history is a wrong id, not an empty answer. */
async function recommendationFor(deps: ApiDependencies, query: RecommendationQuery) {
  const recommendation = await recommendResources(deps.db, query);
  if (recommendation.runs === 0 && !deps.catalogue.has(query.pipeline) && !(await hasRuns(deps.db, query.pipeline)))
    throw new DomainError('not-found', `There is no pipeline ${query.pipeline} in the catalogue and no run of it.`);
  return recommendation;
}

export const recommendations: RouteHandler<typeof routes.recommendations, AppEnv> = async (c) => c.json(await recommendationFor(c.get('deps'), c.req.valid('query')), 200);

export const recommendationConfig: RouteHandler<typeof routes.recommendationConfig, AppEnv> = async (c) => {
  const query = c.req.valid('query');
  const recommendation = await recommendationFor(c.get('deps'), query);
  if (recommendation.processes.length === 0)
    throw new DomainError(
      'conflict',
      `No successful task of ${query.pipeline}${query.label || query.revision || query.minInputBytes !== undefined || query.maxInputBytes !== undefined ? ' within these filters' : ''} reported its memory and time yet, so there is nothing to size from; run it once with the nextflow engine, or widen the filters.`,
    );
  return c.text(resourceConfig(recommendation), 200, { 'Content-Disposition': `attachment; filename="${query.pipeline}-resources.config"` });
};

export const runResources: RouteHandler<typeof routes.runResources, AppEnv> = async (c) => c.json(await runResourcesOf(c.get('deps').db, c.req.valid('param').id), 200);

export const trends: RouteHandler<typeof routes.trends, AppEnv> = async (c) => c.json(await resourceTrends(c.get('deps').db, c.req.valid('query')), 200);
