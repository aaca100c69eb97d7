import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '../../http/context';
import { ApiError } from '../../http/errors';
import { errorResponses, jsonContent } from '../../http/openapi';
import type { CataloguePipeline } from '../../pipelines/catalogue';
import type { RunService } from '../../runs/run-service';

const tags = ['Pipelines'];
const summarySchema = z.object({
  id: z.string(),
  label: z.string(),
  group: z.string(),
  description: z.string(),
  repository: z.string(),
  revision: z.string(),
  defaultProfile: z.string(),
  outputFileTypes: z.array(z.string()),
  engine: z.enum(['local', 'nextflow']).describe('The engine that runs it on this server'),
  launchProblem: z.string().nullable().describe('Why it cannot be launched on this server, or null'),
});

const listPipelines = createRoute({
  method: 'get',
  path: '/pipelines',
  tags,
  summary: 'The pipeline catalogue',
  responses: { 200: jsonContent(z.object({ data: z.array(summarySchema) }), 'Every pipeline, by id'), ...errorResponses(401) },
});

const getPipeline = createRoute({
  method: 'get',
  path: '/pipelines/{id}',
  tags,
  summary: 'One pipeline with its nf-core parameter schema',
  request: { params: z.object({ id: z.string().regex(/^[a-z0-9-]+$/, 'Pipeline ids are lower-case letters, digits and dashes') }) },
  responses: {
    200: jsonContent(summarySchema.extend({ schema: z.record(z.string(), z.unknown()).describe('nextflow_schema.json (JSON Schema 2020-12, nf-core format)') }), 'The pipeline'),
    ...errorResponses(400, 401, 404),
  },
});

/** The catalogue, read and checked at start (src/server/pipelines/catalogue.ts). */
export function pipelinesRouter(catalogue: CataloguePipeline[], runService?: RunService) {
  const byId = new Map(catalogue.map((pipeline) => [pipeline.id, pipeline]));
  const summary = (pipeline: CataloguePipeline) => {
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
      return c.json({ ...summary(pipeline), schema: pipeline.schema as unknown as Record<string, unknown> }, 200);
    });
}
