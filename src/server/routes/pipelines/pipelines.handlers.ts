import type { RouteHandler } from '@hono/zod-openapi';
import type { PipelineSummary } from '../../../contract/pipelines';
import type { AppEnv } from '../../http/context';
import { DomainError } from '../../domain-errors';
import type { CataloguePipeline } from '../../pipelines/catalogue';
import type * as routes from './pipelines.routes';

type Deps = AppEnv['Variables']['deps'];

/** A pipeline as the catalogue lists it, with the engine that runs it here and why it cannot. */
function summary(pipeline: CataloguePipeline, runs: Deps['runs']): PipelineSummary {
  const { local: _local, engine: _engine, ...manifest } = pipeline.manifest;
  return {
    id: pipeline.id,
    ...manifest,
    engine: runs?.engineNameFor(pipeline) ?? pipeline.manifest.engine ?? 'local',
    launchProblem: runs ? (runs.canLaunch(pipeline)?.message ?? null) : 'Runs are not enabled on this server.',
  };
}

export const listPipelines: RouteHandler<typeof routes.listPipelines, AppEnv> = (c) => {
  const { catalogue, runs } = c.get('deps');
  return c.json({ data: [...catalogue.values()].map((pipeline) => summary(pipeline, runs)) }, 200);
};

export const getPipeline: RouteHandler<typeof routes.getPipeline, AppEnv> = (c) => {
  const { id } = c.req.valid('param');
  const { catalogue, runs } = c.get('deps');
  const pipeline = catalogue.get(id);
  if (!pipeline) throw new DomainError('not-found', `No pipeline '${id}' in the catalogue. The catalogue has: ${[...catalogue.keys()].join(', ')}.`);
  return c.json({ ...summary(pipeline, runs), schema: pipeline.schema }, 200);
};
