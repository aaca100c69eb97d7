import { createRoute, z } from '@hono/zod-openapi';
import { idParamsSchema as idParams } from '../../../contract/list';
import { recommendationQuerySchema, recommendationSchema, runResourcesSchema, trendsQuerySchema, trendsSchema } from '../../../contract/resources';
import { errorResponses, jsonContent } from '../../http/openapi';

/** Resource intelligence: recommendations from a pipeline's history, one run's use, and trends over time. */
const tags = ['Resources'];

export const recommendations = createRoute({
  method: 'get',
  path: '/resources/recommendations',
  tags,
  summary: 'Recommended cpus, memory and time per process of a pipeline, from its past runs',
  description:
    'Sized from the successful tasks’ use (Nextflow’s trace: %cpu, peak_rss, realtime) at the chosen percentile, never below the largest, plus the margin, rounded up; with the memory a retry after a memory kill asks for, a fitted line where memory grows with the bytes read, and the CPU- and GB-hours the same tasks asked for against what this would have asked for.',
  request: { query: recommendationQuerySchema },
  responses: { 200: jsonContent(recommendationSchema, 'One recommendation per measured process'), ...errorResponses(400, 401, 404) },
});

export const recommendationConfig = createRoute({
  method: 'get',
  path: '/resources/recommendations/config',
  tags,
  summary: 'The recommendation as a Nextflow config, for nextflow run -c',
  description:
    'withName blocks with cpus, memory and time, and an errorStrategy that retries tasks killed for memory (137) or time (140, 143) with the failed attempt’s measured peak × retryFactor (task.previousTrace, Nextflow 24.10+).',
  request: { query: recommendationQuerySchema },
  responses: { 200: { description: 'The config file', content: { 'text/plain': { schema: z.string() } } }, ...errorResponses(400, 401, 404, 409) },
});

export const runResources = createRoute({
  method: 'get',
  path: '/runs/{id}/resources',
  tags,
  summary: 'One run’s processes: requested against used cpus, memory and time',
  request: { params: idParams },
  responses: { 200: jsonContent(runResourcesSchema, 'Per process'), ...errorResponses(400, 401, 404) },
});

export const trends = createRoute({
  method: 'get',
  path: '/resources/trends',
  tags,
  summary: 'CPU-hours, memory GB-hours and wall time per day or week, by pipeline, label or user',
  request: { query: trendsQuerySchema },
  responses: { 200: jsonContent(trendsSchema, 'One series per pipeline, label or user'), ...errorResponses(400, 401) },
});
