import { pipelineDetailSchema, pipelineListSchema, pipelineParamsSchema } from '../../../contract/pipelines';
import { jsonContent } from '../../http/openapi';
import { routesTagged } from '../../http/openapi-routes';

const route = routesTagged('Pipelines');

export const listPipelines = route.get('/pipelines', 'The pipeline catalogue', { responses: { 200: jsonContent(pipelineListSchema, 'Every pipeline, by id') } });

export const getPipeline = route.get('/pipelines/{id}', 'One pipeline with its nf-core parameter schema', {
  request: { params: pipelineParamsSchema },
  responses: { 200: jsonContent(pipelineDetailSchema, 'The pipeline') },
});
