import { createRoute } from '@hono/zod-openapi';
import { pipelineDetailSchema, pipelineListSchema, pipelineParamsSchema } from '../../../contract/pipelines';
import { errorResponses, jsonContent } from '../../http/openapi';

const tags = ['Pipelines'];

export const listPipelines = createRoute({
  method: 'get',
  path: '/pipelines',
  tags,
  summary: 'The pipeline catalogue',
  responses: { 200: jsonContent(pipelineListSchema, 'Every pipeline, by id'), ...errorResponses(401) },
});

export const getPipeline = createRoute({
  method: 'get',
  path: '/pipelines/{id}',
  tags,
  summary: 'One pipeline with its nf-core parameter schema',
  request: { params: pipelineParamsSchema },
  responses: {
    200: jsonContent(pipelineDetailSchema, 'The pipeline'),
    ...errorResponses(400, 401, 404),
  },
});
