import { createRoute, z } from '@hono/zod-openapi';
import { pipelineDetailSchema, pipelineIdSchema, pipelineListSchema, type PipelineSummary } from '../../../contract/pipelines';
import { createRouter } from '../../http/context';
import { ApiError } from '../../http/errors';
import { errorResponses, jsonContent } from '../../http/openapi';
import type { CataloguePipeline } from '../../pipelines/catalogue';
import type { RunService } from '../../runs/run-service';

const tags = ['Pipelines'];
const listPipelines = createRoute({
  method: 'get',
  path: '/pipelines',
  tags,
  summary: 'The pipeline catalogue',
  responses: { 200: jsonContent(pipelineListSchema, 'Every pipeline, by id'), ...errorResponses(401) },
});

const getPipeline = createRoute({
  method: 'get',
  path: '/pipelines/{id}',
  tags,
  summary: 'One pipeline with its nf-core parameter schema',
  request: { params: z.object({ id: pipelineIdSchema }) },
  responses: {
    200: jsonContent(pipelineDetailSchema, 'The pipeline'),
    ...errorResponses(400, 401, 404),
  },
});

/** The catalogue, read and checked at start (src/server/pipelines/catalogue.ts). */
export function pipelinesRouter(catalogue: CataloguePipeline[], runService?: RunService) {
  const byId = new Map(catalogue.map((pipeline) => [pipeline.id, pipeline]));
  const summary = (pipeline: CataloguePipeline): PipelineSummary => {
    const { local: _local, engine: _engine, ...manifest } = pipeline.manifest;
    return {
      id: pipeline.id,
      ...manifest,
      engine: runService?.engineNameFor(pipeline) ?? pipeline.manifest.engine ?? 'local',
      launchProblem: runService ? (runService.canLaunch(pipeline)?.message ?? null) : 'Runs are not enabled on this server.',
    };
  };
  return createRouter()
    .openapi(listPipelines, (c) => c.json({ data: catalogue.map(summary) }, 200))
    .openapi(getPipeline, (c) => {
      const { id } = c.req.valid('param');
      const pipeline = byId.get(id);
      if (!pipeline) throw new ApiError(404, `No pipeline '${id}' in the catalogue. The catalogue has: ${[...byId.keys()].join(', ')}.`);
      return c.json({ ...summary(pipeline), schema: pipeline.schema }, 200);
    });
}
