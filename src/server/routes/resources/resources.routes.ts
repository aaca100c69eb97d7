import { z } from '@hono/zod-openapi';
import { recommendationQuerySchema, recommendationSchema, runResourcesSchema, trendsQuerySchema, trendsSchema } from '../../../contract/resources';
import { jsonContent } from '../../http/openapi';
import { routesTagged } from '../../http/openapi-routes';

/** Resource intelligence: recommendations from a pipeline's history, one run's use, and trends over time. */
const route = routesTagged('Resources');

export const recommendations = route.get('/resources/recommendations', 'Recommended cpus, memory and time per process of a pipeline, from its past runs', {
  description:
    'Sized from the successful tasks’ use (Nextflow’s trace: %cpu, peak_rss, realtime) at the chosen percentile, never below the largest, plus the margin, rounded up; with the memory a retry after a memory kill asks for, a fitted line where memory grows with the bytes read, and the CPU- and GB-hours the same tasks asked for against what this would have asked for.',
  request: { query: recommendationQuerySchema },
  responses: { 200: jsonContent(recommendationSchema, 'One recommendation per measured process') },
  errors: [404],
});

export const recommendationConfig = route.get('/resources/recommendations/config', 'The recommendation as a Nextflow config, for nextflow run -c', {
  description:
    'withName blocks with cpus, memory and time, and an errorStrategy that retries tasks killed for memory (137) or time (140, 143) with the failed attempt’s measured peak × retryFactor (task.previousTrace, Nextflow 24.10+).',
  request: { query: recommendationQuerySchema },
  responses: { 200: { description: 'The config file', content: { 'text/plain': { schema: z.string() } } } },
  errors: [404, 409],
});

export const runResources = route.byId.get('/runs/{id}/resources', 'One run’s processes: requested against used cpus, memory and time', {
  responses: { 200: jsonContent(runResourcesSchema, 'Per process') },
});

export const trends = route.get('/resources/trends', 'CPU-hours, memory GB-hours and wall time per day or week, by pipeline, label or user', {
  request: { query: trendsQuerySchema },
  responses: { 200: jsonContent(trendsSchema, 'One series per pipeline, label or user') },
});
